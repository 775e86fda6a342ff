"""A turn of DEATH NOTE 人狼 (``deathnote.md`` §4.2-§4.5): the automatic draw with the lazy reshuffle,
and moving the played card (to ``REMOVED`` for an L's Arrest, else face up on the discard pile).

The effect of the card is :mod:`core.games.deathnote.effects`; the order of turns :mod:`flow`.
"""

from __future__ import annotations

from core.games.deathnote.cards import TARGETED, first_of
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.model import Discarded

#: The action that plays a card of type ``T`` is ``play.T`` (§4.4); §4.5's forced discard is ``discard``.
PLAY = "play."
DISCARD = "discard"
#: Plays whose effect tells the player nothing privately; the player is still shown the hand left.
QUIET = frozenset({"FAKE_NAME", "ALIBI", "ARREST"})


def draw(g: Ctx, seat: int) -> str | None:
    """T1: the top card into ``seat``'s hand, reshuffling the discard pile first when the draw pile is
    empty (§4.3, AMB-11); None when both are empty (AMB-12)."""
    s = g.s
    if not s.draw and s.discard:
        reshuffle(g)
    if not s.draw:
        return None
    card = s.draw.pop(0)
    g.p(seat).hand.append(card)
    return card


def reshuffle(g: Ctx) -> None:
    """§4.3: every discard-pile card (face up and hidden, AMB-13) becomes the new draw pile; cards in
    ``REMOVED`` never come back. The shuffle gets the pile bottom→top and its first card is the new top."""
    s = g.s
    cards = [d.card for d in s.discard]
    s.discard = []
    s.draw = g.shuffle(cards)
    g.announce("pile.reshuffled", count=len(cards))
    g.log("PileReshuffled", count=len(cards))


def move_played(g: Ctx, seat: int, type_id: str) -> str:
    """T3 (AMB-15): the lowest copy of ``type_id`` leaves ``seat``'s hand at once; an Arrest played by an
    L goes to ``REMOVED`` (AMB-14), anything else face up on top of the discard pile. Returns the card."""
    p = g.p(seat)
    card = first_of(p.hand, type_id)
    assert card is not None
    p.hand.remove(card)
    if type_id == "ARREST" and p.role == "L":
        g.s.removed.append(card)
    else:
        g.s.discard.append(Discarded(card=card))
    return card


def play(g: Ctx, seat: int, kind_id: str, target: int | None) -> str:
    """Move the card of action ``play.<TYPE>`` and announce the play (type and target, §4.2 T3; a Fake
    Name or Alibi as a no-effect play, AMB-29). Returns the type id."""
    type_id = kind_id.removeprefix(PLAY)
    card = move_played(g, seat, type_id)
    g.log("CardPlayed", seat=seat, card=card, target=target)
    if type_id in TARGETED:
        assert target is not None
        g.announce(f"play.{type_id}", player=g.ref(seat), target=g.ref(target))
    else:
        g.announce(f"play.{type_id}", player=g.ref(seat))
    if type_id in QUIET:
        g.tell(seat, "turn.played", card=g.card(card), hand=g.cards(g.p(seat).hand))
    return type_id


def discard_stuck(g: Ctx, seat: int) -> None:
    """§4.5 (AMB-22): a non-L holding only the Death Note and Arrests discards the first Arrest face up,
    without effect (it is reshuffled later, not removed)."""
    p = g.p(seat)
    card = first_of(p.hand, "ARREST")
    assert card is not None
    p.hand.remove(card)
    g.s.discard.append(Discarded(card=card))
    g.announce("play.stuck", player=g.ref(seat))
    g.tell(seat, "turn.played", card=g.card(card), hand=g.cards(p.hand))
    g.log("ArrestDiscarded", seat=seat, card=card)
