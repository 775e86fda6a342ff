"""A bot table for the AFK tests: every game started by :func:`core.engine.bots.start_bot_game`, moved only
by its phase timers (nobody acts, so every prompt times out), plus plain readings of what it said."""

from __future__ import annotations

from typing import Any

from core.engine.bots import bot_user, start_bot_game
from core.engine.commands import Command, Query, Timeout
from core.engine.notice import Notice
from core.engine.result import Accepted, Rejected
from core.games import rules_for

GAMES = ("adazakura", "politician", "deathnote", "werewolf")
#: Host settings per game: 人狼's 突然死 (werewolf.md §6.8) would kill the idle players these tests watch.
SETTINGS: dict[str, dict[str, Any]] = {"werewolf": {"options": {"suddenDeathMisses": 0}}}


class Table:
    """``state`` of a ``game`` of ``players`` bots (``bot:1`` hosts), ``heard`` the last step's notices."""

    def __init__(self, game: str, players: int = 5, *, seed: int = 7) -> None:
        self.rules = rules_for(game)
        self.state: Any = start_bot_game(self.rules, players, seed=seed, settings=SETTINGS.get(game)).state
        self.heard: list[Notice] = []

    @property
    def now(self) -> int:
        return int(self.state.deadline_at or 0)

    def decide(self, command: Command) -> Accepted[Any] | Rejected:
        return self.rules.decide(self.state, command, now=self.now)

    def send(self, command: Command) -> None:
        result = self.decide(command)
        assert isinstance(result, Accepted), result
        self.state, self.heard = result.state, result.notices

    def timeout(self, *excused: str) -> None:
        """The current phase's timer, at its deadline."""
        self.send(Timeout(phase_seq=self.state.phase_seq, excused=excused))

    def until(self, phase: str) -> None:
        """Time out phases until ``phase`` opens."""
        for _ in range(30):
            if self.state.phase == phase:
                return
            self.timeout()
        raise AssertionError(f"no {phase}")

    def user(self, seat: int) -> str:
        return str(self.state.players[seat - 1].user_id)

    def seat_of(self, join: int) -> int:
        """The seat of the ``join``-th bot."""
        return next(p.seat for p in self.state.players if p.user_id == bot_user(join))

    def idle_in_status(self, asker: str, *, public: bool) -> list[int]:
        """The seats ``/status`` lists as idle (``afk.idle``), asked by ``asker``."""
        result = self.decide(Query(user_id=asker, what="status", public=public))
        assert isinstance(result, Accepted)
        lines = [n for n in result.notices if n.key == "afk.idle"]
        return [ref.seat for ref in lines[0].params["players"]] if lines else []  # type: ignore[union-attr]

    def keys(self) -> list[str]:
        return [n.key for n in self.heard]
