"""Telegram's recorded updates as deliveries to a game in progress, and what a delivery visibly did.

:func:`fixture_updates` lists every webhook-shaped update in ``tests/fixtures/telegram`` (each update inside
``result`` of a ``getupdates_*`` recording; ``error_*`` files are Bot API answers, not updates).
:func:`arrange` makes a copy of a running game fit one update: the game is played in the update's group
chat (if it comes from a group) and every person the update names sits at the table (replacing the
players of the last seats), with the chat and user pointers that route the update to it.
:func:`seen` reduces the Bot API calls a delivery caused to what players see (ids of Telegram's messages
left out), so two runs can be compared as multisets.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from infra.store import Change, GameStore, blank
from tests.fakes.telegram_api import FIXTURES, Call

#: Bot API methods that only read or answer a button press (a redelivered press is answered again).
NOT_SEEN = {"answerCallbackQuery", "getMe", "getChat", "getChatMember", "getWebhookInfo"}
#: How ``handlers.outbox`` joins the notices it merges into one message.
PARAGRAPH = "\n\n"


def fixture_updates() -> list[tuple[str, dict[str, Any]]]:
    """``(name, update)`` for each recorded update, named by file (``[i]`` for the i-th of a getUpdates)."""
    found = []
    for path in sorted(FIXTURES.glob("*.json")):
        if path.name.startswith("error_"):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.name.startswith("getupdates_"):
            found += [(f"{path.stem}[{i}]", update) for i, update in enumerate(data["result"])]
        else:
            found.append((path.stem, data))
    return found


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _dicts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _dicts(inner)


def people_in(update: dict[str, Any]) -> list[int]:
    """Every human user the update names (sender, members joining or leaving), in order; no bots."""
    found = [d["id"] for d in _dicts(update) if d.get("is_bot") is False and isinstance(d.get("id"), int)]
    return list(dict.fromkeys(found))


def ids_in(update: dict[str, Any]) -> list[int]:
    """Every chat and user id the update names (``id``, ``migrate_to_chat_id``, ``migrate_from_chat_id``)."""
    keys = ("id", "migrate_to_chat_id", "migrate_from_chat_id")
    found = [d.get(key) for d in _dicts(update) for key in keys]
    return list(dict.fromkeys(i for i in found if isinstance(i, int)))


def group_of(update: dict[str, Any]) -> int | None:
    """The group chat the update comes from, or ``None`` for a private chat."""
    chats = [d["id"] for d in _dicts(update) if d.get("type") in ("group", "supergroup") and "id" in d]
    return chats[0] if chats else None


@dataclass(frozen=True)
class Arranged:
    """A game ready for one update: its id, group chat (``tg:…``) and the user ids routed to it."""

    game_id: str
    group: str
    users: tuple[str, ...]


def arrange(
    store: GameStore, state: dict[str, Any], game_id: str, update: dict[str, Any], seated: list[int]
) -> Arranged:
    """Store a copy of the running game ``state`` as ``game_id`` (version 1) fitted to ``update`` (see the
    module docstring); ``seated`` are the table's user numbers, seat order."""
    group = group_of(update)
    chat = f"tg:{group}" if group is not None else str(state["chat_id"])
    newcomers = [n for n in people_in(update) if n not in seated]
    copy_game(store, state, game_id, chat, dict(zip(reversed(seated), newcomers, strict=False)))
    users = tuple(f"tg:{n}" for n in people_in(update))
    store.set_pointer("chat", chat, game_id)
    for user in users:
        store.set_pointer("user", user, game_id)
    return Arranged(game_id, chat, users)


def copy_game(
    store: GameStore, state: dict[str, Any], game_id: str, chat: str, users: dict[int, int] | None = None
) -> None:
    """Store ``state`` again as a new game ``game_id`` (version 1) played in ``chat`` (``tg:…``), with each
    user number ``old`` of ``users`` replaced by ``new`` wherever the state names it."""
    payload = json.dumps({**state, "game_id": game_id, "chat_id": chat}, ensure_ascii=False)
    for old, new in (users or {}).items():
        payload = payload.replace(f'"tg:{old}"', f'"tg:{new}"')
    store.commit(blank(game_id), Change(state=payload))


def seen(calls: list[Call], *, group: str | None = None, game_id: str | None = None) -> Counter[str]:
    """What players see of ``calls``, as a multiset of paragraphs: method, chat and parameters of each
    call, one entry per paragraph of its text, the buttons with the last one. So notices the outbox
    merged into one message (``handlers.outbox``: a commit's messages to one chat, e.g. "you voted" and
    the night prompt to whoever closed the vote) count the same as the notices sent apart. With
    ``group``/``game_id``, that chat is written ``group`` and that game id ``<game>`` (to compare games)."""
    number = None if group is None else int(group.removeprefix("tg:"))
    found: Counter[str] = Counter()
    for call in calls:
        if call.method in NOT_SEEN:
            continue
        params = {k: v for k, v in call.params.items() if k != "message_id"}
        if number is not None and params.get("chat_id") == number:
            params["chat_id"] = "group"
        paragraphs = str(params.pop("text", "")).split(PARAGRAPH)
        markup = params.pop("reply_markup", None)
        for i, paragraph in enumerate(paragraphs, start=1):
            last = {"reply_markup": markup} if i == len(paragraphs) and markup else {}
            shown = [call.method, {**params, **last, "text": paragraph}]
            entry = json.dumps(shown, ensure_ascii=False, sort_keys=True)
            found[entry if game_id is None else entry.replace(f'"{game_id}|', '"<game>|')] += 1
    return found
