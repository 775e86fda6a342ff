"""共有者: village; the masons know each other (0 or at least two cards, V4); their night chat with
``teamChat = all`` (AMB-06) [WW-3.4.7]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Mason(Role):
    id = "mason"
    order = 8
    paired = True
    knows = ("mason",)
    chat = "all"


ROLE = Mason()
