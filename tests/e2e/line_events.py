"""LINE webhook requests for the whole-game tests, built from copies of recorded bodies
(``tests/fixtures/line``) with only ids, text, tokens and times replaced, signed as LINE signs them.

Each builder loads one fixture event and changes what a test names (the source chat and user, the text
or postback data, the reply token the fake LINE API issued, a fresh ``webhookEventId``); everything else
keeps LINE's shape. :func:`request` wraps events in a body, signs it (``X-Line-Signature`` = Base64 of
HMAC-SHA256 over the raw body, Messaging API reference "Verify webhook signature") and makes the Function
URL event (payload 2.0) that LINE's POST arrives as.

Ids are LINE's own (``U…`` users, ``C…`` groups) or the project's ``line:``-prefixed ones.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "line"


def load(name: str) -> dict[str, Any]:
    """A fixture body (``"follow"`` or ``"follow.json"``) as a fresh dict."""
    path = FIXTURES / (name if name.endswith(".json") else f"{name}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def raw(ident: str) -> str:
    """``line:U…`` / ``U…`` → ``U…``."""
    return ident.removeprefix("line:")


def source(chat: str, user: str | None) -> dict[str, Any]:
    """A webhook ``source``: a group (``C…``) with its member, or a user's 1:1 chat (``U…``)."""
    chat = raw(chat)
    if chat.startswith("C"):
        return {"type": "group", "groupId": chat, "userId": None if user is None else raw(user)}
    return {"type": "user", "userId": chat}


def source_chat(event: dict[str, Any]) -> str:
    """The project's chat id of the chat ``event`` came from (``line:C…`` or ``line:U…``)."""
    where = event["source"]
    return "line:" + str(where.get("groupId") or where.get("roomId") or where["userId"])


def _stamped(event: dict[str, Any], chat: str, user: str | None, token: str, event_id: str, now: int) -> None:
    """Give ``event`` its source, reply token, event id and time (ms), as a first delivery."""
    event["source"] = source(chat, user)
    event["replyToken"] = token
    event["webhookEventId"] = event_id
    event["deliveryContext"] = {"isRedelivery": False}
    event["mode"] = "active"
    event["timestamp"] = now * 1000


def text_event(
    chat: str, user: str | None, text: str, *, token: str, event_id: str, now: int
) -> dict[str, Any]:
    """``user`` writes ``text`` in ``chat`` (a group, or their 1:1 chat). Base: ``group_message_mention``
    for a group (its mentions and emojis dropped: they point into the recorded text), or
    ``group_text_userid_null`` for a member LINE does not name (``user`` ``None``: ``"userId": null``),
    else ``user_text_message``."""
    group = raw(chat).startswith("C")
    base = "user_text_message" if not group else "group_message_mention" if user else "group_text_userid_null"
    event: dict[str, Any] = load(base)["events"][0]
    message = event["message"]
    message.pop("mention", None)
    message.pop("emojis", None)
    message["text"] = text
    message["id"] = str(now * 1000 + len(event_id))
    _stamped(event, chat, user, token, event_id, now)
    return event


def postback_event(chat: str, user: str, data: str, *, token: str, event_id: str, now: int) -> dict[str, Any]:
    """``user`` taps a button carrying ``data`` in ``chat``. Base: ``postback_empty_params`` (an older
    payload: the event id and delivery context are added as LINE sends them today)."""
    event: dict[str, Any] = load("postback_empty_params")["events"][0]
    event["postback"] = {"data": data}
    _stamped(event, chat, user, token, event_id, now)
    return event


def follow_event(user: str, *, token: str, event_id: str, now: int) -> dict[str, Any]:
    """``user`` adds the account as a friend. Base: ``follow``."""
    event: dict[str, Any] = load("follow")["events"][0]
    _stamped(event, user, user, token, event_id, now)
    return event


def redelivered(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` as LINE sends it again after the first delivery failed: same ``webhookEventId``,
    ``deliveryContext.isRedelivery`` true (``redelivered_message``)."""
    again = json.loads(json.dumps(event))
    again["deliveryContext"] = load("redelivered_message")["events"][0]["deliveryContext"]
    return again


def sign(body: bytes, secret: str) -> str:
    """``X-Line-Signature`` of ``body``: Base64 of HMAC-SHA256 keyed with the channel secret."""
    return base64.b64encode(hmac.new(secret.encode("utf-8"), body, hashlib.sha256).digest()).decode()


def request(events: list[dict[str, Any]], *, secret: str, destination: str) -> dict[str, Any]:
    """The Function URL event of a signed webhook POST carrying ``events`` to the bot ``destination``."""
    body = json.dumps({"destination": destination, "events": events}, ensure_ascii=False).encode("utf-8")
    headers = {"content-type": "application/json; charset=utf-8", "x-line-signature": sign(body, secret)}
    return {"version": "2.0", "headers": headers, "body": body.decode("utf-8"), "isBase64Encoded": False}
