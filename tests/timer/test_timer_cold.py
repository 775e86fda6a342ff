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


def arrives(game_id: str, phase: str, phase_seq: int, deadline_at: int, wake_up: WakeUp) -> None:
    """A game ``game_id`` is stored in ``phase`` (number ``phase_seq``, ending at ``deadline_at``) when
    ``wake_up`` reaches the cold timer container as one SQS record; it answers with no failure."""
    state = TableState(game="adazakura", game_id=game_id, chat_id="tg:-1", host="tg:1", phase=phase,
                       phase_seq=phase_seq, deadline_at=deadline_at)  # fmt: skip
    DynamoStore(TABLE).commit(blank(game_id), Change(state=state.model_dump_json()))
    record = {"messageId": f"m-{game_id}", "body": wake_up.dump(), "eventSource": "aws:sqs"}
    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}


def test_a_cold_container_sends_an_early_wake_up_on_instead_of_dropping_it(cold: str) -> None:
    arrives("gcold001", "night", 3, NOW + 2000, WakeUp("gcold001", 3, "deadline", at=NOW + 2000))

    sqs = boto3.client("sqs")
    attributes = sqs.get_queue_attributes(
        QueueUrl=cold, AttributeNames=["ApproximateNumberOfMessagesDelayed"]
    )
    assert attributes["Attributes"]["ApproximateNumberOfMessagesDelayed"] == "1"


def test_a_cold_container_drops_an_early_wake_up_whose_phase_has_ended(cold: str) -> None:
    """SQS cannot delete a delayed message: a hop of a phase that ended early stops here."""
    arrives("gcold002", "discussion", 4, NOW + 300, WakeUp("gcold002", 3, "deadline", at=NOW + 2000))

    attributes = boto3.client("sqs").get_queue_attributes(
        QueueUrl=cold, AttributeNames=["ApproximateNumberOfMessagesDelayed", "ApproximateNumberOfMessages"]
    )["Attributes"]
    assert (attributes["ApproximateNumberOfMessagesDelayed"], attributes["ApproximateNumberOfMessages"]) == (
        "0",
        "0",
    )


def test_a_record_that_is_not_an_object_is_dropped_not_retried(cold: str) -> None:
    assert timer.handler({"Records": ["x", json.dumps({"game_id": 1})]}, None) == {"batchItemFailures": []}
