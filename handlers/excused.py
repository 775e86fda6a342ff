"""Who is excused from a missed phase because the bot did not deliver their prompt (docs/architecture.md
"Lobby expiry and AFK", **Excused**; J29: no count for a player "whose prompt still waited undelivered at
the deadline"). The runner fills ``Timeout.excused`` from these before the core counts missed phases
(``core.engine.afk``).

A user's 1:1 chat id is their user id on every platform (``tg:55``, ``line:U…``, ``local:3``;
:mod:`handlers.messages`), so a message addressed to a member's user id is private, and one to the game's
group (``state.chat_id``) is not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.engine.notice import Notice
from core.games import GameRules
from handlers import outbox


def undelivered(entries: Mapping[str, str], state: Any) -> set[str]:
    """Members of ``state`` with a private message of the game still in the outbox ``entries`` (outbox id
    → :func:`handlers.outbox.dump` payload): held back (429, 5xx, pacing), waiting for the player's next
    event (LINE's free mode) or never sent since a crash."""
    members = {m.user_id for m in state.members}
    chats = {outbox.load(payload).chat_id for payload in entries.values()}
    return (chats & members) - {state.chat_id}


def unsent(rules: GameRules, state: Any, notices: list[Notice]) -> set[str]:
    """Users addressed privately by ``notices`` not committed yet (the prompts of deadlines caught up in the
    same input, which nobody could have seen)."""
    return {
        chat
        for notice in notices
        if notice.to.kind != "public"
        for chat in outbox.recipients(rules, state, notice)
    } - {state.chat_id}
