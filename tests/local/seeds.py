"""Seeds found by playing instead of pinned: a test that needs a game to go a certain way (the idle person
dies while the game goes on) scans seeds for one, so a new deal or bot policy does not silently turn the
test into one about something else."""

from __future__ import annotations

import asyncio
import io
from functools import cache

from handlers.local.game import LocalGame
from handlers.local.terminal import Screen, play

#: Enters an idle person types in all (enough for a 6-seat game to end).
ENTERS = 60


@cache
def idle_death_seed(*, players: int, lang: str, enters: int = ENTERS, tries: int = 100) -> int:
    """The first seed (1, 2, …) whose person, typing only Enter, dies while the game goes on and then
    watches it end within ``enters`` Enters in all. Raises LookupError if none of ``tries`` seeds does."""
    for seed in range(1, tries + 1):
        if _dies_midgame(seed, players, lang, enters):
            return seed
    raise LookupError(f"no seed in 1..{tries} lets an idle person die mid-game ({players} players, {lang})")


def _dies_midgame(seed: int, players: int, lang: str, enters: int) -> bool:
    game = LocalGame(players=players, lang=lang, seed=seed)
    left = [enters]
    dead_while_running: list[bool] = []

    def read() -> str | None:
        # play() asks for a line only while the game is not over.
        dead_while_running.append(not game.person_alive)
        if left[0] == 0:
            return None
        left[0] -= 1
        return ""

    asyncio.run(play(game, Screen(game, io.StringIO(), color=False), read, seed=seed, echo=False))
    return any(dead_while_running) and game.is_over
