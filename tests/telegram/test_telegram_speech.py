"""The speaking-rights pass after each change of a game, when things go wrong: a failed call, a bot that
loses its admin right mid-game, a record lost to a version conflict, a game of another platform.

Four players in a Telegram supergroup ([ADZ-11.10] test mode), driven through ``Service.handle`` and
``fire_timer`` on a memory store; the Bot API is the fake server.
"""

from __future__ import annotations

from typing import Any

import pytest
from telegram import Bot

import core.i18n as i18n
from core.games import rules_for
from handlers import records
from handlers.messages import Inbound, TextCommand
from handlers.service import Service
from handlers.telegram.sender import TelegramSender
from handlers.telegram.speech import KEY, TelegramSpeech
from infra.store import Change, GameStore, MemoryStore, StoredGame, VersionConflict
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = pytest.mark.anyio

GROUP = -1001000000001
GAME = "g1speech"
USERS = [1000000001 + i for i in range(4)]
SEATS = ["yatsuha/A", "korunu/S", "saine/S", "shinra/S"]
NOW = 1_767_225_600
SERVER_ERROR = {"ok": False, "error_code": 500, "description": "Internal Server Error: restart"}


class ConflictOnce(MemoryStore):
    """A memory store whose first commit of a speaking-rights record loses to a (simulated) other writer."""

    def __init__(self) -> None:
        super().__init__()
        self.lost = 0

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        if isinstance(change.records, str) and KEY in change.records and not self.lost:
            self.lost += 1
            raise VersionConflict(base.game_id)
        return super().commit(base, change)


def said(user: int, text: str, *, private: bool = False) -> Inbound:
    name, *args = text.removeprefix("/").split()
    chat = f"tg:{user}" if private else f"tg:{GROUP}"
    return Inbound(
        "telegram", None, chat, private, f"tg:{user}", f"P{user % 10}", TextCommand(name, tuple(args))
    )


def service(bot: Bot, store: MemoryStore | None = None) -> Service:
    """The service of the group; its first game is ``GAME``, the next ones ``g2``, ``g3`` …"""
    ids = iter([GAME, *(f"g{n}" for n in range(2, 10))])
    return Service(
        store or MemoryStore(),
        TelegramSender(bot, bot_username="example_game_bot"),
        new_id=lambda: next(ids),
        new_seed=lambda: 1,
        settings_for=lambda chat_id: {"setup": {"seats": SEATS}},
        after_commit=TelegramSpeech(bot),
    )


async def start(game: Service, *, chat: str = f"tg:{GROUP}") -> None:
    """Open the lobby in ``chat``, everyone joins, the host starts: night 0."""
    await game.handle(_in(said(USERS[0], "/newgame"), chat), now=NOW)
    for user in USERS:
        await game.handle(said(user, f"/start {GAME}", private=True), now=NOW)
    await game.handle(_in(said(USERS[0], "/startgame"), chat), now=NOW)


def _in(inbound: Inbound, chat: str) -> Inbound:
    return Inbound(inbound.platform, None, chat, False, inbound.user_id, inbound.user_name, inbound.intent)


def state_of(store: GameStore) -> Any:
    stored = store.load(GAME)
    assert stored is not None
    return rules_for("adazakura").state_model.model_validate_json(stored.state)


async def next_phase(game: Service) -> str:
    """The timer closes the current phase at its deadline; the new phase."""
    state = state_of(game.store)
    await game.fire_timer(GAME, state.phase_seq, now=state.deadline_at)
    return str(state_of(game.store).phase)


async def test_a_failed_call_is_made_again_after_the_next_change(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    api.fail(SERVER_ERROR, method="restrictChatMember", times=1)
    game = service(bot)
    await start(game)
    assert len(api.members.muted(GROUP)) == len(USERS) - 1, "the call that failed waits for the next change"

    await game.handle(said(USERS[2], "/done", private=True), now=NOW + 5)

    assert api.members.muted(GROUP) == set(USERS)


async def test_a_bot_that_loses_the_right_reminds_instead_until_it_gets_it_back(
    api: FakeTelegramApi, bot: Bot
) -> None:
    api.members.promote(GROUP)
    game = service(bot)
    await start(game)
    assert api.members.muted(GROUP) == set(USERS)
    api.members.promote(GROUP, can_restrict_members=False)

    assert await next_phase(game) == "discussion"
    group = [t for t in _texts(api) if i18n.text("speech.howto", "ja", "adazakura") in t]
    assert len(group) == 1, "one reminder, with the how-to"
    assert api.members.muted(GROUP) == set(USERS), "without the right nobody could be released"

    api.members.promote(GROUP)
    assert await next_phase(game) == "vote"
    assert api.members.muted(GROUP) == set(USERS)
    await game.handle(_in(said(USERS[0], "/cancel"), f"tg:{GROUP}"), now=NOW + 900)
    assert api.members.muted(GROUP) == set()
    assert sum(i18n.text("speech.howto", "ja", "adazakura") in t for t in _texts(api)) == 1


async def test_a_change_lost_to_another_writer_makes_its_calls_once(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    store = ConflictOnce()
    await start(service(bot, store))

    assert store.lost == 1
    assert api.members.muted(GROUP) == set(USERS)
    assert len(api.calls_to("restrictChatMember")) == len(USERS)
    stored = store.load(GAME)
    assert stored is not None
    assert sorted(records.load(stored.records).platform[KEY]["muted"]) == [f"tg:{u}" for u in USERS]


async def test_mutes_a_finished_game_could_not_lift_are_lifted_by_the_next_newgame(
    api: FakeTelegramApi, bot: Bot
) -> None:
    api.members.promote(GROUP)
    game = service(bot)
    await start(game)
    api.fail(SERVER_ERROR, method="restrictChatMember")
    await game.handle(said(USERS[0], "/cancel"), now=NOW + 10)
    assert api.members.muted(GROUP) == set(USERS), "Telegram failed every release"

    api.stop_failing()
    await game.handle(said(USERS[1], "/newgame"), now=NOW + 20)

    assert api.members.muted(GROUP) == set()


async def test_games_of_other_platforms_are_left_alone(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    await start(service(bot), chat="local:group")

    assert api.calls_to("getChatMember") == []
    assert api.calls_to("restrictChatMember") == []


def _texts(api: FakeTelegramApi) -> list[str]:
    return api.texts(GROUP)
