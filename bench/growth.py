"""How the pure core's cost grows with the table: CPU time of bots-only games at 4, 8, 12 and 16 players.

Per table size (those the game accepts): ``cpu_ms_per_game`` and ``cpu_us_per_input`` (CPU time of this
process, ``time.process_time``, so other load on the machine does not count), ``avg_inputs`` and
``games``; and ``input_ratio_16_to_8``: CPU per input at 16 players over that at 8 (the goal: at most
2), or None when the game does not seat both.
"""

from __future__ import annotations

import time
from typing import Any

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.rng import Rng
from core.games import GameRules

SIZES = (4, 8, 12, 16)
#: Bots-only games per size: enough for a stable figure, a few seconds in all.
GAMES = 10


def bench_growth(rules: GameRules, largest: int, seed: int, games: int = GAMES) -> dict[str, Any]:
    """The figures above for ``rules`` at every size of :data:`SIZES` from its minimum up to ``largest``
    (the most players it accepts), ``games`` games each from seeds ``seed``, ``seed + 1`` …"""
    sizes = [n for n in SIZES if rules.min_players <= n <= largest]
    _size(rules, sizes[0], seed, 1)  # warm-up: catalogs read and caches filled before anything is timed
    figures = {str(n): _size(rules, n, seed, games) for n in sizes}
    at_8, at_16 = figures.get("8"), figures.get("16")
    ratio = round(at_16["cpu_us_per_input"] / at_8["cpu_us_per_input"], 2) if at_8 and at_16 else None
    return {"game": rules.id, "sizes": figures, "input_ratio_16_to_8": ratio}


def _size(rules: GameRules, players: int, seed: int, games: int) -> dict[str, Any]:
    inputs = 0
    started = time.process_time()
    for i in range(games):
        start = start_bot_game(rules, players, seed=seed + i)
        bots = Rng.seeded((seed + i) ^ BOT_SALT)
        inputs += play_out(rules, start.state, bots, 0, heard=start.notices).steps
    cpu = time.process_time() - started
    return {
        "games": games,
        "cpu_ms_per_game": round(cpu / games * 1000, 2),
        "cpu_us_per_input": round(cpu / max(1, inputs) * 1e6, 1),
        "avg_inputs": round(inputs / games, 1),
    }


def report_growth(growth: dict[str, Any]) -> None:
    """One line per table size, then the ratio of CPU per input at 16 players to that at 8."""
    for players, figures in growth["sizes"].items():
        print(f"growth {growth['game']} {players:>2} players: {figures['cpu_ms_per_game']} ms CPU per game, "
              f"{figures['cpu_us_per_input']} us per input ({figures['avg_inputs']} inputs)")  # fmt: skip
    if growth["input_ratio_16_to_8"] is not None:
        print(f"growth: CPU per input at 16 players = {growth['input_ratio_16_to_8']} x at 8 (goal <= 2)")
