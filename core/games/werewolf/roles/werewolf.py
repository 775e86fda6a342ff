"""人狼: counted as a wolf, divined and mediumed 「人狼」, knows the other wolves; from Night 1 proposes
the team's attack on a living non-wolf (AMB-20, AMB-21); the wolves' night chat [WW-3.4.4, WW-8.4]."""

from __future__ import annotations

from core.games.werewolf.roles.base import ATTACK, SUSPECT, Role, RoleCtx


class Werewolf(Role):
    id = "werewolf"
    order = 2
    camp = "werewolf"
    counted = "wolf"
    black = True
    npc_card = False
    knows = ("werewolf",)
    chat = "wolves"

    def verb(self, g: RoleCtx, seat: int) -> str:
        """No choice on Night 0 (no attack, or the automatic one on 身代わり君, AMB-24, AMB-32)."""
        return ATTACK if g.night_n() >= 1 else SUSPECT

    def targets(self, g: RoleCtx, seat: int) -> list[int]:
        if self.verb(g, seat) == SUSPECT:
            return super().targets(g, seat)
        return [s for s in g.living_humans() if g.card(s).id != self.id]


ROLE = Werewolf()
