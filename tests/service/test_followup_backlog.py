"""Messages a send could not deliver go back to the outbox within the chat's backlog bounds
(``handlers.followup.record``, ``handlers.backlog``): the oldest are dropped and counted in the chat's log,
and a ``backlog.folded`` line that did not go gives its count back rather than wait as a message. The fast
twin of ``tests/e2e/test_flood.py``."""

from __future__ import annotations

import logging
import random

import pytest

from handlers import backlog, commit, followup, history, outbox
from handlers import records as stored_records
from handlers.delivery import Held, Report
from handlers.messages import OutMessage
from handlers.outgoing import folded_note
from infra.store import ITEM_LIMIT, Change, MemoryStore, blank, stored_size

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


def noise(seed: int, length: int) -> str:
    """``length`` random CJK ideographs: text zlib hardly shrinks."""
    rng = random.Random(seed)
    return "".join(chr(rng.randrange(0x4E00, 0x9FA0)) for _ in range(length))


def test_an_item_too_large_still_commits_the_state_and_drops_the_waiting_messages(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = MemoryStore()
    stored_with(store, 0)
    base = store.load(GAME)
    assert base is not None
    huge = {f"{2:08d}-{n:04d}": outbox.dump(OutMessage(f"tg:{n}", noise(n, 2000))) for n in range(40)}

    with caplog.at_level(logging.ERROR):
        after = commit.write(store, base, Change(state='{"phase": "day"}', pending_add=huge))

    assert (after.version, after.state, after.pending) == (2, '{"phase": "day"}', {})
    assert stored_size(after) <= ITEM_LIMIT
    assert [r.getMessage() for r in caplog.records if "too large" in r.getMessage()]


def test_held_messages_that_would_make_the_item_too_large_are_dropped_and_the_logs_still_written(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = MemoryStore()
    others = {f"{1:08d}-{n:04d}": outbox.dump(OutMessage(f"tg:{n}", noise(n, 1500))) for n in range(17)}
    store.commit(blank(GAME), Change(state="{}", records="", pending_add=others))
    base = store.load(GAME)
    assert base is not None
    assert stored_size(base) > ITEM_LIMIT - 8000
    held = [OutMessage(MATE, noise(100 + n, 1000)) for n in range(6)]
    report = Report(held={MATE: Held(held, until=NOW + 14, binding=True)})
    records = stored_records.load(base.records)

    with caplog.at_level(logging.ERROR):
        after = followup.record(store, base, report, records, {MATE}, scheduled=False, phase_seq=1, now=NOW)

    assert after is not None
    assert backlog.waiting_of(after.pending, MATE) == {}
    assert stored_records.load(after.records).chat(MATE).wake == NOW + 14
    assert [r.getMessage() for r in caplog.records if "too large" in r.getMessage()]


def test_a_history_entry_too_large_for_the_item_still_commits_without_its_copies_of_the_messages_sent(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = MemoryStore()
    stored_with(store, 0)
    base = store.load(GAME)
    assert base is not None
    carried = [outbox.dump(OutMessage(f"tg:{n}", noise(n, 8000))) for n in range(6)]  # six full backlogs
    entry = history.dump(2, delivery_id="tg:7", sending_until=NOW, events=[], notices=[], messages=carried)

    with caplog.at_level(logging.ERROR):
        change = Change(state='{"phase": "vote"}', history=entry, delivery_id="tg:7")
        after = commit.write(store, base, change)

    assert (after.version, after.state) == (2, '{"phase": "vote"}')
    [kept] = after.tail_entries()
    assert history.load(kept).messages == []
    assert history.of_delivery([kept], "tg:7") is not None
    assert stored_size(after) <= ITEM_LIMIT
    assert len([r for r in caplog.records if "too large" in r.getMessage()]) == 2
