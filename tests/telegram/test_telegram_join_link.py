"""The lobby's join button is a deep link into the bot's private chat (design §4, Bot API deep linking)."""

from __future__ import annotations

import pytest
from telegram import Bot

from core.engine.notice import Action
from handlers.messages import Button, OutMessage, Tap
from handlers.telegram.callback import decode
from handlers.telegram.sender import TelegramSender
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = pytest.mark.anyio

GROUP = "tg:-1001000000001"
GAME = "g1a2b3c4"


def lobby_buttons() -> tuple[tuple[Button, ...], ...]:
    join = Button(label="参加する", tap=Tap(game_id=GAME, phase_seq=0, action=Action(kind="join")))
    status = Button(label="状況", tap=Tap(game_id=GAME, phase_seq=0, action=Action(kind="status")))
    return ((join,), (status,))


@pytest.mark.parametrize("username", [BOT_USERNAME, f"@{BOT_USERNAME}"])
async def test_the_join_button_opens_the_private_chat_with_the_game_id(
    api: FakeTelegramApi, bot: Bot, username: str
) -> None:
    sender = TelegramSender(bot, bot_username=username)

    await sender.send(OutMessage(chat_id=GROUP, text="参加者募集中", buttons=lobby_buttons()))

    [message] = api.messages(GROUP)
    [[join], [status]] = message.buttons
    assert join == ("参加する", f"https://t.me/{BOT_USERNAME}?start={GAME}")
    assert decode(status[1]).action == Action(kind="status")
    [markup] = [call.params["reply_markup"] for call in api.calls_to("sendMessage")]
    assert "callback_data" not in markup["inline_keyboard"][0][0]


async def test_without_a_username_the_join_button_stays_a_tap(api: FakeTelegramApi, bot: Bot) -> None:
    await TelegramSender(bot).send(OutMessage(chat_id=GROUP, text="参加者募集中", buttons=lobby_buttons()))

    [message] = api.messages(GROUP)
    assert decode(message.buttons[0][0][1]) == lobby_buttons()[0][0].tap
