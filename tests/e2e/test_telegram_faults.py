"""Whole games of 徒桜戦争 while the Bot API misbehaves: a 429 flood wait on the group, 500s, a call that
times out, a player who blocked the bot. Every message the game committed reaches its chat exactly once
and in order once the trouble is over, the chat in trouble waits while the others go on, and the game
finishes (design §1, §4; ``handlers.delivery``).

Real webhook, service, store (DynamoStore on moto) and timer Lambda; the fake Bot API answers with the
recorded error bodies (``tests/fixtures/telegram/error_*.json``); the test delivers the timer queue's
wake-ups at their second.
"""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

import core.i18n as i18n
from tests.e2e import moves
from tests.e2e.faults import (
    ERROR_500,
    FaultyTable,
    assert_each_once_in_order,
    committed_to,
    play_to_end,
    recording_store,
    squashed,
)
from tests.e2e.harness import GROUP, GROUP_CHAT, TABLE, players
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: ``error_429_too_many_requests_retry_after.json``: "retry after 14".
FLOOD_WAIT = 14


@pytest.fixture
def table(api: FakeTelegramApi, monkeypatch: pytest.MonkeyPatch) -> Iterator[FaultyTable]:
    """Six players in the lobby of a Telegram group; the game is not started yet."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # RetryAfter.retry_after as a timedelta (PTB ≥ 22.2)
    with mock_aws():
        store = recording_store(boto3.client("dynamodb", region_name="us-east-1"), TABLE)
        table = FaultyTable(api, store, players(6))
        moves.open_lobby(table)
        yield table


def tries(api: FakeTelegramApi, chat: str) -> int:
    number = int(chat.removeprefix("tg:"))
    return len([c for c in api.calls_to("sendMessage") if c.params["chat_id"] == number])


def test_a_flood_wait_holds_the_group_until_it_is_over_while_the_players_get_theirs(
    table: FaultyTable, api: FakeTelegramApi
) -> None:
    api.fail("error_429_too_many_requests_retry_after", chat_id=GROUP, times=1)
    before = {chat: len(api.posted_to(chat)) for chat in (GROUP_CHAT, *(p.chat for p in table.people))}
    started = table.now

    moves.start(table)

    assert len(api.posted_to(GROUP)) == before[GROUP_CHAT]
    assert all(len(api.posted_to(p.chat)) > before[p.chat] for p in table.people), "role cards went out"
    flushes = [w for w in table.wake_ups.history if w.kind == "flush"]
    assert [w.at for w in flushes] == [started + FLOOD_WAIT]

    play_to_end(table)

    assert table.state().is_over
    assert_each_once_in_order(table)
    assert tries(api, GROUP_CHAT) == len(api.posted_to(GROUP)) + 1, "the group was tried again too soon"


def test_server_errors_are_retried_with_backoff_and_nothing_arrives_twice(
    table: FaultyTable, api: FakeTelegramApi
) -> None:
    api.fail(ERROR_500, chat_id=GROUP, times=3)
    started = table.now

    moves.start(table)
    play_to_end(table)

    assert table.state().is_over
    assert_each_once_in_order(table)
    assert tries(api, GROUP_CHAT) == len(api.posted_to(GROUP)) + 3
    assert next(w.at for w in table.wake_ups.history if w.kind == "flush") == started + 5


def test_a_send_that_times_out_holds_only_that_players_chat(table: FaultyTable, api: FakeTelegramApi) -> None:
    slow, other = table.people[1], table.people[2]
    api.hang(chat_id=slow.chat, times=1)
    before = {p: len(api.posted_to(p.chat)) for p in (slow, other)}

    moves.start(table)

    assert len(api.posted_to(slow.chat)) == before[slow]
    assert len(api.posted_to(other.chat)) > before[other]
    assert len(api.posted_to(GROUP)) > 0

    play_to_end(table)

    assert table.state().is_over
    assert_each_once_in_order(table)
    assert tries(api, slow.chat) == len(api.posted_to(slow.chat)) + 1


def test_a_player_who_blocked_the_bot_is_tried_once_per_message_and_the_game_goes_on(
    table: FaultyTable, api: FakeTelegramApi
) -> None:
    blocked = table.people[3]
    api.fail("error_403_bot_was_blocked_by_the_user", chat_id=blocked.chat)

    moves.start(table)
    play_to_end(table)

    assert table.state().is_over
    assert_each_once_in_order(table, lambda chat: chat != blocked.chat)
    told = i18n.text("game.unreachable", "ja", "adazakura", name=blocked.name)
    assert any(told in text for text in api.posted_to(GROUP))
    tried = [c.params["text"] for c in api.calls_to("sendMessage") if c.params["chat_id"] == blocked.number]
    assert squashed(tried) == squashed(committed_to(table.recorded, blocked.chat)), "each tried once"
    assert len(api.posted_to(blocked.chat)) == 1, "only the welcome, before the block"
