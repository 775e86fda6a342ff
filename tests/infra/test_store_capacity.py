"""What one accepted input costs in DynamoDB write units and write requests, for the chosen history layout
and the two alternatives (docs/storage.md, "History: three layouts measured").

- **Chosen (tail):** the game item keeps a compressed tail of the history; a commit that finds it past
  ``infra.history.TAIL_BYTES`` first puts it as a chunk item (:class:`~infra.dynamodb.DynamoStore`).
- **One item:** the whole history stays in the game item (a growing compressed attribute).
- **History item:** the history is an item of its own, appended at every input next to the game item's
  update (two write requests per input).

moto does not price writes by size, so the units are computed from the items' sizes as stored in moto (or,
for the alternatives, from the same entries compressed the same way), by the DynamoDB Developer Guide:
"Item sizes and formats" for the size and "Capacity unit consumption for write operations" for the price:
1 WCU per started KB of the larger of the item before and after a write.

``PYTHONPATH=. .venv/bin/python tests/infra/test_store_capacity.py`` prints the table of docs/storage.md.
"""

from __future__ import annotations

import base64
import hashlib
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
from infra import history
from infra.dynamodb import DynamoStore, create_table
from infra.store import Change, blank

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

pytestmark = pytest.mark.aws

TELEGRAM_ID = "tg:327884229"  # a real update_id is 9 digits
INPUTS = 200


def units(*sizes: int) -> int:
    """WCU of one non-transactional write whose item is ``sizes`` (before, after) bytes."""
    return max(1, math.ceil(max(sizes) / 1024))


def entry(n: int, rng: random.Random) -> str:
    """A history entry like a commit's: its version, an event, a notice to a seat with a player's name."""
    seat = rng.randrange(1, 17)
    name = hashlib.sha256(f"{seat}".encode()).hexdigest()[:8]
    data = {"v": n, "u": n + 15, "e": [["VoteCast", {"seat": seat, "target": rng.randrange(1, 17)}]],
            "n": [{"key": "vote.saved.player", "to": {"kind": "seat", "seats": [seat]},
                   "params": {"target": {"t": "player", "seat": rng.randrange(1, 17), "name": name}},
                   "phase_seq": n // 20}]}  # fmt: skip
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class Costs:
    """Mean write units and write requests per input over :data:`INPUTS` inputs, and the largest game
    item seen (bytes)."""

    wcu: float
    writes: float
    item_max: int


def chosen(client: DynamoDBClient, table: str, state_bytes: int) -> Costs:
    """The tail layout, on the real store: every commit and chunk put priced from moto's items."""
    store = DynamoStore(table, client)
    game_id = uuid.uuid4().hex
    # Random base64 does not compress, so the stored (zlib) state is about ``state_bytes``.
    state = json.dumps(
        {"pad": base64.b64encode(random.Random(state_bytes).randbytes(state_bytes - 11)).decode()}
    )
    key = {"pk": {"S": f"game#{game_id}"}}
    game = store.commit(blank(game_id), Change(state=state))
    rng, wcu, writes, largest = random.Random(state_bytes), 0, 0, 0
    for n in range(2, INPUTS + 2):
        before = item_size(client.get_item(TableName=table, Key=key)["Item"])
        chunks = game.chunks
        game = store.commit(game, Change(state=state, history=entry(n, rng), delivery_id=f"{TELEGRAM_ID}{n}"))
        after = item_size(client.get_item(TableName=table, Key=key)["Item"])
        wcu, writes, largest = wcu + units(before, after), writes + 1, max(largest, after)
        if game.chunks != chunks:
            chunk = client.get_item(TableName=table, Key={"pk": {"S": f"hist#{game_id}#{chunks}"}})["Item"]
            wcu, writes = wcu + units(item_size(chunk)), writes + 1
    return Costs(round(wcu / INPUTS, 2), round(writes / INPUTS, 3), largest)


def alternatives(state_bytes: int, item_without_history: int) -> dict[str, Costs]:
    """The one-item and history-item layouts, priced from the same entries compressed alike."""
    rng = random.Random(state_bytes)
    entries: list[str] = []
    one = separate = 0
    largest_one = 0
    for n in range(2, INPUTS + 2):
        before = len(history.pack(entries))
        entries.append(entry(n, rng))
        after = len(history.pack(entries))
        one += units(item_without_history + before, item_without_history + after)
        separate += units(item_without_history) + units(40 + before, 40 + after)
        largest_one = max(largest_one, item_without_history + after)
    return {
        "one item": Costs(round(one / INPUTS, 2), 1.0, largest_one),
        "history item": Costs(round(separate / INPUTS, 2), 2.0, item_without_history),
    }


@pytest.fixture
def measured(dynamodb: DynamoDBClient, table: str) -> Any:
    return lambda state_bytes: chosen(dynamodb, table, state_bytes)


def test_the_size_rules_match_the_developer_guide() -> None:
    # A string is its UTF-8 bytes; a number 1 byte per 2 significant digits + 1; a map 3 bytes + 1 per entry.
    assert item_size({"pk": {"S": "game#g1"}}) == 2 + 7
    assert item_size({"version": {"N": "12345"}}) == 7 + 4
    assert item_size({"pending": {"M": {"a": {"S": "通知"}}}}) == 7 + 3 + 1 + 6 + 1


def test_the_tail_keeps_the_item_small_for_one_write_request_and_a_few_units(measured: Any) -> None:
    costs = measured(1024)

    assert costs.writes <= 1.06, "a chunk every few dozen inputs"
    assert costs.item_max <= 1024 + history.TAIL_BYTES + 1500, (
        "state + tail + window, whatever the game's length"
    )
    assert costs.wcu <= 4


def test_the_tail_costs_fewer_units_than_the_alternatives(measured: Any) -> None:
    costs = measured(1024)
    other = alternatives(1024, 1024 + 600)

    assert costs.wcu < other["one item"].wcu
    assert costs.wcu < other["history item"].wcu
    assert other["history item"].writes == 2.0


def report() -> None:
    """Print the cost table of docs/storage.md."""
    print("| state | layout | write requests / input | WCU / input | largest item |")
    print("|---|---|---|---|---|")
    for state_kb in (1, 2, 4):
        with mock_aws():
            client = boto3.client("dynamodb", region_name="us-east-1")
            create_table(client, "capacity")
            tail = chosen(client, "capacity", state_kb * 1024)
        rows = {"tail (chosen)": tail, **alternatives(state_kb * 1024, state_kb * 1024 + 600)}
        for name, c in rows.items():
            print(f"| {state_kb} KB | {name} | {c.writes} | {c.wcu} | {c.item_max} B |")


if __name__ == "__main__":
    report()
