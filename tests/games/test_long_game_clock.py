"""The pure clock of long games (``core.engine.clock``, ``core.engine.reminders.reminders``;
docs/architecture.md "Timers" and "Long games"): a clock-time deadline in a zone, local times as the
catalogs show them, and which reminders a phase gets."""

from __future__ import annotations

import pytest

from core.engine.clock import (
    MIN_CLOCK_PHASE,
    clock_seconds,
    clock_time,
    local_parts,
    next_at,
    zone_name,
    zone_of,
)
from core.engine.reminders import reminders

#: 2026-01-01 00:00 UTC: 09:00 in Tokyo, 01:00 in Paris.
NEW_YEAR = 1_767_225_600
HOUR = 3600


@pytest.mark.parametrize(
    ("zone", "seconds"),
    [
        ("Asia/Tokyo", 12 * HOUR),
        ("Europe/Paris", 20 * HOUR),
        ("UTC", 21 * HOUR),
        ("America/New_York", 2 * HOUR),
    ],
)
def test_the_next_21_00_is_read_in_the_zone(zone: str, seconds: int) -> None:
    assert clock_seconds(NEW_YEAR, zone, "21:00") == seconds


def test_a_day_that_would_last_less_than_an_hour_ends_at_that_time_the_next_day() -> None:
    at_20_30_tokyo = NEW_YEAR + 11 * HOUR + 30 * 60
    assert clock_seconds(at_20_30_tokyo, "Asia/Tokyo", "21:00") == 24 * HOUR + 30 * 60
    at_19_59_59_tokyo = NEW_YEAR + 11 * HOUR - 1
    assert clock_seconds(at_19_59_59_tokyo, "Asia/Tokyo", "21:00") == MIN_CLOCK_PHASE + 1


def test_a_clock_time_across_a_daylight_saving_change_is_that_wall_clock_time() -> None:
    saturday_21_30_paris = 1_774_729_800  # 2026-03-28 21:30 CET; Paris moves to CEST that night
    end = next_at(saturday_21_30_paris, "Europe/Paris", "21:00")
    assert local_parts(end, "Europe/Paris") == {
        "month": 3, "day": 29, "time": "21:00", "zone": "Europe/Paris", "abbr": "CEST",
    }  # fmt: skip
    assert end - saturday_21_30_paris == 22 * HOUR + 30 * 60  # the night is an hour shorter


def test_local_parts_name_the_zone_and_its_abbreviation() -> None:
    assert local_parts(NEW_YEAR + 12 * HOUR, "Asia/Tokyo") == {
        "month": 1, "day": 1, "time": "21:00", "zone": "Asia/Tokyo", "abbr": "JST",
    }  # fmt: skip


@pytest.mark.parametrize(("typed", "shown"), [("21:00", "21:00"), ("9:05", "09:05"), ("2100", "21:00")])
def test_clock_times_are_kept_as_hh_mm(typed: str, shown: str) -> None:
    assert clock_time(typed) == shown


@pytest.mark.parametrize("typed", ["24:00", "21:60", "21", "905", "noon", ""])
def test_what_is_no_clock_time(typed: str) -> None:
    assert clock_time(typed) is None


def test_zone_names_are_the_databases_and_a_game_without_one_reads_tokyo() -> None:
    assert (zone_name("asia/tokyo"), zone_name("UTC"), zone_name("Mars/Olympus"), zone_name("../etc")) == (
        "Asia/Tokyo", "UTC", None, None,
    )  # fmt: skip
    assert zone_of({}) == zone_of({"timezone": "Nowhere/Else"}) == "Asia/Tokyo"
    assert zone_of({"timezone": "Europe/Paris"}) == "Europe/Paris"


@pytest.mark.parametrize(
    ("length", "expected"),
    [(30, ()), (31, (30,)), (1199, (30,)), (1200, (600,)), (7199, (600,)), (7200, (3600, 600)),
     (48 * HOUR, (3600, 600))],
)  # fmt: skip
def test_which_reminders_a_phase_gets(length: int, expected: tuple[int, ...]) -> None:
    assert reminders(length) == expected
