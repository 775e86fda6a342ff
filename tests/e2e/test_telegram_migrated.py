"""A group upgraded to a supergroup mid-game, found out when sending (Bot API 400 with
``migrate_to_chat_id``, ``error_400_group_upgraded_migrate_to_chat_id.json``): the pending announcements go
to the supergroup, the game moves with it (``MoveChat``, both chat pointers), and later announcements and
commands use the new chat. Service, DynamoStore on moto, TelegramSender on the fake Bot API."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from handlers.messages import Inbound, TextCommand
from handlers.service import Service
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore
from tests.e2e.harness import GAME_ID, SEED, moto_store, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = pytest.mark.aws

OLD = -900000001  # the basic group
NEW = -1001000000001  # its supergroup, as the fixture names it
START = 1_767_225_600


class Group:
    """Four players and a host in the basic group ``OLD``, talking to the service directly."""

    def __init__(self, api: FakeTelegramApi, store: DynamoStore) -> None:
        self.api, self.store, self.people = api, store, players(4)
        sender = TelegramSender(api.bot(), bot_username=BOT_USERNAME)
        self.service = Service(store, sender, new_id=lambda: GAME_ID, new_seed=lambda: SEED)
        self.now, self.updates = START, 0
        self.loop = asyncio.new_event_loop()

    def say(self, chat: int, text: str, *args: str, by: int = 0) -> None:
        person = self.people[by]
        self.updates += 1
        private = chat > 0
        inbound = Inbound(
            "telegram", f"tg:{self.updates}", f"tg:{chat}", private, person.chat, person.name,
            TextCommand(text, args),
        )  # fmt: skip
        self.loop.run_until_complete(self.service.handle(inbound, now=self.now))

    def deadline(self) -> None:
        """The timer closes the current phase at its deadline."""
        state = self.state()
        self.now = state["deadline_at"]
        fired = self.service.fire_timer(GAME_ID, state["phase_seq"], now=self.now)
        self.loop.run_until_complete(fired)

    def state(self) -> dict[str, Any]:
        stored = self.store.load(GAME_ID)
        assert stored is not None
        data: dict[str, Any] = json.loads(stored.state)
        return data

    def tries(self, chat: int) -> int:
        return len([c for c in self.api.calls_to("sendMessage") if c.params["chat_id"] == chat])


@pytest.fixture
def group(api: FakeTelegramApi) -> Iterator[Group]:
    with moto_store() as store:
        group = Group(api, store)
        group.say(OLD, "newgame")
        for n, person in enumerate(group.people):
            group.say(person.number, "start", GAME_ID, by=n)
        yield group
        group.loop.close()


def test_the_game_follows_its_group_to_the_supergroup(group: Group, api: FakeTelegramApi) -> None:
    lobby = api.posted_to(OLD)
    api.fail("error_400_group_upgraded_migrate_to_chat_id", chat_id=OLD)

    group.say(OLD, "startgame")

    assert api.posted_to(OLD) == lobby
    assert len(api.posted_to(NEW)) == 1, "the start's announcements, merged, reached the supergroup"
    assert group.state()["chat_id"] == f"tg:{NEW}"
    assert group.store.get_pointer("chat", f"tg:{NEW}") == GAME_ID
    assert group.store.get_pointer("chat", f"tg:{OLD}") is None, "the basic group is gone"
    assert group.store.load(GAME_ID).pending == {}  # type: ignore[union-attr]

    group.deadline()
    group.say(NEW, "status")

    assert len(api.posted_to(NEW)) >= 3, "the morning and the status answer came to the supergroup"
    assert group.tries(OLD) == len(lobby) + 1, "the old id was tried once"
