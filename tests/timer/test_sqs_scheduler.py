"""The SQS scheduler on moto: each wake-up is one message whose body is the wake-up and whose
``DelaySeconds`` hides it until its second (at most 900 s); a received message, shaped as the SQS event
Lambda hands the timer ("Using Lambda with Amazon SQS", AWS Lambda Developer Guide), drives the game.

moto hides a delayed message until its wall-clock time has come; its clock is replaced by the test's fake
clock (``moto.sqs.models.unix_time_millis``/``unix_time``), so no test waits.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import boto3
import moto.sqs.models
import pytest
from moto import mock_aws

from handlers import timer
from infra.timers import SqsScheduler, WakeUp
from tests.timer.clocked import START, Clocked, long_reminder

if TYPE_CHECKING:
    from mypy_boto3_sqs import SQSClient

REGION = "ap-northeast-1"


class Queue:
    """A moto SQS queue and the fake clock it reads (UTC epoch seconds)."""

    def __init__(self, client: SQSClient, url: str, arn: str) -> None:
        self.client, self.url, self.arn = client, url, arn
        self.now = START

    def bodies(self) -> list[dict[str, Any]]:
        """Receive and delete what is visible now; the parsed bodies."""
        return [json.loads(m["Body"]) for m in self.receive()]

    def receive(self) -> list[dict[str, Any]]:
        messages = self.client.receive_message(QueueUrl=self.url, MaxNumberOfMessages=10).get("Messages", [])
        for m in messages:
            self.client.delete_message(QueueUrl=self.url, ReceiptHandle=m["ReceiptHandle"])
        return [dict(m) for m in messages]

    def lambda_event(self) -> dict[str, Any]:
        """What is visible now, as the SQS event of Lambda's event source mapping."""
        return {"Records": [{
            "messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"], "body": m["Body"],
            "attributes": {"ApproximateReceiveCount": "1"}, "messageAttributes": {},
            "md5OfBody": m["MD5OfBody"], "eventSource": "aws:sqs", "eventSourceARN": self.arn,
            "awsRegion": REGION,
        } for m in self.receive()]}  # fmt: skip


@pytest.fixture
def queue(monkeypatch: pytest.MonkeyPatch) -> Iterator[Queue]:
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    with mock_aws():
        client = boto3.client("sqs", region_name=REGION)
        url = client.create_queue(QueueName="jinro-gm-timer")["QueueUrl"]
        arn = client.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        q = Queue(client, url, arn)
        monkeypatch.setattr(moto.sqs.models, "unix_time_millis", lambda: q.now * 1000.0)
        monkeypatch.setattr(moto.sqs.models, "unix_time", lambda: float(q.now))  # retention checks
        yield q


def test_the_body_is_the_wake_up_and_the_delay_hides_it_until_its_second(queue: Queue) -> None:
    scheduler = SqsScheduler(queue.url, client=queue.client)
    scheduler.schedule(WakeUp("g1", 4, "remind", at=START + 20), now=START)
    scheduler.schedule(WakeUp("g1", 4, "flush", at=START - 5), now=START)

    assert queue.bodies() == [{"game_id": "g1", "phase_seq": 4, "kind": "flush", "at": START - 5}]
    queue.now = START + 19
    assert queue.bodies() == []
    queue.now = START + 20
    assert queue.bodies() == [{"game_id": "g1", "phase_seq": 4, "kind": "remind", "at": START + 20}]


def test_a_wake_up_further_than_900_s_is_delayed_900_s(queue: Queue) -> None:
    SqsScheduler(queue.url, client=queue.client).schedule(WakeUp("g1", 4, at=START + 5000), now=START)

    queue.now = START + 899
    assert queue.bodies() == []
    queue.now = START + 900
    assert [b["at"] for b in queue.bodies()] == [START + 5000]


def test_queue_messages_drive_the_game_through_the_timer_lambda(queue: Queue) -> None:
    """The night (2000 s) is dealt: its reminder (10 minutes before) and its deadline come back from the
    queue, early ones are sent again, and each fires at its second."""
    game = Clocked.start({"timers": {"night0": 2000}}, SqsScheduler(queue.url, client=queue.client))
    night = game.state()["phase_seq"]
    reminded: list[int] = []
    for second in (START + 900, START + 1400, START + 1800, START + 2000):
        queue.now = game.now = second
        event = queue.lambda_event()
        assert event["Records"], f"nothing arrived at START + {second - START}"
        assert timer.handler(event, None) == {"batchItemFailures": []}
        if any(m.text == long_reminder(START + 2000, 10) for m in game.take_sent()):
            reminded.append(second)

    assert reminded == [START + 1400]
    assert game.state()["phase_seq"] == night + 1
    assert game.state()["phase"] == "discussion"
    queue.now = START + 2000 + 270  # the discussion's reminder is on its way, its deadline 30 s behind
    assert [(b["kind"], b["at"]) for b in queue.bodies()] == [("remind", START + 2270)]
