"""The contract of a platform's side effects of a committed change (e.g. muting the players without
speaking rights in a Telegram group, :mod:`handlers.telegram.speech`): planned before the write, so their
record is committed with the change and needs no write of its own (design §1), carried out right after it,
beside the messages (:mod:`handlers.sending`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.engine.commands import Command
from core.games import GameRules
from handlers.messages import OutMessage


@dataclass
class Done:
    """How a platform's side effects turned out when not as planned: ``record`` as it now stands,
    ``messages`` to send because of it (e.g. a reminder of who may speak once the bot lost the right to
    mute), and ``commands`` that tell the game what they found out (a spectator muted or not:
    ``SpectatorMuted``)."""

    record: dict[str, Any]
    messages: list[OutMessage] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)


@dataclass
class Prepared:
    """A platform's side effects of one commit: ``record``, its record as it will stand once they are done
    (committed with the change); ``messages``, extra messages of the commit (e.g. a reminder of who may
    speak); ``carry_out``, does them after the commit: :class:`Done` when they did not go as planned, else
    None."""

    record: dict[str, Any]
    messages: list[OutMessage] = field(default_factory=list)
    carry_out: Callable[[], Awaitable[Done | None]] | None = None


class AfterCommit(Protocol):
    """A platform's follow-up to each committed change of a game. ``key``: its record's key in the game's
    records (``Records.platform``)."""

    key: str

    async def prepare(
        self, rules: GameRules, state: Any, record: dict[str, Any], now: int
    ) -> Prepared | None:
        """What to do for ``state`` given what was done so far (``record``), or None for nothing. ``now``:
        UTC epoch seconds."""
        ...
