"""Yurina 「桜降る代の決闘」: once per game, challenge another living player to a duel on the next day
[ADZ-9.1]: only duelists speak, ballots name only duelists, the declarer's ballot weighs 2."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler


class Yurina(Megami):
    id = "yurina"

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if effects.recall(p, self.id, "used"):
            return []
        return [Action.of("night.yurina", t) for t in effects.others_alive(g, p)]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind == "night.yurina" and effects.recall(p, self.id, "used"):
            return "ability.used_up"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.yurina": self.declare}

    def declare(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is None:
            return
        effects.remember(p, self.id, "used", True)
        target = effects.target_of(action)
        if target is None:
            return
        g.s.next_day.duels.append((p.seat, target))
        g.result(p.seat, "result.yurina", target=g.ref(target), day=g.day_n + 1)
        g.log("DuelDeclared", seat=p.seat, target=target)


ROLE = Yurina()
