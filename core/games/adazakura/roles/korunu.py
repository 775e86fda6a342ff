"""Korunu 「絶対零度」: once per game, freeze another living player for the next day: no speaking,
no voting, no /co [ADZ-9.15] (A47). The freeze is announced at the morning without its source."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler


class Korunu(Megami):
    id = "korunu"

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if effects.recall(p, self.id, "used"):
            return []
        return [Action.of("night.korunu", t) for t in effects.others_alive(g, p)]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind == "night.korunu" and effects.recall(p, self.id, "used"):
            return "ability.used_up"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.korunu": self.freeze}

    def freeze(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is None:
            return
        effects.remember(p, self.id, "used", True)
        target = effects.target_of(action)
        if target is None:
            return
        if target not in g.s.next_day.frozen:
            g.s.next_day.frozen.append(target)
        g.result(p.seat, "result.korunu", target=g.ref(target), day=g.day_n + 1)
        g.log("Frozen", seat=p.seat, target=target)


ROLE = Korunu()
