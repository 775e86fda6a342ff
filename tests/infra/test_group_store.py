"""The group item (``group#<chat_id>``): a group's settings with an optimistic version, and its results
counted once per game, on every store (memory, DynamoDB on moto)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from infra.dynamodb import DynamoStore
from infra.groups import MAX_RESULTS, GroupConflict, GroupRecord, with_result
from infra.store import GameStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

CHAT = "tg:-1001000000001"
PRESET = {"locale": "en", "games": {"politician": {"options": {"nightSeconds": 120}}}}


def test_a_group_never_stored_loads_as_none(store: GameStore) -> None:
    assert store.load_group(CHAT) is None


def test_settings_are_saved_as_version_1_and_read_back(store: GameStore) -> None:
    saved = store.save_group_settings(CHAT, PRESET, 0)

    assert saved.version == 1
    loaded = store.load_group(CHAT)
    assert loaded is not None
    assert (loaded.version, loaded.settings, loaded.stats) == (1, PRESET, {})


def test_a_save_on_a_stale_version_is_refused_and_the_winner_kept(store: GameStore) -> None:
    store.save_group_settings(CHAT, {"locale": "en"}, 0)
    store.save_group_settings(CHAT, {"locale": "ja"}, 1)

    with pytest.raises(GroupConflict):
        store.save_group_settings(CHAT, {"locale": "en"}, 1)
    with pytest.raises(GroupConflict):
        store.save_group_settings(CHAT, {"locale": "en"}, 0)
    loaded = store.load_group(CHAT)
    assert loaded is not None
    assert (loaded.version, loaded.settings) == (2, {"locale": "ja"})


def test_results_count_games_and_wins_per_side_per_game(store: GameStore) -> None:
    assert store.record_result(CHAT, "g1", "politician", ["human"])
    assert store.record_result(CHAT, "g2", "politician", ["wolf"])
    assert store.record_result(CHAT, "g3", "politician", ["human"])
    assert store.record_result(CHAT, "g4", "deathnote", [])

    loaded = store.load_group(CHAT)
    assert loaded is not None
    assert loaded.stats == {
        "politician": {"games": 3, "wins": {"human": 2, "wolf": 1}},
        "deathnote": {"games": 1, "wins": {}},
    }


def test_a_result_reported_twice_is_counted_once(store: GameStore) -> None:
    assert store.record_result(CHAT, "g1", "adazakura", ["sakura", "renri"])
    assert not store.record_result(CHAT, "g1", "adazakura", ["sakura", "renri"])

    loaded = store.load_group(CHAT)
    assert loaded is not None
    assert loaded.stats == {"adazakura": {"games": 1, "wins": {"sakura": 1, "renri": 1}}}


def test_settings_and_results_never_undo_each_other(store: GameStore) -> None:
    store.save_group_settings(CHAT, PRESET, 0)
    store.record_result(CHAT, "g1", "politician", ["human"])
    after_result = store.load_group(CHAT)
    assert after_result is not None
    store.save_group_settings(CHAT, {"locale": "ja"}, after_result.version)

    loaded = store.load_group(CHAT)
    assert loaded is not None
    assert loaded.settings == {"locale": "ja"}
    assert loaded.stats == {"politician": {"games": 1, "wins": {"human": 1}}}
    assert loaded.version == 3


@pytest.mark.aws
def test_a_result_racing_a_settings_change_is_still_counted(dynamodb: DynamoDBClient, table: str) -> None:
    """The settings change lands between the result's read and its write: the result is written again.
    (The memory store counts under its lock: no such gap.)"""
    store = DynamoStore(table, dynamodb)
    store.save_group_settings(CHAT, {"locale": "en"}, 0)
    real_load = store.load_group
    loads: list[int] = []

    def load_then_race(chat_id: str) -> GroupRecord | None:
        record = real_load(chat_id)
        loads.append(record.version if record else 0)
        if len(loads) == 1:
            store.save_group_settings(CHAT, {"locale": "ja"}, 1)
        return record

    store.load_group = load_then_race  # type: ignore[method-assign]
    assert store.record_result(CHAT, "g1", "deathnote", ["kira"])

    assert loads == [1, 2]
    loaded = real_load(CHAT)
    assert loaded is not None
    assert loaded.settings == {"locale": "ja"}
    assert loaded.stats == {"deathnote": {"games": 1, "wins": {"kira": 1}}}


def test_the_counted_game_ids_are_bounded_oldest_dropped() -> None:
    record = GroupRecord(CHAT, results=[f"g{n}" for n in range(MAX_RESULTS)])

    counted = with_result(record, "new", "politician", ["human"])

    assert counted is not None
    assert counted.results[0] == "g1"
    assert counted.results[-1] == "new"
    assert len(counted.results) == MAX_RESULTS
    assert record.stats == {}  # the record read is never changed


@pytest.mark.aws
def test_the_group_item_as_an_operator_sees_it(dynamodb: DynamoDBClient, table: str) -> None:
    store = DynamoStore(table, dynamodb)
    store.save_group_settings(CHAT, PRESET, 0)
    store.record_result(CHAT, "g1", "politician", ["human"])

    item: dict[str, Any] = dynamodb.get_item(TableName=table, Key={"pk": {"S": f"group#{CHAT}"}})["Item"]

    assert item["version"] == {"N": "2"}
    assert json.loads(item["settings"]["S"]) == PRESET
    assert json.loads(item["stats"]["S"]) == {"politician": {"games": 1, "wins": {"human": 1}}}
    assert item["results"] == {"L": [{"S": "g1"}]}
    assert "expires_at" not in item
