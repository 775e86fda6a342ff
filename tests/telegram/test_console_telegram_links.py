"""The link to the player console on Telegram (issue 9 §4): with the Mini App's short name configured, a
started game's group messages carry a URL button ``https://t.me/<bot>/<app>?startapp=<game id>``; the
lobby, 1:1 chats and a bot without a Mini App get none. Played through the webhook (lobby and start) with
the fake Bot API and the production store on moto."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers import outbox
from handlers.messages import OutMessage
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore
from tests.e2e.harness import GAME_ID, GROUP, Table, open_and_start, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = [pytest.mark.aws, pytest.mark.anyio]

MINIAPP = "console"
LINK = f"https://t.me/{BOT_USERNAME}/{MINIAPP}?startapp={GAME_ID}"


def started(api: FakeTelegramApi, store: DynamoStore, miniapp: str | None) -> Table:
    """A started 徒桜戦争 game whose function knows the Mini App ``miniapp`` (or none)."""
    table = Table(api, store, players(6))
    table.service.runner.sender = TelegramSender(api.bot(), bot_username=BOT_USERNAME, miniapp=miniapp)
    open_and_start(table, "adazakura")
    return table


def links(api: FakeTelegramApi, chat: int | str) -> list[list[str]]:
    """Per message in ``chat``, the console links among its buttons."""
    return [[url for row in m.buttons for _, url in row if url.startswith(f"https://t.me/{BOT_USERNAME}/")]
            for m in api.messages(chat)]  # fmt: skip


def test_a_started_games_group_messages_link_to_its_console(api: FakeTelegramApi, store: DynamoStore) -> None:
    table = started(api, store, MINIAPP)
    per_message = links(api, GROUP)
    *lobby, announcement = per_message
    assert lobby == [[] for _ in lobby], "the lobby and its joins have only the join link"
    assert announcement == [LINK], "the start announcement opens this game's console"
    label = i18n.text("console.open", "ja", "common")
    assert (label, LINK) in api.messages(GROUP)[-1].buttons[-1]
    for player in table.people:
        assert links(api, player.number) == [[] for _ in api.messages(player.number)], "no link in 1:1 chats"


def test_without_a_mini_app_no_message_links_to_a_console(api: FakeTelegramApi, store: DynamoStore) -> None:
    table = started(api, store, None)
    for chat in [GROUP, *(p.number for p in table.people)]:
        assert all(not found for found in links(api, chat))


async def test_the_console_button_is_its_own_last_row(api: FakeTelegramApi) -> None:
    async with api.bot() as bot:
        sender = TelegramSender(bot, bot_username=BOT_USERNAME, miniapp=MINIAPP)
        await sender.send(
            OutMessage(chat_id=f"tg:{GROUP}", text="夜になりました", game_id=GAME_ID, locale="en")
        )
    [message] = api.messages(GROUP)
    assert message.buttons == [[(i18n.text("console.open", "en", "common"), LINK)]]


def test_the_game_id_survives_the_outbox_and_merging() -> None:
    group = f"tg:{GROUP}"
    linked = OutMessage(chat_id=group, text="朝になりました", game_id=GAME_ID)
    assert outbox.load(outbox.dump(linked)) == linked
    assert "game_id" not in outbox.dump(OutMessage(chat_id=group, text="参加者募集中"))
    merged = outbox.merge([(1, linked), (2, OutMessage(chat_id=group, text="Alexさんが抜けました"))])
    assert [(keys, message.game_id) for keys, message in merged] == [([1, 2], GAME_ID)]
