"""LINE webhook bodies for the parser tests: the recorded fixtures, and variants of them with other text,
mentions, sources or postback data (only what a test names changes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from handlers.line.parse import LineInbound, parse_events
from handlers.messages import Inbound, Intent

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "line"
#: Webhook request bodies: every fixture but the signature vectors and the API's error responses.
BODIES = sorted(
    p.name
    for p in FIXTURES.glob("*.json")
    if p.name != "signature_test_vectors.json" and not p.name.startswith("error_")
)
BOT = "U0123456789abcdef0123456789abcdef"  # destination of the reconstructed Japanese fixture
GROUP = "C0123456789abcdef0123456789abcdef"
PLAYER = "U00000000000000000000000000000001"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def only(body: dict[str, Any] | bytes, bot_user_id: str | None = None) -> LineInbound:
    [item] = parse_events(body, bot_user_id)
    return item


def inbound_of(body: dict[str, Any] | bytes, bot_user_id: str | None = None) -> Inbound:
    found = only(body, bot_user_id).inbound
    assert found is not None
    return found


def intent_of(body: dict[str, Any] | bytes, bot_user_id: str | None = None) -> Intent | None:
    found = only(body, bot_user_id).inbound
    return None if found is None else found.intent


def group_text(
    text: str, *, mention: list[dict[str, Any]] | None = None, user: str | None = PLAYER
) -> dict[str, Any]:
    """The Japanese group fixture with ``text`` (and ``mention``) from ``user`` (``None``: no userId)."""
    body = load("group_message_mention_bot_self_japanese.json")
    event = body["events"][0]
    event["message"]["text"] = text
    event["message"].pop("mention")
    if mention:
        event["message"]["mention"] = {"mentionees": mention}
    if user is None:
        event["source"].pop("userId")
    else:
        event["source"]["userId"] = user
    return body


def private_text(text: str) -> dict[str, Any]:
    body = load("user_text_message.json")
    body["events"][0]["message"]["text"] = text
    return body


def self_mention(name: str, *, is_self: bool | None = True, user_id: str = BOT) -> dict[str, Any]:
    """A mention of the bot opening the text, ``name`` including the ``@``; length in UTF-16 units."""
    mentionee: dict[str, Any] = {"index": 0, "length": len(name.encode("utf-16-le")) // 2, "type": "user"}
    mentionee["userId"] = user_id
    if is_self is not None:
        mentionee["isSelf"] = is_self
    return mentionee


def postback(data: str, fixture: str = "postback_datetime_params.json") -> dict[str, Any]:
    body = load(fixture)
    body["events"][0]["postback"] = {"data": data}
    return body
