"""A seat's ledger: what it has learned privately, shown again by ``/me`` and the console.

A ledger grows by a line or two a night for the whole game, and every input loads the state, so its lines
are kept in the state as plain JSON objects (:data:`Line`, a :class:`~core.engine.notice.KeyRef` dumped)
and made :class:`KeyRef` again only when read (:func:`read`). Measured on a 16-player 徒桜戦争 state at
day 10 (24 KB of JSON, three quarters of it ledgers): loading it took 2.5 ms with typed lines and 0.6 ms
with plain ones, dumping it 1.2 ms and 0.2 ms, the stored JSON byte for byte the same (docs/storage.md).
"""

from __future__ import annotations

from typing import Annotated, Any

from core.engine.notice import KeyRef
from core.engine.structural import FROZEN

#: One ledger line as stored: ``KeyRef.model_dump(mode="json")``. A line is never changed once added, so
#: the structural copy of a state shares it (``FROZEN``) as it shared the frozen ``KeyRef`` before.
Line = Annotated[dict[str, Any], FROZEN]


def line(ref: KeyRef) -> Line:
    """``ref`` as a ledger line."""
    return ref.model_dump(mode="json")


def read(lines: list[Line], last: int | None = None) -> list[KeyRef]:
    """The ledger ``lines`` (the last ``last`` of them, all for None) as :class:`KeyRef`, oldest first."""
    kept = lines if last is None else lines[-last:] if last > 0 else []
    return [KeyRef.model_validate(entry) for entry in kept]
