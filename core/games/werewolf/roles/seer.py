"""占い師: divines one living player other than himself each night from Night 1, and on Night 0 only with
初日占い ``free`` (身代わり君 may then be named) [WW-3.4.1, WW-6.3]."""

from __future__ import annotations

from core.games.werewolf.roles.base import DIVINE, SUSPECT, Role, RoleCtx


class Seer(Role):
    id = "seer"
    order = 3
    single = True

    def verb(self, g: RoleCtx, seat: int) -> str:
        if g.night_n() >= 1 or g.option("firstNightDivination") == "free":
            return DIVINE
        return SUSPECT

    def targets(self, g: RoleCtx, seat: int) -> list[int]:
        if self.verb(g, seat) == SUSPECT:
            return super().targets(g, seat)
        return [s for s in g.living() if s != seat]


ROLE = Seer()
