"""A faster response writer for moto's DynamoDB item operations (tests and ``make bench`` only).

moto (5.1 and later) writes every response through its model-driven serializer, which looks up each
member of each ``AttributeValue`` by trying several attribute aliases: for this project's game items
(a state blob, an outbox map of dozens of entries, the delivery window) that is most of moto's time,
about 10 ms per request, and 30 % of the CPU of an end-to-end test (``python -m cProfile``:
``moto/core/serialize.py`` 3.7 s of 12.6 s in ``tests/e2e/test_telegram_game.py``; 178 s of the moto
server's 226 s over a 16-player game in ``make bench``).

For the item operations this project calls (``GetItem``, ``PutItem``, ``UpdateItem``, ``DeleteItem``, and
``BatchGetItem`` for a game's history chunks) moto's result is already the wire shape of DynamoDB's JSON
protocol (``dynamo_to_dict``: ``{"Item": {"pk": {"S": …}}}``), with binary values as bytes.
:func:`install` writes those results with ``json.dumps`` (the output shape's members only, bytes in
``B``/``BS`` Base64-encoded, as the serializer does) and leaves every other operation and every error to
moto. ``tests/infra/test_moto_speed.py`` checks that both writers give the same JSON for every attribute
type; over the end-to-end, service and store tests both gave the same JSON for all 6,696 item responses.

:func:`install` also keeps, per response class, the list of its method names that moto reads with
``inspect.getmembers`` at every request to find the action's handler (the classes do not change while the
process runs): with the two, moto's share of a request falls by about a quarter.
"""

from __future__ import annotations

import base64
import json
from functools import cache
from typing import Any

#: The operations whose results :func:`install` writes itself.
ITEM_OPERATIONS = frozenset({"GetItem", "PutItem", "UpdateItem", "DeleteItem", "BatchGetItem"})
_installed: list[bool] = []


def wire(value: Any) -> Any:
    """``value`` (a moto DynamoDB result) as JSON data: bytes Base64-encoded, everything else as is."""
    if isinstance(value, dict):
        return {key: wire(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [wire(item) for item in value]
    if isinstance(value, bytes | bytearray):
        return base64.b64encode(value).decode("ascii")
    return value


@cache
def session() -> Any:
    """One boto3 session for every client made under ``moto.mock_aws`` in a test run. ``mock_aws`` drops
    boto3's default session each time it starts, so ``boto3.client(...)`` would load botocore's endpoint
    rules and the service model again for every test (50-60 ms of CPU a client, against 5 ms from a kept
    session); moto answers a client of any session while a mock is active."""
    import boto3

    return boto3.session.Session()


def install() -> None:
    """Make moto write the results of :data:`ITEM_OPERATIONS` with :func:`wire` and ``json.dumps``, and
    keep each response class's method names once read (process-wide, idempotent)."""
    if _installed:
        return
    from moto.core import responses
    from moto.dynamodb.responses import DynamoResult

    responses.method_names_from_class = cache(responses.method_names_from_class)

    moto_writer = DynamoResult.execute_result

    def execute_result(self: DynamoResult, context: Any) -> Any:
        result = self.result
        if context.operation_model.name not in ITEM_OPERATIONS or not isinstance(result, dict):
            return moto_writer(self, context)
        status, headers, _ = moto_writer(DynamoResult({}), context)  # status and headers for this operation
        members = context.operation_model.output_shape.members  # moto's extras (ConsumedCapacityUnits) go
        body = {key: value for key, value in result.items() if key in members}
        return status, headers, json.dumps(wire(body), separators=(",", ":"))

    execute_result.__wrapped_moto__ = moto_writer  # type: ignore[attr-defined]
    DynamoResult.execute_result = execute_result  # type: ignore[method-assign,assignment]
    _installed.append(True)


def fast_body(result: dict[str, Any], operation: str) -> Any:
    """The JSON data :func:`install`'s writer gives for DynamoDB ``operation``'s ``result``."""
    return json.loads(_write(result, operation, fast=True))


def moto_body(result: dict[str, Any], operation: str) -> Any:
    """The JSON data moto's own serializer writes for DynamoDB ``operation``'s ``result`` (the check of
    :func:`wire`)."""
    return json.loads(_write(result, operation, fast=False))


def _write(result: dict[str, Any], operation: str, *, fast: bool) -> str:
    from moto.core.responses import ActionContext
    from moto.core.serialize import get_serializer_class
    from moto.core.utils import get_service_model
    from moto.dynamodb.responses import DynamoHandler, DynamoResult

    service = get_service_model("dynamodb")
    context = ActionContext(service, service.operation_model(operation),
                            get_serializer_class("dynamodb", "json"), DynamoHandler())  # fmt: skip
    install()
    writer = DynamoResult.execute_result
    if not fast:
        writer = writer.__wrapped_moto__  # type: ignore[attr-defined]
    return str(writer(DynamoResult(result), context)[2])
