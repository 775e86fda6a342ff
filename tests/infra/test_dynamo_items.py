"""What an operator sees in the DynamoDB table: item keys, and the TTL that cleans up finished games."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from infra.dynamodb import DynamoStore
from infra.store import Change, blank, unpack

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
    running = store.commit(blank("g1"), Change(state="{}"))
    assert "expires_at" not in raw(dynamodb, table, "game#g1")

    store.commit(running, Change(state='{"phase":"ended"}', expires_at=ENDED_AT + WEEK))

    item = raw(dynamodb, table, "game#g1")
    assert item["expires_at"] == {"N": str(ENDED_AT + WEEK)}
    assert unpack(item["state"]["B"]) == '{"phase":"ended"}'


def test_state_records_waiting_messages_and_history_are_stored_compressed(
    dynamodb: DynamoDBClient, table: str
) -> None:
    """A long game's state costs a fraction of its JSON in the item (every write is billed per KB), and so
    do the records, each waiting message and the history tail; a rolled-over tail is a chunk item."""
    store = DynamoStore(table, dynamodb)
    state = json.dumps({"players": [{"seat": i % 16, "name": f"player {i}"} for i in range(400)]})
    message = json.dumps({"chat_id": "tg:5", "text": "あなたは桜です。" * 40}, ensure_ascii=False)
    game = store.commit(blank("g1"), Change(state=state, records=state, pending_add={"m1": message}))
    item = raw(dynamodb, table, "game#g1")
    assert set(item["state"]) == {"B"}
    assert len(item["state"]["B"]) * 5 < len(state)
    assert set(item["records"]) == {"B"}
    assert len(item["records"]["B"]) * 5 < len(state)
    assert len(item["pending"]["M"]["m1"]["B"]) * 3 < len(message.encode())
    while game.chunks == 0:
        game = store.commit(
            game, Change(history=json.dumps({"v": game.version, "s": state[: game.version * 40]}))
        )
    assert set(raw(dynamodb, table, "hist#g1#0")) == {"pk", "data", "expires_at"}
    loaded = store.load("g1")
    assert loaded is not None
    assert (loaded.state, loaded.records, dict(loaded.pending)) == (state, state, {"m1": message})


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
