"""Bot games of every game driven until enough seats are out of the table (dead, elected or ``OUT``,
eliminated) while the game runs, for the 霊界 and spectator tests (``core.engine.afterlife``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from core.engine.bots import Driver, next_now, start_bot_game
from core.engine.commands import Command, Watch
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.games import rules_for

GAMES = ("adazakura", "politician", "deathnote", "werewolf")
#: The 霊界 opened where it is off by default (徒桜戦争, A08).
OPEN: dict[str, dict[str, Any]] = {"adazakura": {"options": {"afterlife": True}}}
SPECTATOR = "tg:900"


class Game:
    """A bot game of ``game`` (``players`` seats) with ``state`` and ``now`` (UTC epoch s)."""

    def __init__(self, game: str, state: Any, now: int) -> None:
        self.rules = rules_for(game)
        self.state = state
        self.now = now

    def out(self) -> list[int]:
        """The seats in the 霊界 now (the game's reading: 政治家人狼's elected once their speech ends)."""
        afterlife = self.rules.steps.afterlife
        assert afterlife is not None
        return afterlife.listeners(self.state)

    def living(self) -> list[int]:
        return sorted(p.seat for p in self.state.players if p.alive)

    def user(self, seat: int) -> str:
        return str(self.state.players[seat - 1].user_id)

    def decide(self, command: Command) -> Accepted[Any] | Rejected:
        return self.rules.decide(self.state, command, now=self.now)

    def send(self, command: Command) -> Accepted[Any]:
        result = self.decide(command)
        assert isinstance(result, Accepted), result
        self.state = result.state
        return result


def bot_steps(
    game: str, players: int, seed: int, settings: dict[str, Any], *, watch: bool = False
) -> Iterator[tuple[Any, Accepted[Any], int]]:
    """Every step of a bot game of ``game`` (``players`` seats, bots and deal from ``seed``, lobby
    ``settings``) until it ends: ``(state before, the accepted result, now)``. ``watch``: a spectator
    (:data:`SPECTATOR`) typed ``/watch`` before the first step."""
    rules = rules_for(game)
    state, now = start_bot_game(rules, players, seed=seed, settings=settings).state, 0
    if watch:
        watched = rules.decide(state, Watch(user_id=SPECTATOR, name="Mika"), now=0)
        assert isinstance(watched, Accepted), watched
        state = watched.state
    driver = Driver(rules, Rng.seeded(seed))
    while (command := driver.next_command(state)) is not None and not state.is_over:
        now = next_now(state, command, now)
        result = rules.decide(state, command, now=now, legal=driver.legal)
        assert isinstance(result, Accepted), result
        driver.observe(result.notices)
        yield state, result, now
        state = result.state


def with_the_dead(
    game: str, *, out: int = 2, players: int = 6, options: dict[str, Any] | None = None
) -> Game:
    """A running bot game of ``game`` with at least ``out`` seats out of the table and a spectator
    (:data:`SPECTATOR`, who typed ``/watch`` before the deal was played on), the first seed that gives
    one. ``options``: host options beside :data:`OPEN`."""
    settings = {"options": {**OPEN.get(game, {}).get("options", {}), **(options or {})}}
    rules = rules_for(game)
    for seed in range(1, 60):
        for _, result, now in bot_steps(game, players, seed, settings, watch=True):
            state = result.state
            # (人狼's last words take the executed player's text as 遺言 [WW-6.9], not as the 霊界's.)
            if (
                not state.is_over
                and state.phase != "last_words"
                and len(rules.steps.afterlife.listeners(state)) >= out  # type: ignore[union-attr]
            ):
                return Game(game, state, now)
    raise AssertionError(f"no running {game} game with {out} seats out")


def reason(result: Accepted[Any] | Rejected) -> str:
    """The reason id of a refusal (fails the test when the command was accepted)."""
    assert isinstance(result, Rejected), f"accepted: {[n.key for n in result.notices]}"
    return result.reason
