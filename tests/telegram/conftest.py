"""Fixtures of the Telegram adapter tests: the fake Bot API server and a Bot pointed at it.

No ``__init__.py`` here on purpose: a regular package named ``telegram`` under tests/ would shadow
python-telegram-bot whenever tests/ is on ``sys.path``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from telegram import Bot

from infra.dynamodb import DynamoStore
from tests.e2e.harness import moto_store
from tests.fakes.telegram_api import FakeTelegramApi


@pytest.fixture
def api() -> Iterator[FakeTelegramApi]:
    with FakeTelegramApi() as fake:
        yield fake


@pytest.fixture
def store() -> Iterator[DynamoStore]:
    """The production store on moto's in-process DynamoDB."""
    with moto_store() as dynamo:
        yield dynamo


@pytest.fixture
async def bot(api: FakeTelegramApi) -> AsyncIterator[Bot]:
    async with api.bot() as client:
        yield client
