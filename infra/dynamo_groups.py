"""DynamoDB implementation of :class:`infra.groups.GroupStore` (mixed into ``infra.dynamodb.DynamoStore``).

Item ``group#<chat_id>`` in the game table: ``version`` (N), ``settings`` (S, JSON), ``stats`` (S, JSON),
``results`` (L of S: the game ids already counted, newest last). Every write is one ``UpdateItem``
conditioned on the version read (``attribute_not_exists(pk)`` for the first one), so a settings change
and a result reported at the same moment never undo each other: the loser gets
``ConditionalCheckFailedException``, reloads and writes again (DynamoDB Developer Guide, "Condition
expressions"). No TTL: a group's settings and stats are kept while the group plays.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from infra.groups import MAX_ATTEMPTS, GroupConflict, GroupRecord, with_result

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_dynamodb.type_defs import AttributeValueTypeDef


def _key(chat_id: str) -> dict[str, AttributeValueTypeDef]:
    return {"pk": {"S": f"group#{chat_id}"}}


def _json(value: object) -> AttributeValueTypeDef:
    return {"S": json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)}


class DynamoGroups:
    """Group items on ``self._table`` through ``self._client`` (set by ``DynamoStore``)."""

    _client: DynamoDBClient
    _table: str

    def load_group(self, chat_id: str) -> GroupRecord | None:
        response = self._client.get_item(TableName=self._table, Key=_key(chat_id), ConsistentRead=True)
        item = response.get("Item")
        return None if item is None else _record(chat_id, item)

    def save_group_settings(
        self, chat_id: str, settings: dict[str, Any], expected_version: int
    ) -> GroupRecord:
        saved = self._write(chat_id, expected_version, {"settings": _json(settings)})
        if saved is None:
            raise GroupConflict(chat_id)
        return saved

    def record_result(self, chat_id: str, game_id: str, game: str, winners: list[str]) -> bool:
        for _ in range(MAX_ATTEMPTS):
            current = self.load_group(chat_id) or GroupRecord(chat_id)
            counted = with_result(current, game_id, game, winners)
            if counted is None:
                return False
            results: AttributeValueTypeDef = {"L": [{"S": g} for g in counted.results]}
            if self._write(chat_id, current.version, {"stats": _json(counted.stats), "results": results}):
                return True
        raise GroupConflict(chat_id)

    def _write(
        self, chat_id: str, expected_version: int, attributes: dict[str, AttributeValueTypeDef]
    ) -> GroupRecord | None:
        """SET ``attributes`` and ``version = expected_version + 1`` if the item is at
        ``expected_version``; the record after, or ``None`` when the condition failed."""
        names = {f"#a{i}": name for i, name in enumerate(attributes)}
        values: dict[str, AttributeValueTypeDef] = {
            f":a{i}": value for i, value in enumerate(attributes.values())
        }
        sets = [f"#a{i} = :a{i}" for i in range(len(attributes))]
        names["#v"] = "version"
        values[":new"] = {"N": str(expected_version + 1)}
        if expected_version == 0:
            condition = "attribute_not_exists(#v)"
        else:
            condition = "#v = :old"
            values[":old"] = {"N": str(expected_version)}
        try:
            response = self._client.update_item(
                TableName=self._table,
                Key=_key(chat_id),
                UpdateExpression=f"SET {', '.join(sets)}, #v = :new",
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
            )
        except self._client.exceptions.ConditionalCheckFailedException:
            return None
        return _record(chat_id, response["Attributes"])


def _record(chat_id: str, item: dict[str, Any]) -> GroupRecord:
    return GroupRecord(
        chat_id=chat_id,
        version=int(item["version"]["N"]),
        settings=json.loads(item["settings"]["S"]) if "settings" in item else {},
        stats=json.loads(item["stats"]["S"]) if "stats" in item else {},
        results=[r["S"] for r in item.get("results", {}).get("L", [])],
    )
