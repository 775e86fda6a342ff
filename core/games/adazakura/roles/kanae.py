"""Kanae 「物語の終幕を」 [ADZ-9.20], [ADZ-10.2] (A44, A55, A73): once, when the game has ended, a holder
whose side lost (alive, if she is Sakura-faction) may make one other player's true Megami public, then names
a Megami for every other player; if every entry is right, her side wins instead of the previous winners.

This module holds what one deducer may do during her turn of the ``deduction`` phase; the order of
deducers, the timer and the final announcement are ``ending.py``'s. Actions, one tap each (the buttons
are ``legal_actions``; handlers/menu.py shows ``deduce.pick`` as seat → Megami):

- ``deduce.reveal (seat)``: the optional public reveal, before submitting; it prefills (and locks) that
  seat's entry and clears any other entry naming the same Megami;
- ``deduce.pick (seat, megami)``: set or change one entry; a Megami named for another seat, or her own
  dealt Megami, is refused (``deduce.duplicate``, ``deduce.own``), so the draft always holds N − 1
  distinct Megami at most;
- ``deduce.clear``: empty every entry but the revealed one;
- ``deduce.submit``: legal only once all N − 1 entries are filled.

Seals, shifts and every other effect ended with the game (A55): nothing here looks at them.
"""

from __future__ import annotations

from typing import Literal

from core.engine.notice import Action, KeyRef, Param
from core.engine.result import Rejected
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, SAKURA, TAROTS
from core.games.adazakura.model import CoRecord, Player, Turn
from core.games.adazakura.roles.base import Megami

REVEAL = "deduce.reveal"
PICK = "deduce.pick"
CLEAR = "deduce.clear"
SUBMIT = "deduce.submit"
KINDS = (REVEAL, PICK, CLEAR, SUBMIT)
Side = Literal["sakura", "adazakura"]


class Kanae(Megami):
    """No night or day ability: everything happens after the end (``ending.py``)."""

    id = "kanae"


def side_of(p: Player) -> Side:
    """The side a deducer plays for [ADZ-10.2]: her faction, or the Adazakura side for a madman."""
    return "adazakura" if p.faction == ADAZAKURA or p.madman else "sakura"


def deducers(g: Ctx) -> list[int]:
    """Seats holding Kanae's ability as the game ends: the dealt Kanae first, then copies in seat order; a
    dead Saliya holds nothing (A71) [ADZ-10.2]."""
    return [p.seat for p in effects.holders(g, "kanae")]


def eligible(p: Player, winning_side: str) -> bool:
    """(a) her side is not the winning side now, and (b) she is alive if Sakura-faction (A44)."""
    return side_of(p) != winning_side and (p.faction != SAKURA or p.alive)


def turn_of(g: Ctx, p: Player) -> Turn | None:
    """The deduction under way if ``p`` is its deducer."""
    ending = g.s.ending
    turn = ending.turn if ending is not None and g.s.phase == "deduction" else None
    return turn if turn is not None and turn.seat == p.seat else None


def others(g: Ctx, p: Player) -> list[int]:
    """Every other seat, alive or dead: the N − 1 entries of the list (A44)."""
    return [q.seat for q in g.s.players if q.seat != p.seat]


def deduction_actions(g: Ctx, p: Player) -> list[Action]:
    """The deducer's legal actions now (nothing for anybody else), reveal first, submit last."""
    turn = turn_of(g, p)
    if turn is None:
        return []
    seats = others(g, p)
    out = [Action.of(REVEAL, s) for s in seats] if turn.revealed is None else []
    for seat in seats:
        if seat != turn.revealed:
            named = {m for s, m in turn.draft.items() if s != seat}
            out += [Action.of(PICK, seat, m) for m in TAROTS if m != p.megami and m not in named]
    if any(s != turn.revealed for s in turn.draft):
        out.append(Action.of(CLEAR))
    if len(turn.draft) == len(seats):
        out.append(Action.of(SUBMIT))
    return out


