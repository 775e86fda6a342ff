"""The flush lease rides on the commit (docs/storage.md, "Sending the outbox"): an accepted input's commit
takes the free lease, its flush sends with it and frees it in the write that marks the messages sent, so
an input costs two writes of the game item, not three. A commit never fails or waits for the lease; what
it commits while another flush holds the lease is sent by that flush; a lease a dead flush left behind
lapses and the first input after that takes it over. A group found moved while sending takes the game and
both chat pointers along, as when Telegram reports the move itself.

The service on the in-memory store, counting the store's writes.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

from core.engine.table import Member
from core.games import rules_for
from handlers.delivery import LEASE_SECONDS
from handlers.messages import ChatMoved, Inbound, OutMessage, TextCommand
from handlers.service import Service
from infra.store import MemoryStore, StoredGame

GROUP = "local:-100"
GAME_ID = "g1"
NOW = 1_767_225_600  # 2026-01-01T00:00:00Z


class CountingStore(MemoryStore):
    """The in-memory store, counting the writes of the game item by method."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: Counter[str] = Counter()

    def commit(self, game_id: str, **changes: Any) -> StoredGame:
        self.writes["commit"] += 1
        return super().commit(game_id, **changes)

    def acquire_flush(self, game_id: str, *, holder: str, until: int, now: int) -> StoredGame | None:
        self.writes["acquire_flush"] += 1
        return super().acquire_flush(game_id, holder=holder, until=until, now=now)

    def release_flush(
        self, game_id: str, *, holder: str, sent: list[str], sends: str | None
    ) -> StoredGame | None:
        self.writes["release_flush"] += 1
        return super().release_flush(game_id, holder=holder, sent=sent, sends=sends)


class Platform:
    """Records each message; ``moved`` chats answer with their new id instead (a supergroup upgrade)."""

    def __init__(self) -> None:
        self.sent: list[OutMessage] = []
        self.moved: dict[str, str] = {}

    async def send(self, message: OutMessage) -> None:
        if message.chat_id in self.moved:
            raise ChatMoved(message.chat_id, self.moved[message.chat_id])
        self.sent.append(message)

    def to(self, chat: str) -> int:
        return len([m for m in self.sent if m.chat_id == chat])


def service(store: MemoryStore, platform: Platform) -> Service:
    return Service(store, platform, new_id=lambda: GAME_ID, new_seed=lambda: 7)


def newgame(delivery: str = "d0") -> Inbound:
    return Inbound("local", delivery, GROUP, False, "local:1", "Aoi", TextCommand("newgame"))


def join(person: int) -> Inbound:
    user = f"local:{person}"
    return Inbound("local", f"d{person}", user, True, user, f"P{person}", TextCommand("start", (GAME_ID,)))


def handle(svc: Service, inbound: Inbound, now: int) -> None:
    asyncio.run(svc.handle(inbound, now=now))


def test_an_accepted_input_writes_the_game_twice_its_commit_and_the_release() -> None:
    store, platform = CountingStore(), Platform()
    svc = service(store, platform)

    handle(svc, newgame(), NOW)
    handle(svc, join(2), NOW + 1)

    assert store.writes == {"commit": 2, "release_flush": 2}
    assert platform.to("local:2") == 1, "the welcome went at once"
    stored = store.load(GAME_ID)
    assert stored is not None
    assert (stored.outbox, stored.lease_holder) == ({}, None), "the lease is free for the next commit"


def test_what_is_committed_while_another_flush_sends_is_sent_by_that_flush() -> None:
    store, platform = CountingStore(), Platform()
    first, other_platform = service(store, platform), Platform()
    other = service(store, other_platform)
    handle(first, newgame(), NOW)
    platform_send = platform.send

    async def meanwhile(message: OutMessage) -> None:
        """While the first container sends, another one handles a join: its commit finds the lease."""
        if message.chat_id == "local:2" and not other_platform.sent:
            await other.handle(join(3), now=NOW + 1)
        await platform_send(message)

    platform.send = meanwhile  # type: ignore[method-assign]
    handle(first, join(2), NOW + 1)

    assert other_platform.sent == [], "the joiner's container left the sending to the lease holder"
    assert (platform.to("local:2"), platform.to("local:3")) == (1, 1)
    assert store.load(GAME_ID).outbox == {}  # type: ignore[union-attr]


def test_a_lease_left_by_a_dead_flush_is_taken_over_by_the_first_input_after_it_lapsed() -> None:
    store, platform = CountingStore(), Platform()
    svc = service(store, platform)
    handle(svc, newgame(), NOW)
    store.acquire_flush(GAME_ID, holder="dead", until=NOW + 1 + LEASE_SECONDS, now=NOW + 1)
    store.writes.clear()

    handle(svc, join(2), NOW + 30)  # the dead container may still be sending, as far as anyone knows
    waited = platform.to("local:2")
    handle(svc, join(3), NOW + 1 + LEASE_SECONDS)

    assert waited == 0
    assert (platform.to("local:2"), platform.to("local:3")) == (1, 1)
    assert store.writes == {"commit": 2, "acquire_flush": 1, "release_flush": 1}
    assert store.load(GAME_ID).outbox == {}  # type: ignore[union-attr]


def test_a_flush_that_did_not_follow_its_commit_is_made_up_with_the_lease_that_commit_took() -> None:
    store, platform = CountingStore(), Platform()
    svc = service(store, platform)
    state = rules_for("adazakura").new_game(
        game_id=GAME_ID, chat_id=GROUP, host=Member(user_id="local:1", name="Aoi"), settings={}, seed=7,
        now=NOW,
    )  # fmt: skip
    svc.commit_messages(state, 0, [OutMessage(chat_id=GROUP, text="ロビーを開きました")], "d0", NOW)

    asyncio.run(svc.flush(GAME_ID, now=NOW + 5))  # e.g. a redelivery of an input that failed after it

    assert [m.text for m in platform.sent] == ["ロビーを開きました"]
    assert store.writes == {"commit": 1, "release_flush": 1}


def test_a_group_found_moved_while_sending_takes_the_game_and_both_pointers_along() -> None:
    store, platform = CountingStore(), Platform()
    svc = service(store, platform)
    platform.moved[GROUP] = "local:-200"

    handle(svc, newgame(), NOW)

    assert platform.to("local:-200") == 1, "the lobby went to the new chat"
    assert json.loads(store.load(GAME_ID).state)["chat_id"] == "local:-200"  # type: ignore[union-attr]
    assert store.get_pointer("chat", "local:-200") == GAME_ID
    assert store.get_pointer("chat", GROUP) is None, "the old chat no longer names the game"
