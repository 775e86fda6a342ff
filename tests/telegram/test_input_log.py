"""One structured log line per Telegram update (issue 4, "Observability"): the operator can follow each
input's game, phase, command type, outcome and duration in CloudWatch, and never finds a player's text,
name or a secret there.

The lines are captured as Powertools formats them (JSON) while a real game runs through the webhook, the
service, moto's DynamoDB and the fake Bot API.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from handlers.telegram import webhook
from infra.dynamodb import DynamoStore
from tests.captured_log import captured
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, GROUP, SECRET, Table, moto_store, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import group_command

pytestmark = [pytest.mark.aws]

NAMES = ("たろう", "Mika")


@pytest.fixture
def store() -> Iterator[DynamoStore]:
    with moto_store() as dynamo:
        yield dynamo


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """Everything the webhook's Powertools logger writes, formatted as in CloudWatch."""
    with captured(webhook.logger) as stream:
        yield stream


def input_lines(log: io.StringIO) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in log.getvalue().splitlines() if line.strip()]
    return [r for r in records if r["message"] == "input"]


def line_of(log: io.StringIO, update: dict[str, Any]) -> dict[str, Any]:
    [line] = [r for r in input_lines(log) if r.get("delivery_id") == f"tg:{update['update_id']}"]
    return line


def fields(line: dict[str, Any]) -> dict[str, Any]:
    keys = ("source", "game_id", "phase", "command", "outcome", "reason")
    return {key: line[key] for key in keys if key in line}


def test_each_update_writes_one_line_with_its_game_phase_command_outcome_and_duration(
    api: FakeTelegramApi, store: DynamoStore, log: io.StringIO
) -> None:
    table = Table(api, store, players(4))
    host, other = table.people[0], table.people[1]
    opened = table.in_group(host, "/newgame")
    for player in table.people:
        table.open_join_link(player)
    early = table.in_group(other, "/startgame")
    started = table.in_group(host, "/startgame")
    assert table.post(started) == 200  # Telegram delivers it again
    chatter = table.in_group(other, "おはようございます")
    press = moves.press_first(table, other, lambda tap: tap.action.kind == "done")
    assert press is not None

    assert len(input_lines(log)) == 1 + len(table.people) + 5  # one per update, the redelivery too
    assert fields(line_of(log, opened)) == {
        "source": "telegram", "game_id": GAME_ID, "phase": "lobby", "command": "newgame",
        "outcome": "accepted",
    }  # fmt: skip
    assert fields(line_of(log, early)) == {
        "source": "telegram", "game_id": GAME_ID, "phase": "lobby", "command": "start", "outcome": "refused",
        "reason": "not_host",
    }  # fmt: skip
    first, again = [r for r in input_lines(log) if r.get("delivery_id") == f"tg:{started['update_id']}"]
    assert (first["outcome"], again["outcome"]) == ("accepted", "duplicate")
    assert fields(line_of(log, chatter)) == {"source": "telegram", "command": "update", "outcome": "ignored"}
    [tap] = [r for r in input_lines(log) if r["command"] == "act"]
    assert fields(tap) == {
        "source": "telegram", "game_id": GAME_ID, "phase": "night", "command": "act", "outcome": "accepted"
    }  # fmt: skip
    assert all(isinstance(r["duration_ms"], int | float) and r["duration_ms"] >= 0 for r in input_lines(log))
    assert {r["level"] for r in input_lines(log)} == {"INFO"}


def test_the_lines_carry_no_message_text_names_or_secret(
    api: FakeTelegramApi, store: DynamoStore, log: io.StringIO
) -> None:
    table = Table(api, store, players(4))
    tarou = table.people[3]
    assert tarou.name == "たろう"
    table.in_group(tarou, "/newgame")
    table.in_group(tarou, "/vote 3 たろうが怪しい")
    table.in_private(tarou, "ひみつの作戦")
    table.in_group(tarou, "/frobnicate_secretly")
    table.post(group_command(GROUP, tarou.number, "Mika Example", "/help@other_bot", table.next_update_id()))

    logged = log.getvalue()
    assert len(input_lines(log)) == 5
    for forbidden in ("たろう", "ひみつ", "怪しい", "Mika", "frobnicate", SECRET):
        assert forbidden not in logged
        assert json.dumps(forbidden).strip('"') not in logged
