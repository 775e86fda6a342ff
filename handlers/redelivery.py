"""An input the platform delivered again after its change was committed: nothing is decided again, and
what its first attempt was to send is sent again only when that attempt may have died before sending it.

A platform delivers again when it did not get its answer, which may mean the first attempt died before
it sent what it said. Once that attempt can no longer be sending (the history entry's ``sending_until``,
UTC epoch seconds) and did not write how its sending went (``Records.settled``), its messages are sent
again: the entry's notices rendered anew, the waiting messages it took out of the outbox, and the recap
picture of a commit that ended the game (its ``GameEnded`` event). Sooner, they are left to it (a second
copy while the first is on its way).
"""

from __future__ import annotations

from typing import Any

from handlers import commit, history, outbox
from handlers.decision import Loaded
from handlers.history import Entry
from handlers.messages import OutMessage
from handlers.recap.links import RecapLinks
from handlers.records import Records


def entry_of(loaded: Loaded, delivery_id: str, whole: list[str] | None = None) -> Entry | None:
    """The history entry of the commit of ``delivery_id``: among the item's newest entries, else in
    ``whole`` (the game's whole history, oldest first, when the item has older chunks), else None."""
    entry = history.of_delivery(loaded.stored.tail_entries(), delivery_id)
    if entry is None and whole is not None:
        entry = history.of_delivery(whole, delivery_id)
    return entry


def again(
    loaded: Loaded,
    entry: Entry | None,
    records: Records,
    now: int,
    *,
    settings: dict[str, Any],
    recap: RecapLinks,
) -> list[OutMessage] | None:
    """The messages of the commit ``entry`` of ``loaded`` to send again at ``now`` (see the module
    docstring; ``settings``: the group's, for rendering; ``recap``: where recaps are served), or None when
    they are not to be sent again (no entry, its sending settled, or its attempt may still be sending)."""
    if entry is None or records.settled >= entry.version or now < entry.sending_until:
        return None
    resent = commit.render(loaded.rules, loaded.state, entry.notices, settings)
    messages = [m for m in resent if m.chat_id not in entry.waiting]
    messages += [outbox.load(payload) for payload in entry.messages]
    if any(e.kind == "GameEnded" for e in entry.events) and loaded.state.chat_id not in entry.waiting:
        shown = recap.message(loaded.state)  # the commit's own message, not one of its notices
        messages += [shown] if shown is not None else []
    return messages
