"""Ballots pressed in the same instant by different players are all counted (design §1: on a version
conflict the service reloads and decides again).

The webhook keeps one event loop per container and runs each delivery with ``run_until_complete``, so it
cannot serve two threads at once (Lambda never asks it to: one invocation per container at a time).
Concurrent deliveries are separate Lambda containers, so each racing thread here is one: its own event
loop, Bot client, DynamoStore client and Service, over one table on a DynamoDB endpoint that serves one
request at a time (``devtools.store_server``; moto's in-process backend is not thread-safe). Every racer
loads the game before anyone commits, so all but one first commit must conflict and be retried.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from core.engine.notice import Action
from devtools.store_server import dynamodb_client, moto_server
from handlers.messages import Outcome
from handlers.service import Service
from handlers.telegram.parse import parse_update
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore, create_table
from infra.store import Change, StoredGame, VersionConflict
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, Player, Table, catalog_text, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi
from tests.telegram.builders import callback

pytestmark = pytest.mark.aws

SEATS = ["yatsuha/A", "megumi/S", "tokoyo/S", "himika/S", "shinra/S", "mizuki/S"]
DEADLOCK_GUARD = 60  # seconds; only stops a broken run from hanging, never part of an assertion


class RacingStore(DynamoStore):
    """A DynamoStore whose first commit waits until every racer has decided, and that counts conflicts."""

    def __init__(self, table: str, endpoint: str, start: threading.Barrier, conflicts: list[str]) -> None:
        super().__init__(table, dynamodb_client(endpoint))
        self._start: threading.Barrier | None = start
        self._conflicts = conflicts

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        if self._start is not None:
            self._start.wait()
            self._start = None
        try:
            return super().commit(base, change)
        except VersionConflict:
            self._conflicts.append(base.game_id)
            raise


@pytest.fixture
def endpoint() -> Iterator[str]:
    with moto_server() as url:
        yield url


@pytest.fixture
def table_name(endpoint: str) -> str:
    name = f"jinro-race-{uuid.uuid4().hex}"
    create_table(dynamodb_client(endpoint), name)
    return name


@pytest.fixture
def vote(api: FakeTelegramApi, endpoint: str, table_name: str) -> Table:
    """Six players in the day-1 vote, set up through the webhook (one thread)."""
    table = Table(
        api,
        DynamoStore(table_name, dynamodb_client(endpoint)),
        players(6),
        settings={"setup": {"seats": SEATS}},
    )
    moves.open_lobby(table)
    moves.start(table)
    moves.to_the_vote(table)
    return table


def ballot_update(table: Table, voter: Player, target: int) -> dict[str, Any]:
    keyboard = moves.current_keyboard(table, voter)
    assert keyboard is not None
    data = next(d for d, tap in moves.taps(keyboard) if tap.action == Action(kind="vote", args=(target,)))
    return callback(voter.number, voter.number, data, keyboard.message_id, table.next_update_id(), voter.name)


def race(
    table: Table, endpoint: str, table_name: str, updates: list[dict[str, Any]]
) -> tuple[list[Outcome], list[str]]:
    """Deliver ``updates`` at the same instant, one container (thread) each."""
    start = threading.Barrier(len(updates), timeout=DEADLOCK_GUARD)
    conflicts: list[str] = []

    def container(update: dict[str, Any]) -> Outcome:
        store = RacingStore(table_name, endpoint, start, conflicts)
        service = Service(store, TelegramSender(table.api.bot(), bot_username=BOT_USERNAME))
        parsed = parse_update(update, None, BOT_USERNAME)
        assert parsed is not None
        return asyncio.run(service.handle(parsed.inbound, now=table.now))

    with ThreadPoolExecutor(len(updates)) as pool:
        outcomes = list(pool.map(container, updates))
    return outcomes, conflicts


@pytest.mark.slow
def test_two_ballots_at_the_same_moment_are_both_counted(vote: Table, endpoint: str, table_name: str) -> None:
    first, second = vote.people[2], vote.people[3]
    updates = [ballot_update(vote, first, 1), ballot_update(vote, second, 2)]
    version = vote.version()

    outcomes, conflicts = race(vote, endpoint, table_name, updates)

    assert [o.ack for o in outcomes] == [catalog_text("tap.ok")] * 2
    assert len(conflicts) >= 1
    state = vote.state()
    assert state.day.ballots == {3: 1, 4: 2}
    assert vote.version() == version + 2
    stored = vote.store.load(GAME_ID)
    assert stored is not None
    assert all(vote.store.has_delivery(stored, f"tg:{u['update_id']}") for u in updates)
    assert stored.pending == {}
    for voter in (first, second):
        assert len(vote.sent_to(voter.chat)) > 0


@pytest.mark.slow
def test_every_voter_at_the_same_moment_is_counted_and_the_vote_closes(
    vote: Table, endpoint: str, table_name: str
) -> None:
    voters = vote.living()
    updates = [ballot_update(vote, voter, 6) for voter in voters]

    outcomes, conflicts = race(vote, endpoint, table_name, updates)

    assert [o.ack for o in outcomes] == [catalog_text("tap.ok")] * len(voters)
    assert len(conflicts) >= len(voters) - 1
    state = vote.state()
    [closed] = [e for e in state.log if e.kind == "VoteClosed"]
    assert closed.data["ballots"] == {str(vote.seat_of(v)): 6 for v in voters}
    assert state.players[5].alive is False
