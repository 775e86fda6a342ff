"""Victory checkpoints W1/W2 [ADZ-2.6] (A12-A14), winners [ADZ-2.7], the draw valve [ADZ-2.8] (A54) and the
final announcement [ADZ-10.3]."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario


def ending(t: Table) -> tuple[str, list[int]]:
    """The public result: (side or draw, winners). A draw is announced as ``end.draw``, without winners."""
    [end] = [h for h in t.public() if h.key in ("end.result", "end.draw")]
    result = end.params["result"][0].removeprefix("end.result.")
    if end.key == "end.draw":
        assert result == "draw", end
        assert "winners" not in end.params, end
        return result, []
    assert result != "draw", end
    return result, end.params["winners"]


def test_adz_2_6_w2_sakura_wins_by_exile() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S").night().day(votes={2: 1, 3: 1})
    assert ending(t) == ("sakura", [2, 3, 4])
    assert t.phase[0] == "ended"


def test_adz_2_6_a12_w1_sakura_wins_by_any_death() -> None:
    t = table("yatsuha/A oboro/S shinra/S megumi/S himika/S").night().day()
    t.night({2: ("night.oboro", "kill", 1)}, kill={1: 3})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [1, 3]})
    assert ending(t) == ("sakura", [2, 3, 4, 5])  # the erased seat 3 wins too [ADZ-2.7]


def test_adz_2_6_w1_adazakura_wins_at_parity() -> None:
    t = table("yatsuha/A saine/A shinra/S megumi/S himika/S").night().day().night(kill={1: 3})
    assert ending(t) == ("adazakura", [1, 2])
    assert "day.start" not in t.said()


def test_adz_2_7_dead_adazakura_win_too() -> None:
    t = table("yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S").night().day(votes={3: 2, 4: 2})
    t.night(kill={1: 3}).day(votes={1: 4, 5: 4}).night(kill={1: 5})
    assert ending(t) == ("adazakura", [1, 2])
    assert not t.alive(2)


def test_adz_2_6_w2_adazakura_wins_at_parity() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S").night().day().night(kill={1: 2})
    assert t.result is None  # A = 1, S = 2
    t.day(votes={1: 3, 4: 3})
    assert ending(t) == ("adazakura", [1])


def test_adz_2_6_a13_sakura_tested_first() -> None:
    # A = 0 and S = 0 at once cannot happen with the implemented Megami; test mode seats none of either.
    t = table("yatsuha/- shinra/- megumi/- himika/-").night()
    assert ending(t) == ("sakura", [])


def test_adz_10_3_final_announcement_reveals_every_seat() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S").night().day(votes={2: 1, 3: 1})
    [end] = [h for h in t.public() if h.key == "end.result"]
    assert end.params["lines"] == [
        ("end.seat.dead", {"player": 1, "megami": "yatsuha", "faction": "adazakura"}),
        ("end.seat.alive", {"player": 2, "megami": "shinra", "faction": "sakura"}),
        ("end.seat.alive", {"player": 3, "megami": "megumi", "faction": "sakura"}),
        ("end.seat.alive", {"player": 4, "megami": "himika", "faction": "sakura"}),
    ]
    assert end.params["winners"] == [2, 3, 4]


def test_adz_10_1_nothing_after_the_end() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S").night().day(votes={2: 1, 3: 1})
    assert t.offered(2) == []
    assert t.refused(2, "night.shinra", "deck") == "game.over"


# -- the draw valve (A54) -------------------------------------------------------------------------------
FIVE = "yatsuha/A shinra/S megumi/S himika/S saine/S"


def test_adz_2_8_draw_after_eight_quiet_phases() -> None:
    t = table(FIVE).night().quiet_days(3).day()
    assert t.phase == ("night", 4)  # seven quiet phases: Day 1 .. Day 4
    t.night()
    assert ending(t) == ("draw", [])


def test_adz_2_8_a_death_restarts_the_count() -> None:
    t = table(FIVE).night().quiet_days(2).day().night(kill={1: 2}).quiet_days(3)
    assert t.phase == ("discussion", 7)
    assert t.result is None


def test_adz_2_8_draw_when_day_30_would_begin() -> None:
    # K = 1 of 10 (host setting): seven deaths spaced four nights apart keep A < S and the valve quiet.
    t = table(
        "yatsuha/A saine/S tokoyo/S megumi/S himika/S shinra/S korunu/S yurina/S oboro/S mizuki/S"
    ).night()
    victims = iter([4, 5, 6, 7, 8, 9, 10])
    for n in range(1, 29):
        t.day().night(kill={1: next(victims)} if n % 4 == 0 else None)
    assert t.phase == ("discussion", 29)
    t.day().night()
    assert t.public()[0] == ("morning.nobody", {"day": 30})
    assert ending(t) == ("draw", [])
