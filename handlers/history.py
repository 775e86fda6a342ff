"""What a commit adds to its game's history (stored by :mod:`infra.history`, one entry per commit) and what
the shell reads back from it: the events for the recap, the notices for a player's console feed, and the
messages of a commit to send again when its input is redelivered after a failure.

One entry is one compact JSON object: ``v`` the version the commit made; ``d`` the digest of its delivery
id (hex; absent for a timer); ``u`` until when (UTC epoch seconds) its own invocation may still be sending
its messages; ``e`` its events (``[kind, data]``); ``n`` its notices (``Notice`` as JSON); ``w`` the chats
whose messages it left waiting (they are in the outbox, not sent by the committer); ``m`` the messages it
took out of the outbox to send (``handlers.outbox`` payloads). Entries are written
once and never changed, so nothing here is parsed unless a reader asks.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from core.engine.notice import Notice
from core.engine.result import Event
from infra.store import digest

_NOTICES = TypeAdapter(list[Notice])


@dataclass(frozen=True)
class Entry:
    """One commit's entry (see the module docstring)."""

    version: int
    delivery: str | None
    sending_until: int
    events: list[Event]
    notices: list[Notice]
    waiting: list[str]
    messages: list[str]
    #: The game's phase after the commit (``TableState.phase_seq``); None for a flush, or an entry written
    #: before it was kept.
    phase_seq: int | None = None


def dump(
    version: int,
    *,
    delivery_id: str | None,
    sending_until: int,
    events: Sequence[Event],
    notices: Sequence[Notice],
    waiting: Iterable[str] = (),
    messages: Sequence[str] = (),
    phase_seq: int | None = None,
) -> str:
    """The entry of the commit that made ``version`` (one line of JSON); ``phase_seq``: the game's phase
    after it."""
    data: dict[str, Any] = {"v": version, "u": sending_until}
    if phase_seq is not None:
        data["p"] = phase_seq
    if delivery_id is not None:
        data["d"] = digest(delivery_id).hex()
    if events:
        data["e"] = [[e.kind, e.data] for e in events]
    if notices:
        data["n"] = [_compact(n) for n in json.loads(_NOTICES.dump_json(list(notices)))]
    chats = sorted(set(waiting))
    if chats:
        data["w"] = chats
    if messages:
        data["m"] = list(messages)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


#: A notice's fields left out of an entry when they hold their default (params keep every field: their
#: ``t`` tells a reference's kind).
_DEFAULTS: dict[str, Any] = {"params": {}, "actions": [], "phase_seq": None, "silent": False, "slot": None}


def _compact(notice: dict[str, Any]) -> dict[str, Any]:
    """``notice`` without its default fields; its audience without the user ids it does not name."""
    kept = {k: v for k, v in notice.items() if k not in _DEFAULTS or v != _DEFAULTS[k]}
    if isinstance(kept.get("to"), dict):
        kept["to"] = {k: v for k, v in kept["to"].items() if v is not None}
    return kept


def load(text: str) -> Entry:
    """The entry :func:`dump` wrote."""
    data = json.loads(text)
    return Entry(
        version=int(data["v"]),
        delivery=data.get("d"),
        sending_until=int(data.get("u", 0)),
        events=[Event(kind=kind, data=payload) for kind, payload in data.get("e", [])],
        notices=_NOTICES.validate_python(data.get("n", [])),
        waiting=list(data.get("w", [])),
        messages=list(data.get("m", [])),
        phase_seq=data.get("p"),
    )


def without_messages(text: str) -> str:
    """The entry ``text`` without the waiting messages its commit took out of the outbox (``m``): what a
    commit keeps when the whole entry would make the game item too large (``handlers.runner``)."""
    data = json.loads(text)
    data.pop("m", None)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def of_delivery(entries: Sequence[str], delivery_id: str) -> Entry | None:
    """The entry of the commit ``delivery_id`` made (newest first), or None when it is not in ``entries``."""
    wanted = digest(delivery_id).hex()
    for text in reversed(entries):
        if f'"d":"{wanted}"' in text:
            return load(text)
    return None


def events(entries: Iterable[str]) -> list[Event]:
    """Every event of ``entries``, in order (the game's log): the events of each :func:`load`, without
    parsing the notices beside them (a long game's notices are most of the work of a whole load)."""
    return [Event(kind=kind, data=data) for text in entries for kind, data in json.loads(text).get("e", [])]
