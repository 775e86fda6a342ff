"""Host settings of a 徒桜戦争 game and their defaults [ADZ-11.8], [ADZ-4.3], (A37).

``settings`` is a plain dict in the state: ``timers`` (seconds per phase), ``k`` (Adazakura-side count
override), ``pool`` (Megami that may be dealt), ``shinra_k`` (cards per Shinra deck look), ``setup`` (test
mode, [ADZ-11.10]).
"""

from __future__ import annotations

from core.engine.table import TableState

#: Default phase lengths in seconds [ADZ-11.8].
TIMERS: dict[str, int] = {
    "night0": 120,
    "night": 120,
    "discussion": 300,
    "vote": 60,
    "runoff": 45,
    "deduction": 300,
}


def timer(state: TableState, phase: str) -> int:
    """Seconds for ``phase`` (a key of :data:`TIMERS`), from the host's settings or the default."""
    return int(state.settings.get("timers", {}).get(phase, TIMERS[phase]))


def shinra_k(state: TableState) -> int:
    """Cards per Shinra deck look: 3 by default, host-settable 1-5 (A37)."""
    value = int(state.settings.get("shinra_k", 3))
    return value if 1 <= value <= 5 else 3
