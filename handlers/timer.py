"""The timer Lambda: ``handler(event, context)`` wakes a game at a second it asked for (design §5).

A wake-up (:class:`infra.timers.WakeUp`, JSON ``{"game_id", "phase_seq", "kind", "at"}``; the older
``{"game_id", "phase_seq"}`` reads as a deadline due at once) arrives either as the event itself (direct or
scheduled invocation) or as the ``body`` of each record of an SQS event (the timer queue, whose
``DelaySeconds`` is at most 900 s). A wake-up that arrives before its ``at`` is sent again through the
scheduler with the remaining delay (at most 900 s per hop), so any wait arrives at the right second, unless
its phase has ended, been paused or had its deadline moved (``Wakes.still_wanted``, one read of the
game): then it is dropped, so a phase that ends early leaves no hops behind after the next one; a due one
becomes ``Service.wake(wake_up, now=<UTC epoch s>)``: ``deadline`` closes phase ``phase_seq``, ``remind``
sends its reminder (30 s, or an hour and ten minutes before a long phase ends), ``flush`` sends what the
game's outbox still holds. The core checks the phase and the time, so a stale or duplicated wake-up
changes nothing (and every inbound event catches up overdue deadlines anyway).

A game's platform is the prefix of its chat ids (``tg:`` → Telegram): the outbox is sent through a sender
that builds each platform's client lazily, on the first message for that platform, so a Telegram game
never loads LINE code and the reverse. Per container, built once: one asyncio event loop, the store, the
scheduler (:func:`handlers.wakeups.queue_scheduler`) and the service. Tests inject the service, a fake
clock and a scheduler with :func:`configure`.

Answers: for an SQS event ``{"batchItemFailures": [{"itemIdentifier": <messageId>}, …]}`` (the records
whose firing or re-sending raised, for SQS to redeliver: Lambda ``ReportBatchItemFailures``); for a direct
event ``{"fired": 0 | 1}`` (1 also for a wake-up re-sent because it is early), and an error raised by the
service propagates (Lambda retries). A malformed wake-up is logged and dropped (retrying it cannot help).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Coroutine, Mapping
from typing import Any, Protocol

from aws_lambda_powertools import Logger

from handlers import observability
from handlers.container import ContainerLoop
from handlers.messages import BatchSender, EditingSender, Outcome, OutMessage, Sender
from handlers.recap.links import RecapLinks, Site
from infra.timers import Scheduler, WakeUp, parse_wake_up

logger = Logger()

SenderFactory = Callable[[], Coroutine[Any, Any, Sender]]


class Wakes(Protocol):
    """The part of ``handlers.service.Service`` the timer calls."""

    async def wake(self, wake_up: WakeUp, *, now: int, delivery_id: str | None = None) -> Any: ...

    def still_wanted(self, wake_up: WakeUp) -> bool:
        """Whether an early wake-up should hop on (``handlers.wakeups.wanted``)."""
        ...


class _Container:
    service: Wakes | None = None
    scheduler: Scheduler | None = None
    clock: Callable[[], float] = time.time


#: The container's event loop (kept between invocations).
LOOP = ContainerLoop()


def configure(
    *, service: Wakes, clock: Callable[[], float] = time.time, scheduler: Scheduler | None = None
) -> None:
    """Use ``service`` (for every game), ``clock`` (UTC epoch seconds) and ``scheduler`` (where early
    wake-ups are sent again; ``None``: an early wake-up is handed to the service, whose core refuses what
    is not due yet) instead of the AWS-backed defaults: tests fire timers with a fake clock."""
    _Container.service = service
    _Container.clock = clock
    _Container.scheduler = scheduler


def handler(event: dict[str, Any], context: object) -> dict[str, Any]:
    """The Lambda entry point; see the module docstring for the event and the answer."""
    records = event.get("Records")
    if isinstance(records, list):
        return {"batchItemFailures": [failed for record in records if (failed := _fire_record(record))]}
    wake_up = _parse(event)
    if wake_up is None:
        return {"fired": 0}
    _fire(wake_up)
    return {"fired": 1}


def _parse(data: object) -> WakeUp | None:
    """The wake-up in ``data``, or ``None`` (logged) when it is not one."""
    wake_up = parse_wake_up(data)
    if wake_up is None:
        logger.warning("malformed timer wake-up dropped")
    return wake_up


def _fire_record(record: dict[str, Any]) -> dict[str, str] | None:
    """Fire one SQS record; its batch-failure entry if firing raised, else ``None``."""
    wake_up = _parse(record.get("body") if isinstance(record, dict) else None)
    if wake_up is None:
        return None
    try:
        _fire(wake_up, delivery_id=f"sqs:{record.get('messageId', '')}" if record.get("messageId") else None)
    except Exception:
        logger.exception("timer failed; SQS will redeliver", extra={"game_id": wake_up.game_id})
        return {"itemIdentifier": str(record.get("messageId", ""))}
    return None


def _fire(wake_up: WakeUp, delivery_id: str | None = None) -> None:
    """Send ``wake_up`` on towards its ``at`` if it is early and there is a scheduler, else wake the game;
    either way one input log line (:mod:`handlers.observability`; ``failed`` before an error propagates)."""
    started = time.perf_counter()
    now = int(_Container.clock())
    command = {"deadline": "timeout"}.get(wake_up.kind, wake_up.kind)
    outcome = Outcome(result="failed")
    try:
        service = _service()  # builds the container's scheduler too: an early wake-up needs it
        if now < wake_up.at and _Container.scheduler is not None:
            if not service.still_wanted(wake_up):
                outcome = Outcome(result="ignored", reason="timer.stale")
                return
            _Container.scheduler.schedule(wake_up, now=now)
            outcome = Outcome(result="ignored", reason="timer.early")
            return
        refusal = LOOP.run(service.wake(wake_up, now=now, delivery_id=delivery_id))
        outcome = observability.outcome_of(refusal)
    finally:
        traced = observability.traced(outcome, wake_up.game_id, None, command)
        observability.log_input(logger, source="timer", outcome=traced, started=started)


class PlatformSender:
    """A :class:`~handlers.messages.Sender` (and :class:`~handlers.messages.BatchSender`) that sends each
    message through its platform's sender, picked by the chat id prefix (``tg:``, ``line:``) and built by
    ``factories[prefix]`` on first use. ``batch_limits``: messages per call by prefix (LINE: 5 message
    objects per push; others 1). ``editing``: the prefixes whose sender is an
    :class:`~handlers.messages.EditingSender` (Telegram), so the flush edits slot messages there too.
    ``reply_only(prefix)``: whether that platform answers only replies (LINE's free mode), asked before its
    sender is built.

    Raises ``ValueError`` for a chat id of no known platform (the service keeps it in the outbox).
    """

    def __init__(
        self,
        factories: Mapping[str, SenderFactory],
        batch_limits: Mapping[str, int] | None = None,
        editing: Collection[str] = (),
        reply_only: Callable[[str], bool] | None = None,
    ):
        self._factories = factories
        self._limits = dict(batch_limits or {})
        self._editing = frozenset(editing)
        self._reply_only = reply_only or (lambda prefix: False)
        self._built: dict[str, Sender] = {}

    def edits(self, chat_id: str) -> bool:
        return _prefix(chat_id) in self._editing

    def budgeted(self, chat_id: str) -> bool:
        """Whether the chat's platform sender spends a budget (``LineSender.budgeted``); a platform not
        built yet is asked when it is."""
        check = getattr(self._built.get(_prefix(chat_id)), "budgeted", None)
        return bool(check(chat_id)) if callable(check) else False

    def sendable(self, chat_id: str) -> bool:
        """Whether the chat's platform can take a message now (no reply token here: LINE's free mode
        cannot); a platform whose sender is not built yet is asked through ``reply_only``."""
        prefix = _prefix(chat_id)
        sender = self._built.get(prefix)
        check = getattr(sender, "sendable", None)
        if callable(check):
            return bool(check(chat_id))
        return not (sender is None and self._reply_only(prefix))

    async def deliver(self, message: OutMessage) -> list[str]:
        """Through the chat's :class:`~handlers.messages.EditingSender` (only for a prefix in
        ``editing``); raises ``TypeError`` if that platform's sender cannot edit."""
        sender = await self._sender(message.chat_id)
        if not isinstance(sender, EditingSender):
            raise TypeError(f"the sender for {message.chat_id!r} cannot edit messages")
        return await sender.deliver(message)

    def batch_limit(self, chat_id: str) -> int:
        return self._limits.get(_prefix(chat_id), 1)

    async def send(self, message: OutMessage) -> None:
        await (await self._sender(message.chat_id)).send(message)

    async def send_batch(self, messages: list[OutMessage], *, spent: int) -> tuple[int, int]:
        sender = await self._sender(messages[0].chat_id)
        if isinstance(sender, BatchSender):
            return await sender.send_batch(messages, spent=spent)
        await sender.send(messages[0])  # one per call (batch_limit 1): nothing is sent twice on a failure
        return 1, 0

    async def _sender(self, chat_id: str) -> Sender:
        prefix = _prefix(chat_id)
        sender = self._built.get(prefix)
        if sender is None:
            factory = self._factories.get(prefix)
            if factory is None:
                raise ValueError(f"no platform sender for chat {chat_id!r}")
            sender = self._built[prefix] = await factory()
        return sender


