"""Sending what waited in a game's outbox (a chat held by 429 or a backoff, a paced group, a LINE player in
free mode until their next event): :func:`take` chooses the waiting messages that can go now and the one
write that takes them out of the outbox; the runner writes it, then sends them (:mod:`handlers.delivery`)
and puts back what still could not go (:mod:`handlers.followup`).

The write comes first, conditioned on the version like every commit, so two flushes of the same game never
both send a message: the loser's write fails and it finds the messages gone. The messages taken are
kept in the history entry of that write, so a redelivery of the input that flushed them (a LINE event, a
timer message) sends them again if that invocation died. Per chat, oldest first, merged where they may be
and paced as a commit's are (:func:`handlers.outgoing.choose`). Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from handlers import history, outbox, outgoing
from handlers import records as stored_records
from handlers.commit import SENDING_WINDOW
from handlers.decision import Loaded
from handlers.messages import OutMessage, Sender
from handlers.records import Records
from infra.store import KEEP, Change

log = logging.getLogger(__name__)


@dataclass
class Taken:
    """A flush's write (``change``), the ``messages`` it sends after it (in order per chat), the
    ``records`` as written (``committed``: their stored form) and ``wakes``: when (UTC epoch s) to flush
    again for chats whose pace held part of their messages back."""

    change: Change
    messages: list[OutMessage]
    records: Records
    committed: str
    wakes: list[int]


def take(
    loaded: Loaded, sender: Sender, *, chat_id: str | None, now: int, delivery_id: str | None = None
) -> Taken | None:
    """The flush of ``loaded``'s outbox (only ``chat_id``'s when given), or None when nothing can go now
    (every waiting chat held, paced or reachable only at its next event)."""
    stored, state = loaded.stored, loaded.state
    records = stored_records.load(stored.records)
    choice = outgoing.choose(
        stored.pending, [], records, sendable=outgoing.sendable_of(sender), phase_seq=state.phase_seq,
        locale=state.locale, game=state.game, now=now, only=chat_id,
    )  # fmt: skip
    dumped = records.dump(now)
    if not choice.taken and dumped == stored.records:
        return None
    entry_text = history.dump(
        stored.version + 1, delivery_id=delivery_id, sending_until=now + SENDING_WINDOW, events=[],
        notices=[], messages=[outbox.dump(m) for m in choice.direct],
    )  # fmt: skip
    change = Change(
        pending_remove=choice.taken, records=dumped if dumped != stored.records else KEEP,
        history=entry_text if choice.direct else None, delivery_id=delivery_id,
    )  # fmt: skip
    return Taken(change, choice.direct, records, dumped, choice.wakes)
