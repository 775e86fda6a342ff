"""A chat's waiting messages stay bounded whatever players send (design §3: every item bounded): a chat
that cannot be sent to (a LINE player in free mode who never opens the 1:1 chat, a Telegram chat held by
429 again and again) keeps at most :data:`MAX_WAITING` messages and :data:`MAX_WAITING_UNITS` text units
in the outbox. Beyond that the oldest go first, except a prompt whose buttons still work (its phase has
not moved on); the chat's log counts what was dropped (``ChatLog.folded``), and when the chat's messages
finally go, one line first says how many were left out (catalog ``backlog.folded``,
:func:`handlers.outgoing.folded_note`).
Pure: it changes only the records it is given. Every write that adds waiting messages joins them with
:func:`admit`: a commit's (:mod:`handlers.commit`), the messages a send held back (:mod:`handlers.followup`)
and a commit's messages parked when sending broke (:mod:`handlers.sending`).
"""

from __future__ import annotations

from collections.abc import Mapping

from handlers import outbox
from handlers.messages import OutMessage
from handlers.records import Records
from handlers.textunits import units

#: Most messages one chat keeps waiting.
MAX_WAITING = 20
#: Most text (UTF-16 code units) one chat keeps waiting: about six long Japanese messages.
MAX_WAITING_UNITS = 8000


def _live(message: OutMessage, phase_seq: int) -> bool:
    """Whether ``message`` has a button that still works in phase ``phase_seq``."""
    seqs = [b.tap.phase_seq for row in message.buttons for b in row]
    return any(seq is None or seq >= phase_seq for seq in seqs)


def overflow(waiting: Mapping[str, OutMessage], phase_seq: int) -> list[str]:
    """The outbox ids (oldest first) to drop from one chat's ``waiting`` messages (outbox id → message, any
    order) to keep it within the bounds; a message with a working button is dropped only when nothing
    else is left to drop."""
    ordered = sorted(waiting)
    count, text = len(ordered), sum(units(waiting[i].text) for i in ordered)
    drop: list[str] = []
    for wanted_live in (False, True):
        for outbox_id in ordered:
            if count <= MAX_WAITING and text <= MAX_WAITING_UNITS:
                return drop
            if outbox_id in drop or _live(waiting[outbox_id], phase_seq) != wanted_live:
                continue
            if outbox_id == ordered[-1]:
                continue  # the newest message always stays
            drop.append(outbox_id)
            count, text = count - 1, text - units(waiting[outbox_id].text)
    return drop


def waiting_of(pending: Mapping[str, str], chat_id: str) -> dict[str, OutMessage]:
    """The waiting messages of ``chat_id`` in ``pending`` (outbox id → payload)."""
    loaded = {outbox_id: outbox.load(payload) for outbox_id, payload in pending.items()}
    return {outbox_id: m for outbox_id, m in loaded.items() if m.chat_id == chat_id}


def admit(
    pending: Mapping[str, str], fresh: Mapping[str, OutMessage], phase_seq: int, records: Records
) -> tuple[dict[str, str], list[str]]:
    """Join the ``fresh`` messages (outbox id → message, any chats; each id sorts after those already
    waiting for its chat) to the outbox ``pending`` (outbox id → payload), each chat's backlog kept
    within the bounds (:func:`overflow`; ``phase_seq``: the game's phase now). Returns the entries to
    add (outbox id → payload: the fresh messages kept) and the ids of waiting messages to remove. Each
    message dropped is counted in its chat's log in ``records`` (``ChatLog.folded``), and so is what a
    fresh ``backlog.folded`` line stood for (``OutMessage.folded``): that line never waits as a message."""
    per_chat: dict[str, dict[str, OutMessage]] = {}
    for outbox_id, message in fresh.items():
        if message.folded:
            records.chat(message.chat_id).folded += message.folded
        else:
            per_chat.setdefault(message.chat_id, {})[outbox_id] = message
    add: dict[str, str] = {}
    remove: list[str] = []
    for chat, mine in per_chat.items():
        dropped = overflow({**waiting_of(pending, chat), **mine}, phase_seq)
        records.chat(chat).folded += len(dropped)
        remove += [i for i in dropped if i not in mine]
        add.update({i: outbox.dump(m) for i, m in mine.items() if i not in dropped})
    return add, remove
