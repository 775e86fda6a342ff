"""Which messages one write sends right after it, and which wait in the outbox (design §1: persist first,
then send; §4: platform limits). Shared by a commit (:mod:`handlers.commit`: its new messages) and a flush
(:mod:`handlers.pending`: none new), so both treat a chat alike.

Per chat, in order: what already waits for it (oldest first), then the new messages. A chat the platform
cannot reach now (LINE's free mode outside the event's own chat) or that is held (429, backoff, its pace)
keeps everything waiting: the new messages join its backlog. Otherwise its waiting and new messages are
merged where they may be (:func:`handlers.outbox.merge`) and sent as far as its pace allows (a Telegram
group: 20 messages a minute, counted here so the write records them); the rest waits, with the time it may
go. A waiting message whose buttons belong to a phase that has ended goes without them
(:func:`handlers.outbox.without_stale_buttons`). A chat whose backlog was cut (:mod:`handlers.backlog`) gets
one line first saying how many messages were left out (catalog ``backlog.folded``). Pure: it changes only
the ``records`` it is given. Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import core.i18n as i18n
from handlers import outbox
from handlers.delivery import MERGE_LIMIT
from handlers.messages import OutMessage
from handlers.records import Records
from handlers.sendlog import note_sent, paced_until, pieces

log = logging.getLogger(__name__)


@dataclass
class Choice:
    """What one write does with the messages: ``direct`` go right after it (in order per chat);
    ``taken`` are the outbox ids of the waiting ones among them (the write removes them) and ``carried``
    those messages; ``waiting`` are the new messages that wait, per chat; ``wakes`` when
    (UTC epoch s) a paced chat may take the rest."""

    direct: list[OutMessage] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)
    carried: list[OutMessage] = field(default_factory=list)
    waiting: dict[str, list[OutMessage]] = field(default_factory=dict)
    wakes: list[int] = field(default_factory=list)


def choose(
    pending: Mapping[str, str],
    new: list[OutMessage],
    records: Records,
    *,
    sendable: Callable[[str], bool],
    phase_seq: int,
    locale: str,
    game: str,
    now: int,
    only: str | None = None,
) -> Choice:
    """The :class:`Choice` for the outbox ``pending`` (outbox id → payload) and the ``new`` messages (see
    the module docstring); ``only``: take waiting messages of that chat alone (a LINE player's own
    reply). ``phase_seq``: the game's phase now (stale buttons); ``locale``/``game``: the note's language."""
    queued: dict[str, list[tuple[str, OutMessage]]] = {}
    for outbox_id, payload in sorted(pending.items()):
        message = outbox.without_stale_buttons(outbox.load(payload), phase_seq)
        queued.setdefault(message.chat_id, []).append((outbox_id, message))
    fresh: dict[str, list[OutMessage]] = {}
    for message in new:
        fresh.setdefault(message.chat_id, []).append(message)
    choice = Choice()
    for chat in dict.fromkeys([*queued, *fresh]):
        old = queued.get(chat, []) if only in (None, chat) else []
        if records.held_until(chat, now) or not sendable(chat) or (chat in queued and not old):
            if chat in fresh:
                choice.waiting[chat] = fresh[chat]
            continue
        _chat(choice, records, chat, old, fresh.get(chat, []), now=now, note=(locale, game))
    return choice


def _chat(
    choice: Choice,
    records: Records,
    chat: str,
    old: list[tuple[str, OutMessage]],
    new: list[OutMessage],
    *,
    now: int,
    note: tuple[str, str],
) -> None:
    """One sendable chat: its waiting (``old``) and ``new`` messages, counted against its pace as they will
    go (merged), sent as far as it allows (as given: the send merges them the same way, and a chat the
    platform then holds back keeps them as they were); the new ones left over wait."""
    entry = records.chat(chat)
    keyed: list[tuple[str | int, OutMessage]] = [*old, *enumerate(new)]
    given = dict(keyed)
    sent: list[OutMessage] = []
    leftover: list[OutMessage] = []
    for parts, message in outbox.merge(keyed, limit=MERGE_LIMIT):
        count = pieces(message, MERGE_LIMIT)
        until = 0 if leftover else paced_until(entry, chat, count, now)
        if leftover or until:
            if until:
                entry.wake = max(entry.wake, until)
                choice.wakes.append(until)
            leftover += [new[k] for k in parts if isinstance(k, int)]
            continue
        note_sent(entry, chat, count, now)
        waited = [k for k in parts if isinstance(k, str)]
        choice.taken += waited
        choice.carried += [given[k] for k in waited]
        sent += [given[k] for k in parts]
    if sent and entry.folded:
        sent.insert(0, folded_note(chat, entry.folded, *note))
        entry.folded = 0
    choice.direct += sent
    if leftover:
        choice.waiting[chat] = leftover


def sendable_of(sender: object) -> Callable[[str], bool]:
    """Whether ``sender`` can take a message for a chat now: its ``sendable(chat_id)`` where it has one
    (LINE: only the event's own chat in free mode), else always."""
    check = getattr(sender, "sendable", None)
    return (lambda chat: bool(check(chat))) if callable(check) else (lambda chat: True)


def folded_note(chat_id: str, count: int, locale: str, game: str) -> OutMessage:
    """The line that goes before a chat's messages when ``count`` of them were left out."""
    text = i18n.text("backlog.folded", locale, game, count=count)
    return OutMessage(chat_id=chat_id, text=text, locale=locale, folded=count)
