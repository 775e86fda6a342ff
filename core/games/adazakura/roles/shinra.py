"""Shinra 「存在証明/不在証明」: each night one of three options [ADZ-9.7] (A37): learn another living
player's Megami; look at k deck cards (R2(b)); learn another living player's faction (not two nights running,
fizzled or not, A69)."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import shinra_k

KIND = "night.shinra"


class Shinra(Megami):
    id = "shinra"

    def _faction_barred(self, g: Ctx, p: Player) -> bool:
        return bool(effects.recall(p, self.id, "faction_night") == g.day_n - 1)

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        targets = effects.others_alive(g, p)
        out = [Action.of(KIND, "megami", t) for t in targets] + [Action.of(KIND, "deck")]
        if not self._faction_barred(g, p):
            out += [Action.of(KIND, "faction", t) for t in targets]
        return out

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind == KIND and action.args[:1] == ("faction",) and self._faction_barred(g, p):
            return "option.repeat"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.shinra": self.learn, "R2.b": self.deck}

    def learn(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is None or action.args[0] == "deck":
            return
        if action.args[0] == "faction":
            effects.remember(p, self.id, "faction_night", g.day_n)
        target = effects.target_of(action)
        if target is None:
            return
        if action.args[0] == "faction":
            effects.learn_faction(g, p.seat, target)
        else:
            effects.learn_megami(g, p.seat, target)

    def deck(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is not None and action.args[0] == "deck":
            effects.deck_look(g, p.seat, shinra_k(g.s))


ROLE = Shinra()
