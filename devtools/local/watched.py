"""The playground's service: the real :class:`~handlers.service.Service`, watched for what its bots may
know. Every committed notice addressed to a team tells the bots who their teammates are, and every
accepted ``kill`` is the choice the team sees relayed [ADZ-11.6] (:class:`devtools.local.bots.Memory`).
Nothing else changes: the service decides, commits and sends exactly as on a platform.
"""

from __future__ import annotations

from typing import Any

from core.engine.commands import Act, Command
from core.engine.context import seat_of
from core.engine.notice import Notice
from devtools.local.bots import KILL, Memory
from handlers.service import Service


class WatchedService(Service):
    """``Service(...)`` plus ``memory``, what the bots learn (the arguments are the service's); it watches
    every commit through the runner's ``observer``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.memory = Memory()
        super().__init__(*args, observer=self._committed, **kwargs)

    def _committed(self, before: Any, notices: list[Notice], command: Command | None) -> None:
        """The bots hear the committed team notices; an accepted ``kill`` is remembered with its seat and
        phase."""
        self.memory.observe(notices)
        if before is None or not isinstance(command, Act) or command.action.kind != KILL:
            return
        seat = seat_of(before, command.user_id)
        if seat is not None:
            self.memory.sent(before.phase_seq, seat, command.action)
