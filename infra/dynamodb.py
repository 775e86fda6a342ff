"""DynamoDB implementation of :class:`infra.store.GameStore` (boto3, single table, conditional writes).

Table: partition key ``pk`` (S) only, on-demand billing, TTL on ``expires_at`` (UTC epoch seconds).
Items (layout and the cost of each write: ``docs/storage.md``):

- ``game#<game_id>``: ``version`` (N), ``state`` (B, zlib-compressed UTF-8 JSON; an older item's S, plain
  JSON, is still read), ``outbox`` (M: outbox id → S payload),
  ``deliveries`` (M: str(version) → S delivery id, the last ``max_deliveries`` versions), ``expires_at``;
  while a flush sends: ``lease_holder`` (S) and ``lease_until`` (N, UTC epoch seconds); ``sends`` (S, the
  flush's record of recent sends, opaque).
- ``chat#<chat_id>`` / ``user#<user_id>``: ``game_id`` (S), ``expires_at``.
- ``group#<chat_id>``: the group's settings and stats (``infra.dynamo_groups``).

A commit is ONE ``UpdateItem`` conditioned on the version, so state, outbox entries and delivery id land
together or not at all (DynamoDB Developer Guide, "Condition expressions"). The delivery window is keyed
by version so each commit adds one key and drops the one that left the window without reading the item.
``mark_sent`` removes outbox keys with its own ``UpdateItem`` that ignores the version, so it never
conflicts with a game write (and a concurrent commit never brings a removed entry back: it only SETs
its own new keys). The flush lease lives in the same item: a commit takes it when it is free
(``if_not_exists``, no extra condition), ``acquire_flush`` takes over a lapsed one and ``release_flush`` frees
it, each with an ``UpdateItem`` whose condition never looks at the version, so flushing never conflicts
with playing.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import boto3
from botocore.config import Config

from infra.dynamo_groups import DynamoGroups
from infra.store import (
    MAX_DELIVERIES,
    REPLY_KEPT,
    GameStore,
    StoredGame,
    VersionConflict,
    check_kind,
    check_lease_offer,
)

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef

TTL_ATTRIBUTE = "expires_at"
LEASE_HOLDER = "lease_holder"
LEASE_UNTIL = "lease_until"
SENDS = "sends"


#: zlib level for the state: a 16-player game's JSON shrinks about sixfold in well under a millisecond, and
#: every write is billed per started KB of the item (docs/storage.md).
STATE_COMPRESSION = 6


def pack_state(state: str) -> bytes:
    """The stored form of a state's JSON: zlib-compressed UTF-8 (Python ``zlib``, RFC 1950)."""
    return zlib.compress(state.encode(), STATE_COMPRESSION)


def unpack_state(attribute: dict[str, Any]) -> str:
    """The state JSON of a stored ``state`` attribute: B (compressed) or, for items written before
    compression, S. Raises ``zlib.error`` for a corrupt value."""
    if "B" in attribute:
        return zlib.decompress(attribute["B"]).decode()
    return str(attribute["S"])


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

    def set_if_absent(self, path: str, value: AttributeValueTypeDef) -> None:
        self.sets.append(f"{path} = if_not_exists({path}, {self.value(value)})")

    def remove_outbox(self, outbox_ids: list[str]) -> None:
        for outbox_id in dict.fromkeys(outbox_ids):
            self.remove(self.path("outbox", outbox_id))

    def remove(self, path: str) -> None:
        self.removes.append(path)

    def request(self, condition: str) -> dict[str, Any]:
        clauses = [f"SET {', '.join(self.sets)}"] if self.sets else []
        clauses += [f"REMOVE {', '.join(self.removes)}"] if self.removes else []
        request: dict[str, Any] = {
            "UpdateExpression": " ".join(clauses),
            "ConditionExpression": condition,
            "ExpressionAttributeNames": self.names,
        }
        if self.values:
            request["ExpressionAttributeValues"] = self.values
        return request


def _number(value: int) -> AttributeValueTypeDef:
    return {"N": str(value)}


def _strings(mapping: dict[str, str]) -> AttributeValueTypeDef:
    return {"M": {k: {"S": v} for k, v in mapping.items()}}


def _game_key(game_id: str) -> dict[str, AttributeValueTypeDef]:
    return {"pk": {"S": f"game#{game_id}"}}


def _pointer_key(kind: str, key: str) -> dict[str, AttributeValueTypeDef]:
    check_kind(kind)
    return {"pk": {"S": f"{kind}#{key}"}}


