"""Megumi 「可能性の枝」: passive; her ballot weighs the day number n on Day n [ADZ-9.19]."""

from __future__ import annotations

from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami


class Megumi(Megami):
    id = "megumi"

    def vote_weight(self, g: Ctx, p: Player) -> int | None:
        return g.s.day.n if g.s.day else None


ROLE = Megumi()
