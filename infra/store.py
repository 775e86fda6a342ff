"""The game store: one versioned item per game (hot state, shell records, waiting messages, history tail,
delivery window), history chunks, and chat/user → game pointers.

Every change of a game is one conditional write on the version read (:meth:`GameStore.commit`): the new
state, the delivery id that caused it (Telegram ``update_id``, LINE ``webhookEventId``) and whatever else
the change needs (a history entry, messages that must wait or that a flush takes out, the shell's
records) land together or not at all. So a redelivery is recognised (:meth:`GameStore.has_delivery`) and
two inputs a millisecond apart are serialised: the loser reloads and decides again. A history entry is
appended to the item's small compressed tail; a long tail first moves to a chunk item
(:mod:`infra.history`), so the item written at every input stays small while the history grows. Nothing
here knows what the texts mean.

This module holds the interface, the record (:class:`StoredGame`, with :func:`after`, which both stores use
to apply a change, so they behave alike) and :class:`MemoryStore` (local playground, unit tests);
``infra.dynamodb`` holds the DynamoDB implementation. See ``docs/storage.md``.
"""

from __future__ import annotations

import enum
import hashlib
import threading
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from infra import history
from infra.groups import GroupStore, MemoryGroups

#: How many recent commits with a delivery id keep it (the redelivery window, counted in commits).
MAX_DELIVERIES = 64
#: Bytes of a delivery id's digest in the window (BLAKE2b): 48 bits, so two ids among 64 collide with a
#: probability of about 1e-11.
DIGEST_BYTES = 6
#: Largest game item the store writes (bytes, as DynamoDB counts them): far below DynamoDB's 400 KB item
#: limit, so what players send can never make a game unwritable (docs/storage.md, "Bounds").
ITEM_LIMIT = 64 * 1024
POINTER_KINDS = ("chat", "user")
#: zlib level of what the stores compress: a 16-player state shrinks about sixfold in well under a
#: millisecond, and every write is billed per started KB of the whole item (docs/storage.md).
LEVEL = 6


class Keep(enum.Enum):
    """A commit argument left as it is stored."""

    KEEP = 0


KEEP = Keep.KEEP


@dataclass(frozen=True)
class StoredGame:
    """One game as stored.

    ``version``: 0 = not stored yet, then +1 per commit. ``state``: the game's hot state (JSON text,
    opaque here). ``records``: what the shell keeps about the game's chats (JSON text, opaque; ``""`` when
    never written). ``pending``: outbox id → payload (JSON text, opaque) of each message waiting to be sent.
    ``tail``/``chunks``: the history (:mod:`infra.history`): the stored tail and how many chunks precede it.
    ``deliveries``: digests (:func:`digest`) of the delivery ids of the last :data:`MAX_DELIVERIES` commits
    that carried one, oldest first. ``expires_at``: the item's TTL (UTC epoch s) or None."""

    game_id: str
    version: int
    state: str
    records: str = ""
    pending: Mapping[str, str] = field(default_factory=dict)
    tail: bytes = b""
    chunks: int = 0
    deliveries: tuple[bytes, ...] = ()
    expires_at: int | None = None
    #: Stored bytes of ``state``, ``records`` and each waiting message (by outbox id), for the size bound.
    sizes: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def tail_entries(self) -> list[str]:
        """The history entries since the last chunk, oldest first (decompressed here, on use)."""
        return history.unpack(self.tail)


@dataclass(frozen=True)
class Change:
    """What one commit writes besides the version: ``KEEP`` leaves a field as stored. ``history``: one
    entry to append (the tail may roll over into a chunk)."""

    state: str | Keep = KEEP
    records: str | Keep = KEEP
    history: str | None = None
    pending_add: Mapping[str, str] = field(default_factory=dict)
    pending_remove: Sequence[str] = ()
    delivery_id: str | None = None
    expires_at: int | Keep | None = KEEP


@dataclass(frozen=True)
class Packed:
    """A change as the stores write it (:func:`after`): the compressed state and records when they change,
    each added waiting message compressed, the new history tail and, when it rolled over, the chunk."""

    state: bytes | None
    records: bytes | None
    pending_add: dict[str, bytes]
    tail: bytes | None
    chunk: bytes | None


