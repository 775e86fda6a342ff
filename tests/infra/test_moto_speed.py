"""moto's DynamoDB item responses written by ``devtools.moto_speed`` are the JSON moto's own serializer
writes: every attribute type, nested maps and lists, binary values, and moto's extra keys left out; the
method names and the backends moto looks up at every request, once kept, are the ones it finds."""

from __future__ import annotations

from typing import Any

import pytest

from devtools.moto_speed import ITEM_OPERATIONS, fast_body, install, moto_body

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
    "BatchGetItem": {
        "Responses": {"t": [ITEM, {"pk": {"S": "chunk#g1#0"}, "data": {"B": b"\x00\xff"}}], "u": []},
        "UnprocessedKeys": {"t": {"Keys": [{"pk": {"S": "chunk#g1#1"}}], "ConsistentRead": True}},
        "ConsumedCapacity": [{"TableName": "t", "CapacityUnits": 1.5}],
    },
}


def test_every_item_operation_is_checked() -> None:
    assert set(RESULTS) == ITEM_OPERATIONS


@pytest.mark.parametrize("operation", sorted(RESULTS))
def test_the_fast_writer_writes_what_moto_writes(operation: str) -> None:
    assert fast_body(RESULTS[operation], operation) == moto_body(RESULTS[operation], operation)


def test_an_empty_get_is_an_empty_object() -> None:
    assert fast_body({}, "GetItem") == moto_body({}, "GetItem") == {}


def test_the_kept_method_names_of_a_response_class_are_the_ones_moto_reads() -> None:
    from moto.core import responses, utils
    from moto.dynamodb.responses import DynamoHandler
    from moto.sqs.responses import SQSResponse

    install()
    for clazz in (DynamoHandler, SQSResponse):
        assert responses.method_names_from_class(clazz) == utils.method_names_from_class(clazz)
        assert responses.method_names_from_class(clazz) is responses.method_names_from_class(clazz)


@pytest.mark.parametrize(
    "host", [None, "moto_api", "dynamodb", "dynamodb.us-east-1.amazonaws.com", "sqs.us-east-1.amazonaws.com",
             "ssm.ap-northeast-1.amazonaws.com", "nosuch.example"],
)  # fmt: skip
def test_the_endpoint_finds_the_backend_moto_finds_for_each_host(host: str | None) -> None:
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

    from devtools.store_server import _Dispatcher

    kept = _Dispatcher(create_backend_app)
    found = DomainDispatcherApplication(create_backend_app).get_backend_for_host(host)
    assert kept.get_backend_for_host(host) == found
    assert kept.get_backend_for_host(host) == found, "asked again"
