"""A Telegram group hears at most 20 messages a minute (design §4; core.telegram.org/bots/faq): 25 group
messages in one minute → 20 go at once, 5 wait for the window and then go (as one message), none lost, in
order, while the players' private messages are not held. Real timer Lambda, DynamoStore on moto, fake Bot
API."""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

from handlers import outbox, timer
from handlers.messages import OutMessage
from infra.store import Change
from infra.timers import WakeUp
from tests.e2e import moves
from tests.e2e.faults import FaultyTable, recording_store
from tests.e2e.harness import GAME_ID, GROUP, GROUP_CHAT, TABLE, players
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

MINUTE = 60


@pytest.fixture
def table(api: FakeTelegramApi) -> Iterator[FaultyTable]:
    """Four players in a lobby, a minute after it was opened (the group's budget is whole again)."""
    with mock_aws():
        store = recording_store(boto3.client("dynamodb", region_name="us-east-1"), TABLE)
        table = FaultyTable(api, store, players(4))
        moves.open_lobby(table)
        table.tick(MINUTE)
        yield table


def commit(table: FaultyTable, messages: list[OutMessage]) -> None:
    """One commit of the game that leaves ``messages`` waiting in the outbox (the state unchanged)."""
    stored = table.store.load(GAME_ID)
    assert stored is not None
    version = stored.version + 1
    entries = {f"{version:08d}-{i:04d}": outbox.dump(m) for i, m in enumerate(messages)}
    table.store.commit(stored, Change(pending_add=entries))


def flush_wake_up(table: FaultyTable) -> None:
    """A flush wake-up reaches the timer Lambda now."""
    record = {"messageId": "flush", "body": WakeUp(GAME_ID, 0, "flush", at=table.now).dump()}
    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}


def test_25_group_messages_in_one_minute_20_go_and_5_wait_for_the_window(table: FaultyTable) -> None:
    lines = [f"お知らせ{n}" for n in range(25)]
    player = table.people[1]
    before = table.api.posted_to(GROUP)
    started = table.now
    for n, line in enumerate(lines):  # one change a second, each with a group line and a private one
        commit(
            table,
            [OutMessage(chat_id=GROUP_CHAT, text=line), OutMessage(chat_id=player.chat, text=f"個別{n}")],
        )
        flush_wake_up(table)
        table.tick()
    table.now = started + MINUTE - 1
    flush_wake_up(table)

    assert table.api.posted_to(GROUP)[len(before) :] == lines[:20]
    assert table.api.posted_to(player.chat)[-25:] == [f"個別{n}" for n in range(25)], "private chats go on"
    assert [w.at for w in table.wake_ups.scheduled if w.kind == "flush"] == [started + MINUTE]

    table.wait_for_flushes()

    assert table.api.posted_to(GROUP)[len(before) :] == [*lines[:20], "\n\n".join(lines[20:])]
    assert table.pending() == {}
