"""What one accepted input costs in DynamoDB write units, for the chosen layout and the alternative.

Chosen: ONE conditional UpdateItem on the game item, which holds the delivery window and the outbox.
Alternative: TransactWriteItems of the game item (without the window) plus one small ``delivery#<id>``
marker put with ``attribute_not_exists``. Both then mark notices sent with one UpdateItem of the game item.

moto does not price writes by size (5.2.5 reports 1.0 for every PutItem, 0.5 for every UpdateItem and
nothing for TransactWriteItems), so the units are computed from the items' sizes as stored in moto, by
the DynamoDB Developer Guide: "Item sizes and formats" (CapacityUnitCalculations.html) for the size, and
"Capacity unit consumption for write operations" (read-write-operations.html) for the price: a write
costs 1 WCU per started KB of the larger of the item before and after, a transactional write twice that.

``PYTHONPATH=. .venv/bin/python tests/infra/test_store_capacity.py`` prints the table of docs/storage.md.
"""

from __future__ import annotations

import base64
import json
import math
import random
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import boto3
import pytest
from moto import mock_aws

from bench.capacity import item_size
from infra.dynamodb import DynamoStore, create_table
from infra.store import MAX_DELIVERIES

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.aws

TELEGRAM_ID = "327884229"  # a real update_id is 9 digits
LINE_ID = "01HMQGW40RZJPJM3RAJP7BHC2Q"  # a real webhookEventId is a 26-character ULID
NOTICE = json.dumps({"key": "night.inspect.result", "to": {"seat": 3}, "params": {"x": "y" * 180}})
MARKER_TTL = 1_767_225_600


def units(*sizes: int) -> int:
    """WCU of one non-transactional write whose item is ``sizes`` (before, after) bytes."""
    return max(1, math.ceil(max(sizes) / 1024))


@dataclass(frozen=True)
class Costs:
    item_bytes: int  # the game item after the commit, notices pending
    window_bytes: int  # of which the delivery window
    commit: int  # chosen: one UpdateItem
    transact_commit: int  # alternative: TransactWriteItems of game item + delivery marker
    mark_sent: int  # chosen: the game item includes the window
    transact_mark_sent: int  # alternative: the game item without the window


def measure(client: DynamoDBClient, table: str, state_bytes: int, delivery_id: str, notices: int) -> Costs:
    """Bring a game to steady state (a full delivery window), then price one more commit and mark_sent."""
    store = DynamoStore(table, client)
    game_id = uuid.uuid4().hex
    # Random base64 does not compress, so the stored (zlib) state is about ``state_bytes``.
    pad = base64.b64encode(random.Random(state_bytes).randbytes(state_bytes - 11)).decode()
    state = json.dumps({"pad": pad})
    stored = None
    for n in range(MAX_DELIVERIES + 1):
        stored = store.commit(
            game_id,
            expected_version=stored.version if stored else 0,
            state=state,
            outbox_add={},
            delivery_id=f"{delivery_id[:-3]}{n:03d}",
            expires_at=None,
        )
    assert stored is not None

    def raw() -> dict[str, Any]:
        return dict(client.get_item(TableName=table, Key={"pk": {"S": f"game#{game_id}"}})["Item"])

    before = raw()
    outbox = {f"{stored.version + 1}.{i}": NOTICE for i in range(notices)}
    store.commit(
        game_id,
        expected_version=stored.version,
        state=state,
        outbox_add=outbox,
        delivery_id=delivery_id,
        expires_at=None,
    )
    after = raw()
    store.mark_sent(game_id, list(outbox))
    sent = raw()

    def without_window(item: dict[str, Any]) -> int:
        return item_size({k: v for k, v in item.items() if k != "deliveries"})

    marker = item_size({"pk": {"S": f"delivery#{delivery_id}"}, "expires_at": {"N": str(MARKER_TTL)}})
    return Costs(
        item_bytes=item_size(after),
        window_bytes=item_size({"deliveries": after["deliveries"]}),
        commit=units(item_size(before), item_size(after)),
        transact_commit=2 * units(without_window(before), without_window(after)) + 2 * units(marker),
        mark_sent=units(item_size(after), item_size(sent)),
        transact_mark_sent=units(without_window(after), without_window(sent)),
    )


@pytest.fixture
def costs_of(dynamodb: DynamoDBClient, table: str) -> Any:
    return lambda *args: measure(dynamodb, table, *args)


def test_the_size_rules_match_the_developer_guide() -> None:
    # A string is its UTF-8 bytes; a number 1 byte per 2 significant digits + 1; a map 3 bytes + 1 per entry.
    assert item_size({"pk": {"S": "game#g1"}}) == 2 + 7
    assert item_size({"version": {"N": "12345"}}) == 7 + 4
    assert item_size({"outbox": {"M": {"a": {"S": "通知"}}}}) == 6 + 3 + 1 + 6 + 1


def test_the_delivery_window_adds_at_most_3_kb_to_a_game(costs_of: Any) -> None:
    assert costs_of(2048, TELEGRAM_ID, 3).window_bytes <= 1_500
    assert costs_of(2048, LINE_ID, 3).window_bytes <= 3_200


def test_for_a_mid_size_game_one_update_costs_fewer_units_than_a_transaction(costs_of: Any) -> None:
    costs = costs_of(8192, LINE_ID, 3)

    assert (costs.commit, costs.transact_commit) == (12, 20)
    assert costs.commit + costs.mark_sent < costs.transact_commit + costs.transact_mark_sent


def report() -> None:
    """Print the cost table of docs/storage.md."""
    print("| state | ids | notices | item | window | commit | transact | mark_sent | transact mark_sent |")
    print("|---|---|---|---|---|---|---|---|---|")
    for state_kb in (1, 2, 8, 32, 64):
        for platform, delivery_id in (("Telegram", TELEGRAM_ID), ("LINE", LINE_ID)):
            for notices in (3, 16):
                with mock_aws():
                    client = boto3.client("dynamodb", region_name="us-east-1")
                    create_table(client, "capacity")
                    c = measure(client, "capacity", state_kb * 1024, delivery_id, notices)
                print(
                    f"| {state_kb} KB | {platform} | {notices} | {c.item_bytes} B | {c.window_bytes} B "
                    f"| {c.commit} | {c.transact_commit} | {c.mark_sent} | {c.transact_mark_sent} |"
                )


if __name__ == "__main__":
    report()
