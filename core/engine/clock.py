"""Long games: the 48-hour cap on a phase, deadlines at a clock time of the group's time zone (``/option
dayEnds 21:00``, ``/settings timezone Asia/Tokyo``) and a deadline as a local time.

Pure: every function takes the moment it is about (UTC epoch seconds) and a zone name; none reads the
clock. The zone rules are the IANA time zone database read through :mod:`zoneinfo` (static data, the
same answer for the same arguments). The group's zone is ``settings["timezone"]`` of the game (copied
from the group's settings when its lobby opened, ``handlers.presets.lobby_settings``), else
:data:`DEFAULT_ZONE`; see docs/architecture.md "Timers" and "Long games".
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

#: The longest a phase may last (seconds): 48 hours. Timer options refuse more (``option.too_long``).
MAX_PHASE_SECONDS: Final = 48 * 3600
#: The zone of a group that set none: the games are Japanese first.
DEFAULT_ZONE: Final = "Asia/Tokyo"
#: A clock time as typed: ``H:MM``, ``HH:MM`` or ``HHMM`` (what a settings button carries), 00:00 to 23:59.
CLOCK: Final = re.compile(r"([01]?[0-9]|2[0-3]):?([0-5][0-9])")
#: The word that turns a clock-time option off.
OFF: Final = "off"
#: The shortest a phase ending at a clock time may last (seconds): a day that would end sooner ends at
#: that clock time the next day instead (docs/rules/*-decisions.md, "Long games").
MIN_CLOCK_PHASE: Final = 3600
#: The longest zone name kept (the IANA names are shorter).
MAX_ZONE = 64


@cache
def _zone(name: str) -> ZoneInfo | None:
    if not name or len(name) > MAX_ZONE or name.startswith(("/", ".")) or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def zone_name(typed: str) -> str | None:
    """The IANA zone ``typed`` names (``Asia/Tokyo``, ``UTC``; case as the database spells it), or
    ``None`` when it names none."""
    zone = _zone(typed.strip()) or _zone(_spelled().get(typed.strip().lower(), ""))
    return None if zone is None else str(zone.key)


@cache
def _spelled() -> dict[str, str]:
    """Every zone name of the database by its lower case (``asia/tokyo`` → ``Asia/Tokyo``)."""
    return {name.lower(): name for name in available_timezones()}


def zone_of(settings: dict[str, Any]) -> str:
    """The game's zone name: ``settings["timezone"]`` when it names a zone, else :data:`DEFAULT_ZONE`."""
    name = settings.get("timezone")
    return name if isinstance(name, str) and _zone(name) is not None else DEFAULT_ZONE


def clock_time(typed: str) -> str | None:
    """``typed`` as ``HH:MM`` (``9:05`` and ``0905`` → ``09:05``; read after Unicode NFKC, so ``２１：００``
    → ``21:00``), or ``None`` when it is no clock time (``25:00``: 00:00 to 23:59)."""
    typed = unicodedata.normalize("NFKC", typed).strip()
    if ":" not in typed and len(typed) != 4:
        return None
    match = CLOCK.fullmatch(typed)
    return f"{int(match[1]):02d}:{match[2]}" if match else None


def next_at(now: int, zone: str, hhmm: str, *, at_least: int = MIN_CLOCK_PHASE) -> int:
    """The first moment (UTC epoch seconds) at least ``at_least`` seconds after ``now`` whose local time
    in ``zone`` is ``hhmm`` (``HH:MM``, seconds :00). Over a daylight-saving gap the wall clock skips, the
    moment is the same UTC offset's reading of ``hhmm`` (``zoneinfo``'s ``fold=0``). Raises
    ``ValueError`` for a ``hhmm`` that is no clock time."""
    parsed = clock_time(hhmm)
    if parsed is None:
        raise ValueError(f"not a clock time: {hhmm!r}")
    hour, minute = int(parsed[:2]), int(parsed[3:])
    tz = _zone(zone) or _zone(DEFAULT_ZONE) or UTC
    earliest = now + at_least
    day = datetime.fromtimestamp(earliest, tz).date()
    for offset in range(3):
        date = day + timedelta(days=offset)
        at = int(datetime(date.year, date.month, date.day, hour, minute, tzinfo=tz).timestamp())
        if at >= earliest:
            return at
    raise AssertionError("a clock time recurs within three days")  # pragma: no cover


def clock_seconds(now: int, zone: str, hhmm: str, *, at_least: int = MIN_CLOCK_PHASE) -> int:
    """Seconds from ``now`` to :func:`next_at` (at most a day and ``at_least``, under the 48-hour cap)."""
    return next_at(now, zone, hhmm, at_least=at_least) - now


def local_parts(at: int, zone: str) -> dict[str, Any]:
    """``at`` (UTC epoch seconds) as the catalogs show a local time: ``month``, ``day`` (numbers),
    ``time`` (``HH:MM``), ``zone`` (the zone name) and ``abbr`` (its abbreviation then: ``JST``)."""
    tz = _zone(zone) or UTC
    local = datetime.fromtimestamp(at, tz)
    return {
        "month": local.month, "day": local.day, "time": local.strftime("%H:%M"),
        "zone": zone if _zone(zone) else "UTC", "abbr": local.tzname() or "",
    }  # fmt: skip


def ending_at(seconds: int, *, now: int, settings: dict[str, Any], ends: object) -> int:
    """A day phase's length: ``seconds`` (its timer option) when the clock-time option ``ends``
    (``dayEnds``) is ``off``, else the seconds until its next ``HH:MM`` in the game's zone at least
    :data:`MIN_CLOCK_PHASE` away (:func:`clock_seconds`, :func:`zone_of`)."""
    if not isinstance(ends, str) or clock_time(ends) is None:
        return seconds
    return clock_seconds(now, zone_of(settings), ends)
