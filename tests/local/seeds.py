"""Seeds found by playing instead of pinned: a test that needs a game to go a certain way (the idle person
dies while the game goes on) scans seeds for one, so a new deal or bot policy does not silently turn the
test into one about something else."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from devtools.local.game import LocalGame
from devtools.local.terminal import Screen, play

#: Enters an idle person types in all (enough for a 6-seat game to end).
ENTERS = 60
#: Seeds tried before a scan gives up.
TRIES = 100


@dataclass(frozen=True)
class Idle:
    """What happened to a person who typed only Enter (at most ``ENTERS`` times) in one seeded game."""

    died_midgame: bool  # dead while the game went on, with nothing to do: watching
    deduced_dead: bool  # later got her own Kanae deduction turn while dead [ADZ-10.2]
    over: bool


@cache
def idle_game(seed: int, players: int, lang: str, deal: tuple[str, ...] | None = None) -> Idle:
    """Play one game with an idle person (Enter only); she stops at her own deduction turn."""
    game = LocalGame(players=players, lang=lang, seed=seed, deal=deal)
    seen: list[str] = []

    def read() -> str | None:
        if game.is_over:
            return None  # the end's 「もう一回」 is not part of the idle game
        state = game.state()
        if state.phase == "deduction" and state.ending.turn.seat == game.person_seat:
            seen.append("" if game.person_alive else "deduces")
            return None
        seen.append("watching" if game.person_watching else "")
        return "" if len(seen) <= ENTERS else None

    asyncio.run(play(game, Screen(game, io.StringIO(), color=False), read, seed=seed, echo=False))
    return Idle(died_midgame="watching" in seen, deduced_dead="deduces" in seen, over=game.is_over)


def idle_seed(
    wanted: Callable[[Idle], bool], *, players: int, lang: str, deal: tuple[str, ...] | None = None
) -> int:
    """The first seed (1, 2, …) whose idle game is ``wanted``. Raises LookupError if none of ``TRIES``."""
    for seed in range(1, TRIES + 1):
        if wanted(idle_game(seed, players, lang, deal)):
            return seed
    raise LookupError(f"no seed in 1..{TRIES} plays out as wanted ({players} players, {lang}, {deal})")


def idle_death_seed(*, players: int, lang: str) -> int:
    """A seed whose idle person dies while the game goes on, then watches it end within ``ENTERS``."""
    return idle_seed(lambda idle: idle.died_midgame and idle.over, players=players, lang=lang)
