"""Messages a send could not deliver go back to the outbox within the chat's backlog bounds
(``handlers.followup.record``, ``handlers.backlog``): the oldest are dropped and counted in the chat's log,
and a ``backlog.folded`` line that did not go gives its count back rather than wait as a message. The fast
twin of ``tests/e2e/test_flood.py``."""

from __future__ import annotations

from handlers import backlog, followup, outbox
from handlers import records as stored_records
from handlers.delivery import Held, Report
from handlers.messages import OutMessage
from handlers.outgoing import folded_note
from infra.store import Change, MemoryStore, blank

GAME = "g1"
MATE = "tg:1002"
NOW = 1_767_225_600  # 2026-01-01T00:00:00Z


def stored_with(store: MemoryStore, waiting: int) -> None:
    """A game with ``waiting`` messages already waiting for :data:`MATE`."""
    pending = {f"{1:08d}-{n:04d}": outbox.dump(OutMessage(MATE, f"old {n}")) for n in range(waiting)}
    store.commit(blank(GAME), Change(state="{}", records="", pending_add=pending))


def test_held_messages_join_the_backlog_within_its_bounds_and_the_folded_line_is_counted_not_kept() -> None:
    store = MemoryStore()
    stored_with(store, 5)
    base = store.load(GAME)
    assert base is not None
    held = [folded_note(MATE, 7, "ja", "adazakura"), *(OutMessage(MATE, f"new {n}") for n in range(30))]
    report = Report(held={MATE: Held(held, until=NOW + 14, binding=True)})
    records = stored_records.load(base.records)

    after = followup.record(store, base, report, records, {MATE}, scheduled=False, phase_seq=1, now=NOW)

    assert after is not None
    texts = [m.text for _, m in sorted(backlog.waiting_of(after.pending, MATE).items())]
    assert texts == [f"new {n}" for n in range(30 - backlog.MAX_WAITING, 30)]
    assert stored_records.load(after.records).chat(MATE).folded == 7 + 5 + 30 - backlog.MAX_WAITING
