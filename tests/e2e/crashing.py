"""A webhook Lambda container that dies at the worst moment: run in its own process (multiprocessing,
spawn), it handles one Telegram update against the shared DynamoDB endpoint (``devtools.store_server``) and
the test's fake Bot API, and ``os._exit`` s right after its commit, before sending anything. See
``tests/e2e/test_telegram_crash.py``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal

from telegram import Bot

from devtools.store_server import dynamodb_client
from handlers.service import Service
from handlers.telegram import webhook
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore
from infra.store import Change, StoredGame
from tests.e2e.harness import GAME_ID, SECRET, SEED
from tests.fakes.telegram_api import BOT_USERNAME
from tests.telegram.builders import webhook_event

#: The exit code of a container that died where it was told to.
CRASHED = 17
#: The exit code of a container that got through the update alive (the test failed to crash it).
SURVIVED = 0

Moment = Literal["commit"]


@dataclass(frozen=True)
class Crash:
    """Where the container finds everything, the update it handles, its clock (UTC epoch s) and when it
    dies: ``commit`` (right after the game's write)."""

    endpoint: str
    table: str
    api_url: str
    token: str
    update: dict[str, Any]
    now: int
    at: Moment


class DyingStore(DynamoStore):
    def __init__(self, crash: Crash) -> None:
        super().__init__(crash.table, dynamodb_client(crash.endpoint))
        self._at = crash.at

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        stored = super().commit(base, change)
        if self._at == "commit":
            os._exit(CRASHED)
        return stored


def handle_and_die(crash: Crash) -> None:
    """The container's one invocation (the process target)."""
    bot = Bot(crash.token, base_url=crash.api_url)
    service = Service(
        DyingStore(crash),
        TelegramSender(bot, bot_username=BOT_USERNAME),
        new_id=lambda: GAME_ID,
        new_seed=lambda: SEED,
    )
    webhook.configure(
        service=service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=lambda: crash.now
    )
    webhook.handler(webhook_event(crash.update, SECRET), None)
    os._exit(SURVIVED)
