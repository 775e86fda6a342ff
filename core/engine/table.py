"""The envelope every game state shares: chat, host, lobby members, phase and deadline, RNG, settings.

A game's state model subclasses :class:`TableState`. Phases are data: ``phase`` is the current phase id
(the rules spec's ids), ``phase_seq`` increases at every phase change (buttons carry it), and
``deadline_at`` is the phase's deadline in UTC epoch seconds (``None``: no deadline).

Hot state apart from history (design §3): ``log``, the game's events, is history: what a rule needs at
every input is in hot fields (who left the group, who was kicked), and only the recap reads the log. A
shell that keeps the history elsewhere hands ``decide`` a state whose log is :class:`Unread`: events are
logged into it as usual, and a rule that reads it raises :class:`HistoryNeeded`, so the shell decides
again with the log filled in. The pure core (bots, ``simulate``, tests) keeps a plain list.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from core.engine.history import Unread as Unread  # re-exported: the shell marks a log unread
from core.engine.result import Event
from core.engine.rng import Rng
from core.engine.structural import copied, differs

LOBBY = "lobby"
ENDED = "ended"
CANCELLED = "cancelled"
#: The fields of a state that only ever grow: items once added are never changed (``TableState.fork``).
APPEND_ONLY = ("log",)


class Member(BaseModel):
    """A person at the table: platform-qualified ``user_id`` and display ``name``."""

    model_config = ConfigDict(frozen=True)

    user_id: str
    name: str


class TableState(BaseModel):
    """Shared game envelope. ``created_at``/``deadline_at`` are UTC epoch seconds."""

    game: str
    game_id: str
    chat_id: str
    locale: str = "ja"
    host: str
    members: list[Member] = Field(default_factory=list)
    phase: str = LOBBY
    phase_seq: int = 0
    deadline_at: int | None = None
    #: The ``phase_seq`` whose reminder was sent (``Remind``, [ADZ-11.8]) and how many seconds before
    #: its deadline (``reminded_before``; None: 30): each reminder of a phase is sent once, and none
    #: after a closer one. Left out of the stored JSON while None (the states of short games are unchanged).
    reminded_seq: int | None = None
    reminded_before: int | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Seconds the phase had left when the host paused it (``deadline_at`` is then None); None: running.
    paused_left: int | None = None
    #: Discussion control of phase ``seq``: who extended, who voted to skip (``core.engine.control``).
    control: dict[str, Any] = Field(default_factory=dict)
    #: Seat → phases missed in a row (``core.engine.afk``): 2 or more is idle in ``/status``.
    missed: dict[int, int] = Field(default_factory=dict)
    created_at: int = 0
    rng: Rng = Field(default_factory=Rng)
    settings: dict[str, Any] = Field(default_factory=dict)
    #: The game's events, oldest first (history: see the module docstring).
    log: list[Event] = Field(default_factory=list)
    #: Members the shell could not message in their 1:1 chat (blocked the bot, …).
    unreachable: list[str] = Field(default_factory=list)
    #: Seats whose player left the group during the game (``LeftChat``; logged as ``PlayerLeft``).
    left: list[int] = Field(default_factory=list)
    #: Seats the host removed (``Kick``; logged as ``PlayerKicked``, ``core.engine.afk``).
    kicked: list[int] = Field(default_factory=list)
    #: Users watching the game without a seat (``/watch``; at most ``core.engine.afterlife.MAX_SPECTATORS``).
    #: Left out of the stored JSON while empty: a game nobody watches is stored as before.
    spectators: list[Member] = Field(default_factory=list, exclude_if=lambda spectators: not spectators)
    #: Spectators the shell muted in the group (``SpectatorMuted``): with 霊界表示 on they are shown what
    #: the dead are shown (``core.engine.afterlife.seeing``); a subset of ``spectators``' user ids.
    muted_spectators: list[str] = Field(default_factory=list, exclude_if=lambda muted: not muted)

    @property
    def is_over(self) -> bool:
        return self.phase in (ENDED, CANCELLED)

    def member(self, user_id: str) -> Member | None:
        return next((m for m in self.members if m.user_id == user_id), None)

    def fork(self) -> Self:
        """An independent copy to build the next state on (``decide`` never mutates its input): a
        structural copy sharing the immutable parts (:func:`core.engine.structural.copied`), and a new
        list holding the same events for the append-only ``log`` (an event is never changed once logged),
        so a long game's log is not copied at every command."""
        return copied(self, append_only=APPEND_ONLY)

    def differs_from(self, original: Self) -> bool:
        """Whether this state, a :meth:`fork` of ``original`` since changed or not, holds other values
        (pydantic's ``!=``, without looking into the parts still shared:
        :func:`core.engine.structural.differs`)."""
        return differs(self, original, append_only=APPEND_ONLY)

    def seconds_left(self, now: int) -> int:
        """Seconds until the phase closes at ``now`` (UTC epoch seconds): while paused, what the pause
        holds; without a deadline, 0."""
        if self.paused_left is not None:
            return self.paused_left
        return max(0, (self.deadline_at or now) - now)

    def enter(self, phase: str, *, now: int, seconds: int | None) -> None:
        """Move to ``phase`` with a deadline ``seconds`` from ``now`` (``None``: no deadline)."""
        self.phase = phase
        self.phase_seq += 1
        self.deadline_at = None if seconds is None else now + seconds
        self.paused_left = None  # a pause holds one phase's clock; the next phase's runs
