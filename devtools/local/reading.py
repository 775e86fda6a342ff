"""A local game read back from its store as the service committed it: the state with its whole log (as
:func:`handlers.decision.load_whole` reads it) and a user's console feed. A playground reads the state
several times per bot move, so :class:`GameReader` parses the item only when it changed and only the
history entries added since its last read (reading the whole history each time made a long game
quadratic in its length).
"""

from __future__ import annotations

from typing import Any

from core.engine.result import Event
from handlers import decision, history
from handlers.console import feed as console_feed
from infra.store import MemoryStore, StoredGame


class GameReader:
    """Reads the games of ``store`` (one game at a time is cached: the one read last)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        #: The item :meth:`state` last parsed and its state with the whole log; the history entries read
        #: last and their events.
        self._read: tuple[StoredGame, Any] | None = None
        self._entries: list[str] = []
        self._events: list[Event] = []

    def state(self, game_id: str) -> Any:
        """The state of ``game_id`` as committed, its log read from its history, a copy of its own each
        call (``fork``); ``None`` for a game the store does not hold."""
        stored = self.store.load(game_id)
        if stored is None:
            return None
        if self._read is None or self._read[0] != stored:
            state = decision.parse(stored).state
            state.log = self._log(self.store.history(stored))
            self._read = (stored, state)
        return self._read[1].fork()

    def _log(self, entries: list[str]) -> list[Event]:
        """:func:`handlers.history.events` of ``entries``, parsing only the entries after those of the last
        call when they begin with them (a commit only appends to its game's history)."""
        known = len(self._entries)
        if entries[:known] != self._entries:
            known, self._entries, self._events = 0, [], []
        self._events += history.events(entries[known:])
        self._entries = entries
        return list(self._events)

    def feed(self, game_id: str, user: str) -> list[dict[str, Any]]:
        """``user``'s console feed (:func:`handlers.console.feed.entries`) of the whole game ``game_id``
        so far, as the chat got it; empty for a game the store does not hold."""
        loaded = decision.load(self.store, game_id)
        if loaded is None:
            return []
        texts = self.store.history(loaded.stored)
        return console_feed.entries(loaded.rules, loaded.state, user, texts, None)
