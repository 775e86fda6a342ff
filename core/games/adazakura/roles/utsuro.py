"""Utsuro 「黒き波動」 [ADZ-9.13] (A42): automatic every night unless sealed, no choice. (a) If someone was
exiled on Day n, learn that player's Megami and faction (a madman reads Sakura, Renri no faction); else
learn that nobody was. (b) Then the bottom deck card is shown and put on top (deck step R2(d)). Night 0:
(b) only. With the host's ``deck_choices`` (the original text's 「見ることができます」) (b) is a choice,
``("night.utsuro", "deck")``: without it the deck stays as it is; (a) stays automatic."""

from __future__ import annotations

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import rule

DECK = Action(kind="night.utsuro", args=("deck",))


class Utsuro(Megami):
    id = "utsuro"
    automatic = True

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        return [
            KeyRef(key="role.utsuro.text.choice" if rule(state, "deck_choices") else "role.utsuro.text.auto")
        ]

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        return [DECK] if rule(g.s, "deck_choices") else []

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
        """(b): always, or with ``deck_choices`` only if she chose it."""
        if action is not None or not rule(g.s, "deck_choices"):
            effects.deck_bottom_to_top(g, p.seat)


ROLE = Utsuro()
