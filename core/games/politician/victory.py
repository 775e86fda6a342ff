"""Seats and victory of 政治家人狼 (``politician.md`` §7): the seat record, the win check in the order of
§7.3 (AMB-46), and the end of the game."""

from __future__ import annotations

from core.engine.context import replay_ending
from core.engine.notice import Notice
from core.engine.table import ENDED
from core.games.politician import recap
from core.games.politician.ctx import Ctx
from core.games.politician.model import Method, PolState, SeatRecord
from core.games.politician.roles import CAMP, SEAT_VALUE, Camp
from core.games.politician.settings import option


def fill(g: Ctx, seat: int, method: Method) -> None:
    """Record the election of ``seat`` in the next seat (§5.2); every election uses one slot (§7.1)."""
    role = g.p(seat).role
    g.s.filled.append(
        SeatRecord(number=len(g.s.filled) + 1, day=g.s.day, seat=seat, role=role, value=SEAT_VALUE[role],
                   method=method)
    )  # fmt: skip
    g.log("PlayerElected", day=g.s.day, seat=seat, role=role, method=method)


def check(g: Ctx) -> bool:
    """§7.3 after an election: human threshold, wolf threshold, all seats filled, then (option
    ``endWhenDecided``, AMB-45) the human target out of reach. Ends the game and returns True on a win."""
    cast = g.s.cast
    assert cast is not None
    c = g.s.counts()
    filled = len(g.s.filled)
    if c["human"] >= cast.human:
        end_game(g, "human", "human_threshold")
    elif c["wolf"] >= cast.wolf:
        end_game(g, "wolf", "wolf_threshold")
    elif filled >= cast.seats:
        end_game(g, "wolf", "all_filled")
    elif option(g.s, "endWhenDecided") and c["human"] + (cast.seats - filled) < cast.human:
        end_game(g, "wolf", "unreachable")
    else:
        return False
    return True


def end_game(g: Ctx, camp: Camp, reason: str) -> None:
    """§6.10, AMB-47: the whole camp wins whatever its members' status; then the full reveal and recap."""
    s = g.s
    s.result, s.reason = camp, reason
    s.winners = [p.seat for p in s.players if CAMP[p.role] == camp]
    s.night = None
    s.enter(ENDED, now=g.now, seconds=None)
    g.log("GameEnded", camp=camp, reason=reason, winners=s.winners)
    recap.final(g)


def sides(state: PolState) -> list[str]:
    """The camp that won a finished game (``human`` or ``wolf``, §7.3), for the group's statistics;
    empty for a cancelled or an unfinished game."""
    return [state.result] if state.phase == ENDED and state.result else []


def replay(state: PolState, now: int) -> list[Notice]:
    """The end of the finished game ``state`` again (:func:`end_game` on a copy, §6.10); ``[]`` without a
    result. ``now``: UTC epoch seconds."""
    if state.result is None or state.reason is None:
        return []
    result, reason = state.result, state.reason
    return replay_ending(state, now, Ctx, lambda g: end_game(g, result, reason))
