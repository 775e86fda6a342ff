"""The service's part of issue 8 §1 and §4: the lobby's expiry is scheduled like any deadline, a member the
host kicks from the lobby is free for another game, and a player whose prompt the bot did not deliver by
the deadline misses nothing (``Timeout.excused``, ``handlers.excused``)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import core.i18n as i18n
from core.engine.table import Member
from handlers.excused import undelivered
from handlers.messages import AwaitingReply, Inbound, OutMessage, TextCommand
from handlers.outbox import dump
from handlers.service import Service
from infra.store import MemoryStore
from infra.timers import WakeUp

GROUP = "local:group"
START = 100


class HoldingSender:
    """Sends everything except to the chats in ``holding``, whose messages wait (LINE free mode style)."""

    def __init__(self, *holding: str) -> None:
        self.holding = set(holding)
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        if message.chat_id in self.holding:
            raise AwaitingReply(message.chat_id)
        self.sent.append(message)


class Recorder:
    def __init__(self) -> None:
        self.wake_ups: list[WakeUp] = []

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        self.wake_ups.append(wake_up)


def said(user: int, command: str, *args: str, private: bool = False, delivery: str = "") -> Inbound:
    chat = f"local:{user}" if private else GROUP
    return Inbound(
        "local", delivery or None, chat, private, f"local:{user}", f"P{user}", TextCommand(command, args)
    )


def lobby(service: Service, players: int) -> None:
    asyncio.run(service.handle(said(1, "newgame"), now=START))
    for user in range(1, players + 1):
        asyncio.run(service.handle(said(user, "start", "g1", private=True), now=START))


def state(store: MemoryStore) -> dict:  # type: ignore[type-arg]
    stored = store.load("g1")
    assert stored is not None
    return json.loads(stored.state)  # type: ignore[no-any-return]


def test_a_new_lobby_gets_its_expiry_wake_up_and_no_reminder() -> None:
    scheduler = Recorder()
    service = Service(
        MemoryStore(), HoldingSender(), new_id=lambda: "g1", new_seed=lambda: 1, scheduler=scheduler
    )
    asyncio.run(service.handle(said(1, "newgame"), now=START))
    assert scheduler.wake_ups == [WakeUp("g1", 0, "deadline", at=START + 1800)]


def test_the_lobby_expires_at_its_wake_up_and_the_group_is_told() -> None:
    store, sender = MemoryStore(), HoldingSender()
    service = Service(store, sender, new_id=lambda: "g1", new_seed=lambda: 1)
    lobby(service, 2)
    asyncio.run(service.fire_timer("g1", 0, now=START + 1800))
    assert state(store)["phase"] == "cancelled"
    assert sender.sent[-1].text == i18n.text("lobby.expired", "ja", "adazakura", seconds=1800)
    assert "募集から30分たったので" in sender.sent[-1].text
    assert sender.sent[-1].chat_id == GROUP


def test_a_member_kicked_from_the_lobby_is_free_for_another_game() -> None:
    store = MemoryStore()
    service = Service(store, HoldingSender(), new_id=lambda: "g1", new_seed=lambda: 1)
    lobby(service, 3)
    assert store.get_pointer("user", "local:2") == "g1"
    asyncio.run(service.handle(said(1, "kick", "2"), now=START + 5))
    assert [m["user_id"] for m in state(store)["members"]] == ["local:1", "local:3"]
    assert store.get_pointer("user", "local:2") is None
    assert store.get_pointer("user", "local:3") == "g1"


def test_a_member_who_leaves_the_lobby_is_free_and_an_emptied_lobby_lets_a_new_one_open() -> None:
    store = MemoryStore()
    ids = iter(["g1", "g2"])
    service = Service(store, HoldingSender(), new_id=lambda: next(ids), new_seed=lambda: 1)
    lobby(service, 2)
    asyncio.run(service.handle(said(2, "leave"), now=START + 5))
    assert store.get_pointer("user", "local:2") is None
    asyncio.run(service.handle(said(1, "leave"), now=START + 6))
    assert (state(store)["phase"], store.get_pointer("user", "local:1")) == ("cancelled", None)
    asyncio.run(service.handle(said(2, "newgame"), now=START + 7))
    assert store.get_pointer("chat", GROUP) == "g2"


def test_a_player_whose_night_prompt_still_waits_in_the_outbox_misses_nothing() -> None:
    store = MemoryStore()
    service = Service(store, HoldingSender("local:3"), new_id=lambda: "g1", new_seed=lambda: 1)
    lobby(service, 5)
    asyncio.run(service.handle(said(1, "startgame"), now=START + 10))
    night = state(store)
    assert night["phase"] == "night"
    asyncio.run(service.fire_timer("g1", night["phase_seq"], now=night["deadline_at"]))
    after = state(store)
    held = next(p["seat"] for p in after["players"] if p["user_id"] == "local:3")
    assert str(held) not in after["missed"]
    assert sorted(after["missed"].values()) == [1, 1, 1, 1]


def test_only_members_private_chats_count_as_undelivered() -> None:
    game = SimpleNamespace(chat_id=GROUP, members=[Member(user_id=u, name=u) for u in ("tg:1", "tg:2")])
    entries = {
        "1": dump(OutMessage(chat_id=GROUP, text="night")),
        "2": dump(OutMessage(chat_id="tg:2", text="prompt")),
        "3": dump(OutMessage(chat_id="tg:9", text="someone else")),
    }
    assert undelivered(entries, game) == {"tg:2"}
