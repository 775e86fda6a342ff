"""A freshly started timer container (nothing injected: its service and scheduler are built from the
settings, as on AWS) sends an early wake-up on towards its second instead of dropping it, so a phase
longer than SQS's 900 s still closes on time (design §5)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

from core.engine.table import TableState
from handlers import timer
from infra.dynamodb import DynamoStore, create_table
from infra.store import Change, blank
from infra.timers import WakeUp

TABLE = "jinro-gm-cold-timer"
NOW = 1_767_225_600


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The AWS a cold timer container meets (moto): the table, the timer queue and the settings naming
    them; the container holds nothing yet. Yields the queue URL."""
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        create_table(boto3.client("dynamodb"), TABLE)
        url = boto3.client("sqs").create_queue(QueueName="jinro-gm-timer")["QueueUrl"]
        monkeypatch.setenv("TABLE_NAME", TABLE)
        monkeypatch.setenv("TIMER_QUEUE_URL", url)
        monkeypatch.setattr(timer._Container, "service", None)
        monkeypatch.setattr(timer._Container, "scheduler", None)
        monkeypatch.setattr(timer._Container, "clock", lambda: NOW)
        yield url


def test_a_cold_container_sends_an_early_wake_up_on_instead_of_dropping_it(cold: str) -> None:
    state = TableState(game="adazakura", game_id="gcold001", chat_id="tg:-1", host="tg:1", phase="night",
                       phase_seq=3, deadline_at=NOW + 2000)  # fmt: skip
    DynamoStore(TABLE).commit(blank("gcold001"), Change(state=state.model_dump_json()))
    early = WakeUp("gcold001", 3, "deadline", at=NOW + 2000)
    record = {"messageId": "m1", "body": early.dump(), "eventSource": "aws:sqs"}

    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}

    sqs = boto3.client("sqs")
    attributes = sqs.get_queue_attributes(
        QueueUrl=cold, AttributeNames=["ApproximateNumberOfMessagesDelayed"]
    )
    assert attributes["Attributes"]["ApproximateNumberOfMessagesDelayed"] == "1"


def test_a_cold_container_drops_an_early_wake_up_whose_phase_has_ended(cold: str) -> None:
    """SQS cannot delete a delayed message: a hop of a phase that ended early stops here."""
    state = TableState(game="adazakura", game_id="gcold002", chat_id="tg:-1", host="tg:1", phase="discussion",
                       phase_seq=4, deadline_at=NOW + 300)  # fmt: skip
    DynamoStore(TABLE).commit(blank("gcold002"), Change(state=state.model_dump_json()))
    stale = WakeUp("gcold002", 3, "deadline", at=NOW + 2000)
    record = {"messageId": "m2", "body": stale.dump(), "eventSource": "aws:sqs"}

    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}

    attributes = boto3.client("sqs").get_queue_attributes(
        QueueUrl=cold, AttributeNames=["ApproximateNumberOfMessagesDelayed", "ApproximateNumberOfMessages"]
    )["Attributes"]
    assert (attributes["ApproximateNumberOfMessagesDelayed"], attributes["ApproximateNumberOfMessages"]) == (
        "0",
        "0",
    )


def test_a_record_that_is_not_an_object_is_dropped_not_retried(cold: str) -> None:
    assert timer.handler({"Records": ["x", json.dumps({"game_id": 1})]}, None) == {"batchItemFailures": []}
