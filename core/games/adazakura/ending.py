"""The end of the game [ADZ-10]: winners, Renri's additional win, Kanae's deduction phase, the final
announcement and the recap.

Sequence [ADZ-10.1] (A52): a checkpoint fixes the winning side and its winners [ADZ-2.7]; the player dealt
Renri is added if she meets her condition [ADZ-9.22] (with the host's ``renri_alone``, the original
text's 特殊勝利条件 read as a win of her own, she replaces the winners); then each holder of Kanae's
ability, the dealt Kanae first and the others in seat order, is checked in turn and, if eligible, gets her
own ``deduction`` phase with its own timer (``settings.timer(state, "deduction")``) [ADZ-10.2]; a success
replaces the winners (Renri out) and the later deducers are checked against the new winners. Then the
final announcement [ADZ-10.3] and the recap [ADZ-11.11] close the game. A draw skips Renri and Kanae (A54).
"""

from __future__ import annotations

from typing import Literal

from core.engine.context import replay_ending
from core.engine.notice import Action, FactionRef, KeyRef, Notice, Param, Scalar
from core.engine.result import Rejected
from core.games.adazakura import recap, victory
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Attempt, Ending, Player, Turn
from core.games.adazakura.roles import kanae, renri
from core.games.adazakura.settings import rule, timer
from core.games.adazakura.view import faction_shown

DEDUCTION = "deduction"
Outcome = Literal["success", "failure", "timeout"]


def checkpoint(g: Ctx) -> bool:
    """Run W1/W2 (:func:`victory.winner`); end the game and return True if a side has won [ADZ-2.6]."""
    side = victory.winner(g)
    if side is None:
        return False
    end_game(g, side)
    return True


def end_game(g: Ctx, result: str) -> None:
    """The game is decided: ``result`` is the side that won at a checkpoint (``sakura``, ``adazakura``) or
    ``draw``. Renri, Kanae's deductions, the final announcement and the recap follow (:func:`begin`)
    [ADZ-10.1]; the game is over once they are done (``phase == "ended"``)."""
    begin(g, result)


def begin(g: Ctx, result: str) -> None:
    """The game is decided: ``result`` is the side that won at a checkpoint (``sakura``/``adazakura``)
    or ``draw`` [ADZ-10.1]. Runs the deductions (if any) or ends the game at once."""
    s = g.s
    day = g.day_n
    s.night, s.day = None, None
    if result not in ("sakura", "adazakura"):
        s.winners = []
        finish(g, "draw")
        return
    side: kanae.Side = "sakura" if result == "sakura" else "adazakura"
    s.winners = victory.winners_of(g, side)
    extra = next((p.seat for p in s.players if renri.wins(g, p)), None)
    alone = extra is not None and rule(s, "renri_alone")
    if extra is not None:
        s.winners = [extra] if alone else sorted({*s.winners, extra})
    s.ending = Ending(checkpoint=side, side="renri" if alone else side, day=day, renri=extra,
                      queue=kanae.deducers(g))  # fmt: skip
    g.log("GameDecided", side=side, winners=s.winners, renri=extra)
    next_turn(g)


def next_turn(g: Ctx) -> None:
    """Open the next eligible deducer's turn, skipping the others (A44); none left → the end."""
    ending = g.s.ending
    assert ending is not None
    ending.turn = None
    while ending.queue:
        p = g.p(ending.queue.pop(0))
        if kanae.eligible(p, ending.side):
            ending.turn = Turn(seat=p.seat)
            seconds = timer(g.s, DEDUCTION)
            g.s.enter("deduction", now=g.now, seconds=seconds)
            g.announce("deduce.epilogue", seconds=seconds, deadline=g.s.deadline_at or 0)
            kanae.show_draft(g, p, "deduce.prompt")
            g.log("DeductionStarted", seat=p.seat)
            return
        g.log("DeductionSkipped", seat=p.seat)
    finish(g, ending.side)