def _prefix(chat_id: str) -> str:
    return chat_id.partition(":")[0] + ":"


async def _telegram_sender() -> Sender:
    """The Telegram sender: token from :mod:`infra.settings`, username from env, else ``getMe``."""
    from handlers.telegram.client import new_bot
    from handlers.telegram.sender import TelegramSender
    from handlers.telegram.webhook import USERNAME_ENV
    from infra import settings

    bot = new_bot(settings.telegram_token())
    username = os.environ.get(USERNAME_ENV, "").removeprefix("@") or (await bot.get_me()).username
    return TelegramSender(bot, bot_username=username, miniapp=settings.telegram_miniapp())


async def _line_sender() -> Sender:
    """The LINE sender as the LINE function builds it (:mod:`infra.settings`): in free mode it only holds
    a game's messages for the next reply (``AwaitingReply``); in push mode it pushes within the budget."""
    from handlers.line.runtime import sender_from_settings

    return sender_from_settings()


PLATFORMS: dict[str, SenderFactory] = {"tg:": _telegram_sender, "line:": _line_sender}
#: Messages per platform call, by chat id prefix: LINE takes 5 message objects per push (Messaging API
#: reference, "Send push message"); Telegram one message per ``sendMessage``.
BATCH_LIMITS = {"line:": 5}
#: Chat id prefixes whose sender edits messages (``editMessageText``): slot messages are edited in place.
EDITING = ("tg:",)


