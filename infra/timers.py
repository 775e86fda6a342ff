"""Timer wake-ups: the message the timer Lambda (``handlers.timer``) receives, and the schedulers that
deliver it at the right second (design §5).

A wake-up is the JSON object ``{"game_id": str, "phase_seq": int, "kind": str, "at": int}``:

- ``kind``: ``deadline`` (close phase ``phase_seq`` when its deadline has passed), ``remind`` (a
  reminder of that phase's open choices: 30 s, or an hour and ten minutes, before its deadline),
  ``flush`` (send what the game's outbox still holds, e.g. after a 429 or a paced group);
- ``at``: when it is due (UTC epoch seconds). SQS delays a message by at most 900 s
  (``DelaySeconds``, Amazon SQS Developer Guide, "Amazon SQS delay queues"): a wake-up that arrives before
  ``at`` is sent again with the remaining delay, so waits of any length arrive on time.

Older wake-ups without ``kind``/``at`` read as ``deadline`` wake-ups due at once. :class:`SqsScheduler` is
the AWS one; :class:`MemoryScheduler` keeps them in a list (tests, local runs).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol, TypeGuard

if TYPE_CHECKING:
    from mypy_boto3_sqs import SQSClient

Kind = Literal["deadline", "remind", "flush"]
KINDS: tuple[Kind, ...] = ("deadline", "remind", "flush")
#: The longest delay SQS gives one message (seconds).
MAX_DELAY = 900
#: A game id as the service makes them; anything else names no game (and could not be a store key).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: Above any phase count or epoch second (a DynamoDB number, a JSON-safe integer).
MAX_COUNT = 2**53


@dataclass(frozen=True)
class WakeUp:
    """Wake game ``game_id`` at ``at`` (UTC epoch seconds) for ``kind`` in phase ``phase_seq``."""

    game_id: str
    phase_seq: int
    kind: Kind = "deadline"
    at: int = 0

    def dump(self) -> str:
        """The message body (compact JSON)."""
        return json.dumps(asdict(self), separators=(",", ":"))


def parse_wake_up(data: object) -> WakeUp | None:
    """The wake-up in ``data`` (a dict, or JSON text of one), or ``None`` when it is not one."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
            return None
    if not isinstance(data, dict):
        return None
    game_id, phase_seq = data.get("game_id"), data.get("phase_seq")
    kind, at = data.get("kind", "deadline"), data.get("at", 0)
    if not (isinstance(game_id, str) and GAME_ID.fullmatch(game_id) and _count(phase_seq) and _count(at)):
        return None
    for known in KINDS:
        if kind == known:
            return WakeUp(game_id, phase_seq, known, at)
    return None


def _count(value: object) -> TypeGuard[int]:
    """A non-negative int below :data:`MAX_COUNT` that is not a JSON ``true``/``false``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_COUNT


def delay_of(wake_up: WakeUp, now: int) -> int:
    """The ``DelaySeconds`` that brings ``wake_up`` closest to its ``at``: 0 to :data:`MAX_DELAY`."""
    return max(0, min(MAX_DELAY, wake_up.at - now))


class Scheduler(Protocol):
    """Delivers a wake-up to the timer at (or, when more than 900 s away, towards) its ``at``."""

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        """Send ``wake_up``; ``now`` is the current UTC epoch second. Errors propagate."""
        ...


class SqsScheduler:
    """:class:`Scheduler` on the timer queue ``queue_url`` (SQS ``SendMessage`` with ``DelaySeconds``).

    ``client``: a boto3 SQS client (default: one from the environment, "standard" retries, made on the
    first wake-up: an input that changes no phase schedules nothing and never needs it).
    """

    def __init__(self, queue_url: str, client: SQSClient | None = None) -> None:
        self._queue_url = queue_url
        self._client = client

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        if self._client is None:
            self._client = _default_client()
        self._client.send_message(
            QueueUrl=self._queue_url, MessageBody=wake_up.dump(), DelaySeconds=delay_of(wake_up, now)
        )


def _default_client() -> SQSClient:
    """An SQS client from the environment with "standard" retries. boto3 is imported here, not with the
    module: the runner and the local playground use the wake-up types without paying boto3's import
    time."""
    import boto3
    from botocore.config import Config

    return boto3.client("sqs", config=Config(retries={"mode": "standard"}))


@dataclass
class MemoryScheduler:
    """:class:`Scheduler` that keeps every wake-up in ``scheduled`` (tests, local runs)."""

    scheduled: list[WakeUp] = field(default_factory=list)

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        self.scheduled.append(wake_up)

    def due(self, now: int) -> list[WakeUp]:
        """Remove and return the wake-ups due at ``now``, in order of ``at``."""
        due = sorted((w for w in self.scheduled if w.at <= now), key=lambda w: w.at)
        self.scheduled = [w for w in self.scheduled if w.at > now]
        return due
