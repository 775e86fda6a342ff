"""The 「もう一回」 button on Telegram: a callback button (not a link) whose press comes back as the rematch
tap of the finished game."""

from __future__ import annotations

from typing import Any

from telegram import Bot

from core.engine.notice import PUBLIC, Action, Notice
from core.games import rules_for
from handlers import outbox
from handlers.telegram.parse import parse_update
from handlers.telegram.sender import keyboard
from tests.games.aftergame.test_winners import played
from tests.telegram.builders import callback

BOT_USERNAME = "ExampleGameBot"


def rematch_message(state: Any) -> Any:
    rules = rules_for(state.game)
    notice = Notice(
        key="game.rematch", to=PUBLIC, actions=[Action(kind="rematch")], phase_seq=state.phase_seq
    )
    [message] = outbox.render_notices(rules, state, [notice])
    return message


def test_the_rematch_button_is_a_callback_that_comes_back_as_the_rematch_tap() -> None:
    state, _ = played("adazakura", 2)
    message = rematch_message(state)
    markup = keyboard(message.buttons, BOT_USERNAME)
    assert markup is not None
    [[button]] = markup.inline_keyboard
    assert button.text == "もう一回"
    assert button.url is None
    assert button.callback_data is not None
    pressed = callback(55, -100123, button.callback_data, message_id=7, update_id=99)
    found = parse_update(pressed, Bot("1:fake"), BOT_USERNAME)
    assert found is not None
    tap = found.inbound.intent
    assert tap == message.buttons[0][0].tap
    assert (tap.game_id, tap.action.kind) == (state.game_id, "rematch")
