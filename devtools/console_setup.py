"""What ``jinro-gm setup-webhook`` sets and prints for the player console: its URL on each
function (the webhook's Function URL followed by ``console``, served by the same function), the Telegram
Mini App (BotFather ``/newapp``, core.telegram.org/bots/webapps "Direct link Mini Apps") and private-chat
menu button (Bot API ``setChatMenuButton`` with a ``MenuButtonWebApp``), and the LINE LIFF app (LINE
Developers docs, "Adding a LIFF app to your channel"). docs/deploy.md, "Player console", explains each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import core.i18n as i18n

if TYPE_CHECKING:
    from telegram import Bot

#: The console's path under a function's URL (``handlers.console.function_url``).
PATH = "console"


def console_url(webhook_url: str) -> str:
    """The console page of the function whose URL is ``webhook_url`` (a Function URL ends with ``/``)."""
    return f"{webhook_url.rstrip('/')}/{PATH}"


async def set_menu_button(bot: Bot, webhook_url: str) -> str:
    """Make the private chat's menu button open the console (the default for every private chat, Bot API
    ``setChatMenuButton`` without ``chat_id``); its label is the catalog's ``console.open`` in Japanese
    (the Bot API keeps one text for every language). Returns the URL it opens. Raises ``TelegramError``."""
    from telegram import MenuButtonWebApp, WebAppInfo

    url = console_url(webhook_url)
    label = i18n.text("console.open", "ja", "common")
    await bot.set_chat_menu_button(menu_button=MenuButtonWebApp(text=label, web_app=WebAppInfo(url=url)))
    return url


def telegram_lines(webhook_url: str, username: str, miniapp: str | None) -> list[str]:
    """The console part of the Telegram summary: with ``miniapp`` (``--miniapp``) what is linked, else
    how to create the Mini App."""
    url = console_url(webhook_url)
    if miniapp:
        return [
            f"  console        {url} (private-chat menu button set)",
            f"  console link   https://t.me/{username}/{miniapp}?startapp=<game id> on started games' group "
            f"messages once the stack has TelegramMiniApp={miniapp}",
        ]
    return [
        f"  console        {url} (not linked yet: no --miniapp)",
        'Player console (optional, docs/deploy.md "Player console"): send @BotFather /newapp, choose',
        f"  @{username}, give a title, a short description and a 640x360 photo, then as Web App URL",
        f"  {url}",
        "  and a short name (e.g. console). Then:",
        "  sam deploy --parameter-overrides TelegramMiniApp=<short name> (and ConsolePrimary=on to keep",
        "  private messages out of the 1:1 chats), and run this command again with --miniapp <short name>",
        "  to put the console on the private chat's menu button.",
    ]


def line_lines(webhook_url: str) -> list[str]:
    """The LIFF steps of ``setup-webhook line``."""
    return [
        '4. Player console (optional, docs/deploy.md "Player console"): LINE Developers console → the SAME',
        "   provider as the Messaging API channel (else user ids differ) → Create a LINE Login channel →",
        "   LIFF tab → Add:",
        "    Size           Full (or Tall)",
        f"    Endpoint URL   {console_url(webhook_url)}",
        "    Scopes         openid, profile (nothing else)",
        "   Then: sam deploy --parameter-overrides LineLiffId=<LIFF ID> LineLoginChannelId=<channel id>",
        "   (and ConsolePrimary=on: private items then wait in the console, no 「自分の番」 pull step).",
    ]
