"""猫又: village; attacked and not guarded → a random living wolf dies too; executed → a random living
player dies too; no chains (AMB-25..27) [WW-3.4.10]. Never 身代わり君's card [WW-4.4]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Nekomata(Role):
    id = "nekomata"
    order = 11
    single = True
    drags = True
    npc_card = False


ROLE = Nekomata()
