"""The long random runs (``make soak``): the seeded bulk tests of each game, with more games.

Each seeded bulk test plays ``seeds_per_size(default, sizes)`` games per table size: its ``default``
(what ``make test`` plays), or, with env ``SOAK_GAMES=N``, enough for N games of that game over all its
sizes (never fewer than the default). Every game is checked as in ``make test`` (it ends, nothing raises,
no notice leaks, the game's own invariants), so a passing run is 0 crashes, 0 stuck, 0 leaks; a failing
one names the size and seed. :func:`record` notes each size's figures on the test's report and
``tests/conftest.py`` prints them all at the end of the run (also from pytest-xdist workers).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from typing import Any

import pytest

SOAK_ENV = "SOAK_GAMES"
#: The ``user_properties`` key of the figures on a test report.
KEY = "soak"


def seeds_per_size(default: int, sizes: int) -> int:
    """Games per table size: ``default``, or with ``SOAK_GAMES=N`` at least ``ceil(N / sizes)``."""
    total = int(os.environ.get(SOAK_ENV) or 0)
    return max(default, math.ceil(total / sizes))


def record(
    request: pytest.FixtureRequest, game: str, players: int, results: Counter[str], seconds: float
) -> None:
    """Note one size's figures (games, results by kind, seconds) on the running test's report."""
    figures: dict[str, Any] = {
        "game": game, "players": players, "games": sum(results.values()), "results": dict(results),
        "seconds": round(seconds, 1),
    }  # fmt: skip
    request.node.user_properties.append((KEY, figures))


def summary(reports: list[Any]) -> list[str]:
    """Lines for the figures of ``reports`` (passed tests only: a failed size is in the failure list)."""
    rows = [value for report in reports for key, value in report.user_properties if key == KEY]
    if not rows:
        return []
    lines = []
    for game in sorted({row["game"] for row in rows}):
        mine = sorted((row for row in rows if row["game"] == game), key=lambda row: row["players"])
        games = sum(row["games"] for row in mine)
        seconds = sum(row["seconds"] for row in mine)
        sizes = ", ".join(f"{row['players']}p {row['games']}" for row in mine)
        lines.append(f"{game}: {games} games over {len(mine)} sizes passed: 0 crashes, 0 stuck, 0 leaks "
                     f"({seconds:.0f} s of CPU-bound play; per size: {sizes})")  # fmt: skip
    return lines
