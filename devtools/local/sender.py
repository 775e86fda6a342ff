"""A simulated chat platform: one group chat and one private (1:1) chat per player, kept in memory.

The service sends through :class:`LocalSender` exactly as it sends to Telegram or LINE; the terminal
reads back only the chats its person may see. Every message lands in one shared, ordered log so a
spoiler log (all chats, for debugging and golden transcripts) can be written after the game.

On a platform each chat is its own window, and the order between two chats means nothing; in one log it
reads as a story. So what one input makes (:meth:`LocalSender.batch`) is logged the group's messages
first: the group hears a transition (a vote's result, the night falling) before anyone's 1:1 chat gets
the confirmation of the last ballot or the next prompt. Order within each chat is kept.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
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
    #: Messages of the open :meth:`batch` (chat, text, buttons, author), logged when it ends.
    held: list[tuple[str, str, tuple[Button, ...], str | None]] = field(default_factory=list)
    depth: int = 0

    async def send(self, message: OutMessage) -> None:
        """Record ``message`` in its chat (``GROUP_CHAT`` or a user id)."""
        flat = tuple(button for row in message.buttons for button in row)
        self._add(message.chat_id, message.text, flat, None)

    def said(self, chat_id: str, author: str, text: str) -> None:
        """Record what a person said as plain chat, or the button or command played for them (``--auto``)."""
        self._add(chat_id, text, (), author)

    def _add(self, chat_id: str, text: str, buttons: tuple[Button, ...], author: str | None) -> None:
        if self.depth:
            self.held.append((chat_id, text, buttons, author))
        else:
            self.log.append(Entry(len(self.log), chat_id, text, buttons, author))

    @contextmanager
    def batch(self) -> Iterator[None]:
        """What is sent inside the block (one input and its answer; nested blocks join the outer one) is
        logged when the outermost block ends: the group's messages first, then the 1:1 chats', each
        chat in the order sent (see the module docstring)."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth:
                held, self.held = self.held, []
                for chat_id, text, buttons, author in sorted(held, key=lambda m: m[0] != GROUP_CHAT):
                    self.log.append(Entry(len(self.log), chat_id, text, buttons, author))

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
