"""Why a tap is refused [ADZ-11.2]: the reason a player reads must match what went wrong."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario


def after_day_1() -> Table:
    """Night 1 of 1 yatsuha/A · 2 shinra · 3 megumi · 4 himika · 5 saine · 6 korunu, seat 3 exiled."""
    return table("yatsuha/A shinra/S megumi/S himika/S saine/S korunu/S").night().day(votes={1: 3, 2: 3})


def test_adz_11_2_day_moves_at_night_are_phase_wrong() -> None:
    t = after_day_1()
    assert t.refused(2, "vote", 4) == "phase.wrong"


def test_adz_11_2_night_moves_by_day_are_phase_wrong() -> None:
    t = after_day_1().night().discuss()
    assert t.refused(2, "night.shinra", "deck") == "phase.wrong"
    assert t.refused(1, "kill", 2) == "phase.wrong"


def test_adz_3_6_co_outside_discussion_is_phase_wrong() -> None:
    t = after_day_1()
    assert t.refused(2, "co", "shinra") == "phase.wrong"
    assert t.refused(2, "ready") == "phase.wrong"


def test_adz_3_10_dead_target_is_target_dead() -> None:
    t = after_day_1()
    assert t.refused(2, "night.shinra", "megami", 3) == "target.dead"
    assert t.refused(1, "kill", 3) == "target.dead"


def test_adz_11_2_unknown_seat_is_not_called_dead() -> None:
    t = after_day_1()
    assert t.refused(1, "kill", 9) == "target.invalid"
    assert t.refused(2, "night.shinra", "megami", 0) == "target.invalid"


def test_adz_3_3_the_dead_are_told_they_are_dead() -> None:
    t = after_day_1()
    assert t.refused(3, "done") == "not_alive"


def test_adz_3_6_co_names_must_be_megami_and_new_today() -> None:
    t = after_day_1().night()
    assert t.refused(2, "co", "nobody") == "megami.unknown"
    t.tap(2, "co", "shinra")
    assert t.refused(2, "co", "shinra") == "co.same"
    assert ("co", "shinra") not in t.offered(2)


def test_adz_8_2_a_ballot_must_name_a_seat() -> None:
    t = after_day_1().night().discuss()
    assert t.refused(2, "vote", "abc") == "target.invalid"
    assert t.refused(2, "vote", 42) == "target.invalid"
    assert t.refused(2, "vote") == "target.invalid"


def test_adz_11_6_the_dead_cannot_use_the_team_channel() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/A saine/S korunu/S yurina/S").night()
    t.day(votes={1: 4, 2: 4, 3: 4})  # seat 4 (Adazakura) is exiled
    assert t.said_refused(4, "hello") == "not_alive"
    assert t.said_refused(2, "hello") == "team.closed"


def test_adz_11_2_status_gives_the_phase_number_and_seconds_left() -> None:
    t = after_day_1()
    key, params = t.ask(2, "status")
    assert key == "status"
    assert params["phase"] == ("phase.night", {"n": 1, "left": t.seconds_left})
    assert params["dead"] == [3]
