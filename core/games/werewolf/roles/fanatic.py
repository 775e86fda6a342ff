"""狂信者: wolf camp, knows the wolves, unknown to them, no wolf chat, counted as human (AMB-03)
[WW-3.4.8]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Fanatic(Role):
    id = "fanatic"
    order = 9
    camp = "werewolf"
    knows = ("werewolf",)


ROLE = Fanatic()