class VersionConflict(Exception):
    """The game is not at the expected version (someone else committed first, or create of an existing
    game, or update of a missing one). The caller reloads (:func:`reload`) and decides again.

    ``current``: the game as the failed condition found it, when the store answered it with the refusal
    (DynamoDB: ``ReturnValuesOnConditionCheckFailure=ALL_OLD``, at no extra read cost), so the caller needs no
    read of its own; None when the store did not (or there is no item)."""

    def __init__(self, game_id: str, current: StoredGame | None = None) -> None:
        super().__init__(game_id)
        self.game_id = game_id
        self.current = current


class ItemTooLarge(Exception):
    """The game item after a commit would exceed :data:`ITEM_LIMIT` bytes (``size``): nothing was written.
    The caller keeps less (e.g. fewer waiting messages) and commits again."""

    def __init__(self, game_id: str, size: int) -> None:
        super().__init__(f"{game_id}: item of {size} bytes exceeds {ITEM_LIMIT}")
        self.size = size


def digest(delivery_id: str) -> bytes:
    """The window's digest of ``delivery_id`` (BLAKE2b, :data:`DIGEST_BYTES` bytes)."""
    return hashlib.blake2b(delivery_id.encode(), digest_size=DIGEST_BYTES).digest()


def pack(text: str) -> bytes:
    """The stored form of a state, a record or a waiting message: zlib-compressed UTF-8 (RFC 1950)."""
    return zlib.compress(text.encode(), LEVEL)


def unpack(data: bytes) -> str:
    """The text :func:`pack` stored; raises ``zlib.error`` for a corrupt value."""
    return zlib.decompress(data).decode()


def item_size(game_id: str, state: int, records: int, pending: Mapping[str, int], tail: int) -> int:
    """Bytes of a game item as DynamoDB counts them ("Item sizes and formats": attribute names plus
    values), from the stored sizes of its parts (``pending``: outbox id → bytes); numbers are counted
    high."""
    names = len("pkversionstaterecordspendinghisthist_nwindowexpires_at")
    keys = sum(len(k) + v + 1 for k, v in pending.items()) + 3
    window = DIGEST_BYTES * MAX_DELIVERIES
    return names + len("game#") + len(game_id) + 24 + state + records + keys + tail + window


def stored_size(stored: StoredGame) -> int:
    """:func:`item_size` of ``stored`` from its ``sizes``."""
    pending = {k: stored.sizes.get(k, 0) for k in stored.pending}
    parts = (stored.sizes.get("state", 0), stored.sizes.get("records", 0))
    return item_size(stored.game_id, parts[0], parts[1], pending, len(stored.tail))


def after(base: StoredGame, change: Change) -> tuple[StoredGame, Packed]:
    """``base`` after ``change`` (version + 1) and what to write (``base.sizes``: what it stores now).
    Raises :class:`ItemTooLarge` when the item would exceed :data:`ITEM_LIMIT` (nothing is written)."""
    tail, chunks, chunk = base.tail, base.chunks, None
    if change.history is not None:
        appended = history.append(base.tail, base.chunks, change.history)
        tail, chunks, chunk = appended.tail, appended.chunks, appended.chunk
    removed = set(change.pending_remove)
    pending = {k: v for k, v in base.pending.items() if k not in removed}
    pending.update(change.pending_add)
    added = {k: pack(v) for k, v in change.pending_add.items()}
    deliveries = base.deliveries
    if change.delivery_id is not None:
        deliveries = (*deliveries, digest(change.delivery_id))[-MAX_DELIVERIES:]
    state = None if change.state is KEEP else pack(change.state)
    records = None if change.records is KEEP else pack(change.records)
    sizes = {k: v for k, v in base.sizes.items() if k not in removed}
    sizes.update({k: len(v) for k, v in added.items()})
    if state is not None:
        sizes["state"] = len(state)
    if records is not None:
        sizes["records"] = len(records)
    new = replace(
        base, version=base.version + 1, sizes=sizes,
        state=base.state if isinstance(change.state, Keep) else change.state,
        records=base.records if isinstance(change.records, Keep) else change.records,
        pending=pending, tail=tail, chunks=chunks, deliveries=deliveries,
        expires_at=base.expires_at if isinstance(change.expires_at, Keep) else change.expires_at,
    )  # fmt: skip
    size = stored_size(new)
    if size > ITEM_LIMIT:
        raise ItemTooLarge(base.game_id, size)
    packed = Packed(state, records, added, tail if change.history is not None else None, chunk)
    return new, packed


