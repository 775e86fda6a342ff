"""Scenario T10 of the rules spec [ADZ-14.10]: Tokoyo's Adazakura seal on even nights; Hatsumi's seal
outlasts her sealed night and ends with her death.

The expectations are the spec's, step by step; the golden transcript then pins every notice of the same
playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "tokoyo/A yatsuha/A hatsumi/S shinra/S raira/S mizuki/S megumi/S"
R = "night.raira"


def play_t10() -> Table:
    """T10 as written in the spec, asserting each "Expect" on the way."""
    t = table(SEATS)
    # Night 0 (not an even night for Tokoyo): Shinra option 3 on 1; Raira raises wind, no power.
    t.night({4: ("night.shinra", "faction", 1), 5: (R, "wind", "none")})
    assert t.results(4) == [("result.faction", {"target": 1, "faction": "adazakura"})]
    assert t.results(5) == [("result.raira.gauges", {"wind": 1, "thunder": 0})]
    # Day 1: all abstain.
    t.day()
    # Night 1: Hatsumi designates 5. Shinra's option 3 is refused (used on night 0); option 1 on 2. Raira
    # raises thunder, no power. Mizuki guards 4. Team kill 4: no death. The seal on 5 is active from Day 2.
    assert t.refused(4, "night.shinra", "faction", 2) == "option.repeat"
    t.night(
        {3: ("night.hatsumi", 5), 4: ("night.shinra", "megami", 2), 5: (R, "thunder", "none"),
         6: ("night.mizuki", 4)},
        kill={1: 4, 2: 4},
    )  # fmt: skip
    assert t.results(4) == [("result.megami", {"target": 2, "megami": "yatsuha"})]
    assert t.results(5) == [("result.raira.gauges", {"wind": 1, "thunder": 1})]
    assert t.public()[0] == ("morning.nobody", {"day": 2})
    assert ("day.sealed", {"day": 2}) in t.private(5)
    # Day 2: all abstain.
    t.day()
    # Night 2 (even, Tokoyo alive): seats 3-7 are sealed and offered nothing. Team kill 6: the erasure is
    # not sealed. Seat 6 dies. The seal on 5 persists (Hatsumi designated nobody). A = 2, S = 4.
    assert t.sealed_tonight() == [3, 4, 5, 6, 7]
    for seat in (3, 4, 5, 6, 7):
        assert t.offered(seat) == [("done",)]
    t.night(kill={1: 6, 2: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [6]})
    assert ("day.sealed", {"day": 3}) in t.private(5)
    # Day 3: ballots 3→1, 4→1, 5→1, 7→1 (weight 3), 1→3, 2→3: seat 1 = 6, seat 3 = 2 → seat 1 exiled.
    t.day(votes={3: 1, 4: 1, 5: 1, 7: 1, 1: 3, 2: 3})
    assert ("exile.done", {"player": 1}) in t.public()
    # Night 3: seat 5's prompt says sealed. Hatsumi designates 7. Shinra option 3 on 2 (allowed). Team
    # kill 3: seat 3 dies at D1, which ends her seal on 5 at once; her new seal on 7 never starts.
    assert t.sealed_tonight() == [5]
    t.night({3: ("night.hatsumi", 7), 4: ("night.shinra", "faction", 2)}, kill={2: 3})
    assert t.results(4) == [("result.faction", {"target": 2, "faction": "adazakura"})]
    assert t.public()[0] == ("morning.deaths", {"day": 4, "players": [3]})
    assert t.state.seals == []
    assert not any(h.key == "day.sealed" for s in (4, 5, 7) for h in t.private(s))
    # Day 4 (even, but no Tokoyo alive): all abstain.
    t.day()
    assert t.sealed_tonight() == []
    # Night 4: Raira raises wind (2) and uses W2 on 2. Shinra option 1 on 7. Team kill 4: seat 4 dies.
    t.night({5: (R, "wind", "w2", 2), 4: ("night.shinra", "megami", 7)}, kill={2: 4})
    assert t.results(5) == [
        ("result.raira.gauges", {"wind": 2, "thunder": 1}),
        ("result.megami", {"target": 2, "megami": "yatsuha"}),
    ]
    assert t.results(4) == [("result.megami", {"target": 7, "megami": "megumi"})]
    assert t.public()[0] == ("morning.deaths", {"day": 5, "players": [4]})
    assert t.result is None
    # Day 5: ballots 5→2, 7→2 (weight 5), 2→5: seat 2 = 6 → exiled. W2: the Sakura side wins.
    t.day(votes={5: 2, 7: 2, 2: 5})
    assert ("exile.done", {"player": 2}) in t.public()
    assert (t.result, t.winners) == ("sakura", [3, 4, 5, 6, 7])
    return t


def test_adz_14_10_t10() -> None:
    play_t10()


def test_adz_14_10_t10_transcript() -> None:
    check_golden("t10.txt", transcript(play_t10()))
