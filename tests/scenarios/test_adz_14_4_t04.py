"""Scenario T04 of the rules spec [ADZ-14.4]: Fighting God moves the erasure to the guard; Saine's immunity
untouched, then used.

Covers K2 before K3/K4 (the guard dies in the guarded player's place), an erasure moved away from Saine not
counting for her immunity (A32), Oboro's trap functions on night 0 (A15), and a Chikage barrier on herself
that is no lethal double. The expectations are the spec's, step by step; the golden transcript then pins
every notice of the same playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "yatsuha/A mizuki/A oboro/S saine/S chikage/S shinra/S megumi/S"


def play_t04() -> Table:
    """T04 as written in the spec, asserting each "Expect" on the way."""
    t = table(SEATS)
    # Night 0: Oboro springs trap 2 (learn) on 2; traps 1 and 3 are not offered.
    assert {move[1] for move in t.offered(3) if move[0] == "night.oboro"} == {"learn"}
    t.night({3: ("night.oboro", "learn", 2)})
    assert t.results(3) == [("result.megami", {"target": 2, "megami": "mizuki"})]
    assert not any(move[0] == "night.oboro" and move[2] == 2 for move in t.offered(3))
    # Day 1: all abstain.
    t.day()
    assert not any(move[0] == "night.oboro" and move[2] == 2 for move in t.offered(3))  # trap on 2 used
    # Night 1: Oboro guards 4 (trap 1); Chikage's barrier on 6; team kill 4. K2: Fighting God (seat 2
    # alive) moves the erasure to the guard, seat 3; no barrier on 3 (K3), 3 unguarded (K4) → 3 dies.
    since = len(t.state.log)
    t.night({3: ("night.oboro", "guard", 4), 5: ("night.chikage", 6)}, kill={1: 4})
    assert t.erasure_events(since) == [
        ("ErasureAimed", {"target": 4}),
        ("ErasureMoved", {"by": "fighting_god", "target": 3}),
    ]
    assert t.results(4) == [("result.nothing", {})]  # seat 4 is told nothing
    assert t.results(5) == [("result.chikage.barrier", {"target": 6})]
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [3]})
    assert t.result is None  # A = 2, S = 4
    # Day 2: all abstain.
    t.day()
    # Night 2: Chikage's barrier on herself (not last night's player: no lethal double); team kill 4.
    # No guard, no barrier on 4: K6 stops it and Saine's immunity is now used.
    assert ("night.chikage", 5) in t.offered(5)
    since = len(t.state.log)
    t.night({5: ("night.chikage", 5)}, kill={1: 4})
    assert t.erasure_events(since)[-1] == ("ErasureStopped", {"step": "K6"})
    assert t.results(4) == [("result.saine.immunity", {})]
    assert t.results(5) == [("result.chikage.barrier", {"target": 5})]
    assert t.public()[0] == ("morning.nobody", {"day": 3})
    assert (t.phase, t.result, t.dead()) == (("discussion", 3), None, [3])
    return t


def test_adz_14_4_t04() -> None:
    play_t04()


def test_adz_14_4_t04_transcript() -> None:
    check_golden("t04.txt", transcript(play_t04()))