def act(g: Ctx, seat: int, action: Action) -> Rejected | None:
    """A deducer's tap during her turn; anything else is refused with a reason [ADZ-10.2]."""
    p = g.p(seat)
    if action not in kanae.deduction_actions(g, p):
        return kanae.refusal(g, p, action)
    if action.kind == kanae.SUBMIT:
        close_turn(g, p, timed_out=False)
    else:
        kanae.edit(g, p, action)
    return None


def timeout(g: Ctx) -> None:
    """The deducer's timer ran out: no complete submission in time is a failure [ADZ-10.2] step 3."""
    ending = g.s.ending
    assert ending is not None
    assert ending.turn is not None
    close_turn(g, g.p(ending.turn.seat), timed_out=True)


def close_turn(g: Ctx, p: Player, *, timed_out: bool) -> None:
    """Judge the draft; a success makes the deducer's side the winners, Renri out [ADZ-10.2]."""
    ending = g.s.ending
    assert ending is not None
    assert ending.turn is not None
    right, total = kanae.score(g, ending.turn)
    outcome: Outcome = "timeout" if timed_out else "success" if right == total else "failure"
    ending.attempts.append(Attempt(seat=p.seat, outcome=outcome, right=right, total=total))
    g.log(
        "DeductionClosed",
        seat=p.seat,
        outcome=outcome,
        draft={str(k): v for k, v in ending.turn.draft.items()},
    )
    if outcome == "success":
        ending.side = kanae.side_of(p)
        g.s.winners = victory.winners_of(g, ending.side)
    next_turn(g)


def finish(g: Ctx, result: str) -> None:
    """Close the game with ``result`` (the winning side, or ``draw``): the final announcement, then the
    recap [ADZ-10.3], [ADZ-11.11]."""
    s = g.s
    s.result = result
    s.enter("ended", now=g.now, seconds=None)
    g.log("GameEnded", result=result, winners=s.winners)
    lines: list[Param] = [
        KeyRef(
            key="end.seat.alive" if p.alive else "end.seat.dead",
            params={"player": g.ref(p.seat), "megami": g.role(p.megami), "faction": faction_shown(p)},
        )
        for p in s.players
    ]
    outcome = KeyRef(key=f"end.result.{result}")
    if result == "draw":
        g.announce("end.draw", result=outcome, lines=lines)
    else:
        notes = _notes(g)
        if notes:
            outcome = KeyRef(key="end.outcome", params={"side": outcome, "notes": notes})
        g.announce("end.result", result=outcome, winners=g.refs(s.winners), lines=lines)
    recap.announce(g)


def _notes(g: Ctx) -> list[Scalar]:
    """Each deducer's outcome, then Renri's additional win (or its loss to a deduction) [ADZ-10.3]."""
    ending = g.s.ending
    if ending is None:
        return []
    notes: list[Scalar] = []
    for a in ending.attempts:
        player = g.ref(a.seat)
        if a.outcome == "success":
            side = FactionRef(id=kanae.side_of(g.p(a.seat)))
            notes.append(KeyRef(key="end.note.kanae.success", params={"player": player, "side": side}))
        elif a.outcome == "failure":
            notes.append(
                KeyRef(
                    key="end.note.kanae.failure",
                    params={"player": player, "right": a.right, "total": a.total},
                )
            )
        else:
            notes.append(KeyRef(key="end.note.kanae.timeout", params={"player": player}))
    if ending.renri is not None:
        won = ending.renri in g.s.winners
        key = "end.note.renri.alone" if ending.side == "renri" else "end.note.renri"
        notes.append(
            KeyRef(key=key if won else "end.note.renri.lost", params={"player": g.ref(ending.renri)})
        )
    return notes


def replay(state: AdzState, now: int) -> list[Notice]:
    """The end of the finished game ``state`` again (:func:`finish` on a copy, [ADZ-10.3], [ADZ-11.11]);
    ``[]`` without a result. ``now``: UTC epoch seconds."""
    if state.result is None:
        return []
    result = state.result
    return replay_ending(state, now, Ctx, lambda g: finish(g, result))
