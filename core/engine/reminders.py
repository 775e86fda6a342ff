"""Reminders before a phase's deadline: when a phase reminds the seats it still waits for, and the
reminder itself (``Remind``), one private notice of the same shape to each of those seats and nothing to
the group, so it says nothing about anybody's role ([ADZ-11.4], [ADZ-11.8], [ADZ-11.9]).

A phase of 30 s or more gets one reminder :data:`REMIND_BEFORE` seconds before its deadline; a long one
(hours, days) gets those of :data:`LONG_REMINDERS` that fit, instead (docs/architecture.md "Timers").
The shell schedules them (``handlers.wakeups``); ``core.engine.decide`` routes ``Remind`` here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine import clock
from core.engine.context import TableCtx
from core.engine.result import Rejected

#: Seconds before a deadline at which the seats a phase still waits for are reminded [ADZ-11.8].
REMIND_BEFORE = 30
#: The reminders of a long phase: an hour and ten minutes before its deadline, each for a phase at least
#: twice as long (docs/architecture.md "Timers").
LONG_REMINDERS = (3600, 600)


def reminders(length: int) -> tuple[int, ...]:
    """Seconds before the deadline at which a phase of ``length`` seconds (from now to its deadline)
    reminds the seats it still waits for: each of :data:`LONG_REMINDERS` that is at most half of
    ``length``, else :data:`REMIND_BEFORE` alone when the phase is longer than that, else none."""
    long = tuple(before for before in LONG_REMINDERS if 2 * before <= length)
    return long or ((REMIND_BEFORE,) if length > REMIND_BEFORE else ())


def remind(
    g: TableCtx[Any], phase_seq: int, at: int | None, *, waiting: Callable[[Any], set[int]]
) -> Rejected | None:
    """The reminder scheduled for ``at`` (UTC epoch seconds; ``deadline_at - at`` seconds before phase
    ``phase_seq`` closes: :data:`REMIND_BEFORE` [ADZ-11.8], or one of :data:`LONG_REMINDERS`; ``at``
    ``None``: the 30 s one), to every seat of ``waiting(g)`` (the seats the phase still waits for):
    ``remind.choice`` with the seconds left, or for a long reminder ``remind.choice.long`` with the time
    left (``left``: seconds, rounded up to whole minutes) and the deadline as a local time of the group's
    zone (:func:`clock.local_parts`).
    Refused, changing nothing, when stale, without a deadline or scheduled for a deadline since
    moved (``phase.stale``), too early (``remind.early``), already reminded this or a closer one
    (``remind.sent``: a duplicated wake-up sends nothing twice) or when the phase waits for nobody
    (``remind.nobody``)."""
    s = g.s
    if phase_seq != s.phase_seq or s.deadline_at is None or s.is_over:
        return Rejected(reason="phase.stale")
    before = REMIND_BEFORE if at is None else s.deadline_at - at
    if before not in (REMIND_BEFORE, *LONG_REMINDERS):
        return Rejected(reason="phase.stale")
    if g.now < s.deadline_at - before:
        return Rejected(reason="remind.early")
    if s.reminded_seq == phase_seq and (s.reminded_before or REMIND_BEFORE) <= before:
        return Rejected(reason="remind.sent")
    seats = waiting(g)
    if not seats:
        return Rejected(reason="remind.nobody")
    s.reminded_seq, s.reminded_before = phase_seq, None if before == REMIND_BEFORE else before
    left = max(0, s.deadline_at - g.now)
    at_local = clock.local_parts(s.deadline_at, clock.zone_of(s.settings))
    month, day, time, abbr = (at_local[k] for k in ("month", "day", "time", "abbr"))
    for seat in sorted(seats):
        if before == REMIND_BEFORE:
            g.tell(seat, "remind.choice", seconds=left)
        else:
            about = (left + 59) // 60 * 60  # whole minutes, rounded up
            g.tell(seat, "remind.choice.long", left=about, month=month, day=day, time=time, abbr=abbr)
    return None
