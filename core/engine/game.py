"""A game as the service sees it: its :class:`core.engine.decide.Steps` plus its table size, per-seat
projection, host-option summary and winners (the ``GameRules`` protocol of ``core.games``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from core.engine import afterlife
from core.engine.commands import Command
from core.engine.context import seat_of
from core.engine.context import seats as context_seats
from core.engine.decide import Steps
from core.engine.legal import LegalActions
from core.engine.notice import Action, KeyRef, Notice, Param, Scalar
from core.engine.recaptable import RecapTable
from core.engine.result import Accepted, Rejected
from core.engine.table import Member, TableState

S = TypeVar("S", bound=TableState)


@dataclass(frozen=True)
class Game(Generic[S]):
    """A game as the service sees it (the ``GameRules`` protocol of ``core.games``), built from its
    :class:`Steps` (speaking rights included) plus its table size and per-seat projection; ``summary``: the
    params of its ``lobby.options`` notice (the host options now); ``winners``: the side ids that won a
    finished game (empty for a draw or a cancelled game); ``chosen``: a seat's choices standing in the
    current phase that it may still change, as the legal actions that made them (default: none);
    ``ending``: the notices of a finished game's end again (final announcement, reveal, recap;
    ``core.engine.context.replay_ending``) at a time (UTC epoch seconds), ``[]`` for a game without a
    result; ``verbs``: the game's own typed night commands, ``typed word → action kind`` (``/protect 3`` is
    ``Action("night.protect", (3,))``), read by the shell's typed commands; ``table``: a finished game's
    :class:`~core.engine.recaptable.RecapTable` (the state with its full log), ``None`` before the end."""

    id: str
    min_players: int
    max_players: int
    state_model: type[S]
    steps: Steps[S, Any]
    project: Callable[[S, int], dict[str, Any]]
    summary: Callable[[S], dict[str, Param]]
    winners: Callable[[S], list[str]]
    chosen: Callable[[S, int], list[Action]] = field(default=lambda state, seat: [])
    ending: Callable[[S, int], list[Notice]] = field(default=lambda state, now: [])
    verbs: Mapping[str, str] = field(default_factory=dict)
    table: Callable[[S], RecapTable | None] = field(default=lambda state: None)

    def settings_lines(self, state: S) -> list[Scalar]:
        """The game's settings now as one ``lobby.options`` line, for other notices (the lobby's opening,
        the rematch) to show."""
        return [KeyRef(key="lobby.options", params=self.summary(state))]

    def new_game(
        self, *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
    ) -> S:
        return self.steps.new_game(game_id=game_id, chat_id=chat_id, host=host, settings=settings, seed=seed,
                                   now=now)  # fmt: skip

    def decide(
        self, state: S, command: Command, *, now: int, legal: LegalActions | None = None
    ) -> Accepted[S] | Rejected:
        """``Steps.decide``, with ``legal`` only when made by these rules for this ``state``."""
        trusted = legal if legal is not None and legal.made_for(self, state) else None
        return self.steps.decide(state, command, now=now, legal=trusted)

    def speakers(self, state: S) -> set[int] | None:
        """Seats that may post in the group now; ``None``: everyone (``Steps.speakers``)."""
        return self.steps.speakers(state) if self.steps.speakers is not None else None

    def afterlife(self, state: S) -> list[int] | None:
        """The seats in the 霊界 of a running game (``Steps.afterlife``); None without one or while closed."""
        channel = self.steps.afterlife
        started = bool(getattr(state, "players", None)) and not state.is_over
        return (
            channel.listeners(state) if channel is not None and started and channel.enabled(state) else None
        )

    def spectators_to_mute(self, state: S) -> list[str]:
        """The spectators a shell should mute now (``core.engine.afterlife.to_mute``)."""
        return afterlife.to_mute(state, self.steps.afterlife, held=self._held(state))

    def afterlife_readers(self, state: S) -> list[str]:
        """The spectators who read the 霊界's words now (``core.engine.afterlife.readers``)."""
        return afterlife.readers(state, self.steps.afterlife, held=self._held(state))

    def _held(self, state: S) -> bool:
        """Whether the seats out of the table are held silent in the group now (``afterlife.held``)."""
        return afterlife.held(state, self.steps.afterlife, self.speakers(state))

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        return self.steps.legal_actions(state, seat)

    def legal_of(self, state: S) -> Callable[[int], list[Action]]:
        """``legal_actions(state, ·)`` for any seat, sharing what the seats look up alike
        (``Steps.legal_of``); ``state`` must not change while it is in use."""
        return self.steps.legal_of(state)

    def waiting(self, state: S) -> set[int]:
        """The seats the current phase still waits for (``Steps.waiting``); none before the deal or after."""
        started = state.players and not state.is_over  # type: ignore[attr-defined]
        return self.steps.waiting(self.steps.ctx(state, state.deadline_at or 0)) if started else set()

    @staticmethod
    def seat_of(state: Any, user_id: str) -> int | None:
        return seat_of(state, user_id)

    @staticmethod
    def seats(state: Any) -> dict[int, Member]:
        return context_seats(state)
