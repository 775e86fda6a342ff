"""Scenario T02 of the rules spec [ADZ-14.2]: Yukihi's Sakura shift (wrap-around, dead skipped), Tokoyo's
odd nights, a Sakura win without exile.

The expectations are the spec's, step by step, plus the recap events that show where the erasure went.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "tokoyo/S yatsuha/A yukihi/S oboro/S megumi/S himika/S"


def play_t02() -> Table:
    """T02 as written in the spec, asserting each "Expect" on the way."""
    t = table(SEATS)
    # Night 0: nothing. Day 1: all abstain.
    t.night().day()
    # Night 1: team kill 6. K1 moves 6 → 1 (wraps); K5: night 1 is odd → fails. Day 2: no one died.
    since = len(t.state.log)
    t.night(kill={2: 6})
    assert t.erasure_events(since) == [
        ("ErasureAimed", {"target": 6}),
        ("ErasureMoved", {"by": "yukihi", "target": 1}),
        ("ErasureStopped", {"by": "tokoyo", "target": 1}),
        ("ErasureStopped", {"step": "K5"}),
    ]
    assert t.public()[0] == ("morning.nobody", {"day": 2})
    # Day 2: all abstain. Night 2: team kill 6 → 1; night 2 is even → seat 1 dies. A = 1, S = 4.
    t.day().night(kill={2: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [1]})
    assert t.result is None
    # Day 3: all abstain. Night 3: team kill 6 → the right living neighbour skips dead seat 1 → seat 2
    # (Yatsuha, the only Adazakura player) dies. W1: A = 0 → the Sakura side wins.
    t.day().night(kill={2: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 4, "players": [2]})
    assert (t.result, t.winners) == ("sakura", [1, 3, 4, 5, 6])
    return t


def test_adz_14_2_t02() -> None:
    play_t02()


def test_adz_14_2_t02_transcript() -> None:
    check_golden("t02.txt", transcript(play_t02()))
