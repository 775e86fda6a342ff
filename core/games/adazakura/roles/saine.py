"""Saine [ADZ-9.2]. Sakura 「音無砕氷」: the first erasure that reaches K6 fails and the immunity is used up;
she alone is told (A32, A33). Adazakura 「絶唱絶華」: once per game, during discussion, ``/skip`` reveals her
dealt Megami and skips the day's discussion and vote (A48)."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import phase_seals
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.model import CoRecord, Player
from core.games.adazakura.roles.base import ErasureHandler, Megami

SKIP = Action.of("skip")


class Saine(Megami):
    id = "saine"

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K6": self.silent_ice}

    def silent_ice(self, g: Ctx, target: int) -> int | None:
        p = g.p(target)
        if (
            not p.alive
            or not effects.holds(p, self.id, SAKURA)
            or effects.recall(p, self.id, "immunity_used")
        ):
            return target
        effects.remember(p, self.id, "immunity_used", True)
        g.result(target, "result.saine.immunity")
        g.log("ErasureStopped", by="saine", target=target)
        return None

    def day_options(self, g: Ctx, p: Player) -> list[Action]:
        usable = g.s.phase == "discussion" and p.faction == ADAZAKURA
        return [SKIP] if usable and not effects.recall(p, self.id, "skip_used") else []

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action != SKIP or p.faction != ADAZAKURA:
            return None
        if effects.recall(p, self.id, "skip_used"):
            return "ability.used_up"
        if g.s.phase == "discussion" or p.seat in phase_seals(g):
            return "ability.sealed"
        return "phase.discussion_only"

    def apply_day_action(self, g: Ctx, p: Player, action: Action) -> None:
        from core.games.adazakura.day import skip_day

        effects.remember(p, self.id, "skip_used", True)
        day = g.s.day
        assert day is not None
        g.s.co_board.append(CoRecord(day=day.n, seat=p.seat, megami=p.megami, verified=True))
        g.announce("skip.used", player=g.ref(p.seat), megami=g.role(p.megami))
        g.log("DaySkipped", seat=p.seat)
        skip_day(g)


ROLE = Saine()
