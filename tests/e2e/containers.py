"""Lambda containers as separate processes: each pool worker is one warm container of the Telegram function.

A worker (forked from a fork server, a fresh interpreter: it shares nothing with the test process but its
arguments) builds what a container keeps between invocations: one ``telegram.Bot`` pointed at the fake Bot
API, one DynamoDB client for the local endpoint, and per table a :class:`~handlers.service.Service` over a
:class:`~infra.dynamodb.DynamoStore`, installed with ``handlers.telegram.webhook.configure``. Each
:func:`deliver` job is one POST of Telegram: ``handlers.telegram.webhook.handler`` with a Function URL event
carrying the real secret header, exactly as Lambda invokes it.

As in production (``webhook._runtime``), the service has a scheduler for its timer wake-ups: here a
``MemoryScheduler`` standing in for the SQS queue. A job returns the wake-ups it scheduled that are due at
its ``now`` (e.g. a ``flush`` wake-up for messages a busy flush left behind); the test plays the queue and
hands each to :func:`wake`, which runs ``handlers.timer.handler`` with an SQS event in a container (the
timer function: the same service here, as both only use the table and the Bot API). Wake-ups due later
(the new phase's deadline and reminder) are dropped: each test ends before they fall due.

Jobs that must race wait on a shared ``multiprocessing.Barrier`` (one per party size) right before the
handler is called, and, with ``gate_commit``, once more right before their first commit: then every racer
has loaded and decided on the same version, so all but one first commits must conflict (the worst case
of design §1). Workers return what the test cannot see from outside: the HTTP status and how many version
conflicts the delivery met.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, ClassVar

from devtools.store_server import dynamodb_client
from handlers import timer
from handlers.service import Service
from handlers.telegram import webhook
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore
from infra.store import Change, StoredGame, VersionConflict
from infra.timers import MemoryScheduler
from tests.fakes.telegram_api import carry_out
from tests.telegram.builders import webhook_event

#: Seconds a barrier waits for the other racers; only stops a broken run from hanging, never asserted.
DEADLOCK_GUARD = 120.0


@dataclass(frozen=True)
class Endpoints:
    """Where a container finds its world: the DynamoDB endpoint, the Bot API (token, base URL of the fake
    server, as ``FakeTelegramApi.base_url``), the bot's username and the webhook's secret token."""

    dynamodb: str
    bot_api: str
    token: str
    bot_username: str
    secret: str


@dataclass(frozen=True)
class Delivery:
    """One POST of ``update`` (a Telegram update as JSON text) to a container serving ``table``, at UTC
    epoch second ``now``. ``party``: the number of racers to wait for before posting (``None``: no wait);
    ``gate_commit``: also wait for them right before the first commit."""

    table: str
    update: str
    now: int
    party: int | None = None
    gate_commit: bool = False


@dataclass(frozen=True)
class Delivered:
    """The webhook's HTTP status, the version conflicts met on the way, which process served it, and the
    wake-ups (message bodies) it scheduled that are due now."""

    status: int
    conflicts: int
    pid: int
    wake_ups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Wake:
    """One SQS message ``body`` (a wake-up) for the timer function serving ``table``, at ``now``."""

    table: str
    body: str
    now: int


class _Container:
    endpoints: Endpoints | None = None
    barriers: ClassVar[dict[int, Any]] = {}
    bot: Any = None
    timer_bot: Any = None  # the timer is another Lambda: its own Bot (and event loop) over the same API
    client: Any = None
    stores: ClassVar[dict[str, RacingStore]] = {}
    serving: str | None = None
    now = 0
    queue: ClassVar[MemoryScheduler] = MemoryScheduler()


class RacingStore(DynamoStore):
    """The production store, counting version conflicts and holding the first commit of a gated delivery
    until every racer reaches its own."""

    conflicts = 0
    gate: Any = None

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        if self.gate is not None:
            gate, self.gate = self.gate, None
            gate.wait()
        try:
            return super().commit(base, change)
        except VersionConflict:
            self.conflicts += 1
            raise


def start(endpoints: Endpoints, barriers: dict[int, Any]) -> None:
    """The pool initializer: what a container builds once (``barriers``: party size → Barrier)."""
    from telegram import Bot

    _Container.endpoints = endpoints
    _Container.barriers = barriers
    _Container.bot = Bot(endpoints.token, base_url=endpoints.bot_api)
    _Container.timer_bot = Bot(endpoints.token, base_url=endpoints.bot_api)
    _Container.client = dynamodb_client(endpoints.dynamodb)


def deliver(job: Delivery) -> Delivered:
    """Post ``job.update`` to this container's webhook (after the barrier, when racing)."""
    store = _serve(job.table)
    _Container.now = job.now
    barrier = None if job.party is None else _Container.barriers[job.party]
    store.conflicts = 0
    store.gate = barrier if job.gate_commit else None
    _Container.queue.scheduled.clear()
    if barrier is not None:
        barrier.wait(DEADLOCK_GUARD)
    endpoints = _Container.endpoints
    assert endpoints is not None
    answer = webhook.handler(webhook_event(json.loads(job.update), endpoints.secret), None)
    carry_out(answer, endpoints.bot_api, endpoints.token)
    status = int(answer["statusCode"])
    return Delivered(status, store.conflicts, os.getpid(), _due(job.now))