class DynamoStore(DynamoGroups, GameStore):
    """:class:`GameStore` on one DynamoDB table named ``table_name``.

    ``client``: a low-level boto3 DynamoDB client (e.g. one made with ``endpoint_url`` for a local
    server; not a resource, whose client converts values itself); default: a client from the environment
    (Lambda: the function's role and region) with the "standard" retry mode.
    ``max_deliveries``: the redelivery window, in versions.
    Errors other than a version conflict (throttling after retries, an item over 400 KB) propagate as
    botocore ``ClientError``.
    """

    def __init__(
        self,
        table_name: str,
        client: DynamoDBClient | None = None,
        *,
        max_deliveries: int = MAX_DELIVERIES,
    ) -> None:
        self._table = table_name
        self._client = client or boto3.client("dynamodb", config=Config(retries={"mode": "standard"}))
        self._max_deliveries = max_deliveries

    def load(self, game_id: str) -> StoredGame | None:
        response = self._client.get_item(TableName=self._table, Key=_game_key(game_id), ConsistentRead=True)
        item = response.get("Item")
        return self._stored(game_id, item) if item else None

    def commit(
        self,
        game_id: str,
        *,
        expected_version: int,
        state: str,
        outbox_add: dict[str, str],
        delivery_id: str | None,
        expires_at: int | None,
        flush_holder: str | None = None,
        lease_until: int | None = None,
    ) -> StoredGame:
        check_lease_offer(flush_holder, lease_until)
        version = expected_version + 1
        update = _Update()
        if flush_holder is not None and lease_until is not None:
            # Both attributes are set and removed together, so each keeps the holder's value or takes ours.
            update.set_if_absent(update.path(LEASE_HOLDER), {"S": flush_holder})
            update.set_if_absent(update.path(LEASE_UNTIL), _number(lease_until))
        update.set(update.path("version"), _number(version))
        update.set(update.path("state"), {"B": pack_state(state)})
        if expires_at is None:
            update.remove(update.path(TTL_ATTRIBUTE))
        else:
            update.set(update.path(TTL_ATTRIBUTE), _number(expires_at))
        if expected_version == 0:
            condition = f"attribute_not_exists({update.path('pk')})"
            window = {} if delivery_id is None else {str(version): delivery_id}
            update.set(update.path("outbox"), _strings(outbox_add))
            update.set(update.path("deliveries"), _strings(window))
        else:
            condition = f"{update.path('version')} = {update.value(_number(expected_version))}"
            self._add_entries(update, version, outbox_add, delivery_id)
        stored = self._update_or_none(game_id, update, condition)
        if stored is None:
            raise VersionConflict(game_id)
        return stored

    def _add_entries(
        self, update: _Update, version: int, outbox_add: dict[str, str], delivery_id: str | None
    ) -> None:
        """Add outbox entries and the delivery id key by key; drop the version leaving the window."""
        for outbox_id, payload in outbox_add.items():
            update.set(update.path("outbox", outbox_id), {"S": payload})
        if delivery_id is not None:
            update.set(update.path("deliveries", str(version)), {"S": delivery_id})
        if version - self._max_deliveries >= 1:
            update.remove(update.path("deliveries", str(version - self._max_deliveries)))

    def mark_sent(self, game_id: str, outbox_ids: list[str]) -> None:
        if not outbox_ids:
            return
        update = _Update()
        update.remove_outbox(outbox_ids)
        # The condition only keeps UpdateItem from creating a stray item for a game that is gone.
        request = update.request(f"attribute_exists({update.path('pk')})")
        try:
            self._client.update_item(TableName=self._table, Key=_game_key(game_id), **request)
        except self._client.exceptions.ConditionalCheckFailedException:
            return

    def acquire_flush(self, game_id: str, *, holder: str, until: int, now: int) -> StoredGame | None:
        update = _Update()
        update.set(update.path(LEASE_HOLDER), {"S": holder})
        update.set(update.path(LEASE_UNTIL), _number(until))
        lease_until = update.path(LEASE_UNTIL)
        free = f"attribute_not_exists({lease_until}) OR {lease_until} <= {update.value(_number(now))}"
        condition = f"attribute_exists({update.path('pk')}) AND ({free})"
        return self._update_or_none(game_id, update, condition)

    def release_flush(
        self, game_id: str, *, holder: str, sent: list[str], sends: str | None
    ) -> StoredGame | None:
        update = _Update()
        update.remove_outbox(sent)
        update.remove(update.path(LEASE_HOLDER))
        update.remove(update.path(LEASE_UNTIL))
        if sends is not None:
            update.set(update.path(SENDS), {"S": sends})
        condition = f"{update.path(LEASE_HOLDER)} = {update.value({'S': holder})}"
        released = self._update_or_none(game_id, update, condition)
        if released is not None:
            return released
        # The lease was lost (it expired and another flush took it): still confirm what was sent.
        if not sent:
            return self.load(game_id)
        marked = _Update()
        marked.remove_outbox(sent)
        return self._update_or_none(game_id, marked, f"attribute_exists({marked.path('pk')})")

    def _update_or_none(self, game_id: str, update: _Update, condition: str) -> StoredGame | None:
        """Run ``update`` under ``condition``; the game after it, or ``None`` if the condition failed."""
        try:
            response = self._client.update_item(
                TableName=self._table,
                Key=_game_key(game_id),
                ReturnValues="ALL_NEW",
                **update.request(condition),
            )
        except self._client.exceptions.ConditionalCheckFailedException:
            return None
        return self._stored(game_id, response["Attributes"])

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

    def claim_reply(self, delivery_id: str) -> bool:
        """A ``reply#<delivery id>`` item put only if absent (one conditional PutItem, 1 WCU), kept
        :data:`~infra.store.REPLY_KEPT` seconds from the container's clock by the table's TTL."""
        item: dict[str, AttributeValueTypeDef] = {
            "pk": {"S": f"reply#{delivery_id}"}, TTL_ATTRIBUTE: _number(int(time.time()) + REPLY_KEPT),
        }  # fmt: skip
        try:
            self._client.put_item(
                TableName=self._table, Item=item, ConditionExpression="attribute_not_exists(pk)"
            )
        except self._client.exceptions.ConditionalCheckFailedException:
            return False
        return True

    def _stored(self, game_id: str, item: dict[str, Any]) -> StoredGame:
        version = int(item["version"]["N"])
        window = {int(v): d["S"] for v, d in item["deliveries"]["M"].items()}
        recent = sorted(v for v in window if v > version - self._max_deliveries)
        return StoredGame(
            game_id=game_id,
            version=version,
            state=unpack_state(item["state"]),
            outbox={k: v["S"] for k, v in item["outbox"]["M"].items()},
            deliveries=[window[v] for v in recent],
            lease_holder=item[LEASE_HOLDER]["S"] if LEASE_HOLDER in item else None,
            lease_until=int(item[LEASE_UNTIL]["N"]) if LEASE_UNTIL in item else 0,
            sends=item[SENDS]["S"] if SENDS in item else "",
        )
