"""A state's log when the shell keeps the history apart (design §3: hot state apart from history): only a
recap reads the log, so a shell loads a state without it and decides again with it when a rule asks
(``core.engine.table``).
"""

from __future__ import annotations

from typing import Any

from core.engine.result import Event


class HistoryNeeded(Exception):
    """A rule read the log of a state loaded without it (:class:`Unread`): decide again with the log."""


class Unread(list[Event]):
    """The log of a state loaded without its history: events are logged into it (and dropped: the shell
    keeps each decision's events itself), and any read raises :class:`HistoryNeeded`."""

    def _unread(self, *_: object, **__: object) -> Any:
        raise HistoryNeeded

    __iter__ = __len__ = __getitem__ = __contains__ = __reversed__ = __bool__ = _unread
    index = count = copy = _unread

    def append(self, event: Event, /) -> None:
        return None

    def extend(self, events: Any, /) -> None:
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unread)

    __hash__ = None
