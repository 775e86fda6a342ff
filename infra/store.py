"""The game store: one versioned record per game, plus chat/user → game pointers.

Every accepted input is exactly one atomic, version-conditioned write (:meth:`GameStore.commit`) that
records the new state, the platform delivery id that caused it (Telegram ``update_id``, LINE
``webhookEventId``) and the notices still to send (the outbox). So a redelivery is recognised
(:meth:`GameStore.has_delivery`) and a crash after the write loses nothing: whatever is not yet marked
sent stays in the outbox. Sending never conflicts with playing: :meth:`GameStore.mark_sent` removes
outbox entries without looking at the version. Only one flush of a game sends at a time: it holds the
game's flush lease, which a commit takes when it is free (so the committer sends without another write)
and :meth:`GameStore.acquire_flush` takes over when its holder let it lapse; :meth:`GameStore.release_flush`
frees it. None of this looks at the version. See ``docs/storage.md``.

This module holds the interface and :class:`MemoryStore` (local playground, unit tests);
``infra.dynamodb`` holds the DynamoDB implementation with the same behaviour.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

from infra.groups import GroupStore, MemoryGroups

MAX_DELIVERIES = 100
"""How many recent versions keep their delivery id (the redelivery window, counted in commits)."""

POINTER_KINDS = ("chat", "user")
#: How long a claimed reply stays claimed (seconds): far longer than any platform redelivers (LINE retries
#: for up to a day; Telegram while its webhook answer fails).
REPLY_KEPT = 2 * 24 * 3600


@dataclass
class StoredGame:
    """One game as stored.

    ``version``: 0 = not yet stored, then +1 per commit. ``state``: the game state as JSON (opaque to
    the store). ``outbox``: outbox id → JSON payload (opaque) of each notice not yet confirmed sent.
    ``deliveries``: delivery ids of the last :data:`MAX_DELIVERIES` commits that carried one, oldest first.
    ``lease_holder`` / ``lease_until``: who holds the flush lease and until when (UTC epoch seconds), or
    ``None`` / 0 when nobody does. ``sends``: the flush's own record of recent sends per chat (pacing,
    retries; JSON, opaque to the store, ``""`` when never written), written only by the lease holder.
    """

    game_id: str
    version: int
    state: str
    outbox: dict[str, str] = field(default_factory=dict)
    deliveries: list[str] = field(default_factory=list)
    lease_holder: str | None = None
    lease_until: int = 0
    sends: str = ""

    def is_leased(self, now: int) -> bool:
        """True if a flush lease is held and has not expired at ``now`` (UTC epoch seconds)."""
        return self.lease_holder is not None and self.lease_until > now

    def is_held_by(self, holder: str, now: int) -> bool:
        """True if ``holder`` holds the flush lease and it has not expired at ``now`` (UTC epoch seconds)."""
        return self.lease_holder == holder and self.lease_until > now


class VersionConflict(Exception):
    """The game is not at the expected version (someone else committed first, or create of an existing
    game, or update of a missing one). The caller reloads and decides again."""


class GameStore(GroupStore, Protocol):
    """What the service needs from storage. Times are UTC epoch seconds. The group items
    (``load_group``, ``save_group_settings``, ``record_result``) are :class:`infra.groups.GroupStore`'s."""

    def load(self, game_id: str) -> StoredGame | None:
        """The game as last committed (strongly consistent), or ``None`` if it was never stored."""
        ...

    def commit(
        self,
        game_id: str,
        *,
        expected_version: int,
        state: str,
        outbox_add: dict[str, str],
        delivery_id: str | None,
        expires_at: int | None,
        flush_holder: str | None = None,
        lease_until: int | None = None,
    ) -> StoredGame:
        """Atomically store ``state`` as version ``expected_version + 1``.

        ``expected_version`` 0 creates the game. ``outbox_add`` entries join the outbox (pending entries
        stay). ``delivery_id`` (if any) joins the delivery window. ``expires_at`` sets the TTL of the game
        record (``None``: no expiry, an earlier one is cleared). ``flush_holder`` (with ``lease_until``,
        UTC epoch seconds): in the same write, take the flush lease for ``flush_holder`` if no flush holds
        it (a lease left to lapse still counts as held: only :meth:`acquire_flush` takes it over); the
        version stays the only condition, so a held lease never fails a commit. Returns the stored game:
        its ``lease_holder`` is ``flush_holder`` when the commit took the lease.
        Raises :class:`VersionConflict` if the game is not at ``expected_version``; ValueError if only one
        of ``flush_holder`` and ``lease_until`` is given.
        """
        ...

    def mark_sent(self, game_id: str, outbox_ids: list[str]) -> None:
        """Remove delivered notices from the outbox. Never conflicts with a commit; unknown ids and a
        missing game are ignored."""
        ...

    def acquire_flush(self, game_id: str, *, holder: str, until: int, now: int) -> StoredGame | None:
        """Take the game's flush lease for ``holder`` until ``until`` if nobody holds it or the holder's
        lease expired (``lease_until <= now``; UTC epoch seconds). Returns the game as stored after the
        write (its outbox is what the holder may send), or ``None`` when another lease is live or the game
        is missing. Ignores the version: never conflicts with a commit."""
        ...

    def release_flush(
        self, game_id: str, *, holder: str, sent: list[str], sends: str | None
    ) -> StoredGame | None:
        """In one write: remove the ``sent`` outbox ids, store ``sends`` (``None``: keep it) and release
        the lease, if ``holder`` still holds it. If it lost the lease (it expired and another flush took
        it), only the ids are removed. Returns the game as stored after (``None`` if missing): its outbox
        shows what was committed while the lease was held."""
        ...

    def get_pointer(self, kind: str, key: str) -> str | None:
        """The game id a ``kind`` ("chat" | "user") pointer names, or ``None``. Raises ValueError for
        an unknown kind."""
        ...

    def set_pointer(self, kind: str, key: str, game_id: str | None, *, expires_at: int | None = None) -> None:
        """Point ``kind``/``key`` at ``game_id`` with an optional TTL; ``game_id=None`` deletes the pointer.
        Raises ValueError for an unknown kind."""
        ...

    def claim_reply(self, delivery_id: str) -> bool:
        """True the first time it is called for ``delivery_id``, False ever after (for
        :data:`REPLY_KEPT` seconds): a reply that changes no game (a refusal, help, a read-only answer) is
        sent once even when the platform delivers the same update again, or three times at once."""
        ...

    def has_delivery(self, stored: StoredGame, delivery_id: str) -> bool:
        """True if ``delivery_id`` already changed this game (a platform redelivery)."""
        return delivery_id in stored.deliveries


