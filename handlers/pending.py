"""Sending what waited in a game's outbox (a chat held by 429 or a backoff, a paced group, a LINE player in
free mode until their next event): :func:`take` chooses the waiting messages that can go now and the one
write that takes them out of the outbox; the runner writes it, then sends them (:mod:`handlers.delivery`)
and puts back what still could not go (:mod:`handlers.followup`).

The write comes first, conditioned on the version like every commit, so two flushes of the same game never
both send a message: the loser's write fails and it finds the messages gone. The messages taken are
kept in the history entry of that write, so a redelivery of the input that flushed them (a LINE event, a
timer message) sends them again if that invocation died. Per chat, oldest first, merged where they may be
(:func:`handlers.outbox.merge`), without the buttons of a phase that has ended meanwhile
(:func:`handlers.outbox.without_stale_buttons`); a chat whose backlog was cut gets one line first saying
how many messages were left out (catalog ``backlog.folded``, :mod:`handlers.backlog`). Times are UTC epoch
seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import core.i18n as i18n
from handlers import history, outbox
from handlers import records as stored_records
from handlers.commit import SENDING_WINDOW
from handlers.decision import Loaded
from handlers.delivery import MERGE_LIMIT
from handlers.messages import OutMessage, Sender
from handlers.records import Records
from handlers.sendlog import note_sent, paced_until, pieces
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


def _sendable(sender: Sender) -> Callable[[str], bool]:
    check = getattr(sender, "sendable", None)
    return (lambda chat: bool(check(chat))) if callable(check) else (lambda chat: True)


def take(
    loaded: Loaded, sender: Sender, *, chat_id: str | None, now: int, delivery_id: str | None = None
) -> Taken | None:
    """The flush of ``loaded``'s outbox (only ``chat_id``'s when given), or None when nothing can go now
    (every waiting chat held, paced or reachable only at its next event)."""
    stored, state = loaded.stored, loaded.state
    records = stored_records.load(stored.records)
    sendable = _sendable(sender)
    queued: dict[str, list[tuple[str, OutMessage]]] = {}
    for outbox_id, payload in sorted(stored.pending.items()):
        message = outbox.without_stale_buttons(outbox.load(payload), state.phase_seq)
        chat = message.chat_id
        if (chat_id is not None and chat != chat_id) or records.held_until(chat, now) or not sendable(chat):
            continue
        queued.setdefault(chat, []).append((outbox_id, message))
    taken_ids: list[str] = []
    messages: list[OutMessage] = []
    wakes: list[int] = []
    for chat, waiting in queued.items():
        ids, chosen, until = _within_pace(records, chat, waiting, now)
        if until:
            wakes.append(until)
        if not chosen:
            continue
        entry = records.chat(chat)
        if entry.folded:
            messages.append(folded_note(chat, entry.folded, state.locale, state.game))
            entry.folded = 0
        taken_ids += ids
        messages += chosen
    dumped = records.dump(now)
    if not taken_ids and dumped == stored.records:
        return None
    entry_text = history.dump(
        stored.version + 1, delivery_id=delivery_id, sending_until=now + SENDING_WINDOW, events=[],
        notices=[], messages=[outbox.dump(m) for m in messages],
    )  # fmt: skip
    change = Change(
        pending_remove=taken_ids, records=dumped if dumped != stored.records else KEEP,
        history=entry_text if messages else None, delivery_id=delivery_id,
    )  # fmt: skip
    return Taken(change, messages, records, dumped, wakes)


def _within_pace(
    records: Records, chat: str, waiting: list[tuple[str, OutMessage]], now: int
) -> tuple[list[str], list[OutMessage], int]:
    """One chat's waiting messages merged where they may be (:func:`handlers.outbox.merge`), then as many
    as its pace allows now, counted as sent: their outbox ids, the merged messages, and when the rest may
    go (0: nothing left)."""
    entry = records.chat(chat)
    ids: list[str] = []
    chosen: list[OutMessage] = []
    for parts, message in outbox.merge(waiting, limit=MERGE_LIMIT):
        count = pieces(message, MERGE_LIMIT)
        until = paced_until(entry, chat, count, now)
        if until:
            entry.wake = max(entry.wake, until)
            return ids, chosen, until
        note_sent(entry, chat, count, now)
        ids += parts
        chosen.append(message)
    return ids, chosen, 0


def folded_note(chat_id: str, count: int, locale: str, game: str) -> OutMessage:
    """The line that goes before a chat's messages when ``count`` of them were left out."""
    try:
        text = i18n.text("backlog.folded", locale, game, count=count)
    except KeyError:
        log.warning("missing catalog text: backlog.folded")
        text = f"[backlog.folded {count}]"
    return OutMessage(chat_id=chat_id, text=text, locale=locale)
