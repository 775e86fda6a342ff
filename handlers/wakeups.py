"""Which timer wake-ups a committed change of a game needs (design §5; docs/architecture.md "Timers").

:func:`wake_ups` is pure: the runner calls it before each commit with the state it loaded and the state it
committed, and hands the result to its :class:`~infra.timers.Scheduler`. :func:`queue_scheduler` is the
production scheduler (the SQS timer queue) where one is configured. Times are UTC epoch seconds.
"""

from __future__ import annotations

from core.engine.commands import Command, Remind, Timeout
from core.engine.reminders import LONG_REMINDERS, REMIND_BEFORE, reminders
from core.engine.table import LOBBY, TableState
from infra.timers import Scheduler, WakeUp


def wake_ups(before: TableState | None, after: TableState, *, now: int) -> list[WakeUp]:
    """The wake-ups for going from ``before`` (the loaded state; ``None`` for a new game) to ``after``
    (the committed one) at ``now``.

    Nothing when ``after`` has no deadline (game over) or when neither its ``phase_seq`` nor its
    ``deadline_at`` changed (that deadline was scheduled by an earlier commit). Otherwise the ``deadline``
    wake-up at ``deadline_at`` and, once the game has started, a ``remind`` wake-up for each reminder
    :func:`core.engine.reminders.reminders` gives a phase with ``deadline_at - now`` seconds left: 30 s
    before ([ADZ-11.8]), or for a long phase an hour and ten minutes before (docs/architecture.md
    "Timers"); the core decides whom it reminds, if anybody. A lobby's deadline is its expiry
    (``core.engine.lobby.expire``).
    """
    deadline = after.deadline_at
    if deadline is None or after.is_over:
        return []
    if before is not None and (before.phase_seq, before.deadline_at) == (after.phase_seq, deadline):
        return []
    out = [WakeUp(after.game_id, after.phase_seq, "deadline", at=deadline)]
    if after.phase != LOBBY:
        for ahead in reminders(deadline - now):
            out.append(WakeUp(after.game_id, after.phase_seq, "remind", at=deadline - ahead))
    return out


def wanted(state: TableState | None, wake_up: WakeUp) -> bool:
    """Whether ``wake_up``, arriving before its ``at``, still has something to wait for in ``state`` (the
    game as committed; ``None``: no such game): a ``flush`` always; a ``deadline`` or ``remind`` only while
    the game runs phase ``phase_seq`` with the deadline it was scheduled for (``deadline``: ``at`` is
    ``deadline_at``; ``remind``: ``deadline_at - at`` is one of the reminders). SQS cannot delete a
    delayed message, so the timer asks this before each hop: the hops of a phase that ended early, was
    paused or had its deadline moved stop at their next hop (at most 900 s later) instead of hopping on to
    a second that means nothing (docs/architecture.md "Timers")."""
    if wake_up.kind == "flush":
        return True
    if state is None or state.is_over or state.phase_seq != wake_up.phase_seq or state.deadline_at is None:
        return False
    if wake_up.kind == "deadline":
        return wake_up.at == state.deadline_at
    return state.deadline_at - wake_up.at in (REMIND_BEFORE, *LONG_REMINDERS)


def command_of(wake_up: WakeUp) -> Command:
    """The command a due ``deadline`` or ``remind`` wake-up stands for: ``Timeout`` of its phase, or
    ``Remind`` of its phase at its ``at`` (both no-ops when stale, design §5, [ADZ-11.8])."""
    if wake_up.kind == "deadline":
        return Timeout(phase_seq=wake_up.phase_seq)
    return Remind(phase_seq=wake_up.phase_seq, at=wake_up.at)


def queue_scheduler() -> Scheduler | None:
    """An :class:`~infra.timers.SqsScheduler` on the timer queue (``infra.settings.timer_queue_url``,
    env ``TIMER_QUEUE_URL``), or ``None`` where none is configured (local runs: deadlines are then applied
    by the next input)."""
    from infra import settings
    from infra.timers import SqsScheduler

    url = settings.timer_queue_url()
    return SqsScheduler(url) if url else None
