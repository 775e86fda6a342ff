"""村人: no ability; 疑う at night [WW-3.1]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Villager(Role):
    id = "villager"
    order = 1


ROLE = Villager()
