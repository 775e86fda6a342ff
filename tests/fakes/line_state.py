"""What the fake LINE API knows and does: reply tokens, friends, groups, deliveries, retry keys.

Behaviour as the Messaging API reference describes it, with the error bodies recorded in
``tests/fixtures/line/error_*.json``:

- a reply token answers the chat it was issued for, once: an unknown, used or expired token gets 400
  ``{"message": "Invalid reply token"}``; a body refused by validation does not use the token up;
- a push to a user who is not a friend (never followed, or blocked the account) gets 400 ``{"message":
  "Failed to send messages"}``; a push counts one message per recipient, every member of a group;
- a push whose ``X-Line-Retry-Key`` was accepted before gets 409 "The retry key is already accepted" with
  the accepted request's ``sentMessages`` and is not delivered again (only accepted keys are kept);
- ``Get profile`` answers friends only (404 ``{"message": "Not found"}`` otherwise); a group member's
  profile needs membership only.

Ids are LINE's own (``U…``, ``C…``, ``R…``); helpers also take the project's ``line:``-prefixed ids.
"""

from __future__ import annotations

import itertools
import json
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tests.fakes.line_checks import message_problems, request_body_error

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "line"


def load_error(name: str) -> dict[str, Any]:
    """An error body from ``tests/fixtures/line`` (``"error_400_invalid_reply_token"``)."""
    path = FIXTURES / (name if name.endswith(".json") else f"{name}.json")
    body: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return body


def raw_id(chat_id: str) -> str:
    """``line:U…`` or ``U…`` → ``U…``."""
    return chat_id.removeprefix("line:")


class Refused(Exception):
    """The call is answered ``status`` with ``body`` (and extra response ``headers``)."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {body.get('message')}")
        self.status, self.body, self.headers = status, body, headers or {}


@dataclass(frozen=True)
class Delivery:
    """Message objects LINE delivered to ``chat_id`` in one call: ``via`` ``"reply"`` or ``"push"``;
    ``cost``: the counted messages (0 for a reply, recipients for a push)."""

    chat_id: str
    via: str
    messages: list[dict[str, Any]]
    cost: int
    retry_key: str | None = None
    request_id: str | None = None
    first_id: int = 0


class LineState:
    """The fake's accounts and history. Not thread-safe by itself: the server holds its lock."""

    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []
        self.friends: dict[str, str] = {}
        self.groups: dict[str, dict[str, str]] = {}
        self.counts: dict[str, int] = {}
        self._tokens: dict[str, str] = {}
        self._used: set[str] = set()
        self._accepted: dict[str, Delivery] = {}
        self._ids = itertools.count(461230966842064897)

    def token_for(self, chat_id: str) -> str:
        """A fresh reply token that answers ``chat_id`` once (what a webhook event from it carries)."""
        token = uuid.uuid4().hex
        self._tokens[token] = raw_id(chat_id)
        return token

    def expire(self, token: str) -> None:
        """``token`` is no longer valid (over a minute old)."""
        self._used.add(token)

    def is_spent(self, token: str) -> bool:
        return token in self._used

    def token_chat(self, token: str) -> str | None:
        return self._tokens.get(token)

    def befriend(self, user_id: str, name: str | None = None) -> None:
        """``user_id`` follows the account (or unblocks it)."""
        user = raw_id(user_id)
        self.friends[user] = name or self._name_of(user)

    def unfollow(self, user_id: str) -> None:
        """``user_id`` blocks the account: no profile, no pushes."""
        self.friends.pop(raw_id(user_id), None)

    def join(self, chat_id: str, user_id: str, name: str | None = None) -> None:
        """``user_id`` is a member of group or room ``chat_id``."""
        user = raw_id(user_id)
        self.groups.setdefault(raw_id(chat_id), {})[user] = name or self._name_of(user)

    def member_count(self, chat_id: str) -> int:
        """The count a test set (:attr:`counts`), else the members joined; :class:`Refused` 404 if unknown."""
        chat = raw_id(chat_id)
        if chat in self.counts:
            return self.counts[chat]
        if chat not in self.groups:
            raise Refused(404, load_error("error_404_not_found"))
        return len(self.groups[chat])

    def reply(self, body: dict[str, Any]) -> Delivery:
        messages = self._checked(body)
        token = str(body.get("replyToken", ""))
        chat = self._tokens.get(token)
        if chat is None or token in self._used:
            raise Refused(400, load_error("error_400_invalid_reply_token"))
        self._used.add(token)
        return self._deliver(Delivery(chat, "reply", messages, 0))

    def push(self, body: dict[str, Any], retry_key: str | None, request_id: str) -> Delivery:
        messages = self._checked(body)
        if retry_key is not None:
            self._check_key(retry_key)
        to = str(body.get("to", ""))
        if to.startswith("U"):
            if to not in self.friends:
                raise Refused(400, load_error("error_400_failed_to_send_messages"))
            cost = 1
        elif to[:1] in ("C", "R") and (to in self.groups or to in self.counts):
            cost = self.member_count(to)
        else:
            raise Refused(400, load_error("error_400_failed_to_send_messages"))
        delivery = self._deliver(Delivery(to, "push", messages, cost, retry_key, request_id))
        if retry_key is not None:
            self._accepted[retry_key] = delivery
        return delivery

    def profile(self, user_id: str) -> dict[str, Any]:
        if user_id not in self.friends:
            raise Refused(404, load_error("error_404_not_found"))
        return {"displayName": self.friends[user_id], "userId": user_id, "language": "ja"}

    def member_profile(self, chat_id: str, user_id: str) -> dict[str, Any]:
        name = self.groups.get(chat_id, {}).get(user_id)
        if name is None:
            raise Refused(404, load_error("error_404_not_found"))
        return {"displayName": name, "userId": user_id}

    def sent_messages(self, delivery: Delivery) -> list[dict[str, str]]:
        """The ``sentMessages`` of a successful reply or push (ids as LINE's, made up)."""
        ids = range(delivery.first_id, delivery.first_id + len(delivery.messages))
        return [{"id": str(n), "quoteToken": f"q{n}"} for n in ids]

    def _check_key(self, retry_key: str) -> None:
        try:
            uuid.UUID(retry_key)
        except ValueError:
            raise Refused(400, {"message": "The value of X-Line-Retry-Key is not a valid UUID"}) from None
        accepted = self._accepted.get(retry_key)
        if accepted is not None:
            body = {**load_error("error_409_retry_key_already_accepted")}
            body["sentMessages"] = self.sent_messages(accepted)
            raise Refused(409, body, {"x-line-accepted-request-id": accepted.request_id or ""})

    def _checked(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        messages = body.get("messages")
        problems = message_problems(messages)
        if problems:
            raise Refused(400, request_body_error(problems))
        assert isinstance(messages, list)
        return messages

    def _deliver(self, delivery: Delivery) -> Delivery:
        kept = replace(delivery, first_id=next(self._ids))
        for _ in delivery.messages[1:]:
            next(self._ids)
        self.deliveries.append(kept)
        return kept

    def _name_of(self, user: str) -> str:
        known = self.friends.get(user) or next((g[user] for g in self.groups.values() if user in g), None)
        return known or f"Player {user[-4:]}"
