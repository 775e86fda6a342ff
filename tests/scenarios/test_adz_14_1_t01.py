"""Scenario T01 of the rules spec [ADZ-14.1]: guards, Mizuki's limits, Saine's first-erasure counting.

Covers K4 before K6 (a guarded erasure does not use Saine's immunity), "not the same player twice
running" and "herself only once". The expectations are the spec's, step by step; the golden transcript
then pins every notice of the same playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "yatsuha/A mizuki/S saine/S shinra/S megumi/S"
NO_ONE = "morning.nobody"


def play_t01() -> Table:
    """T01 as written in the spec, asserting each "Expect" on the way."""
    t = table(SEATS)
    # Night 0: nothing. Mizuki is offered no guard on night 0.
    assert t.offered(2) == [("done",)]
    t.night()
    assert t.public()[0] == (NO_ONE, {"day": 1})
    # Day 1: all abstain.
    t.day()
    assert ("exile.nobody", {}) in t.public()
    # Night 1: Mizuki guards 3. Team kill 3. The erasure stops at K4; seat 3 is told nothing.
    t.night({2: ("night.mizuki", 3)}, kill={1: 3})
    assert t.public()[0] == (NO_ONE, {"day": 2})
    assert t.results(3) == [("result.nothing", {})]
    t.day()
    # Night 2: guard 3 again is refused; she guards herself. Team kill 3: K6, the immunity is spent.
    assert t.refused(2, "night.mizuki", 3) == "target.repeat"
    t.night({2: ("night.mizuki", 2)}, kill={1: 3})
    assert t.results(3) == [("result.saine.immunity", {})]
    assert t.public()[0] == (NO_ONE, {"day": 3})
    t.day()
    # Night 3: Mizuki guards 4. Team kill 3: K8, seat 3 dies. W1: A = 1, S = 3, the game goes on.
    t.night({2: ("night.mizuki", 4)}, kill={1: 3})
    assert t.public()[0] == ("morning.deaths", {"day": 4, "players": [3]})
    assert t.result is None
    t.day()
    # Night 4: guarding herself again is refused (used up); she guards 5. Team kill 5: K4 stops it.
    assert t.refused(2, "night.mizuki", 2) == "ability.used_up"
    t.night({2: ("night.mizuki", 5)}, kill={1: 5})
    assert t.public()[0] == (NO_ONE, {"day": 5})
    assert (t.phase, t.result, t.dead()) == (("discussion", 5), None, [3])
    return t


def test_adz_14_1_t01() -> None:
    play_t01()


def test_adz_14_1_t01_transcript() -> None:
    check_golden("t01.txt", transcript(play_t01()))
