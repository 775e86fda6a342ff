"""A game's history as stored: entries appended to a small compressed tail in the game item, rolled over
into numbered chunk items when the tail grows (docs/storage.md, "History").

An entry is an opaque text (the shell writes one JSON object per commit: its events and notices). The tail
is the entries since the last chunk, one compressed value; a commit that appends an entry to a tail that
already holds :data:`TAIL_BYTES` compressed bytes first moves that tail, unchanged, to chunk number
``chunks`` and starts a new tail with the entry. A chunk's content depends only on the committed tail it
was made from, so two writers racing for the same commit write the same chunk (the one whose commit loses
retries from the winner's tail): rolling over needs no transaction. What every input reads and writes stays
bounded (the tail) while the history grows without limit in chunks, read only by the recap, ``/me`` history
and the console.

Compression is zlib (RFC 1950) at level 6; entries are joined by a newline (``"\\n"`` never occurs inside a
compact JSON text). Pure: the stores (:mod:`infra.store`, :mod:`infra.dynamodb`) do the I/O.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

#: Compressed bytes of a tail at which the next entry starts a new tail (the old one becomes a chunk).
#: Measured on a 16-player bots game through the Telegram webhook (``make bench``, ``write_path.counts``):
#: 2048 bytes gave 4.2 write units and 1.04 write requests per accepted input, 1024 gives 3.7 and 1.07
#: (twice the chunk puts, each about 1 KB, against a tail half as large paid again at every input);
#: docs/storage.md, "History".
TAIL_BYTES = 1024
#: zlib level of tails and chunks: level 6 compresses a 16-player tail about sixfold in well under a
#: millisecond.
LEVEL = 6
SEPARATOR = "\n"


def pack(entries: Sequence[str]) -> bytes:
    """``entries`` as one stored value (empty bytes for none)."""
    if not entries:
        return b""
    return zlib.compress(SEPARATOR.join(entries).encode(), LEVEL)


def unpack(data: bytes) -> list[str]:
    """The entries of a stored value; raises ``zlib.error`` for a corrupt one."""
    if not data:
        return []
    return zlib.decompress(data).decode().split(SEPARATOR)


@dataclass(frozen=True)
class Appended:
    """A tail after one append: ``tail``, the new stored tail; ``chunk``, the old tail to store as chunk
    number ``chunks - 1`` (``None`` when there was no roll-over); ``chunks``, the chunk count after."""

    tail: bytes
    chunk: bytes | None
    chunks: int


def append(tail: bytes, chunks: int, entry: str, *, limit: int = TAIL_BYTES) -> Appended:
    """Append ``entry`` to the stored ``tail`` of a history with ``chunks`` chunks (see the module
    docstring). Raises ValueError for an entry holding a newline."""
    if SEPARATOR in entry:
        raise ValueError("a history entry is one line")
    if tail and len(tail) >= limit:
        return Appended(pack([entry]), tail, chunks + 1)
    return Appended(pack([*unpack(tail), entry]), None, chunks)
