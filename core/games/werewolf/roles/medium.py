"""霊媒師: 疑う at night; learns the class of the player executed that day at the night's opening
[WW-3.4.2, WW-6.10.1]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Medium(Role):
    id = "medium"
    order = 4
    single = True


ROLE = Medium()
