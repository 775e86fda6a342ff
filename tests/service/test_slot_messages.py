"""Slot messages (``Notice.slot``, e.g. the discussion countdown): where the platform can edit a message
(``EditingSender``, Telegram), a group notice of a slot replaces the text of the chat's previous message of
that slot instead of adding a message, as long as that message is still the chat's latest; otherwise, and
on platforms that cannot edit (LINE), it is a new message. The message id the edit needs is kept in the
game's records, so it survives between inputs and Lambdas.

A lobby in a memory store; the notices are core notices rendered and committed by the service's own path.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import core.i18n as i18n
from core.engine.notice import PUBLIC, Notice
from core.games import rules_for
from handlers import outbox, records
from handlers.messages import Inbound, OutMessage, TextCommand
from handlers.service import Service
from infra.store import Change, MemoryStore
from tests.service.test_batches import Replies

GAME = "g1"
GROUP = "tg:-1001000000001"
HOST = "tg:1001"
NOW = 1_767_225_600  # 2026-01-01T00:00:00Z


class Screen:
    """An editing sender (like Telegram's): every chat's messages as shown now, by message id."""

    def __init__(self) -> None:
        self.shown: dict[str, dict[str, str]] = {}
        self.calls: list[tuple[str, str | None, str]] = []  # chat, edited message id (None: new), text
        self.last_id = 0

    def edits(self, chat_id: str) -> bool:
        return chat_id.startswith("tg:")

    async def send(self, message: OutMessage) -> None:
        await self.deliver(message)

    async def deliver(self, message: OutMessage) -> list[str]:
        self.calls.append((message.chat_id, message.edit_of, message.text))
        chat = self.shown.setdefault(message.chat_id, {})
        if message.edit_of in chat:
            chat[message.edit_of] = message.text
            return [message.edit_of]
        self.last_id += 1
        chat[str(self.last_id)] = message.text
        return [str(self.last_id)]

    def texts(self, chat: str) -> list[str]:
        return list(self.shown.get(chat, {}).values())


def countdown(seconds: int) -> Notice:
    return Notice(key="remind.choice", to=PUBLIC, params={"seconds": seconds}, slot="countdown")


def plain(seconds: int) -> Notice:
    return Notice(key="remind.choice", to=PUBLIC, params={"seconds": seconds})


class Lobby:
    """A lobby opened in the group; :meth:`say` commits core notices and flushes, as a command's do."""

    def __init__(self, sender: Any) -> None:
        self.store = MemoryStore()
        self.service = Service(self.store, sender, new_id=lambda: GAME, new_seed=lambda: 1)
        self.now = NOW
        inbound = Inbound("telegram", "d1", GROUP, False, HOST, "Aoi", TextCommand("newgame"))
        asyncio.run(self.service.handle(inbound, now=self.now))

    def say(self, *notices: Notice) -> None:
        """Commit ``notices`` rendered for the group, then send them as the game's outbox is sent."""
        self.now += 1
        stored = self.store.load(GAME)
        assert stored is not None
        rules = rules_for("adazakura")
        state = rules.state_model.model_validate(json.loads(stored.state))
        messages = outbox.render_notices(rules, state, list(notices))
        waiting = {f"{stored.version + 1:08d}-{i:04d}": outbox.dump(m) for i, m in enumerate(messages)}
        self.store.commit(stored, Change(pending_add=waiting))
        asyncio.run(self.service.runner.flush(GAME, now=self.now))

    def slot_record(self) -> tuple[str, str] | None:
        """The group's slot message as the game's stored records have it."""
        stored = self.store.load(GAME)
        assert stored is not None
        entry = records.load(stored.records).chats.get(GROUP)
        return entry.slot if entry else None


def text(seconds: int) -> str:
    return i18n.render(countdown(seconds), "ja", "adazakura")


def test_a_second_countdown_edits_the_first_in_place() -> None:
    screen = Screen()
    lobby = Lobby(screen)
    assert screen.calls == [(GROUP, None, screen.texts(GROUP)[0])], "the lobby announcement, message 1"
    lobby.say(countdown(60))
    lobby.say(countdown(120))

    assert screen.calls[1:] == [(GROUP, None, text(60)), (GROUP, "2", text(120))]
    assert screen.texts(GROUP)[-1] == text(120)
    assert len(screen.texts(GROUP)) == 2, "the lobby announcement and one countdown message"
    assert lobby.slot_record() == ("countdown", "2"), "kept in the game's send record"


def test_a_message_in_between_makes_the_next_countdown_a_new_message() -> None:
    screen = Screen()
    lobby = Lobby(screen)
    lobby.say(countdown(60))
    lobby.say(plain(30))
    lobby.say(countdown(90))

    assert [edit for _, edit, _ in screen.calls] == [None, None, None, None]
    assert screen.texts(GROUP)[-1] == text(90)
    assert lobby.slot_record() == ("countdown", "4")


def test_an_ordinary_message_after_a_countdown_forgets_it() -> None:
    screen = Screen()
    lobby = Lobby(screen)
    lobby.say(countdown(60))
    lobby.say(plain(30))
    assert lobby.slot_record() is None


def test_countdowns_of_one_change_show_only_the_latest() -> None:
    screen = Screen()
    lobby = Lobby(screen)
    lobby.say(countdown(60), countdown(120))
    assert screen.texts(GROUP)[1:] == [text(120)]
    assert len(screen.calls) == 2


def test_a_countdown_whose_message_is_gone_is_sent_again_and_remembered() -> None:
    screen = Screen()
    lobby = Lobby(screen)
    lobby.say(countdown(60))
    del screen.shown[GROUP]["2"]  # deleted in the chat: the platform sends a new one instead
    lobby.say(countdown(120))
    lobby.say(countdown(180))

    assert lobby.slot_record() == ("countdown", "3")
    assert screen.texts(GROUP)[-1] == text(180)
    assert screen.calls[-1][1] == "3"


def test_a_platform_that_cannot_edit_gets_each_countdown_as_a_new_message() -> None:
    sender = Replies(push=True, cost=0)
    lobby = Lobby(sender)
    lobby.say(countdown(60))
    lobby.say(countdown(120))

    assert sender.texts(GROUP)[-2:] == [text(60), text(120)]
    assert lobby.slot_record() is None


def test_a_slot_message_is_never_merged_with_another() -> None:
    group = [
        OutMessage(chat_id=GROUP, text="夜になりました"),
        OutMessage(chat_id=GROUP, text="残り60秒", slot="countdown"),
        OutMessage(chat_id=GROUP, text="投票の時間です"),
    ]
    merged = outbox.merge(list(enumerate(group)))
    assert [message.text for _, message in merged] == ["夜になりました", "残り60秒", "投票の時間です"]


def test_the_slot_survives_the_outbox() -> None:
    message = OutMessage(chat_id=GROUP, text="残り60秒", slot="countdown")
    assert outbox.load(outbox.dump(message)).slot == "countdown"
    assert outbox.load(outbox.dump(OutMessage(chat_id=GROUP, text="x"))).slot is None
