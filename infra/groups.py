"""The group item: one record per group chat (``group#<chat_id>``) with its settings and its results.

``settings`` is what ``/settings`` keeps for the group (the language and, per game, the preset a new
lobby's ``TableState.settings`` starts from; opaque JSON to the store, shape in
``handlers.groupsettings``). ``stats`` counts finished games per game and wins per side; a result is
counted once per game id, however often it is reported (``record_result`` is idempotent). Both live in
one item with one ``version``: every write is conditioned on the version read (optimistic), like a game's
commit. See ``docs/storage.md`` ("The group item").

This module holds the interface (:class:`GroupStore`, part of ``infra.store.GameStore``), the record and
the in-memory implementation; ``infra.dynamo_groups`` holds the DynamoDB one.
"""

from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

#: Game ids whose result a group item remembers (for ``record_result``'s idempotency), newest last. A game's
#: end is reported within seconds of it (the runner's end hook and its retries), so far fewer would do.
MAX_RESULTS = 200
#: Optimistic writes ``record_result`` tries before giving up (each reloads the item first).
MAX_ATTEMPTS = 20


@dataclass
class GroupRecord:
    """A group as stored. ``version``: 0 = never stored, then +1 per write. ``settings``: the group's
    settings (JSON object, opaque here). ``stats``: ``{game: {"games": n, "wins": {side: n}}}``.
    ``results``: the game ids already counted, oldest first (at most :data:`MAX_RESULTS`)."""

    chat_id: str
    version: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    results: list[str] = field(default_factory=list)


class GroupConflict(Exception):
    """The group item is not at the expected version (another write came first): reload and try again."""


class GroupStore(Protocol):
    """Group items (``group#<chat_id>``). Part of ``infra.store.GameStore``."""

    def load_group(self, chat_id: str) -> GroupRecord | None:
        """The group as last written (strongly consistent), or ``None`` if nothing was ever stored."""
        ...

    def save_group_settings(
        self, chat_id: str, settings: dict[str, Any], expected_version: int
    ) -> GroupRecord:
        """Replace the group's ``settings`` (stats kept) as version ``expected_version + 1``; 0 creates
        the item. Raises :class:`GroupConflict` when the item is not at ``expected_version``."""
        ...

    def record_result(self, chat_id: str, game_id: str, game: str, winners: list[str]) -> bool:
        """Count one finished game of ``game`` in the group's stats and one win for each side in
        ``winners`` (side/team ids; empty: no winner, e.g. a draw). Idempotent by ``game_id``: True when
        counted now, False when that game was already counted. Retries version races itself; raises
        :class:`GroupConflict` only after :data:`MAX_ATTEMPTS` lost races."""
        ...


def with_result(record: GroupRecord, game_id: str, game: str, winners: list[str]) -> GroupRecord | None:
    """The record after counting game ``game_id`` (same version; the caller writes it), or ``None``
    when that game is already counted. Never changes ``record``."""
    if game_id in record.results:
        return None
    stats = copy.deepcopy(record.stats)
    entry = stats.setdefault(game, {"games": 0, "wins": {}})
    entry["games"] += 1
    for side in dict.fromkeys(winners):
        entry["wins"][side] = entry["wins"].get(side, 0) + 1
    results = [*record.results, game_id][-MAX_RESULTS:]
    return GroupRecord(record.chat_id, record.version, copy.deepcopy(record.settings), stats, results)


class MemoryGroups:
    """In-process :class:`GroupStore` under one lock (``infra.store.MemoryStore`` inherits it)."""

    def __init__(self) -> None:
        self._groups_lock = threading.Lock()
        self._groups: dict[str, GroupRecord] = {}

    def load_group(self, chat_id: str) -> GroupRecord | None:
        with self._groups_lock:
            record = self._groups.get(chat_id)
            return copy.deepcopy(record)

    def save_group_settings(
        self, chat_id: str, settings: dict[str, Any], expected_version: int
    ) -> GroupRecord:
        with self._groups_lock:
            current = self._groups.get(chat_id) or GroupRecord(chat_id)
            if current.version != expected_version:
                raise GroupConflict(chat_id)
            saved = GroupRecord(
                chat_id, expected_version + 1, copy.deepcopy(settings), current.stats, current.results
            )
            self._groups[chat_id] = saved
            return copy.deepcopy(saved)

    def record_result(self, chat_id: str, game_id: str, game: str, winners: list[str]) -> bool:
        with self._groups_lock:
            current = self._groups.get(chat_id) or GroupRecord(chat_id)
            counted = with_result(current, game_id, game, winners)
            if counted is None:
                return False
            counted.version += 1
            self._groups[chat_id] = counted
            return True
