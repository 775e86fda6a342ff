"""What the shell keeps about a game's chats, stored beside the rules state in the game item
(``StoredGame.records``, compact JSON) and never read by the rules: per chat what sending needs
(:class:`~handlers.sendlog.ChatLog`: paced send times, failures, wake-ups, push costs, the slot message,
dropped backlog), and each platform's own record (``platform``: e.g. whom the Telegram bot muted,
:mod:`handlers.telegram.speech`). A commit writes the records it changed in the same write as the state
(design §1: one write per input); times are UTC epoch seconds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from handlers.sendlog import ChatLog, pace_of


@dataclass
class Records:
    """``chats``: chat id → its log; ``platform``: key → a platform hook's record (JSON-ready);
    ``settled``: the newest version whose sending finished with a written record of how it went (a
    redelivery of its input has nothing to send again: :meth:`handlers.runner.GameRunner.run`)."""

    chats: dict[str, ChatLog] = field(default_factory=dict)
    platform: dict[str, Any] = field(default_factory=dict)
    settled: int = 0

    def chat(self, chat_id: str) -> ChatLog:
        """The log of ``chat_id``, created empty when there is none."""
        return self.chats.setdefault(chat_id, ChatLog())

    def held_until(self, chat_id: str, now: int) -> int:
        """When ``chat_id`` may be sent to again (0: now)."""
        entry = self.chats.get(chat_id)
        return entry.wake if entry is not None and entry.wake > now else 0

    def dump(self, now: int) -> str:
        """The stored form at ``now`` (what no longer matters dropped; ``""`` for nothing)."""
        chats = {}
        for chat, entry in sorted(self.chats.items()):
            kept = entry.dump(pace_of(chat), now)
            if kept is not None:
                chats[chat] = kept
        data: dict[str, Any] = {}
        if chats:
            data["c"] = chats
        if self.platform:
            data["p"] = self.platform
        if self.settled:
            data["v"] = self.settled
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False) if data else ""


def load(text: str) -> Records:
    """The records stored by :meth:`Records.dump` (``""``: none yet)."""
    data = json.loads(text) if text else {}
    chats = {chat: ChatLog.load(v) for chat, v in data.get("c", {}).items()}
    return Records(chats=chats, platform=dict(data.get("p", {})), settled=int(data.get("v", 0)))
