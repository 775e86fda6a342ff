"""騎士: from Night 1 guards one living player, not himself (``selfGuard``) and not the one he guarded
last night (``consecutiveGuard``); a guard only cancels the wolves' attack [WW-3.4.3, AMB-15..18]."""

from __future__ import annotations

from core.games.werewolf.roles.base import GUARD, SUSPECT, Role, RoleCtx


class Knight(Role):
    id = "knight"
    order = 5
    single = True

    def verb(self, g: RoleCtx, seat: int) -> str:
        return GUARD if g.night_n() >= 1 else SUSPECT

    def targets(self, g: RoleCtx, seat: int) -> list[int]:
        if self.verb(g, seat) == SUSPECT:
            return super().targets(g, seat)
        return [s for s in g.living_humans() if self.refusal(g, seat, s) is None]

    def refusal(self, g: RoleCtx, seat: int, target: int) -> str | None:
        if self.verb(g, seat) == SUSPECT:
            return None
        if target == seat and not g.option("selfGuard"):
            return "guard.self"
        if target == g.p(seat).last_guard and not g.option("consecutiveGuard"):
            return "guard.consecutive"
        return None


ROLE = Knight()
