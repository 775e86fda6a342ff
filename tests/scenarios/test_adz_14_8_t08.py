"""Scenario T08 of the rules spec [ADZ-14.8]: Renri's removal and co-win; a dead Oboro's trap still kills;
a dead Adazakura Kanae overturns the result. T08b: the same game, one answer wrong, and nothing changes.

Covers Renri's O3 removal before Shinra's deck look [ADZ-6.1], the CO board as her victory record (A43,
A56), Oboro's kill resolving at D4 after she was erased at D1 (A17), the W1 win that ends the game before
a freeze takes effect, and the deduction phase [ADZ-10.2]: a dead Adazakura Kanae is eligible, her public
reveal is prefilled, and a success replaces the winners, Renri included. The expectations are the spec's,
step by step; the golden transcripts then pin every notice of the same playthroughs by audience.
"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEATS = "renri/- yatsuha/A kanae/A korunu/S shinra/S oboro/S megumi/S"
DECK = [
    "hagane", "yurina", "saine", "himika", "tokoyo", "yukihi", "chikage", "kururu", "saliya", "raira",
    "utsuro", "honoka", "hatsumi", "mizuki", "kamui",
]  # fmt: skip
#: Kanae's answers (seat 7 is prefilled by her reveal).
RIGHT = {1: "renri", 2: "yatsuha", 4: "korunu", 5: "shinra", 6: "oboro"}


def result_of(t: Table) -> tuple[str, list[int], list[tuple[str, dict[str, object]]]]:
    """The final announcement: (winning side, winners, the Renri/Kanae notes)."""
    [end] = [h for h in t.public() if h.key == "end.result"]
    key, params = end.params["result"]
    assert key == "end.outcome"
    return params["side"][0].removeprefix("end.result."), end.params["winners"], params["notes"]


def play_to_the_deduction() -> Table:
    """T08 up to the end of the game, asserting each "Expect" on the way."""
    t = table(SEATS, deck=DECK)
    # Night 0: O3 → 1 "You removed hagane. Deck: 14 cards."
    assert ("result.renri.removed", {"night": 0, "megami": "hagane", "size": 14}) in t.private(1)
    # Shinra option 2; Oboro trap 2 on 1; Yatsuha looks at 4 and 5.
    t.night({5: ("night.shinra", "deck"), 6: ("night.oboro", "learn", 1), 2: ("night.yatsuha", 4, 5)})
    assert t.results(5) == [("result.deck.look", {"cards": ["yurina", "saine", "himika"], "size": 14})]
    assert t.results(6) == [("result.megami", {"target": 1, "megami": "renri"})]
    assert t.results(2) == [
        ("result.megami", {"target": 4, "megami": "korunu"}),
        ("result.megami", {"target": 5, "megami": "shinra"}),
    ]
    # Day 1: /co seat 1 hagane, seat 3 shinra, seat 5 shinra (all on the board, Day 1).
    t.discuss({1: "hagane", 3: "shinra", 5: "shinra"})
    assert [(r.day, r.seat, r.megami, r.verified) for r in t.state.co_board] == [
        (1, 1, "hagane", False),
        (1, 3, "shinra", False),
        (1, 5, "shinra", False),
    ]
    # Ballots 1→3, 4→3, 5→3, 6→3, 7→3, 2→5, 3→5: seat 3 = 5, seat 5 = 2 → seat 3 exiled. A = 1, S = 4.
    t.vote({1: 3, 4: 3, 5: 3, 6: 3, 7: 3, 2: 5, 3: 5})
    assert ("exile.done", {"player": 3}) in t.public()
    assert t.result is None
    # Night 1: Korunu freezes 1. Oboro trap 3 (kill) on 2. Team (seat 2) kill 6.
    # D1 seat 6 erased; D4 Oboro's kill still resolves → seat 2 dies. W1: A = 0 → Sakura wins.
    t.night({4: ("night.korunu", 1), 6: ("night.oboro", "kill", 2)}, kill={2: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [2, 6]})
    assert "day.frozen" not in t.said()  # the freeze never takes effect
    # End: provisional winners 4, 5, 6, 7 and Renri (seat 1: alive, /co hagane on Day 1).
    assert t.winners == [1, 4, 5, 6, 7]
    assert t.state.ending is not None
    assert (t.state.ending.checkpoint, t.state.ending.renri) == ("sakura", 1)
    # Kanae (seat 3, Adazakura, dead, side lost) is eligible.
    assert t.phase[0] == "deduction"
    assert not t.alive(3)
    assert t.said(3)[-1] == "deduce.prompt"
    # She reveals seat 7 → PUB "seat 7 was megumi".
    t.act(3, "deduce.reveal", 7)
    assert t.public() == [("deduce.revealed", {"player": 7, "megami": "megumi"})]
    assert ("deduce.line.revealed", {"player": 7, "megami": "megumi"}) in t.private(3)[-1].params["lines"]
    return t


def play_t08() -> Table:
    """She submits 1 renri, 2 yatsuha, 4 korunu, 5 shinra, 6 oboro (7 prefilled): all correct →
    Adazakura wins; winners 2 and 3 only; Renri and 4–7 lose."""
    t = play_to_the_deduction()
    for seat, megami in RIGHT.items():
        t.act(3, "deduce.pick", seat, megami)
    t.act(3, "deduce.submit")
    assert result_of(t) == (
        "adazakura",
        [2, 3],
        [
            ("end.note.kanae.success", {"player": 3, "side": "adazakura"}),
            ("end.note.renri.lost", {"player": 1}),
        ],
    )
    assert (t.phase[0], t.result, t.winners) == ("ended", "adazakura", [2, 3])
    return t


def play_t08b() -> Table:
    """T08b: she submits 1 hagane (rest correct) → failure → winners 4, 5, 6, 7 and Renri (1)."""
    t = play_to_the_deduction()
    for seat, megami in {**RIGHT, 1: "hagane"}.items():
        t.act(3, "deduce.pick", seat, megami)
    t.act(3, "deduce.submit")
    assert result_of(t) == (
        "sakura",
        [1, 4, 5, 6, 7],
        [
            ("end.note.kanae.failure", {"player": 3, "right": 5, "total": 6}),
            ("end.note.renri", {"player": 1}),
        ],
    )
    assert (t.phase[0], t.result, t.winners) == ("ended", "sakura", [1, 4, 5, 6, 7])
    return t


def test_adz_14_8_t08() -> None:
    play_t08()


def test_adz_14_8_t08b() -> None:
    play_t08b()


def test_adz_14_8_t08_transcript() -> None:
    check_golden("t08.txt", transcript(play_t08()))


def test_adz_14_8_t08b_transcript() -> None:
    check_golden("t08b.txt", transcript(play_t08b()))
