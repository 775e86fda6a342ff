"""What the group is told about deaths [ADZ-3.3] (A07), [ADZ-5.4] M3, what the CO board shows [ADZ-11.7],
and what the group is never told [ADZ-11.9]."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 oboro · 3 mizuki · 4 shinra · 5 megumi · 6 yurina · 7 korunu (Sakura) · 8 himika/A.
EIGHT = "yatsuha/A oboro/S mizuki/S shinra/S megumi/S yurina/S korunu/S himika/A"


def test_adz_3_3_a07_night_deaths_name_seats_only() -> None:
    t = table(EIGHT).night().day()
    t.night({2: ("night.oboro", "kill", 6)}, kill={1: 4})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [4, 6]})  # seat order, no cause
    assert t.public_reveals() == set()


def test_adz_3_3_a07_exile_names_the_seat_only() -> None:
    t = table(EIGHT).night().day(votes={1: 5, 2: 5, 3: 5})
    assert ("exile.done", {"player": 5}) in t.public()
    assert t.public_reveals() == set()


def test_adz_5_4_m3_day_1_always_quiet() -> None:
    t = table(EIGHT).night({2: ("night.oboro", "learn", 3), 7: ("night.korunu", 3)})
    assert t.public()[0] == ("morning.nobody", {"day": 1})


def test_adz_11_7_co_board_lists_claims_and_says_when_empty() -> None:
    t = table(EIGHT).night()
    assert t.ask(4, "board") == ("board.empty", {"lines": []})
    t.discuss(co={3: "mizuki", 8: "shinra"})
    lines = [
        ("board.line", {"day": 1, "player": 3, "megami": "mizuki"}),
        ("board.line", {"day": 1, "player": 8, "megami": "shinra"}),
    ]
    assert t.ask(4, "board") == ("board", {"lines": lines})


def test_adz_11_9_group_never_learns_megami_or_factions_while_playing() -> None:
    t = table(EIGHT)
    steps = [
        lambda: t.night({6: ("night.yurina", 4), 7: ("night.korunu", 5), 8: ("night.himika", 2)}),
        lambda: t.day(votes={1: 4, 6: 4, 4: 6}),
        lambda: t.night({2: ("night.oboro", "guard", 3), 3: ("night.mizuki", 2)}, kill={1: 3, 8: 3}),
        lambda: t.day(votes={1: 5, 8: 5, 2: 8}),
        lambda: t.night({2: ("night.oboro", "kill", 8)}, kill={1: 7}),
    ]
    for step in steps:
        step()
        assert t.public_reveals() == set(), t.public()
    assert (t.dead(), t.result) == ([4, 5, 7, 8], None)


def test_j08_three_claims_a_day_then_co_is_refused() -> None:
    t = table(EIGHT).night()
    for megami in ("mizuki", "shinra", "oboro"):
        t.tap(3, "co", megami)
    assert t.refused(3, "co", "megumi") == "co.limit"
    assert t.refused(3, "co", "shinra") == "co.limit"  # the limit explains more than "already claimed"
    assert ("co", "megumi") not in t.offered(3)
    t.tap(4, "co", "shinra")  # the limit is per player
    t.close().vote()
    t.night()
    t.tap(3, "co", "megumi")  # and per day
    assert len([line for line in t.state.co_board if line.seat == 3]) == 4
