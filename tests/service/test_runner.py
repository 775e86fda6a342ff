"""The write path keeps every message: persist first, send after, retry what was not sent (design §1)."""

from __future__ import annotations

import asyncio
import json

from handlers.messages import Inbound, OutMessage, TextCommand
from handlers.retry import BACKOFF_BASE, BACKOFF_CAP, jittered
from handlers.service import Service
from infra.store import Change, MemoryStore, StoredGame


class FlakySender:
    """Fails every send while ``down``; records what went through."""

    def __init__(self) -> None:
        self.down = False
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        if self.down:
            raise ConnectionError("platform unreachable")
        self.sent.append(message)


def newgame(delivery: str) -> Inbound:
    return Inbound("local", delivery, "local:group", False, "local:1", "Aoi", TextCommand("newgame"))


def test_a_redelivery_sends_what_a_failed_first_attempt_left_in_the_outbox() -> None:
    store, sender = MemoryStore(), FlakySender()
    service = Service(store, sender, new_id=lambda: "g1", new_seed=lambda: 1)
    sender.down = True
    asyncio.run(service.handle(newgame("d1"), now=100))
    stored = store.load("g1")
    assert stored is not None
    assert len(stored.pending) == 1, "what could not go waits in the outbox"
    assert sender.sent == []

    sender.down = False
    asyncio.run(service.handle(newgame("d1"), now=101))  # the platform redelivers the same update

    after = store.load("g1")
    assert after is not None
    assert after.state == stored.state, "the redelivery changed nothing"
    assert after.pending == {}
    assert [m.chat_id for m in sender.sent] == ["local:group"], "the lobby announcement arrived once"


def test_a_redelivered_join_sends_the_pending_welcome_once() -> None:
    store, sender = MemoryStore(), FlakySender()
    service = Service(store, sender, new_id=lambda: "g1", new_seed=lambda: 1)
    asyncio.run(service.handle(newgame("d1"), now=100))
    join = Inbound("local", "d2", "local:2", True, "local:2", "Haru", TextCommand("start", ("g1",)))
    sender.down = True
    asyncio.run(service.handle(join, now=101))
    state = store.load("g1").state  # type: ignore[union-attr]

    sender.down = False
    asyncio.run(service.handle(join, now=102))

    assert store.load("g1").state == state  # type: ignore[union-attr]
    assert store.load("g1").pending == {}  # type: ignore[union-attr]
    welcomes = [m for m in sender.sent if m.chat_id == "local:2"]
    assert len(welcomes) == 1


class CrowdedStore(MemoryStore):
    """Another input commits right before each of the next ``rivals`` commits (a version bump that keeps
    the state), so they lose the race; counts the reads."""

    def __init__(self) -> None:
        super().__init__()
        self.rivals = 0
        self.loads = 0

    def load(self, game_id: str) -> StoredGame | None:
        self.loads += 1
        return super().load(game_id)

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        if self.rivals and base.version:
            self.rivals -= 1
            current = super().load(base.game_id)
            assert current is not None
            super().commit(current, Change())
        return super().commit(base, change)


def test_a_lost_race_is_decided_again_on_the_item_the_refusal_carried_then_backs_off_and_reads() -> None:
    store, sender, waits = CrowdedStore(), FlakySender(), []

    def backoff(retry: int) -> float:
        waits.append(retry)
        return 0.0

    service = Service(store, sender, new_id=lambda: "g1", new_seed=lambda: 1, backoff=backoff)
    asyncio.run(service.handle(newgame("d1"), now=100))

    def join(n: int, name: str, rivals: int) -> int:
        """Reads of the game while ``name`` joins and ``rivals`` other commits beat it."""
        store.rivals, store.loads = rivals, 0
        user = f"local:{n}"
        asyncio.run(
            service.handle(
                Inbound("local", f"d{n}", user, True, user, name, TextCommand("start", ("g1",))), now=100 + n
            )
        )
        return store.loads

    alone = join(2, "Haru", 0)
    assert join(3, "Sora", 1) == alone, "the retry after one lost race read nothing"
    assert waits == []
    assert join(4, "Mika", 3) == alone + 2, "each later retry read the game once"
    assert waits == [1, 2], "no wait after the first lost race; a growing one after each later race"
    stored = store.load("g1")
    assert stored is not None
    assert [m["name"] for m in json.loads(stored.state)["members"]] == ["Haru", "Sora", "Mika"], (
        "every join landed"
    )


def test_the_backoff_grows_to_its_cap_with_full_jitter() -> None:
    for retry in range(1, 12):
        bound = min(BACKOFF_CAP, BACKOFF_BASE * 2 ** (retry - 1))
        draws = [jittered(retry) for _ in range(200)]
        assert all(0 <= d <= bound for d in draws)
        assert max(draws) > bound / 2, "the draws cover the window"
