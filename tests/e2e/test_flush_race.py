"""Two Lambda containers flush the same game at the same moment: the write that takes the waiting messages
out of the outbox is conditioned on the version, so only one of them sends each message and the other
finds them gone; what a container leaves waiting while the other sends is sent by its own flush (nothing
stranded). ``handlers.pending``; docs/storage.md "Sending what waits".

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
from infra.store import Change, StoredGame, VersionConflict
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, GROUP, GROUP_CHAT, Table, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.slow]

DEADLOCK_GUARD = 60  # seconds; only stops a broken run from hanging, never part of an assertion


class RacingStore(DynamoStore):
    """A container's own client; its first write waits at ``start`` (if given), so both containers have
    seen the same waiting messages first. Notes whether each write that took messages out landed."""

    def __init__(self, table: str, endpoint: str, start: threading.Barrier | None = None) -> None:
        super().__init__(table, dynamodb_client(endpoint))
        self._start = start
        self.took: list[bool] = []

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        if self._start is not None:
            self._start.wait()
            self._start = None
        try:
            stored = super().commit(base, change)
        except VersionConflict:
            self.took.append(False)
            raise
        if change.pending_remove:
            self.took.append(True)
        return stored


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
    """One commit of the game that leaves ``(chat, text)`` lines waiting (the state unchanged)."""
    stored = store.load(GAME_ID)
    assert stored is not None
    version = stored.version + 1
    entries = {
        f"{version:08d}-{i:04d}": outbox.dump(OutMessage(chat_id=chat, text=text))
        for i, (chat, text) in enumerate(lines)
    }
    store.commit(stored, Change(pending_add=entries))


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
    assert sorted(store.took[0] for store in stores) == [False, True], "one write won, the other found it"
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


def test_what_waits_while_another_container_sends_is_sent_by_its_own_flush(
    lobby: tuple[Table, str, str],
) -> None:
    table, endpoint, name = lobby
    commit_lines(table.store, [(GROUP_CHAT, "夜になりました")])
    before = table.api.posted_to(GROUP)
    holding, done = threading.Event(), threading.Event()
    holder_store, voter_store = RacingStore(name, endpoint), RacingStore(name, endpoint)

    def holder() -> None:
        sender = Holding(TelegramSender(table.api.bot(), bot_username=BOT_USERNAME), holding, done)
        container(table.api, holder_store, table.now, sender)

    def voter() -> None:
        """Another container leaves a message waiting while the holder sends; its own flush sends it."""
        assert holding.wait(DEADLOCK_GUARD)
        commit_lines(voter_store, [(GROUP_CHAT, "投票を受け付けました")])
        container(table.api, voter_store, table.now)
        done.set()

    with ThreadPoolExecutor(2) as pool:
        for future in [pool.submit(holder), pool.submit(voter)]:
            future.result()

    assert sorted(table.api.posted_to(GROUP)) == sorted([*before, "夜になりました", "投票を受け付けました"])
    assert table.store.load(GAME_ID).pending == {}  # type: ignore[union-attr]