def refusal(g: Ctx, p: Player, action: Action) -> Rejected:
    """Why ``action`` is refused during the deduction phase [ADZ-11.2]; params name what is in the way."""
    turn = turn_of(g, p)
    if action.kind not in KINDS:
        return Rejected(reason="phase.wrong")
    if turn is None:
        return Rejected(reason="deduce.not_yours")
    seat = action.args[0] if action.args else None
    if action.kind in (REVEAL, PICK) and not (isinstance(seat, int) and 1 <= seat <= len(g.s.players)):
        return Rejected(reason="target.invalid")
    if action.kind in (REVEAL, PICK) and seat == p.seat:
        return Rejected(reason="deduce.self")
    if action.kind == REVEAL:
        return Rejected(reason="deduce.reveal_used" if turn.revealed is not None else "action.illegal")
    if action.kind == PICK:
        return _pick_refusal(g, p, turn, action)
    if action.kind == SUBMIT:
        return Rejected(reason="deduce.incomplete", params={"missing": len(others(g, p)) - len(turn.draft)})
    return Rejected(reason="action.illegal")


def _pick_refusal(g: Ctx, p: Player, turn: Turn, action: Action) -> Rejected:
    seat, megami = action.args[0], action.args[-1]
    if len(action.args) != 2 or megami not in TAROTS:
        return Rejected(reason="megami.unknown")
    if seat == turn.revealed:
        return Rejected(reason="deduce.locked")
    if megami == p.megami:
        return Rejected(reason="deduce.own", params={"megami": g.role(p.megami)})
    holder = next((s for s, m in turn.draft.items() if m == megami and s != seat), None)
    if holder is not None:
        return Rejected(
            reason="deduce.duplicate", params={"megami": g.role(str(megami)), "player": g.ref(holder)}
        )
    return Rejected(reason="action.illegal")


def edit(g: Ctx, p: Player, action: Action) -> None:
    """Apply a legal reveal, pick or clear to the deducer's draft and show her the new draft."""
    turn = turn_of(g, p)
    assert turn is not None
    if action.kind == REVEAL:
        reveal(g, turn, int(action.args[0]))
    elif action.kind == PICK:
        turn.draft[int(action.args[0])] = str(action.args[1])
    else:
        turn.draft = {s: m for s, m in turn.draft.items() if s == turn.revealed}
    show_draft(g, p, "deduce.draft")


def reveal(g: Ctx, turn: Turn, seat: int) -> None:
    """Make ``seat``'s true Megami public, on the CO board as verified [ADZ-11.7], and prefill it."""
    megami = g.p(seat).megami
    ending = g.s.ending
    assert ending is not None
    turn.revealed = seat
    turn.draft = {s: m for s, m in turn.draft.items() if m != megami}
    turn.draft[seat] = megami
    g.s.co_board.append(CoRecord(day=ending.day, seat=seat, megami=megami, verified=True))
    g.announce("deduce.revealed", player=g.ref(seat), megami=g.role(megami))
    g.log("DeductionReveal", seat=turn.seat, target=seat, megami=megami)


def score(g: Ctx, turn: Turn) -> tuple[int, int]:
    """(entries naming the true Megami, N − 1)."""
    seats = others(g, g.p(turn.seat))
    return sum(turn.draft.get(s) == g.p(s).megami for s in seats), len(seats)


def show_draft(g: Ctx, p: Player, key: str) -> None:
    """The deducer's draft in seat order, with her buttons (``deduce.prompt`` opens the turn)."""
    turn = turn_of(g, p)
    assert turn is not None
    lines: list[Param] = []
    for seat in others(g, p):
        named = turn.draft.get(seat)
        if seat == turn.revealed and named is not None:
            lines.append(
                KeyRef(key="deduce.line.revealed", params={"player": g.ref(seat), "megami": g.role(named)})
            )
        elif named is not None:
            lines.append(KeyRef(key="deduce.line", params={"player": g.ref(seat), "megami": g.role(named)}))
        else:
            lines.append(KeyRef(key="deduce.line.empty", params={"player": g.ref(seat)}))
    missing = len(lines) - len(turn.draft)
    g.tell(p.seat, key, actions=deduction_actions(g, p), lines=lines, missing=missing, own=g.role(p.megami))


ROLE = Kanae()
