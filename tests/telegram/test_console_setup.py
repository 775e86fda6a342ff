"""``jinro-gm setup-webhook`` for the player console: the console's URL is printed for BotFather's
``/newapp`` and LINE's LIFF app; with ``--miniapp`` the private chat's menu button opens the console
(Bot API ``setChatMenuButton``). Telegram is the fake Bot API, AWS is moto (as in tests/tools)."""

from __future__ import annotations

import pytest

from core.i18n import text
from tests.tools.test_setup_webhook import LINE_URL, STACK, TELEGRAM_URL, World, world

pytestmark = pytest.mark.aws

__all__ = ["world"]  # the fixture, shared with tests/tools/test_setup_webhook.py


def test_with_a_mini_app_the_private_menu_button_opens_the_console(world: World) -> None:
    assert world.run("telegram", "--stack-name", STACK, "--miniapp", "console") == 0

    (call,) = world.calls("setChatMenuButton")
    assert "chat_id" not in call, "the default of every private chat"
    assert call["menu_button"] == {
        "type": "web_app",
        "text": text("console.open", "ja", "common"),
        "web_app": {"url": f"{TELEGRAM_URL}console"},
    }
    assert "https://t.me/example_game_bot/console?startapp=<game id>" in world.out.getvalue()


def test_without_a_mini_app_it_says_how_to_make_one_and_leaves_the_menu_button(world: World) -> None:
    assert world.run("telegram", "--stack-name", STACK) == 0

    assert world.calls("setChatMenuButton") == []
    shown = world.out.getvalue()
    assert "/newapp" in shown
    assert f"{TELEGRAM_URL}console" in shown


def test_line_prints_the_liff_apps_settings(world: World) -> None:
    assert world.run("line", "--stack-name", STACK) == 0

    shown = world.out.getvalue()
    for setting in (f"Endpoint URL   {LINE_URL}console", "Scopes         openid, profile", "Full (or Tall)",
                    "LineLiffId=", "LineLoginChannelId="):  # fmt: skip
        assert setting in shown
