"""A container that dies after committing the end of a game, before sending anything: the platform
delivers the input again and the redelivery sends what the dead one committed, the recap picture and its
button included (the redelivery path of docs/architecture.md)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from core.games import registry
from handlers.messages import OutMessage
from handlers.recap.links import RecapLinks, Site
from handlers.service import Service
from infra.store import Change, MemoryStore, StoredGame
from tests.property import werewolf_playout
from tests.property.playing import Step

CHAT = "tg:-1001000000001"
SITE = Site("https://abc.lambda-url.ap-northeast-1.on.aws", lambda: "bot-token")


class Died(Exception):
    """The container's process ended here (``tests/e2e/crashing.py`` does it with ``os._exit``)."""


class DyingStore(MemoryStore):
    """A store whose container dies right after a write while ``dying``: nothing after it runs."""

    dying = False

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        stored = super().commit(base, change)
        if self.dying:
            raise Died
        return stored


class Records:
    def __init__(self) -> None:
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)


def _last_step() -> Step[Any]:
    steps: list[Step[Any]] = []
    werewolf_playout.play(werewolf_playout.seeded_game(7, 3), steps.append)
    return steps[-1]


def _service(store: DyingStore, sender: Any) -> Service:
    service = Service(store, sender)
    service.runner.recap = RecapLinks({"tg:": SITE})
    return service


def test_the_redelivery_of_the_ending_input_sends_the_recap_picture() -> None:
    last = _last_step()
    assert last.after.is_over
    before = last.before.model_copy(update={"chat_id": CHAT})
    store = DyingStore()
    rules = registry()["werewolf"]
    opened = _service(store, Records())
    asyncio.run(opened.runner.open_game(rules, before, [], delivery_id=None, now=last.now))
    assert last.command is not None

    unsent = Records()
    dead = _service(store, unsent)
    store.dying = True
    with pytest.raises(Died):
        asyncio.run(dead.runner.run(before.game_id, last.command, delivery_id="tg:99", now=last.now))
    store.dying = False
    assert unsent.sent == []
    loaded = dead.runner.load(before.game_id)
    assert loaded is not None
    assert loaded.state.phase == "ended", "the end was committed"

    sender = Records()
    again = _service(store, sender)
    asyncio.run(again.runner.run(before.game_id, last.command, delivery_id="tg:99", now=last.now + 20))
    photos = [m for m in sender.sent if m.photo is not None]
    assert [(m.chat_id, m.photo) for m in photos] == [(CHAT, SITE.image(before.game_id))]
    assert photos[0].link is not None
    assert photos[0].link.url == SITE.page(before.game_id)
    group = [m for m in sender.sent if m.chat_id == CHAT]
    assert len(group) > 1
    assert group[-1] is photos[0], "after the end's own texts, in the group"
