"""Utsuro 「黒き波動」 [ADZ-9.13] (A42): automatic every night unless sealed, no choice. (a) If someone was
exiled on Day n, learn that player's Megami and faction (a madman reads Sakura, Renri no faction); else
learn that nobody was. (b) Then the bottom deck card is shown and put on top (deck step R2(d)). Night 0:
(b) only."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler


class Utsuro(Megami):
    id = "utsuro"
    automatic = True

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.utsuro": self.exiled, "R2.d": self.bottom_to_top}

    def exiled(self, g: Ctx, p: Player, action: Action | None) -> None:
        """(a): the exile of the day this night follows [ADZ-3.2]; nothing on night 0."""
        if g.day_n == 0:
            return
        day = g.s.last_day
        if day is None or day.exiled is None:
            g.result(p.seat, "result.utsuro.none")
        else:
            effects.learn_identity(g, p.seat, day.exiled, "result.utsuro.exiled")

    def bottom_to_top(self, g: Ctx, p: Player, action: Action | None) -> None:
        effects.deck_bottom_to_top(g, p.seat)


ROLE = Utsuro()
