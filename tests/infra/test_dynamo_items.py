"""What an operator sees in the DynamoDB table: item keys, and the TTL that cleans up finished games."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from infra.dynamodb import DynamoStore, unpack_state

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.aws

WEEK = 7 * 24 * 3600
ENDED_AT = 1_767_225_600  # 2026-01-01T00:00:00Z


def raw(client: DynamoDBClient, table: str, pk: str) -> dict:
    return dict(client.get_item(TableName=table, Key={"pk": {"S": pk}}).get("Item", {}))


def test_the_table_expires_items_by_expires_at(dynamodb: DynamoDBClient, table: str) -> None:
    ttl = dynamodb.describe_time_to_live(TableName=table)["TimeToLiveDescription"]

    assert ttl == {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires_at"}


def test_a_finished_game_carries_an_expiry_a_running_one_none(dynamodb: DynamoDBClient, table: str) -> None:
    store = DynamoStore(table, dynamodb)
    running = store.commit(
        "g1", expected_version=0, state="{}", outbox_add={}, delivery_id=None, expires_at=None
    )
    assert "expires_at" not in raw(dynamodb, table, "game#g1")

    store.commit(
        "g1",
        expected_version=running.version,
        state='{"phase":"ended"}',
        outbox_add={},
        delivery_id=None,
        expires_at=ENDED_AT + WEEK,
    )

    item = raw(dynamodb, table, "game#g1")
    assert item["expires_at"] == {"N": str(ENDED_AT + WEEK)}
    assert unpack_state(item["state"]) == '{"phase":"ended"}'


def test_the_state_is_stored_compressed_and_old_plain_items_still_load(
    dynamodb: DynamoDBClient, table: str
) -> None:
    """A long game's state costs a fraction of its JSON in the item (every write is billed per KB)."""
    store = DynamoStore(table, dynamodb)
    state = json.dumps({"log": [{"kind": "PlayerDied", "data": {"seat": i % 16}} for i in range(400)]})
    store.commit("g1", expected_version=0, state=state, outbox_add={}, delivery_id=None, expires_at=None)
    stored = raw(dynamodb, table, "game#g1")["state"]
    assert set(stored) == {"B"}
    assert len(stored["B"]) * 5 < len(state)
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.state == state

    dynamodb.update_item(
        TableName=table, Key={"pk": {"S": "game#g1"}}, UpdateExpression="SET #s = :s",
        ExpressionAttributeNames={"#s": "state"}, ExpressionAttributeValues={":s": {"S": '{"old":1}'}},
    )  # fmt: skip
    old = store.load("g1")
    assert old is not None
    assert old.state == '{"old":1}'


def test_pointers_are_small_items_with_their_own_expiry(dynamodb: DynamoDBClient, table: str) -> None:
    store = DynamoStore(table, dynamodb)

    store.set_pointer("chat", "-100123", "g1", expires_at=ENDED_AT + WEEK)
    store.set_pointer("user", "tg:42", "g1")

    assert raw(dynamodb, table, "chat#-100123") == {
        "pk": {"S": "chat#-100123"},
        "game_id": {"S": "g1"},
        "expires_at": {"N": str(ENDED_AT + WEEK)},
    }
    assert raw(dynamodb, table, "user#tg:42") == {"pk": {"S": "user#tg:42"}, "game_id": {"S": "g1"}}
