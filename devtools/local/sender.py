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
from dataclasses import dataclass, field, replace
from typing import TextIO

from handlers.messages import Button, Link, OutMessage

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
    terminal cannot edit what it printed. ``photo`` and ``link``: the message's picture URL and page
    button (:class:`~handlers.messages.OutMessage`; the recap picture and page, served by the browser
    playground, ``devtools.local.web``)."""

    seq: int
    chat_id: str
    text: str
    buttons: tuple[Button, ...] = ()
    author: str | None = None
    photo: str | None = None
    link: Link | None = None


@dataclass
class LocalSender:
    """The :class:`~handlers.messages.Sender` of the playground: never fails, never drops a message."""

    log: list[Entry] = field(default_factory=list)
    #: Entries of the open :meth:`batch` (their ``seq`` not yet given), logged when it ends.
    held: list[Entry] = field(default_factory=list)
    depth: int = 0

    def answers_privately(self) -> bool:
        """A group's input may be answered in the sender's 1:1 chat, as on Telegram
        (:class:`~handlers.messages.PrivateAnswers`)."""
        return True

    async def send(self, message: OutMessage) -> None:
        """Record ``message`` in its chat (``GROUP_CHAT`` or a user id)."""
        flat = tuple(button for row in message.buttons for button in row)
        self._add(Entry(0, message.chat_id, message.text, flat, None, message.photo, message.link))

    def said(self, chat_id: str, author: str, text: str) -> None:
        """Record what a person said as plain chat, or the button or command played for them (``--auto``)."""
        self._add(Entry(0, chat_id, text, (), author))

    def _add(self, entry: Entry) -> None:
        if self.depth:
            self.held.append(entry)
        else:
            self.log.append(replace(entry, seq=len(self.log)))

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
                for entry in sorted(held, key=lambda m: m.chat_id != GROUP_CHAT):
                    self.log.append(replace(entry, seq=len(self.log)))

    def since(self, seq: int, chats: frozenset[str]) -> list[Entry]:
        """Entries from position ``seq`` on, only those in ``chats`` (what one person may see)."""
        return [e for e in self.log[seq:] if e.chat_id in chats]

    def dump(self, out: TextIO) -> None:
        """Write every entry of every chat as JSON lines: ``{"seq", "chat", "text", "buttons"}``, plus
        ``"author"``, ``"photo"`` (its URL) and ``"link"`` (``{"label", "url"}``) where the entry has
        them."""
        for e in self.log:
            row: dict[str, object] = {
                "seq": e.seq,
                "chat": e.chat_id,
                "text": e.text,
                "buttons": [b.label for b in e.buttons],
            }
            if e.author:
                row["author"] = e.author
            if e.photo:
                row["photo"] = e.photo
            if e.link:
                row["link"] = {"label": e.link.label, "url": e.link.url}
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
