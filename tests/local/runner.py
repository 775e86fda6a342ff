"""What one ``jinro-gm play`` run leaves for a test to judge: the person's screen (stdout), every chat of
every player (the ``--spoilers`` log) and the game itself. The ``play`` fixture (conftest.py) makes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT

PERSON = "local:1"


@dataclass
class Run:
    """One finished ``jinro-gm play``: exit ``status``, stdout ``out``, ``chats`` (every entry of every
    chat, in order: ``{"seq", "chat", "text", "buttons"}``, plus ``"author"`` for what a person said),
    the ``game`` and stderr ``err``."""

    status: int
    out: str
    chats: list[dict[str, Any]]
    game: LocalGame
    err: str = ""

    def texts(self, *chats: str) -> list[str]:
        return [e["text"] for e in self.chats if e["chat"] in chats]

    def visible(self) -> list[str]:
        return self.texts(GROUP_CHAT, PERSON)

    def hidden(self) -> list[str]:
        return [e["text"] for e in self.chats if e["chat"] not in (GROUP_CHAT, PERSON)]

    def state(self) -> Any:
        return self.game.state()

    def me(self) -> Any:
        """The person's seat (a ``Player`` of the final state)."""
        seat = self.game.person_seat
        assert seat is not None, "the game never started"
        return self.state().players[seat - 1]


Play = Callable[..., Run]
