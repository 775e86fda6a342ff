"""The lottery after the second runoff (``politician.md`` §6.6.4, AMB-13) and its optional interactive
draw (§10.6, option ``interactiveLottery``).

By default the game's RNG picks one of the tied candidates uniformly and the pick is announced. With the
option on, the RNG shuffles as many face-down cards as there are tied candidates, one of them the
"success" card (the retail game's pledge cards); the tied candidates take a card each in seat order
within one window (``lotterySeconds``, 20 s by default), and at its deadline the cards nobody took go to
those still without one, in seat order. The probabilities are the same: the card order is uniform.
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine.notice import Action
from core.games.politician.ctx import Ctx
from core.games.politician.model import Lottery, Method
from core.games.politician.settings import option

Elect = Callable[[Ctx, int, Method], None]


def draw(g: Ctx, tied: list[int], elect: Elect) -> None:
    """Elect one of ``tied`` by lot: at once by the RNG, or through the interactive draw."""
    if not option(g.s, "interactiveLottery"):
        winner = g.s.rng.choice(tied)
        g.log("LotteryDrawn", day=g.s.day, tied=tied, seat=winner)
        g.announce("vote.lottery", tied=g.refs(tied), player=g.ref(winner))
        elect(g, winner, "lottery")
        return
    success = g.s.rng.below(len(tied))
    g.s.lottery = Lottery(tied=sorted(tied), success=success)
    g.s.enter("lottery", now=g.now, seconds=option(g.s, "lotterySeconds"))
    g.announce("lottery.open", tied=g.refs(tied), cards=len(tied), deadline=g.s.deadline_at or 0)
    _prompt(g)


def drawer(g: Ctx) -> int | None:
    """The tied candidate whose turn it is to take a card (the first in seat order without one)."""
    lot = g.s.lottery
    if lot is None:
        return None
    return next((seat for seat in lot.tied if seat not in lot.picks), None)


def choices(g: Ctx, seat: int) -> list[Action]:
    """The cards ``seat`` may take now (``draw "1"``, ``draw "2"`` …), or nothing when it is not their
    turn."""
    lot = g.s.lottery
    if lot is None or drawer(g) != seat:
        return []
    # Card numbers travel as strings, so that buttons never read them as seats.
    return [Action.of("draw", str(card)) for card in lot.free()]


def take(g: Ctx, seat: int, card: int, elect: Elect) -> None:
    """``seat`` takes ``card`` (a legal choice); the draw ends once every tied candidate has one."""
    lot = g.s.lottery
    assert lot is not None
    lot.picks[seat] = card
    g.announce("lottery.picked", player=g.ref(seat), card=card)
    if drawer(g) is None:
        _reveal(g, elect)
    else:
        _prompt(g)


def timeout(g: Ctx, elect: Elect) -> None:
    """§10.6: the cards nobody took go to those without one, in seat order; then the reveal."""
    lot = g.s.lottery
    assert lot is not None
    for seat, card in zip([s for s in lot.tied if s not in lot.picks], lot.free(), strict=True):
        lot.picks[seat] = card
        g.announce("lottery.assigned", player=g.ref(seat), card=card)
    _reveal(g, elect)


def _prompt(g: Ctx) -> None:
    seat = drawer(g)
    assert seat is not None
    g.tell(seat, "lottery.prompt", actions=choices(g, seat), deadline=g.s.deadline_at or 0)


def _reveal(g: Ctx, elect: Elect) -> None:
    lot = g.s.lottery
    assert lot is not None
    winner = next(seat for seat, card in lot.picks.items() if card == lot.success + 1)
    g.s.lottery = None
    g.log("LotteryDrawn", day=g.s.day, tied=lot.tied, seat=winner, interactive=True)
    g.announce("vote.lottery", tied=g.refs(lot.tied), player=g.ref(winner))
    elect(g, winner, "lottery")
