"""Fixtures of the end-to-end tests: the fake Bot API, DynamoDB on moto, and a log of rendered notices."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from handlers import outbox
from infra.dynamodb import DynamoStore
from tests.e2e.harness import NoticeLog, moto_store
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
def notices(monkeypatch: pytest.MonkeyPatch) -> NoticeLog:
    """Every notice the service renders into its outbox, with its recipients (observed, not changed)."""
    log = NoticeLog()
    monkeypatch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
    return log
