"""The outcome of ``decide``: the next state with events and notices, or a refusal with a reason id."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from core.engine.notice import Notice
from core.engine.unchecked import instance

S = TypeVar("S", bound=BaseModel)


class Event(BaseModel):
    """One logged fact (past tense ``kind``, e.g. ``VoteCast``, ``PlayerDied``) for the recap [ADZ-11.11]."""

    kind: str
    data: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def unchecked(cls, kind: str, data: dict[str, Any]) -> Event:
        """``Event(kind=kind, data=data)`` without validation, for the events ``TableCtx.log`` makes
        (:mod:`core.engine.unchecked`); ``data`` is kept as it is (validation gives a new dict of the same
        items)."""
        return instance(cls, {"kind": kind, "data": data}, _EVENT_FIELDS)


class Accepted(BaseModel, Generic[S]):
    """``state``: the new state (a fresh copy; the input state is never mutated).

    ``changed`` is False for read-only commands (queries), which need no write.
    """

    state: S
    events: list[Event] = Field(default_factory=list)
    notices: list[Notice] = Field(default_factory=list)
    changed: bool = True

    @classmethod
    def unchecked(cls, state: S, events: list[Event], notices: list[Notice], *, changed: bool) -> Accepted[S]:
        """``Accepted(state=…, events=…, notices=…, changed=…)`` without validation, for the result that
        ``conclude`` makes of every accepted input (:mod:`core.engine.unchecked`); the lists are kept as
        they are (validation gives new lists of the same items)."""
        fields = {"state": state, "events": events, "notices": notices, "changed": changed}
        return instance(cls, fields, _ACCEPTED_FIELDS)


_EVENT_FIELDS = set(Event.model_fields)
_ACCEPTED_FIELDS = set(Accepted.model_fields)


class Rejected(BaseModel):
    """A refusal: ``reason`` is a reason id (catalog key ``reason.<id>``), e.g. ``phase.stale``."""

    reason: str
    params: dict[str, Any] = Field(default_factory=dict)
