"""The outcome of ``decide``: the next state with events and notices, or a refusal with a reason id."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from core.engine.notice import Notice

S = TypeVar("S", bound=BaseModel)


class Event(BaseModel):
    """One logged fact (past tense ``kind``, e.g. ``VoteCast``, ``PlayerDied``) for the recap [ADZ-11.11]."""

    kind: str
    data: dict[str, Any] = Field(default_factory=dict)


class Accepted(BaseModel, Generic[S]):
    """``state``: the new state (a fresh copy; the input state is never mutated).

    ``changed`` is False for read-only commands (queries), which need no write.
    """

    state: S
    events: list[Event] = Field(default_factory=list)
    notices: list[Notice] = Field(default_factory=list)
    changed: bool = True


class Rejected(BaseModel):
    """A refusal: ``reason`` is a reason id (catalog key ``reason.<id>``), e.g. ``phase.stale``."""

    reason: str
    params: dict[str, Any] = Field(default_factory=dict)
