"""The webhook's process is killed between its commit and its sends (design §1: persist first, then send).
Whatever it committed reaches the players exactly once. Its commit took the flush lease (docs/storage.md,
"Sending the outbox"), and nobody can tell a dead holder from a slow one, so nothing is sent until that
lease lapses (:data:`LEASE_SECONDS`); then whatever comes next sends it: Telegram delivering the same
update again (the dead container never answered 200), the next player's input, a timer, or the flush
wake-up an input schedules when the holder has been silent too long. The game finishes.

The dying container is a separate process (multiprocessing, spawn; ``tests/e2e/crashing.py``) on the same
DynamoDB endpoint as the test (``devtools.store_server``'s moto server) and the test's fake Bot API.
"""

from __future__ import annotations

import multiprocessing
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.store_server import dynamodb_client, moto_server
from handlers import outbox
from handlers.delivery import HOLDER_SILENT, LEASE_SECONDS
from tests.e2e import moves
from tests.e2e.crashing import CRASHED, Crash, Moment, handle_and_die
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


def crash(table: FaultyTable, update: dict[str, Any], at: Moment = "commit") -> None:
    """Deliver ``update`` to a container that dies at ``at``; what it committed joins the record."""
    table.tick()
    sent_before, pending_before = len(table.api.posted), table.pending()
    dying = Crash(
        endpoint=table.endpoint,  # type: ignore[attr-defined]
        table=table.recorded._table,
        api_url=table.api.base_url,
        token=table.api.token,
        update=update,
        now=table.now,
        at=at,
    )
    process = multiprocessing.get_context("spawn").Process(target=handle_and_die, args=(dying,))
    process.start()
    process.join(DEADLOCK_GUARD)
    assert process.exitcode == CRASHED
    assert len(table.api.posted) == sent_before, "the dead container sent nothing"
    pending = table.pending()
    assert pending.keys() - pending_before.keys(), "it died after committing"
    table.recorded.committed += [outbox.load(pending[oid]) for oid in sorted(pending.keys() - pending_before)]


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
    table.now += LEASE_SECONDS  # Telegram retries an unanswered update later and later
    assert table.post(start) == 200

    assert table.pending() == {}
    finish(table)


def test_the_next_players_input_after_the_lease_lapsed_sends_what_the_dead_container_committed(
    table: FaultyTable,
) -> None:
    moves.start(table)
    first, second = table.people[:2]

    crash(table, done_press(table, first))
    table.now += LEASE_SECONDS
    assert table.post(done_press(table, second)) == 200

    assert table.pending() == {}
    finish(table)


def test_the_deadline_timer_sends_what_the_dead_container_committed(table: FaultyTable) -> None:
    moves.start(table)

    crash(table, done_press(table, table.people[0]))
    table.fire_timer_at_deadline()

    assert table.pending() == {}
    finish(table)


def test_a_lease_left_by_a_dead_container_lapses_and_a_wake_up_sends_what_it_held(
    table: FaultyTable,
) -> None:
    moves.start(table)
    crashed_at = table.now + 1

    crash(table, done_press(table, table.people[0]))
    sent = len(table.api.posted)
    table.tick()
    table.post(done_press(table, table.people[1]))
    table.now = crashed_at + HOLDER_SILENT
    table.post(done_press(table, table.people[2]))

    assert len(table.api.posted) == sent, "nobody sends while the dead container's lease is live"
    assert [w.at for w in table.wake_ups.scheduled if w.kind == "flush"] == [crashed_at + LEASE_SECONDS]
    table.wait_for_flushes()
    assert table.pending() == {}
    finish(table)


def test_a_container_that_dies_after_taking_over_a_lapsed_lease_leaves_it_to_lapse_again(
    table: FaultyTable,
) -> None:
    moves.start(table)
    crash(table, done_press(table, table.people[0]))
    table.now += LEASE_SECONDS - 1
    taken_over_at = table.now + 1

    crash(table, done_press(table, table.people[1]), at="lease")  # its commit found the lapsed lease
    table.now = taken_over_at + HOLDER_SILENT
    table.post(done_press(table, table.people[2]))

    assert [w.at for w in table.wake_ups.scheduled if w.kind == "flush"] == [taken_over_at + LEASE_SECONDS]
    table.wait_for_flushes()
    assert table.pending() == {}
    finish(table)