def _service() -> Wakes:
    """The container's service (and scheduler), built on first use from :mod:`infra.settings` (AWS)."""
    if _Container.service is None:
        from handlers.delivery import Throttle
        from handlers.line.runtime import reminds
        from handlers.service import Service
        from handlers.telegram.speech import TelegramSpeech
        from handlers.wakeups import queue_scheduler
        from infra import settings
        from infra.dynamodb import DynamoStore

        store = DynamoStore(settings.table_name())
        _Container.scheduler = queue_scheduler()
        # Phase changes made by the timer mute and release Telegram players too [ADZ-11.3].
        service = Service(
            store,
            PlatformSender(PLATFORMS, BATCH_LIMITS, EDITING, reply_only=_reply_only),
            after_commit=TelegramSpeech(),
            scheduler=_Container.scheduler,
            reminds=reminds,
            settings_for=_settings_for,
            throttle=Throttle(),
        )
        service.runner.recap = recap_sites()
        _Container.service = service
    return _Container.service


def recap_sites() -> RecapLinks:
    """Where the games the timer ends link their recaps: each platform's function
    (``infra.settings.telegram_function_url``, ``line_function_url``), its tokens keyed with the
    platform's token as there."""
    from infra import settings

    found = {
        "tg:": (settings.telegram_function_url(), settings.telegram_token),
        "line:": (settings.line_function_url(), settings.line_channel_access_token),
    }
    return RecapLinks({prefix: Site(base, key) for prefix, (base, key) in found.items() if base is not None})


def _reply_only(prefix: str) -> bool:
    """Whether a platform's messages can only go as replies here (LINE's free mode: the timer has none)."""
    if prefix != "line:":
        return False
    from handlers.line.sender import FREE
    from infra import settings

    return settings.line_delivery() == FREE


def _settings_for(chat_id: str) -> dict[str, Any]:
    """The operator's settings for a game's chat, from its platform's function (the console settings)."""
    if chat_id.startswith("line:"):
        from handlers.line.runtime import settings_for as line_settings

        return line_settings(chat_id)
    from handlers.telegram.webhook import settings_for as telegram_settings

    return telegram_settings(chat_id)
