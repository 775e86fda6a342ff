"""Scenario T06 of the rules spec [ADZ-14.6]: Raira's gauges, wind 3 against Chikage's lethal double and
against exile, thunder 1; a player erased the same night still gets her deck result (A17).

The expectations are the spec's, step by step; the golden transcript then pins every notice of the same
playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "raira/S yatsuha/A chikage/S shinra/S himika/S megumi/S"
DECK = [
    "yurina", "saine", "tokoyo", "oboro", "yukihi", "hagane", "kururu", "saliya", "utsuro", "honoka",
    "korunu", "hatsumi", "mizuki", "kanae", "kamui", "renri",
]  # fmt: skip
R = "night.raira"


def gauges(wind: int, thunder: int) -> tuple[str, dict[str, int]]:
    return ("result.raira.gauges", {"wind": wind, "thunder": thunder})


def play_t06() -> Table:
    """T06 as written in the spec, asserting each "Expect" on the way."""
    t = table(SEATS, deck=DECK)
    # Night 0: Raira raises wind and uses W1. Shinra option 3 on 5.
    t.night({1: (R, "wind", "w1"), 4: ("night.shinra", "faction", 5)})
    assert t.results(1) == [gauges(1, 0), ("result.deck.look", {"cards": ["yurina"], "size": 16})]
    assert t.results(4) == [("result.faction", {"target": 5, "faction": "sakura"})]
    assert t.state.deck == [*DECK[1:], "yurina"]
    # Day 1: all abstain.
    t.day()
    # Night 1: Raira raises wind (2) and uses W2 on 2. Chikage barrier on 1. Shinra option 2. Team kill 4.
    # Seat 4 gets her deck look although she dies (A17).
    t.night({1: (R, "wind", "w2", 2), 3: ("night.chikage", 1), 4: ("night.shinra", "deck")}, kill={2: 4})
    assert t.results(1) == [gauges(2, 0), ("result.megami", {"target": 2, "megami": "yatsuha"})]
    assert t.results(4) == [("result.deck.look", {"cards": ["saine", "tokoyo", "oboro"], "size": 16})]
    assert t.state.deck == [*DECK[4:], "yurina", "saine", "tokoyo", "oboro"]
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [4]})
    # Day 2: all abstain.
    t.day()
    # Night 2: Raira raises wind (3) and uses W3. Chikage chooses 1 again: warned, she confirms. Team kill 5.
    # D1 seat 5 dies; D3 the lethal double on seat 1 is prevented by W3; Chikage loses her barrier.
    assert t.refused(3, "night.chikage", 1) == "target.lethal"
    t.night({1: (R, "wind", "w3"), 3: ("night.chikage", 1, "lethal")}, kill={2: 5})
    assert t.results(1) == [gauges(3, 0), ("result.raira.w3", {"day": 3})]
    assert t.results(3) == [
        ("result.chikage.barrier", {"target": 1}),
        ("result.chikage.lethal", {"target": 1}),
    ]
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [5]})
    # Day 3: ballots 1→2, 2→1, 3→1, 6→1 (Megumi weighs 3): seat 1 = 5, seat 2 = 1 → not exiled. W2: go on.
    t.day(votes={1: 2, 2: 1, 3: 1, 6: 1})
    assert ("exile.survived", {"player": 1}) in t.public()
    assert t.result is None
    # Night 3: invulnerability ended with Day 3. Raira raises thunder (wind 3, thunder 1) and uses T1;
    # Chikage is offered nothing. Team kill 1: R2(c) removes yukihi unseen; D1 seat 1 dies.
    assert t.offered(3) == [("done",)]
    t.night({1: (R, "thunder", "t1")}, kill={2: 1})
    assert t.results(1) == [gauges(3, 1), ("result.raira.t1", {"size": 15})]
    assert t.state.removed == ["yukihi"]
    assert t.public()[0] == ("morning.deaths", {"day": 4, "players": [1]})
    assert t.result is None
    # Day 4: ballots 3→2, 6→2 (weight 4), 2→3: seat 2 = 5 → exiled. W2: A = 0 → the Sakura side wins.
    t.day(votes={3: 2, 6: 2, 2: 3})
    assert ("exile.done", {"player": 2}) in t.public()
    assert (t.result, t.winners) == ("sakura", [1, 3, 4, 5, 6])
    return t


def test_adz_14_6_t06() -> None:
    play_t06()


def test_adz_14_6_t06_transcript() -> None:
    check_golden("t06.txt", transcript(play_t06()))
