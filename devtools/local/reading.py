"""A game read back from its store as the service committed it: the state with its whole log (as
:func:`handlers.decision.load_whole` reads it) and a user's console feed. A playground (and an end-to-end
test's table) reads the state several times per move, so :class:`GameReader` parses the item only when it
changed, and reads and parses only the history chunks written since its last read (a chunk never changes
once written, docs/storage.md): reading the whole history each time made a long game quadratic in its
length, and on DynamoDB each read of it was a batched read of every chunk.
"""

from __future__ import annotations

from typing import Any

from core.engine.result import Event
from handlers import decision, history
from handlers.console import feed as console_feed
from infra.store import GameStore, StoredGame


class GameReader:
    """Reads the games of ``store`` (one game at a time is cached: the one read last)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        #: The item :meth:`state` last parsed and its state with the whole log; the game whose history
        #: chunks were read, how many, and their events.
        self._read: tuple[StoredGame, Any] | None = None
        self._game = ""
        self._chunks = 0
        self._events: list[Event] = []

    def state(self, game_id: str) -> Any:
        """The state of ``game_id`` as committed, its log read from its history, a copy of its own each
        call (``fork``); ``None`` for a game the store does not hold."""
        stored = self.store.load(game_id)
        if stored is None:
            return None
        if self._read is None or self._read[0] != stored:
            state = decision.parse(stored).state
            state.log = self._log(stored)
            self._read = (stored, state)
        return self._read[1].fork()

    def _log(self, stored: StoredGame) -> list[Event]:
        """:func:`handlers.history.events` of the whole history of ``stored``: the chunks read before are
        not read again, only those written since, then the item's tail."""
        if stored.game_id != self._game or stored.chunks < self._chunks:
            self._game, self._chunks, self._events = stored.game_id, 0, []
        tail = stored.tail_entries()
        entries = self.store.history(stored, last=stored.chunks - self._chunks)  # the new chunks, the tail
        self._events += history.events(entries[: len(entries) - len(tail)])
        self._chunks = stored.chunks
        return self._events + history.events(tail)

    def feed(self, game_id: str, user: str) -> list[dict[str, Any]]:
        """``user``'s console feed (:func:`handlers.console.feed.entries`) of the whole game ``game_id``
        so far, as the chat got it; empty for a game the store does not hold."""
        loaded = decision.load(self.store, game_id)
        if loaded is None:
            return []
        texts = self.store.history(loaded.stored)
        return console_feed.entries(loaded.rules, loaded.state, user, texts, None)
