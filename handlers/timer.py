"""The timer Lambda: ``handler(event, context)`` closes a phase when its deadline is reached (design §5).

A wake-up is the JSON object ``{"game_id": str, "phase_seq": int}``. It arrives either as the event itself
(direct or scheduled invocation) or as the ``body`` of each record of an SQS event (the delayed queue,
``DelaySeconds`` ≤ 900). Each wake-up becomes ``Service.fire_timer(game_id, phase_seq, now=<UTC epoch
s>)``: the core closes the phase only if it is still phase ``phase_seq`` and its deadline has passed, so a
stale or early timer is a no-op (and every inbound event catches up overdue deadlines anyway).

A game's platform is the prefix of its chat ids (``tg:`` → Telegram): the outbox is sent through a sender
that builds each platform's client lazily, on the first message for that platform, so a Telegram game
never loads LINE code and the reverse. Per container, built once: one asyncio event loop, the store and
the service. Tests inject the service and a fake clock with :func:`configure`.

Answers: for an SQS event ``{"batchItemFailures": [{"itemIdentifier": <messageId>}, …]}`` (the records
whose firing raised, for SQS to redeliver: Lambda ``ReportBatchItemFailures``); for a direct event
``{"fired": 0 | 1}``, and an error raised by the service propagates (Lambda retries). A malformed wake-up
is logged and dropped (retrying it cannot help).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from aws_lambda_powertools import Logger

from handlers.messages import OutMessage, Sender

logger = Logger()

SenderFactory = Callable[[], Coroutine[Any, Any, Sender]]


class FiresTimers(Protocol):
    """The part of ``handlers.service.Service`` the timer calls."""

    async def fire_timer(self, game_id: str, phase_seq: int, *, now: int) -> None: ...


@dataclass(frozen=True)
class WakeUp:
    """One timer message: close phase ``phase_seq`` of game ``game_id`` if it is due."""

    game_id: str
    phase_seq: int


class _Container:
    loop: asyncio.AbstractEventLoop | None = None
    service: FiresTimers | None = None
    clock: Callable[[], float] = time.time


def configure(*, service: FiresTimers, clock: Callable[[], float] = time.time) -> None:
    """Use ``service`` (for every game) and ``clock`` (UTC epoch seconds) instead of the AWS-backed
    defaults: tests fire timers with a fake clock."""
    _Container.service = service
    _Container.clock = clock


def handler(event: dict[str, Any], context: object) -> dict[str, Any]:
    """The Lambda entry point; see the module docstring for the event and the answer."""
    records = event.get("Records")
    if isinstance(records, list):
        return {"batchItemFailures": [failed for record in records if (failed := _fire_record(record))]}
    wake_up = parse_wake_up(event)
    if wake_up is None:
        return {"fired": 0}
    _fire(wake_up)
    return {"fired": 1}


def parse_wake_up(data: object) -> WakeUp | None:
    """The wake-up in ``data`` (a dict, or JSON text of one), or ``None`` (logged) when it is not one."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            data = None
    if isinstance(data, dict):
        game_id, phase_seq = data.get("game_id"), data.get("phase_seq")
        if isinstance(phase_seq, bool):  # JSON true/false is not a phase number
            phase_seq = None
        if isinstance(game_id, str) and game_id and isinstance(phase_seq, int) and phase_seq >= 0:
            return WakeUp(game_id, phase_seq)
    logger.warning("malformed timer wake-up dropped")
    return None


def _fire_record(record: dict[str, Any]) -> dict[str, str] | None:
    """Fire one SQS record; its batch-failure entry if firing raised, else ``None``."""
    wake_up = parse_wake_up(record.get("body"))
    if wake_up is None:
        return None
    try:
        _fire(wake_up)
    except Exception:
        logger.exception("timer failed; SQS will redeliver", extra={"game_id": wake_up.game_id})
        return {"itemIdentifier": str(record.get("messageId", ""))}
    return None


def _fire(wake_up: WakeUp) -> None:
    now = int(_Container.clock())
    logger.info("timer fired", extra={"game_id": wake_up.game_id, "phase_seq": wake_up.phase_seq})
    fired = _service().fire_timer(wake_up.game_id, wake_up.phase_seq, now=now)
    _loop().run_until_complete(fired)


class PlatformSender:
    """A :class:`~handlers.messages.Sender` that sends each message through its platform's sender,
    picked by the chat id prefix (``tg:``) and built by ``factories[prefix]`` on first use.

    Raises ``ValueError`` for a chat id of no known platform (the service keeps it in the outbox).
    """

    def __init__(self, factories: Mapping[str, SenderFactory]) -> None:
        self._factories = factories
        self._built: dict[str, Sender] = {}

    async def send(self, message: OutMessage) -> None:
        prefix = message.chat_id.partition(":")[0] + ":"
        sender = self._built.get(prefix)
        if sender is None:
            factory = self._factories.get(prefix)
            if factory is None:
                raise ValueError(f"no platform sender for chat {message.chat_id!r}")
            sender = self._built[prefix] = await factory()
        await sender.send(message)


async def _telegram_sender() -> Sender:
    """The Telegram sender: token from :mod:`infra.settings`, username from env, else ``getMe``."""
    from telegram import Bot

    from handlers.telegram.sender import TelegramSender
    from handlers.telegram.webhook import USERNAME_ENV
    from infra import settings

    bot = Bot(settings.telegram_token())
    username = os.environ.get(USERNAME_ENV, "").removeprefix("@") or (await bot.get_me()).username
    return TelegramSender(bot, bot_username=username)


PLATFORMS: dict[str, SenderFactory] = {"tg:": _telegram_sender}


def _service() -> FiresTimers:
    """The container's service, built on first use from :mod:`infra.settings` (AWS)."""
    if _Container.service is None:
        from handlers.service import Service
        from handlers.telegram.speech import TelegramSpeech
        from infra import settings
        from infra.dynamodb import DynamoStore

        # Phase changes made by the timer mute and release Telegram players too [ADZ-11.3].
        store = DynamoStore(settings.table_name())
        _Container.service = Service(store, PlatformSender(PLATFORMS), after_commit=TelegramSpeech())
    return _Container.service


def _loop() -> asyncio.AbstractEventLoop:
    if _Container.loop is None or _Container.loop.is_closed():
        _Container.loop = asyncio.new_event_loop()
    return _Container.loop
