"""DynamoDB implementation of :class:`infra.store.GameStore` (boto3 low-level client, single table,
conditional writes).

Table: partition key ``pk`` (S) only, on-demand billing, TTL on ``expires_at`` (UTC epoch seconds).
Items (layout and the cost of each write: ``docs/storage.md``):

- ``game#<game_id>``: ``version`` (N); ``state`` (B, zlib-compressed JSON); ``records`` (B, the shell's
  records, compressed); ``pending`` (M: outbox id → B, each waiting message compressed); ``hist`` (B, the
  history tail, :mod:`infra.history`) and ``hist_n`` (N, chunks before it); ``window`` (B, the digests of
  the last delivery ids, :data:`~infra.store.DIGEST_BYTES` each); ``expires_at`` once the game is over.
- ``hist#<game_id>#<n>``: history chunk ``n`` (``data`` B), ``expires_at`` :data:`CHUNK_KEPT` after it was
  written.
- ``chat#<chat_id>`` / ``user#<user_id>``: ``game_id`` (S), ``expires_at``.
- ``group#<chat_id>``: the group's settings and stats (``infra.dynamo_groups``).

A commit is ONE ``UpdateItem`` conditioned on the version (``attribute_not_exists(pk)`` for the first),
so state, history entry, waiting messages, records and delivery id land together or not at all (DynamoDB
Developer Guide, "Condition expressions"); it sets only what changed, and returns nothing (the new item is
known: :func:`infra.store.after`). A history tail that rolls over is first written as its chunk with a
``PutItem`` (idempotent: the same committed tail always makes the same chunk).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import boto3
from botocore.config import Config

from infra import history
from infra.dynamo_groups import DynamoGroups
from infra.store import (
    DIGEST_BYTES,
    Change,
    GameStore,
    Keep,
    Packed,
    StoredGame,
    VersionConflict,
    after,
    check_kind,
    unpack,
)

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

log = logging.getLogger(__name__)

TTL_ATTRIBUTE = "expires_at"
#: How long a history chunk is kept after it is written (seconds): longer than any game lasts, even a
#: long game of 48 h phases (its game item expires 7 days after the end).
CHUNK_KEPT = 90 * 24 * 3600
#: Keys per ``BatchGetItem`` (the API's limit).
BATCH_KEYS = 100


def create_table(client: DynamoDBClient, name: str) -> None:
    """Create the store's table as template.yaml declares it (``pk`` S, PAY_PER_REQUEST, TTL on
    ``expires_at``) and wait until it is ACTIVE. For tests and local use. Raises botocore ClientError
    (``ResourceInUseException``) if it exists."""
    client.create_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
    )
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1})
    client.update_time_to_live(
        TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE}
    )


@dataclass
class _Update:
    """An UpdateExpression under construction; every name and value goes through a placeholder."""

    sets: list[str] = field(default_factory=list)
    removes: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    values: dict[str, AttributeValueTypeDef] = field(default_factory=dict)

    def path(self, *parts: str) -> str:
        placeholders = []
        for part in parts:
            placeholder = f"#n{len(self.names)}"
            self.names[placeholder] = part
            placeholders.append(placeholder)
        return ".".join(placeholders)

    def value(self, value: AttributeValueTypeDef) -> str:
        placeholder = f":v{len(self.values)}"
        self.values[placeholder] = value
        return placeholder

    def set(self, path: str, value: AttributeValueTypeDef) -> None:
        self.sets.append(f"{path} = {self.value(value)}")

    def remove(self, path: str) -> None:
        self.removes.append(path)

    def request(self, condition: str) -> dict[str, Any]:
        clauses = [f"SET {', '.join(self.sets)}"] if self.sets else []
        clauses += [f"REMOVE {', '.join(self.removes)}"] if self.removes else []
        request: dict[str, Any] = {
            "UpdateExpression": " ".join(clauses),
            "ConditionExpression": condition,
            "ExpressionAttributeNames": self.names,
            # A failed condition answers the item as it stands (no extra read): the caller decides on it.
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
        }
        if self.values:
            request["ExpressionAttributeValues"] = self.values
        return request


def _number(value: int) -> AttributeValueTypeDef:
    return {"N": str(value)}


def _game_key(game_id: str) -> dict[str, AttributeValueTypeDef]:
    return {"pk": {"S": f"game#{game_id}"}}


def _chunk_key(game_id: str, n: int) -> dict[str, AttributeValueTypeDef]:
    return {"pk": {"S": f"hist#{game_id}#{n}"}}


def _pointer_key(kind: str, key: str) -> dict[str, AttributeValueTypeDef]:
    check_kind(kind)
    return {"pk": {"S": f"{kind}#{key}"}}


def _changes(update: _Update, base: StoredGame, new: StoredGame, change: Change, packed: Packed) -> None:
    """The SET and REMOVE clauses that turn ``base`` into ``new``."""
    update.set(update.path("version"), _number(new.version))
    if packed.state is not None:
        update.set(update.path("state"), {"B": packed.state})
    if packed.records is not None:
        update.set(update.path("records"), {"B": packed.records})
    if packed.tail is not None:
        update.set(update.path("hist"), {"B": packed.tail})
    if new.chunks != base.chunks:
        update.set(update.path("hist_n"), _number(new.chunks))
    if new.deliveries != base.deliveries:
        update.set(update.path("window"), {"B": b"".join(new.deliveries)})
    if not isinstance(change.expires_at, Keep):
        if change.expires_at is None:
            update.remove(update.path(TTL_ATTRIBUTE))
        else:
            update.set(update.path(TTL_ATTRIBUTE), _number(change.expires_at))
    if base.version == 0:
        update.set(update.path("pending"), {"M": {k: {"B": v} for k, v in packed.pending_add.items()}})
        return
    for outbox_id, payload in packed.pending_add.items():
        update.set(update.path("pending", outbox_id), {"B": payload})
    for outbox_id in dict.fromkeys(change.pending_remove):
        if outbox_id not in packed.pending_add:
            update.remove(update.path("pending", outbox_id))


#: The client's settings: the "standard" retry mode, and no client-side parameter validation. Every request
#: is built by this module from typed values, and the validation walked each request's shape against the
#: service model at 0.6-0.7 ms of CPU a call, a third of a GetItem (measured on this machine against a
#: local server: 1.8 → 1.1 ms; docs/storage.md). DynamoDB itself still validates every request.
CLIENT_CONFIG = Config(retries={"mode": "standard"}, parameter_validation=False)


class DynamoStore(DynamoGroups, GameStore):
    """:class:`GameStore` on one DynamoDB table named ``table_name``.

    ``client``: a low-level boto3 DynamoDB client (e.g. one made with ``endpoint_url`` for a local
    server, with :data:`CLIENT_CONFIG`); default: a client from the environment (Lambda: the function's
    role and region) with :data:`CLIENT_CONFIG`. Errors other than a version conflict (throttling after
    retries) propagate as botocore ``ClientError``.
    """

    def __init__(self, table_name: str, client: DynamoDBClient | None = None) -> None:
        self._table = table_name
        self._client = client or boto3.client("dynamodb", config=CLIENT_CONFIG)

    @property
    def table_name(self) -> str:
        """The name of the DynamoDB table this store reads and writes."""
        return self._table

    @property
    def client(self) -> DynamoDBClient:
        """The low-level boto3 DynamoDB client the store sends its requests with (a test reads raw items,
        as DynamoDB holds them, through it)."""
        return self._client

    def load(self, game_id: str) -> StoredGame | None:
        response = self._client.get_item(TableName=self._table, Key=_game_key(game_id), ConsistentRead=True)
        item = response.get("Item")
        return _stored(game_id, item) if item else None

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        new, packed = after(base, change)
        if packed.chunk is not None:
            chunk: dict[str, AttributeValueTypeDef] = {
                **_chunk_key(base.game_id, new.chunks - 1), "data": {"B": packed.chunk},
                TTL_ATTRIBUTE: _number(int(time.time()) + CHUNK_KEPT),
            }  # fmt: skip
            self._client.put_item(TableName=self._table, Item=chunk)
        update = _Update()
        _changes(update, base, new, change, packed)
        if base.version == 0:
            condition = f"attribute_not_exists({update.path('pk')})"
        else:
            condition = f"{update.path('version')} = {update.value(_number(base.version))}"
        try:
            self._client.update_item(
                TableName=self._table, Key=_game_key(base.game_id), **update.request(condition)
            )
        except self._client.exceptions.ConditionalCheckFailedException as exc:
            item: dict[str, Any] | None = exc.response.get("Item")  # type: ignore[assignment]  # ALL_OLD's item
            raise VersionConflict(base.game_id, _stored(base.game_id, item) if item else None) from exc
        return new

    def history(self, stored: StoredGame, *, last: int | None = None) -> list[str]:
        first = 0 if last is None else max(0, stored.chunks - last)
        keys = [_chunk_key(stored.game_id, n) for n in range(first, stored.chunks)]
        found: dict[str, bytes] = {}
        for start in range(0, len(keys), BATCH_KEYS):
            request: Any = {self._table: {"Keys": keys[start : start + BATCH_KEYS], "ConsistentRead": True}}
            while request:
                response = self._client.batch_get_item(RequestItems=request)
                for item in response.get("Responses", {}).get(self._table, []):
                    found[item["pk"]["S"]] = item["data"]["B"]
                request = response.get("UnprocessedKeys") or None
        entries: list[str] = []
        for key in keys:
            data = found.get(key["pk"]["S"])
            if data is None:
                log.error("history chunk missing", extra={"game_id": stored.game_id})
                continue
            entries += history.unpack(data)
        return entries + stored.tail_entries()

    def get_pointer(self, kind: str, key: str) -> str | None:
        key_item = _pointer_key(kind, key)
        item = self._client.get_item(TableName=self._table, Key=key_item, ConsistentRead=True).get("Item")
        return item["game_id"]["S"] if item else None

    def set_pointer(self, kind: str, key: str, game_id: str | None, *, expires_at: int | None = None) -> None:
        pointer = _pointer_key(kind, key)
        if game_id is None:
            self._client.delete_item(TableName=self._table, Key=pointer)
            return
        item: dict[str, AttributeValueTypeDef] = {**pointer, "game_id": {"S": game_id}}
        if expires_at is not None:
            item[TTL_ATTRIBUTE] = _number(expires_at)
        self._client.put_item(TableName=self._table, Item=item)


def _stored(game_id: str, item: dict[str, Any]) -> StoredGame:
    """The :class:`StoredGame` of a ``game#`` item."""
    state, records = item["state"]["B"], item.get("records", {}).get("B", b"")
    pending = {k: v["B"] for k, v in item.get("pending", {}).get("M", {}).items()}
    window = item.get("window", {}).get("B", b"")
    sizes = {"state": len(state), "records": len(records), **{k: len(v) for k, v in pending.items()}}
    return StoredGame(
        game_id=game_id,
        version=int(item["version"]["N"]),
        state=unpack(state),
        records=unpack(records) if records else "",
        pending={k: unpack(v) for k, v in pending.items()},
        tail=item.get("hist", {}).get("B", b""),
        chunks=int(item.get("hist_n", {}).get("N", "0")),
        deliveries=tuple(window[i : i + DIGEST_BYTES] for i in range(0, len(window), DIGEST_BYTES)),
        expires_at=int(item[TTL_ATTRIBUTE]["N"]) if TTL_ATTRIBUTE in item else None,
        sizes=sizes,
    )
