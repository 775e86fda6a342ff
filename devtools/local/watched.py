"""The playground's service: the real :class:`~handlers.service.Service`, watched for what its bots may
know. Every committed notice addressed to a team tells the bots who their teammates are, and every
accepted ``kill`` is the choice the team sees relayed [ADZ-11.6] (:class:`devtools.local.bots.Memory`).
Nothing else changes: the service decides, commits and sends exactly as on a platform.
"""

from __future__ import annotations

from typing import Any

from core.engine.commands import Act, Command
from core.engine.notice import Notice
from core.engine.result import Rejected
from core.games import GameRules
from devtools.local.bots import KILL, Memory
from handlers.service import Service


class WatchedService(Service):
    """``Service(...)`` plus ``memory``, what the bots learn (the arguments are the service's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.memory = Memory()

    def _commit(
        self,
        rules: GameRules,
        state: Any,
        notices: list[Notice],
        version: int,
        delivery_id: str | None,
        now: int,
    ) -> None:
        """The service's commit; once it succeeded, the bots hear the committed team notices."""
        super()._commit(rules, state, notices, version, delivery_id, now)
        self.memory.observe(notices)

    async def apply(
        self, game_id: str, command: Command, *, delivery_id: str | None, now: int
    ) -> Rejected | None:
        """The service's ``apply``; an accepted ``kill`` is remembered with its seat and phase."""
        kill = command if isinstance(command, Act) and command.action.kind == KILL else None
        before = self._load_state(game_id) if kill is not None else None
        refusal = await super().apply(game_id, command, delivery_id=delivery_id, now=now)
        if kill is not None and before is not None and refusal is None:
            rules, state = before
            seat = rules.seat_of(state, kill.user_id)
            if seat is not None:
                self.memory.sent(state.phase_seq, seat, kill.action)
        return refusal
