"""Renri 「ウソツキ」 [ADZ-9.22] (A43, A66): no faction, never counted, in no team.

Night 0, automatic: the player dealt Renri sees the top card of the deck, which leaves the game (step O3);
a Kururu or Black Box Saliya holding her ability does the same at deck step R2(a), night 0 only (A64,
A65), without any change of faction or victory condition. At the end of a game that is not a draw, the
player dealt Renri wins in addition to the winning side if she is alive and made at least one accepted
``/co`` naming another Megami during the discussion of Day 1 or Day 2 (A56: the CO board, verified reveals
excluded); a successful Kanae deduction takes that win away again ([ADZ-10.2], see ``ending.py``).
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler

#: The days whose ``/co`` count for her victory [ADZ-9.22] (A43: "by Day 2's daytime").
CO_DAYS = (1, 2)


class Renri(Megami):
    id = "renri"
    automatic = True

    def steps(self) -> dict[str, StepHandler]:
        return {"O3": self.peek_and_remove, "R2.a": self.copy_removes}

    def peek_and_remove(self, g: Ctx, p: Player, action: Action | None) -> None:
        """O3: the player dealt Renri, at once (the night-0 opening, before any other deck operation)."""
        if g.day_n == 0 and p.megami == self.id:
            _remove_top(g, p, at_once=True)

    def copy_removes(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R2(a): a copy holder (Kururu, Black Box Saliya), told with the other night results at R5."""
        if g.day_n == 0 and p.megami != self.id:
            _remove_top(g, p, at_once=False)


def _remove_top(g: Ctx, p: Player, *, at_once: bool) -> None:
    """The top card leaves the game; ``p`` is told which one and the deck's new size [ADZ-3.5]."""
    card = effects.deck_remove_top(g, p.seat)
    if card is None:
        g.result(p.seat, "result.deck.empty")
    elif at_once:
        g.learn(p.seat, "result.renri.removed", night=0, megami=g.role(card), size=len(g.s.deck))
    else:
        g.result(p.seat, "result.renri.removed", megami=g.role(card), size=len(g.s.deck))


def wins(g: Ctx, p: Player) -> bool:
    """Whether ``p`` is the player dealt Renri and meets her victory condition now [ADZ-9.22]: alive, and
    an accepted ``/co`` of another Megami on Day 1 or Day 2 (not a verified reveal)."""
    if p.megami != "renri" or not p.alive:
        return False
    return any(
        r.seat == p.seat and r.day in CO_DAYS and not r.verified and r.megami != "renri" for r in g.s.co_board
    )


ROLE = Renri()
