"""Seats and victory (``politician.md`` §7): seat values (§7.1, AMB-01/02), the win check in the order of
§7.3 (AMB-46), the ``endWhenDecided`` option (AMB-45) and who wins (§7.4, AMB-47). C13 seats: humans
1-5, reporter 6, guard 7, chairman 8, wolf 9, lover 10, spies 11-12, traitor 13."""

from __future__ import annotations

import pytest

from tests.games.politician.helpers import elect, ended
from tests.games.politician.table import Table, table

pytestmark = pytest.mark.scenario

HUMAN_CAMP = [1, 2, 3, 4, 5, 6, 7, 8]
WOLF_CAMP = [9, 10, 11, 12, 13]


def counters(t: Table) -> tuple[int, int, int, int]:
    """(H, W, N, filled) of the last public seat board."""
    b = t.first("seats.board").params
    return b["human_seats"], b["wolf_seats"], b["none_seats"], b["filled"]


@pytest.mark.parametrize(
    ("seat", "value", "board"),
    [
        (1, "human", (1, 0, 0, 1)),
        (13, "human", (1, 0, 0, 1)),  # traitor: wolf camp, human seat
        (9, "wolf", (0, 1, 0, 1)),
        (11, "wolf", (0, 1, 0, 1)),  # spy, AMB-01
        (10, "wolf", (0, 1, 0, 1)),  # lover, AMB-02
        (6, "none", (0, 0, 1, 1)),
        (7, "none", (0, 0, 1, 1)),
        (8, "none", (0, 0, 1, 1)),
    ],
)
def test_7_1_seat_value(seat: int, value: str, board: tuple[int, int, int, int]) -> None:
    t = elect(table(), seat)
    assert t.seats == [(seat, t.state.players[seat - 1].role, value)]
    assert counters(t) == board
    assert t.result is None


@pytest.mark.parametrize(
    ("elected", "winner", "reason"),
    [
        ((1, 2, 3), "human", "human_threshold"),
        ((1, 13, 2), "human", "human_threshold"),  # the traitor's seat counts as human
        ((9, 11), "wolf", "wolf_threshold"),
        ((11, 12), "wolf", "wolf_threshold"),  # spy, spy (AMB-01)
        ((10, 9), "wolf", "wolf_threshold"),  # lover, wolf (AMB-02)
        ((1, 9, 2, 3), "human", "human_threshold"),  # H = 3 on the last seat
        ((1, 7, 2, 3), "human", "human_threshold"),
        ((1, 9, 2, 11), "wolf", "wolf_threshold"),  # W = 2 on the last seat
        ((1, 2, 9, 6), "wolf", "all_filled"),  # the source's example
    ],
)
def test_7_3_win_check_order(elected: tuple[int, ...], winner: str, reason: str) -> None:
    t = elect(table(), *elected[:-1])
    assert t.result is None
    elect(t, elected[-1])
    camp = HUMAN_CAMP if winner == "human" else WOLF_CAMP
    assert ended(t) == (winner, reason, camp)
    assert t.phase == ("ended", len(elected))
    assert t.winners == camp
    assert "night.start" not in t.said()


def test_amb_45_default_plays_on_when_the_humans_cannot_win() -> None:
    t = elect(table(), 6, 8)
    assert t.result is None
    assert t.phase == ("night", 2)
    elect(t, 1, 2)
    assert ended(t) == ("wolf", "all_filled", WOLF_CAMP)


def test_amb_45_end_when_decided_stops_at_once_without_returns() -> None:
    t = elect(table(endWhenDecided=True), 6).night({9: 7})
    elect(t, 8)
    assert ended(t) == ("wolf", "unreachable", WOLF_CAMP)
    assert not any(k.startswith("return.") for k in t.said())


def test_amb_45_end_when_decided_waits_while_the_humans_can_still_win() -> None:
    t = elect(table(endWhenDecided=True), 6, 1)  # H1 N1: two seats left, two human seats needed
    assert t.result is None


def test_amb_47_the_whole_wolf_camp_wins_whatever_its_status() -> None:
    t = elect(table(), 1).night({9: 10})
    elect(t, 9, 11)  # the lover goes out after Day 2
    assert t.status(10) == "out"
    assert ended(t) == ("wolf", "wolf_threshold", WOLF_CAMP)  # elected 9, 11; out 10; active 12, 13


def test_amb_47_elected_traitor_loses_when_the_humans_win() -> None:
    t = elect(table(), 13, 1).night({9: 7})
    elect(t, 2)
    assert t.state.players[6].excluded  # the guard wins while sitting out
    assert ended(t) == ("human", "human_threshold", HUMAN_CAMP)
    assert 13 not in t.winners
