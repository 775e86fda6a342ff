"""Many seeded whole games with the full pool, every table size [ADZ-4.1] (4-16 players): each game ends,
no input raises, no notice leaks [ADZ-11.9], and the state stays one small DynamoDB item (design §3).

Bots pick uniformly among the legal actions (``core.engine.bots``), so these seeds reach far corners of the
rules cheaply; ``tests/property/test_property_*.py`` explores with hypothesis and shrinks. ``SEEDS_PER_SIZE``
games per table size, 13 sizes: 1300 games in all (``make soak``: 10,000, :mod:`tests.property.soak`).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.result import Accepted
from core.engine.rng import Rng
from core.games.adazakura.model import AdzState
from tests.property import soak
from tests.property.leaks import assert_no_leak
from tests.property.playout import MAX_PLAYERS, MAX_STATE_BYTES, MIN_PLAYERS, RULES

pytestmark = [pytest.mark.property, pytest.mark.slow]

SEEDS_PER_SIZE = soak.seeds_per_size(100, sizes=MAX_PLAYERS - MIN_PLAYERS + 1)


def play_checked(players: int, seed: int) -> tuple[AdzState, int]:
    """One bots-only game, checking every accepted input for leaks; returns the final state and the
    largest state size seen (bytes of its JSON)."""
    started = start_bot_game(RULES, players, seed=seed)
    before: list[AdzState] = [started.state]
    largest = [0]
    lobby = started.state.model_copy(update={"players": [], "phase": "lobby"})
    assert_no_leak(lobby, started.notices, started.state)

    def check(result: Accepted[Any]) -> None:
        assert_no_leak(before[0], result.notices, result.state)
        before[0] = result.state
        largest[0] = max(largest[0], len(result.state.model_dump_json().encode()))

    out = play_out(RULES, started.state, Rng.seeded(seed ^ BOT_SALT), 0, heard=started.notices, on_step=check)
    return out.state, largest[0]


def test_the_full_pool_is_dealt() -> None:
    assert MAX_PLAYERS == 16


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_many_seeded_games_end_without_a_leak_and_stay_small(
    players: int, request: pytest.FixtureRequest
) -> None:
    results: Counter[str] = Counter()
    started = time.process_time()
    for seed in range(SEEDS_PER_SIZE):
        final, largest = play_checked(players, seed)
        assert final.phase == "ended", f"{players} players, seed {seed}: stuck in {final.phase}"
        assert final.result in ("sakura", "adazakura", "draw")
        assert largest < MAX_STATE_BYTES, f"{players} players, seed {seed}: state of {largest} bytes"
        results[final.result] += 1
    both = {"sakura", "adazakura"} <= set(results)
    assert both, f"{players} players: only {dict(results)} in {SEEDS_PER_SIZE} games"
    soak.record(request, "adazakura", players, results, time.process_time() - started)
