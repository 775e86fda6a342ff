"""狂人: wolf camp, knows nobody and is known by nobody, counted as human (AMB-02, AMB-42)."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Madman(Role):
    id = "madman"
    order = 6
    camp = "werewolf"


ROLE = Madman()