def blank(game_id: str) -> StoredGame:
    """The base of a game's first commit (version 0: nothing stored)."""
    return StoredGame(game_id=game_id, version=0, state="")


class GameStore(GroupStore, Protocol):
    """What the service needs from storage. Times are UTC epoch seconds. The group items
    (``load_group``, ``save_group_settings``, ``record_result``) are :class:`infra.groups.GroupStore`'s."""

    def load(self, game_id: str) -> StoredGame | None:
        """The game as last committed (strongly consistent), or ``None`` if it was never stored."""
        ...

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        """Store ``base`` after ``change`` (:func:`after`) as version ``base.version + 1``, in one write
        conditioned on the stored version being ``base.version`` (version 0: the game must not exist);
        a rolled-over history tail is written as its chunk item first. Returns the game as stored now.
        Raises :class:`VersionConflict` (reload and decide again) and :class:`ItemTooLarge`."""
        ...

    def history(self, stored: StoredGame, *, last: int | None = None) -> list[str]:
        """The history entries of ``stored``, oldest first: its chunks (one batched read; only the ``last``
        ones when given) then its tail. A chunk that cannot be read is left out (logged)."""
        ...

    def get_pointer(self, kind: str, key: str) -> str | None:
        """The game id a ``kind`` ("chat" | "user") pointer names, or ``None``. Raises ValueError for
        an unknown kind."""
        ...

    def set_pointer(self, kind: str, key: str, game_id: str | None, *, expires_at: int | None = None) -> None:
        """Point ``kind``/``key`` at ``game_id`` with an optional TTL; ``game_id=None`` deletes the pointer.
        Raises ValueError for an unknown kind."""
        ...

    def has_delivery(self, stored: StoredGame, delivery_id: str) -> bool:
        """True if ``delivery_id`` already changed this game (a platform redelivery)."""
        return digest(delivery_id) in stored.deliveries


def reload(store: GameStore, conflict: VersionConflict) -> StoredGame | None:
    """The game as it stands after ``conflict``: the item the refusal carried, else one strongly consistent
    read (None: there is no such game)."""
    return conflict.current if conflict.current is not None else store.load(conflict.game_id)


def check_kind(kind: str) -> None:
    """Raise ValueError unless ``kind`` is a pointer kind ("chat" | "user")."""
    if kind not in POINTER_KINDS:
        raise ValueError(f"pointer kind must be one of {POINTER_KINDS}, not {kind!r}")


class MemoryStore(MemoryGroups, GameStore):
    """In-process :class:`GameStore` guarded by one lock (thread-safe), with the same sizes and bounds as
    DynamoDB (:func:`after` counts what would be stored compressed). ``expires_at`` is kept and ignored:
    nothing expires in memory."""

    def __init__(self) -> None:
        MemoryGroups.__init__(self)
        self._lock = threading.Lock()
        self._games: dict[str, StoredGame] = {}
        self._chunks: dict[tuple[str, int], bytes] = {}
        self._pointers: dict[tuple[str, str], str] = {}

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            return self._games.get(game_id)

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        new, packed = after(base, change)
        with self._lock:
            current = self._games.get(base.game_id)
            if (current.version if current else 0) != base.version:
                raise VersionConflict(base.game_id, current)
            if packed.chunk is not None:
                self._chunks[(base.game_id, new.chunks - 1)] = packed.chunk
            self._games[base.game_id] = new
            return new

    def history(self, stored: StoredGame, *, last: int | None = None) -> list[str]:
        first = 0 if last is None else max(0, stored.chunks - last)
        with self._lock:
            chunks = [self._chunks.get((stored.game_id, n), b"") for n in range(first, stored.chunks)]
        return [entry for chunk in chunks for entry in history.unpack(chunk)] + stored.tail_entries()

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
