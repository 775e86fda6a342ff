"""Telegram webhook updates for tests, built from copies of recorded updates (tests/fixtures/telegram).

Each builder loads one fixture and changes only ids, names and text (and what must follow from them:
the ``bot_command`` entity, the chat type of the id), so the rest keeps Telegram's real shape.
Ids may be given as ints or as platform-qualified strings (``"tg:-1001000000001"``).

    update = group_command("tg:-1001000000001", "tg:1000000001", "Alex", "/newgame adazakura", 1)
    handler(webhook_event(update, secret=SECRET), None)
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

from handlers.messages import Tap
from handlers.telegram.callback import encode

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "telegram"
BOT_ID = 6000000001
BOT_USERNAME = "example_game_bot"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
_COMMAND_TOKEN = re.compile(r"/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?")

Ident = int | str


def load(name: str) -> dict[str, Any]:
    """A fixture (``"private_start"`` or ``"private_start.json"``) as a fresh dict."""
    path = FIXTURES / (name if name.endswith(".json") else f"{name}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def number(ident: Ident) -> int:
    """``"tg:55"`` / ``"55"`` / ``55`` → ``55``."""
    return ident if isinstance(ident, int) else int(ident.removeprefix("tg:"))


def group_command(chat_id: Ident, user_id: Ident, name: str, text: str, update_id: int) -> dict[str, Any]:
    """A group message (a command or any text) from ``user_id`` in ``chat_id`` (``-100…``: supergroup).

    Base: ``group_command_with_botname.json`` (recorded) for basic groups,
    ``supergroup_command_with_botname.json`` for supergroups.
    """
    chat = number(chat_id)
    supergroup = str(chat).startswith("-100")
    update = load("supergroup_command_with_botname" if supergroup else "group_command_with_botname")
    message = update["message"]
    message["chat"]["id"] = chat
    message["from"] = _user(number(user_id), name)
    return _with_text(update, text, update_id)


def private_command(user_id: Ident, name: str, text: str, update_id: int) -> dict[str, Any]:
    """A message (command or plain text) in ``user_id``'s private chat. Base: ``private_start.json``."""
    update = load("private_start")
    user = _user(number(user_id), name)
    update["message"]["from"] = {**user, "language_code": "ja"}
    update["message"]["chat"] = {"id": user["id"], "first_name": name, "type": "private"}
    return _with_text(update, text, update_id)


def callback(
    user_id: Ident, chat_id: Ident, data: str | Tap, message_id: int, update_id: int, name: str = "Sam"
) -> dict[str, Any]:
    """A press on button ``data`` (raw callback data, or a :class:`Tap` to encode) of the bot's message
    ``message_id`` in ``chat_id``. Base: ``callback_query_group.json`` or, for a private chat,
    ``callback_query_private.json``."""
    chat, user = number(chat_id), number(user_id)
    update = load("callback_query_private" if chat > 0 else "callback_query_group")
    raw = encode(data) if isinstance(data, Tap) else data
    query = update["callback_query"]
    query["id"] = f"{update_id}0{user}"
    query["from"] = {**_user(user, name), "language_code": "ja"}
    query["data"] = raw
    message = query["message"]
    message["message_id"] = message_id
    message["from"] = {"id": BOT_ID, "is_bot": True, "first_name": "ExampleGameBot", "username": BOT_USERNAME}
    message["chat"] = _chat(chat, name)
    message["reply_markup"] = {"inline_keyboard": [[{"text": "button", "callback_data": raw}]]}
    update["update_id"] = update_id
    return update


def my_chat_member_blocked(user_id: Ident, update_id: int, name: str = "Jordan") -> dict[str, Any]:
    """The user blocked the bot. Base: ``my_chat_member_bot_blocked_by_user_private.json``."""
    return _private_member_change("my_chat_member_bot_blocked_by_user_private", user_id, update_id, name)


def my_chat_member_unblocked(user_id: Ident, update_id: int, name: str = "Jordan") -> dict[str, Any]:
    """The user unblocked (restarted) the bot. Base: ``my_chat_member_bot_unblocked_by_user_private.json``."""
    return _private_member_change("my_chat_member_bot_unblocked_by_user_private", user_id, update_id, name)


def migrate(old_chat_id: Ident, new_chat_id: Ident, update_id: int) -> dict[str, Any]:
    """The basic group ``old_chat_id`` was upgraded to the supergroup ``new_chat_id``.
    Base: ``migrate_to_chat_id_group_upgraded.json``."""
    update = load("migrate_to_chat_id_group_upgraded")
    update["update_id"] = update_id
    update["message"]["chat"]["id"] = number(old_chat_id)
    update["message"]["migrate_to_chat_id"] = number(new_chat_id)
    return update


def webhook_event(
    update: dict[str, Any] | str | bytes, secret: str | None, *, base64_body: bool = False
) -> dict[str, Any]:
    """A Lambda Function URL (HTTP API v2 payload) event carrying ``update`` as Telegram posts it.
    ``secret``: the ``X-Telegram-Bot-Api-Secret-Token`` header (``None``: no header)."""
    body = update if isinstance(update, str | bytes) else json.dumps(update, ensure_ascii=True)
    raw = body.encode("utf-8") if isinstance(body, str) else body
    headers = {"content-type": "application/json", "host": "abc.lambda-url.ap-northeast-1.on.aws"}
    if secret is not None:
        headers[SECRET_HEADER] = secret
    return {
        "version": "2.0",
        "rawPath": "/",
        "headers": headers,
        "requestContext": {"http": {"method": "POST", "path": "/"}},
        "body": base64.b64encode(raw).decode("ascii") if base64_body else raw.decode("utf-8"),
        "isBase64Encoded": base64_body,
    }


def _private_member_change(fixture: str, user_id: Ident, update_id: int, name: str) -> dict[str, Any]:
    update = load(fixture)
    change = update["my_chat_member"]
    user = number(user_id)
    update["update_id"] = update_id
    change["chat"] = _chat(user, name)
    change["from"] = {**_user(user, name), "language_code": "ja"}
    for side in ("old_chat_member", "new_chat_member"):
        change[side]["user"] = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "ExampleGameBot",
            "username": BOT_USERNAME,
        }
    return update


def _user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": name}


def _chat(chat_id: int, name: str) -> dict[str, Any]:
    if chat_id > 0:
        return {"id": chat_id, "first_name": name, "type": "private"}
    kind = "supergroup" if str(chat_id).startswith("-100") else "group"
    return {"id": chat_id, "title": "Example Village", "type": kind}


def _with_text(update: dict[str, Any], text: str, update_id: int) -> dict[str, Any]:
    update["update_id"] = update_id
    message = update["message"]
    message["text"] = text
    token = _COMMAND_TOKEN.match(text)
    if token:
        message["entities"] = [{"offset": 0, "length": len(token[0]), "type": "bot_command"}]
    else:
        message.pop("entities", None)
    return update
