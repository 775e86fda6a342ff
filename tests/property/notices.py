"""Notices as the leak checkers (``tests/property/<game>_checks.py``) read them and as their tests
(``tests/property/test_<game>_leaks.py``) build them by hand: :func:`addressed` walks a step's notices with
a label saying where each went, :func:`seats_named` finds the seats a param names; the builders make a
step of notices, each to the group, one seat or a team, with params as the rules give them (seats as
:class:`PlayerRef` named ``P<seat>``, nested keys as :class:`KeyRef`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from core.engine.notice import PUBLIC, KeyRef, Notice, PlayerRef, to_seat, to_team
from core.engine.result import Accepted
from tests.property.playing import Step


def addressed(step: Step[Any]) -> Iterator[tuple[Notice, str]]:
    """Each notice of ``step`` with where it went (``"<key> to <kind> <seats> (<phase> → <phase>)"``); none
    once the game was over before the step (the final announcement and recap tell everything)."""
    if step.before.is_over:
        return
    moved = f"{step.before.phase} → {step.after.phase}"
    for notice in step.outcome.notices:
        yield notice, f"{notice.key} to {notice.to.kind} {notice.to.seats} ({moved})"


def seats_named(value: Any) -> list[int]:
    """Seats of every PlayerRef in a param value, also inside lists and KeyRef params."""
    if isinstance(value, PlayerRef):
        return [value.seat]
    if isinstance(value, KeyRef):
        return [s for v in value.params.values() for s in seats_named(v)]
    if isinstance(value, list):
        return [s for v in value for s in seats_named(v)]
    return []


def ref(seat: int) -> PlayerRef:
    """Seat ``seat`` as a notice names it (``P<seat>``)."""
    return PlayerRef(seat=seat, name=f"P{seat}")


def key(name: str, **params: object) -> KeyRef:
    """The nested key ``name`` with ``params``."""
    return KeyRef(key=name, params=params)  # type: ignore[arg-type]


def public(name: str, **params: object) -> Notice:
    """Notice ``name`` to the group."""
    return Notice(key=name, to=PUBLIC, params=params)  # type: ignore[arg-type]


def private(seat: int, name: str, **params: object) -> Notice:
    """Notice ``name`` to seat ``seat`` alone."""
    return Notice(key=name, to=to_seat(seat), params=params)  # type: ignore[arg-type]


def team(seats: list[int], name: str, **params: object) -> Notice:
    """Notice ``name`` to the team of ``seats``."""
    return Notice(key=name, to=to_team(seats), params=params)  # type: ignore[arg-type]


def step(before: Any, *notices: Notice, after: Any = None) -> Step[Any]:
    """A step from ``before`` (to ``after``, default the same state) that said ``notices``; no command."""
    return Step(before, None, 0, Accepted(state=after or before, notices=list(notices)))
