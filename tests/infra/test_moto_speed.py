"""moto's DynamoDB item responses written by ``devtools.moto_speed`` are the JSON moto's own serializer
writes: every attribute type, nested maps and lists, binary values, and moto's extra keys left out."""

from __future__ import annotations

from typing import Any

import pytest

from devtools.moto_speed import ITEM_OPERATIONS, fast_body, moto_body

ITEM: dict[str, Any] = {
    "pk": {"S": "game#g1"},
    "version": {"N": "17"},
    "state": {"B": bytes(range(256)) * 3},
    "outbox": {"M": {f"o{i}": {"S": f'{{"chat": "tg:{i}", "text": "夜が明けました"}}'} for i in range(40)}},
    "deliveries": {"M": {"16": {"S": "tg:900"}, "17": {"S": "line:01H"}}},
    "empty": {"M": {}},
    "nested": {
        "L": [{"M": {"a": {"L": [{"N": "1"}, {"NULL": True}, {"BOOL": False}]}}}, {"BS": [b"\x00", b"\xff"]}]
    },
    "names": {"SS": ["a", "b"]},
    "numbers": {"NS": ["1", "2.5"]},
    "flag": {"BOOL": True},
    "nothing": {"NULL": True},
    "text": {"S": ""},
}
RESULTS: dict[str, dict[str, Any]] = {
    "GetItem": {"Item": ITEM},
    "PutItem": {"Attributes": ITEM, "ConsumedCapacityUnits": 1.0},
    "UpdateItem": {"Attributes": {"version": {"N": "18"}}},
    "DeleteItem": {"ConsumedCapacityUnits": 0.5},
}


def test_every_item_operation_is_checked() -> None:
    assert set(RESULTS) == ITEM_OPERATIONS


@pytest.mark.parametrize("operation", sorted(RESULTS))
def test_the_fast_writer_writes_what_moto_writes(operation: str) -> None:
    assert fast_body(RESULTS[operation], operation) == moto_body(RESULTS[operation], operation)


def test_an_empty_get_is_an_empty_object() -> None:
    assert fast_body({}, "GetItem") == moto_body({}, "GetItem") == {}
