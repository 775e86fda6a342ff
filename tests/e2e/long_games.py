"""Long games played through the webhook with the timer Lambda fed the wake-ups the service scheduled
(docs/architecture.md "Timers" and "Long games"): each wake-up is delivered at its own second, as the SQS
delay queue and its hops would hand it over, on a Telegram or a LINE table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import core.i18n as i18n
from infra.timers import MemoryScheduler, WakeUp


def text(game: str, key: str, **params: object) -> str:
    """The Japanese catalog text ``key`` of ``game``."""
    return i18n.text(key, "ja", game, **params)  # type: ignore[arg-type]


def long_reminder(game: str, minutes: int, time: str) -> str:
    """The reminder ``minutes`` before a deadline at ``time`` JST on 1 January (``remind.choice.long``)."""
    return text(game, "remind.choice.long", left=minutes * 60, month=1, day=1, time=time, abbr="JST")


@dataclass
class LongRun:
    """A table with a clock (``table.now``, UTC epoch seconds), the wake-ups its services scheduled, and
    ``deliver``: the timer Lambda receiving one of them now."""

    table: Any
    wake_ups: MemoryScheduler
    deliver: Callable[[WakeUp], object]

    def run_until(self, second: int) -> None:
        """Deliver every wake-up due by ``second`` at its own second, in order."""
        while due := sorted((w for w in self.wake_ups.scheduled if w.at <= second), key=lambda w: w.at):
            self.wake_ups.scheduled.remove(due[0])
            self.table.now = max(self.table.now, due[0].at)
            self.deliver(due[0])
        self.table.now = max(self.table.now, second)

    def of_phase(self, seq: int) -> list[WakeUp]:
        return [w for w in self.wake_ups.scheduled if w.phase_seq == seq]

    def started(self) -> LongRun:
        """Drops the lobby's expiry (phase 0) once the game has started; returns this run."""
        self.wake_ups.scheduled = [w for w in self.wake_ups.scheduled if w.phase_seq != 0]
        return self
