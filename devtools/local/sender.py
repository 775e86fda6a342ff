"""A simulated chat platform: one group chat and one private (1:1) chat per player, kept in memory.

The service sends through :class:`LocalSender` exactly as it sends to Telegram or LINE; the terminal
reads back only the chats its person may see. Every message lands in one shared, ordered log so a
spoiler log (all chats, for debugging and golden transcripts) can be written after the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TextIO

from handlers.messages import Button, OutMessage

#: The chat id of the simulated group; private chats use the user id (``local:3``), as on every platform.
GROUP_CHAT = "local:group"
PLATFORM = "local"


def user_id(number: int) -> str:
    """The platform-qualified id of local user ``number`` (1-based): ``local:1``."""
    return f"{PLATFORM}:{number}"


@dataclass(frozen=True)
class Entry:
    """One message as shown in a chat. ``author``: a person's display name for what a person said or
    pressed (the service's messages have none). A menu level (``OutMessage.edit_of``) is a new entry: a
    terminal cannot edit what it printed."""

    seq: int
    chat_id: str
    text: str
    buttons: tuple[Button, ...] = ()
    author: str | None = None


@dataclass
class LocalSender:
    """The :class:`~handlers.messages.Sender` of the playground: never fails, never drops a message."""

    log: list[Entry] = field(default_factory=list)

    async def send(self, message: OutMessage) -> None:
        """Record ``message`` in its chat (``GROUP_CHAT`` or a user id)."""
        flat = tuple(button for row in message.buttons for button in row)
        self.log.append(Entry(len(self.log), message.chat_id, message.text, flat))

    def said(self, chat_id: str, author: str, text: str) -> None:
        """Record what a person said as plain chat, or the button or command played for them (``--auto``)."""
        self.log.append(Entry(len(self.log), chat_id, text, author=author))

    def since(self, seq: int, chats: frozenset[str]) -> list[Entry]:
        """Entries from position ``seq`` on, only those in ``chats`` (what one person may see)."""
        return [e for e in self.log[seq:] if e.chat_id in chats]

    def dump(self, out: TextIO) -> None:
        """Write every entry of every chat as JSON lines: ``{"seq", "chat", "text", "buttons"}``."""
        for e in self.log:
            row: dict[str, object] = {
                "seq": e.seq,
                "chat": e.chat_id,
                "text": e.text,
                "buttons": [b.label for b in e.buttons],
            }
            if e.author:
                row["author"] = e.author
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