def wake(job: Wake) -> tuple[str, ...]:
    """Hand one wake-up to the timer function, as SQS does; the wake-ups it scheduled that are due now.
    Raises AssertionError when the timer reports the record failed (SQS would deliver it again)."""
    _serve(job.table)
    _Container.now = job.now
    _Container.queue.scheduled.clear()
    answer = timer.handler({"Records": [{"messageId": "wake", "body": job.body}]}, None)
    assert answer == {"batchItemFailures": []}, answer
    return _due(job.now)


def _due(now: int) -> tuple[str, ...]:
    due = tuple(w.dump() for w in _Container.queue.due(now))
    _Container.queue.scheduled.clear()
    return due


def _clock() -> float:
    return float(_Container.now)


def _serve(table: str) -> RacingStore:
    """Point the webhook and the timer at ``table`` (a Service per switch; one store per table)."""
    endpoints = _Container.endpoints
    assert endpoints is not None
    store = _Container.stores.get(table)
    if store is None:
        store = _Container.stores[table] = RacingStore(table, _Container.client)
    if _Container.serving != table:
        sender = TelegramSender(_Container.bot, bot_username=endpoints.bot_username)
        service = Service(store, sender, scheduler=_Container.queue)
        webhook.configure(
            service=service,
            secret=endpoints.secret,
            bot=_Container.bot,
            bot_username=endpoints.bot_username,
            clock=_clock,
        )
        timer_sender = TelegramSender(_Container.timer_bot, bot_username=endpoints.bot_username)
        timer_service = Service(store, timer_sender, scheduler=_Container.queue)
        timer.configure(service=timer_service, clock=_clock, scheduler=_Container.queue)
        _Container.serving = table
    return store


@dataclass(frozen=True)
class Bump:
    """``tries`` read-then-conditional-write increments of the counter item ``key`` in ``table``, by racer
    ``me``, after the barrier of ``party`` racers."""

    table: str
    key: str
    me: str
    tries: int
    party: int


def bump(job: Bump) -> int:
    """Each try reads ``n`` and writes ``n + 1`` (appending ``me`` to ``winners``) on condition that ``n``
    is still stored; returns how many tries won."""
    client = _Container.client
    key = {"pk": {"S": job.key}}
    _Container.barriers[job.party].wait(DEADLOCK_GUARD)
    won = 0
    for _ in range(job.tries):
        n = int(client.get_item(TableName=job.table, Key=key, ConsistentRead=True)["Item"]["n"]["N"])
        try:
            client.update_item(
                TableName=job.table,
                Key=key,
                UpdateExpression="SET n = :next, winners = list_append(winners, :me)",
                ConditionExpression="n = :seen",
                ExpressionAttributeValues={
                    ":next": {"N": str(n + 1)},
                    ":seen": {"N": str(n)},
                    ":me": {"L": [{"S": job.me}]},
                },
            )
        except client.exceptions.ConditionalCheckFailedException:
            continue
        won += 1
    return won