def check_kind(kind: str) -> None:
    """Raise ValueError unless ``kind`` is a pointer kind ("chat" | "user")."""
    if kind not in POINTER_KINDS:
        raise ValueError(f"pointer kind must be one of {POINTER_KINDS}, not {kind!r}")


def check_lease_offer(flush_holder: str | None, lease_until: int | None) -> None:
    """Raise ValueError unless a commit's ``flush_holder`` and ``lease_until`` are both given or both not."""
    if (flush_holder is None) != (lease_until is None):
        raise ValueError("flush_holder and lease_until go together")


def _delivery_window(
    window: dict[int, str], version: int, delivery_id: str | None, limit: int
) -> dict[int, str]:
    """The window after committing ``version``: version → delivery id for the last ``limit`` versions."""
    kept = {v: d for v, d in window.items() if v > version - limit}
    if delivery_id is not None:
        kept[version] = delivery_id
    return kept


@dataclass
class _Record:
    version: int
    state: str
    outbox: dict[str, str]
    window: dict[int, str]
    lease_holder: str | None = None
    lease_until: int = 0
    sends: str = ""

    def stored(self, game_id: str) -> StoredGame:
        deliveries = [self.window[v] for v in sorted(self.window)]
        return StoredGame(
            game_id, self.version, self.state, dict(self.outbox), deliveries,
            self.lease_holder, self.lease_until, self.sends,
        )  # fmt: skip


class MemoryStore(MemoryGroups, GameStore):
    """In-process :class:`GameStore` guarded by one lock (thread-safe). ``expires_at`` is accepted and
    ignored: nothing expires in memory."""

    def __init__(self, *, max_deliveries: int = MAX_DELIVERIES) -> None:
        MemoryGroups.__init__(self)
        self._lock = threading.Lock()
        self._games: dict[str, _Record] = {}
        self._pointers: dict[tuple[str, str], str] = {}
        self._replies: set[str] = set()
        self._max_deliveries = max_deliveries

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            record = self._games.get(game_id)
            return record.stored(game_id) if record else None

    def commit(
        self,
        game_id: str,
        *,
        expected_version: int,
        state: str,
        outbox_add: dict[str, str],
        delivery_id: str | None,
        expires_at: int | None,
        flush_holder: str | None = None,
        lease_until: int | None = None,
    ) -> StoredGame:
        check_lease_offer(flush_holder, lease_until)
        with self._lock:
            current = self._games.get(game_id)
            if (current.version if current else 0) != expected_version:
                raise VersionConflict(game_id)
            version = expected_version + 1
            before = current or _Record(0, "", {}, {})
            window = _delivery_window(before.window, version, delivery_id, self._max_deliveries)
            holder, until = before.lease_holder, before.lease_until
            if holder is None and flush_holder is not None and lease_until is not None:
                holder, until = flush_holder, lease_until
            record = _Record(
                version, state, {**before.outbox, **outbox_add}, window, holder, until, before.sends
            )
            self._games[game_id] = record
            return record.stored(game_id)

    def mark_sent(self, game_id: str, outbox_ids: list[str]) -> None:
        with self._lock:
            record = self._games.get(game_id)
            if record is None:
                return
            for outbox_id in outbox_ids:
                record.outbox.pop(outbox_id, None)

    def acquire_flush(self, game_id: str, *, holder: str, until: int, now: int) -> StoredGame | None:
        with self._lock:
            record = self._games.get(game_id)
            if record is None or (record.lease_holder is not None and record.lease_until > now):
                return None
            record.lease_holder, record.lease_until = holder, until
            return record.stored(game_id)

    def release_flush(
        self, game_id: str, *, holder: str, sent: list[str], sends: str | None
    ) -> StoredGame | None:
        with self._lock:
            record = self._games.get(game_id)
            if record is None:
                return None
            for outbox_id in sent:
                record.outbox.pop(outbox_id, None)
            if record.lease_holder == holder:
                record.lease_holder, record.lease_until = None, 0
                record.sends = record.sends if sends is None else sends
            return record.stored(game_id)

    def claim_reply(self, delivery_id: str) -> bool:
        with self._lock:
            if delivery_id in self._replies:
                return False
            self._replies.add(delivery_id)
            return True

    def get_pointer(self, kind: str, key: str) -> str | None:
        check_kind(kind)
        with self._lock:
            return self._pointers.get((kind, key))

    def set_pointer(self, kind: str, key: str, game_id: str | None, *, expires_at: int | None = None) -> None:
        check_kind(kind)
        with self._lock:
            if game_id is None:
                self._pointers.pop((kind, key), None)
            else:
                self._pointers[(kind, key)] = game_id
