"""The viewer's private messages, kept for the console (issue 9 item 1): every message of a commit that goes
to a member's 1:1 chat is also appended to that member's feed in the game state
(``state.shell["console"]``), in the same write as the change, so the page shows exactly what the chat got.

Shape: ``state.shell["console"] = {"<user id>": [{"n": int, "text": str, "phase_seq": int, "buttons":
bool}, …]}``, oldest first; ``n`` counts up per user from 1. A feed keeps at most :data:`FEED_MAX` entries
and :data:`FEED_CHARS` characters (the oldest go first; the newest entry always stays), so the game item
stays far below DynamoDB's 400 KB (docs/storage.md).

Console-primary (an operator setting, ``console_primary``): from the deal to the end of a game (the
commit that ends it included), the private messages are kept out of the outbox and reach the player
through the console only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.engine.table import CANCELLED, LOBBY
from handlers.messages import OutMessage

#: ``TableState.shell`` key of the feeds.
SHELL_KEY = "console"
#: Most entries kept per user.
FEED_MAX = 30
#: Most characters (of all entries' texts) kept per user.
FEED_CHARS = 6000


def entries(state: Any, user_id: str) -> list[dict[str, Any]]:
    """The feed of ``user_id`` in ``state``, oldest first (empty when nothing was recorded)."""
    feeds = state.shell.get(SHELL_KEY) or {}
    return list(feeds.get(user_id) or [])


def is_private(state: Any, message: OutMessage) -> bool:
    """Whether ``message`` goes to a member's 1:1 chat (a user's 1:1 chat id is their user id)."""
    return message.chat_id != state.chat_id and state.member(message.chat_id) is not None


def _phase_seq(state: Any, message: OutMessage) -> int:
    """The phase the message belongs to: its buttons' phase (a prompt), else the committed phase."""
    seqs = [b.tap.phase_seq for row in message.buttons for b in row if b.tap.phase_seq is not None]
    return max(seqs) if seqs else int(state.phase_seq)


def bounded(feed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``feed`` without its oldest entries beyond :data:`FEED_MAX` entries or :data:`FEED_CHARS`
    characters; the newest entry always stays."""
    kept = feed[-FEED_MAX:]
    total = sum(len(e["text"]) for e in kept)
    while len(kept) > 1 and total > FEED_CHARS:
        total -= len(kept.pop(0)["text"])
    return kept


def record(state: Any, messages: list[OutMessage]) -> Any:
    """``state`` with every private message of ``messages`` appended to its recipient's feed (a copy;
    ``state`` is unchanged). Returns ``state`` itself when none is private."""
    private = [m for m in messages if is_private(state, m)]
    if not private:
        return state
    feeds: dict[str, list[dict[str, Any]]] = {
        user: list(feed) for user, feed in (state.shell.get(SHELL_KEY) or {}).items()
    }
    for message in private:
        feed = feeds.setdefault(message.chat_id, [])
        n = feed[-1]["n"] + 1 if feed else 1
        entry = {"n": n, "text": message.text, "phase_seq": _phase_seq(state, message),
                 "buttons": bool(message.buttons)}  # fmt: skip
        feeds[message.chat_id] = bounded([*feed, entry])
    return state.model_copy(update={"shell": {**state.shell, SHELL_KEY: feeds}})


def is_played(state: Any) -> bool:
    """Dealt, up to and including the commit that ends it (its last results, a deduction): when
    console-primary keeps private messages out of the outbox. Not the lobby (joining goes through the 1:1
    chat) and not a cancelled game."""
    return state.phase not in (LOBBY, CANCELLED)


def outgoing(state: Any, messages: list[OutMessage], *, console_primary: bool) -> list[OutMessage]:
    """The messages that still go through the outbox: all of them, except the private ones of a dealt
    game when ``console_primary`` (they are in the feed only)."""
    if not console_primary or not is_played(state):
        return messages
    return [m for m in messages if not is_private(state, m)]


def prompt(feed: list[dict[str, Any]], phase_seq: int) -> str | None:
    """The text of the newest entry with buttons in phase ``phase_seq`` (what the player must answer
    now), or None."""
    for entry in reversed(feed):
        if entry.get("buttons") and entry.get("phase_seq") == phase_seq:
            return str(entry["text"])
    return None


def kept(state: Any, messages: list[OutMessage], settings: Mapping[str, Any]) -> tuple[Any, list[OutMessage]]:
    """What a commit stores: ``state`` with the private messages of ``messages`` in their feeds, and the
    messages that still go through the outbox. ``settings``: the group's operator settings
    (``GameRunner.settings_for``): ``console`` (default on: the local playground; the platforms say
    whether their console exists) — off, no feed is kept (the item stays small) and everything is sent;
    ``console_primary`` — the private messages of a running game go to the feed only."""
    if not settings.get("console", True):
        return state, messages
    state = record(state, messages)
    return state, outgoing(state, messages, console_primary=is_primary(settings))


def is_primary(settings: Mapping[str, Any]) -> bool:
    """Whether the group's operator ``settings`` make the console the primary private channel: a console
    exists there (``console``, default on) and ``console_primary`` is set."""
    return bool(settings.get("console", True) and settings.get("console_primary"))
