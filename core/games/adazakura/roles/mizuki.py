"""Mizuki [ADZ-9.18]. Sakura 「天主八龍閣」: from night 1, guard any living player (herself at most once per
game; not the player chosen the night before, A49). Adazakura 「闘神」 (Fighting God): while a holder lives,
an erasure aimed at a validly guarded player moves to one of its guards, drawn at random (K2, A31)."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import ErasureHandler, Megami, StepHandler

KIND = "night.mizuki"


class Mizuki(Megami):
    id = "mizuki"
    self_target = True

    def _barred(self, g: Ctx, p: Player, target: int) -> str | None:
        recall = effects.recall
        if recall(p, self.id, "last_night") == g.day_n - 1 and recall(p, self.id, "last") == target:
            return "target.repeat"
        if target == p.seat and recall(p, self.id, "self_used"):
            return "ability.used_up"
        return None

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if p.faction != SAKURA or g.day_n < 1:
            return []
        targets = effects.others_alive(g, p, self_ok=True)
        return [Action.of(KIND, t) for t in targets if self._barred(g, p, t) is None]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind != KIND or p.faction != SAKURA or g.day_n < 1 or len(action.args) != 1:
            return None
        if not isinstance(action.args[0], int):
            return None
        return self._barred(g, p, action.args[0])

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.mizuki": self.guard}

    def guard(self, g: Ctx, p: Player, action: Action | None) -> None:
        picked = effects.chosen(g, p, self.id)
        if action is None or picked is None or p.faction != SAKURA:
            return
        effects.remember(p, self.id, "last", picked.args[0])
        effects.remember(p, self.id, "last_night", g.day_n)
        if picked.args[0] == p.seat:
            effects.remember(p, self.id, "self_used", True)
        target = effects.target_of(action)
        if target is not None:
            effects.place_guard(g, p.seat, target)
            g.result(p.seat, "result.guard", target=g.ref(target))

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K2": self.fighting_god}

    def fighting_god(self, g: Ctx, target: int) -> int | None:
        guards = effects.valid_guards(g, target)
        if not guards or not effects.living_holder(g, self.id, ADAZAKURA):
            return target
        moved = g.s.rng.choice(guards)
        g.log("ErasureMoved", by="fighting_god", target=moved)
        return moved


ROLE = Mizuki()
