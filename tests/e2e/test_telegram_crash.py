"""What a crash after the commit does to the messages (design §1: persist first, then send).

A commit keeps its notices in the game's history, and its own invocation sends them right after the write.
If that invocation dies before it sends (the process killed), Telegram never got its 200 and delivers the
same update again: the redelivery finds the change in (nothing is decided twice) and, once the first
attempt cannot be sending any more, sends what the dead container committed, once. If sending breaks
inside a living invocation (a defect), the commit's messages wait in the outbox with a flush wake-up a
second later, and the webhook answers 200; if even that write fails, it answers 500 and the redelivery
sends them. In every case the game finishes with every message of every commit in its chat exactly once,
in order.

The dying container is a separate process (multiprocessing, spawn; ``tests/e2e/crashing.py``) on the same
DynamoDB endpoint as the test (``devtools.store_server``'s moto server) and the test's fake Bot API.
"""

from __future__ import annotations

import multiprocessing
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from core.games import rules_for
from devtools.store_server import dynamodb_client, moto_server
from handlers import delivery, history, outbox, sending
from handlers.commit import SENDING_WINDOW
from tests.e2e import moves
from tests.e2e.crashing import CRASHED, Crash, handle_and_die
from tests.e2e.faults import FaultyTable, assert_each_once_in_order, play_to_end, recording_store
from tests.e2e.harness import GROUP, Player, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import callback, group_command

pytestmark = [pytest.mark.aws, pytest.mark.slow]

DEADLOCK_GUARD = 120  # seconds; only stops a broken run from hanging, never part of an assertion


@pytest.fixture
def table(api: FakeTelegramApi) -> Iterator[FaultyTable]:
    """Six players in the lobby, on a DynamoDB endpoint other processes can reach."""
    with moto_server() as endpoint:
        store = recording_store(dynamodb_client(endpoint), f"jinro-crash-{uuid.uuid4().hex}")
        table = FaultyTable(api, store, players(6))
        table.endpoint = endpoint  # type: ignore[attr-defined]
        moves.open_lobby(table)
        yield table


def crash(table: FaultyTable, update: dict[str, Any]) -> None:
    """Deliver ``update`` to a container that dies right after its commit; what it committed (its
    history entry's notices) joins the record."""
    table.tick()
    sent_before, version_before = len(table.api.posted), table.store.load(table.game_id).version  # type: ignore[union-attr]
    dying = Crash(
        endpoint=table.endpoint,  # type: ignore[attr-defined]
        table=table.recorded.table_name,
        api_url=table.api.base_url,
        token=table.api.token,
        update=update,
        now=table.now,
        at="commit",
    )
    process = multiprocessing.get_context("spawn").Process(target=handle_and_die, args=(dying,))
    process.start()
    process.join(DEADLOCK_GUARD)
    assert process.exitcode == CRASHED
    assert len(table.api.posted) == sent_before, "the dead container sent nothing"
    stored = table.store.load(table.game_id)
    assert stored is not None
    assert stored.version == version_before + 1, "it died after committing"
    entry = history.load(stored.tail_entries()[-1])
    rules = rules_for(table.state().game)
    table.recorded.committed += outbox.render_notices(rules, table.state(), entry.notices)


def done_press(table: FaultyTable, player: Player) -> dict[str, Any]:
    """The update of ``player`` pressing "done" on their night keyboard (not delivered yet)."""
    keyboard = moves.current_keyboard(table, player)
    assert keyboard is not None
    data = next(d for d, tap in moves.taps(keyboard) if tap.action.kind == "done")
    return callback(
        player.number, player.number, data, keyboard.message_id, table.next_update_id(), player.name
    )


def finish(table: FaultyTable) -> None:
    play_to_end(table)
    assert table.state().is_over
    assert_each_once_in_order(table)


def test_telegram_delivering_the_update_again_sends_what_the_dead_container_committed(
    table: FaultyTable,
) -> None:
    host = table.people[0]
    start = group_command(GROUP, host.number, host.name, "/startgame", table.next_update_id())

    crash(table, start)
    assert table.state().phase == "night"
    sent = len(table.api.posted)
    assert table.post(start) == 200
    assert len(table.api.posted) == sent, "a copy while its first attempt may still be sending leaves it be"
    table.now += SENDING_WINDOW  # Telegram tries again
    assert table.post(start) == 200

    assert table.pending() == {}
    finish(table)


def test_a_players_press_the_dead_container_committed_is_sent_by_its_redelivery(table: FaultyTable) -> None:
    moves.start(table)
    first, second = table.people[:2]
    press = done_press(table, first)

    crash(table, press)
    table.post(done_press(table, second))  # others play on meanwhile
    table.now += SENDING_WINDOW
    assert table.post(press) == 200

    finish(table)


def breaking(times: int) -> Any:
    """A ``send_all`` that breaks ``times`` times (a defect in the send step, not Telegram refusing)."""
    calls = {"left": times}

    async def send_all(*args: Any, **kwargs: Any) -> Any:
        if calls["left"]:
            calls["left"] -= 1
            raise RuntimeError("a defect while sending")
        return await delivery.send_all(*args, **kwargs)

    return send_all


def test_sending_that_breaks_after_the_commit_parks_the_messages_and_a_wake_up_sends_them(
    table: FaultyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves.start(table)
    monkeypatch.setattr(sending, "send_all", breaking(1))

    update = done_press(table, table.people[0])
    assert table.post(update) == 200
    flushes = [w for w in table.wake_ups.scheduled if w.kind == "flush"]
    assert [w.at for w in flushes] == [table.now + 1], "a flush a second later, not at the next input"
    table.wait_for_flushes()

    assert table.pending() == {}
    finish(table)


def test_when_the_messages_can_neither_go_nor_wait_telegram_is_asked_to_deliver_again(
    table: FaultyTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves.start(table)
    runner = table.service.runner
    monkeypatch.setattr(sending, "send_all", breaking(1))

    def broken_park(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("the table is unreachable")

    monkeypatch.setattr(runner.sending, "park", broken_park)
    update = done_press(table, table.people[0])

    assert table.post(update) == 500

    monkeypatch.undo()
    table.now += SENDING_WINDOW
    assert table.post(update) == 200, "the redelivery sends what the first attempt committed"
    finish(table)
