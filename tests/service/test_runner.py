"""The write path keeps every message: persist first, send after, retry what was not sent (design §1)."""

from __future__ import annotations

import asyncio

from handlers.messages import Inbound, OutMessage, TextCommand
from handlers.service import Service
from infra.store import MemoryStore


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
