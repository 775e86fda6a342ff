"""Two Lambda containers flush the same game at the same moment: only the flush holding the lease sends,
so no message arrives twice, and what a container commits while the other holds the lease is sent by the
holder before it stops (nothing stranded). ``handlers.delivery``; docs/storage.md "Sending the outbox".

Each container is a thread with its own event loop, Bot client and DynamoStore client over one table on
a DynamoDB endpoint that serves one request at a time (``devtools.store_server``).
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from devtools.store_server import dynamodb_client, moto_server
from handlers import outbox
from handlers.messages import OutMessage
from handlers.runner import GameRunner
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore, create_table
from infra.store import StoredGame
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, GROUP, GROUP_CHAT, Table, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

DEADLOCK_GUARD = 60  # seconds; only stops a broken run from hanging, never part of an assertion


class RacingStore(DynamoStore):
    """A container's own client; its flush waits at ``start`` (if given) before taking the lease, so
    both containers have seen the same pending outbox first. Notes whether it got the lease."""

    def __init__(self, table: str, endpoint: str, start: threading.Barrier | None = None) -> None:
        super().__init__(table, dynamodb_client(endpoint))
        self._start = start
        self.took: list[bool] = []

    def acquire_flush(self, game_id: str, *, holder: str, until: int, now: int) -> StoredGame | None:
        if self._start is not None:
            self._start.wait()
            self._start = None
        taken = super().acquire_flush(game_id, holder=holder, until=until, now=now)
        self.took.append(taken is not None)
        return taken


@pytest.fixture
def lobby(api: FakeTelegramApi) -> Iterator[tuple[Table, str, str]]:
    """A lobby opened through the webhook; yields the table, the endpoint and the table name."""
    with moto_server() as endpoint:
        name = f"jinro-flush-{uuid.uuid4().hex}"
        create_table(dynamodb_client(endpoint), name)
        table = Table(api, DynamoStore(name, dynamodb_client(endpoint)), players(4))
        moves.open_lobby(table)
        yield table, endpoint, name


def commit_lines(store: DynamoStore, lines: list[tuple[str, str]]) -> None:
    """One commit of the game whose outbox holds ``(chat, text)`` lines (the state unchanged)."""
    stored = store.load(GAME_ID)
    assert stored is not None
    version = stored.version + 1
    entries = {
        f"{version:08d}-{i:04d}": outbox.dump(OutMessage(chat_id=chat, text=text))
        for i, (chat, text) in enumerate(lines)
    }
    store.commit(
        GAME_ID, expected_version=stored.version, state=stored.state, outbox_add=entries,
        delivery_id=None, expires_at=None,
    )  # fmt: skip


def container(api: FakeTelegramApi, store: DynamoStore, now: int, sender: Any = None) -> None:
    """One container's flush of the game, on its own event loop."""
    runner = GameRunner(store, sender or TelegramSender(api.bot(), bot_username=BOT_USERNAME))
    asyncio.run(runner.flush(GAME_ID, now=now))


def test_two_flushes_at_the_same_moment_send_each_message_once(lobby: tuple[Table, str, str]) -> None:
    table, endpoint, name = lobby
    lines = [(chat, f"お知らせ {chat}") for chat in [GROUP_CHAT, *(p.chat for p in table.people)]]
    commit_lines(table.store, lines)
    before = {chat: table.api.posted_to(chat) for chat, _ in lines}
    start = threading.Barrier(2, timeout=DEADLOCK_GUARD)
    stores = [RacingStore(name, endpoint, start) for _ in range(2)]

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda store: container(table.api, store, table.now), stores))

    assert {chat: table.api.posted_to(chat) for chat, _ in lines} == {
        chat: [*before[chat], text] for chat, text in lines
    }
    assert sorted(store.took[0] for store in stores) == [False, True]
    assert table.store.load(GAME_ID).pending == {}  # type: ignore[union-attr]


class Holding:
    """A sender that, at its first message, lets the other container act and waits until it is done."""

    def __init__(self, inner: TelegramSender, holding: threading.Event, done: threading.Event) -> None:
        self._inner, self._holding, self._done = inner, holding, done

    async def send(self, message: OutMessage) -> None:
        if not self._holding.is_set():
            self._holding.set()
            assert self._done.wait(DEADLOCK_GUARD)
        await self._inner.send(message)


def test_what_is_committed_while_the_lease_is_held_is_sent_by_the_holder(
    lobby: tuple[Table, str, str],
) -> None:
    table, endpoint, name = lobby
    commit_lines(table.store, [(GROUP_CHAT, "夜になりました")])
    before = table.api.posted_to(GROUP)
    holding, done = threading.Event(), threading.Event()
    holder_store, voter_store = RacingStore(name, endpoint), RacingStore(name, endpoint)
    voter_sent: list[OutMessage] = []

    def holder() -> None:
        sender = Holding(TelegramSender(table.api.bot(), bot_username=BOT_USERNAME), holding, done)
        container(table.api, holder_store, table.now, sender)

    def voter() -> None:
        """Another container commits a vote while the holder sends; its own flush finds the lease."""
        assert holding.wait(DEADLOCK_GUARD)
        commit_lines(voter_store, [(GROUP_CHAT, "投票を受け付けました")])

        class Recorder:
            async def send(self, message: OutMessage) -> None:
                voter_sent.append(message)

        container(table.api, voter_store, table.now, Recorder())
        done.set()

    with ThreadPoolExecutor(2) as pool:
        for future in [pool.submit(holder), pool.submit(voter)]:
            future.result()

    assert voter_sent == []
    assert voter_store.took == []  # it saw the live lease when it loaded, and left the sending to it
    assert table.api.posted_to(GROUP) == [*before, "夜になりました", "投票を受け付けました"]
    assert table.store.load(GAME_ID).pending == {}  # type: ignore[union-attr]
