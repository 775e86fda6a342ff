"""After a commit's messages were sent: what must be written because sending did not go as planned
(design §1: nothing is lost when a send fails). A clean send writes nothing; otherwise one more write
(:func:`record`) keeps the messages a chat could not take in the outbox, with the chat's wake-up, and the
chat logs as they turned out (failures in a row, the slot message now shown, what pushes cost); the
runner then schedules the wake-ups (:func:`wake_ups`) and tells the game what sending found out (a user
who blocked the bot, a group that moved: :func:`follow_ups`). Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
from typing import Any

from core.engine.commands import Command, SetReachable
from handlers import outbox
from handlers import records as stored_records
from handlers.delivery import Report
from handlers.records import Records
from infra.store import KEEP, Change, GameStore, StoredGame, VersionConflict

log = logging.getLogger(__name__)

#: Writes :func:`record` tries (each after reloading) before giving up (logged).
MAX_ATTEMPTS = 10


def needed(report: Report, records: Records, committed: str, now: int) -> bool:
    """Whether what sending did must be written: a chat held back, a user unreachable, a chat moved, or the
    records changed while sending (a slot message's id, a push's cost, failures cleared)."""
    return not report.clean or records.dump(now) != committed


def record(
    store: GameStore,
    stored: StoredGame,
    report: Report,
    records: Records,
    touched: set[str],
    *,
    scheduled: bool,
    now: int,
) -> StoredGame | None:
    """Write what ``report`` found (see the module docstring) on top of the game as stored now: the held
    messages join the outbox after everything of the version that sent them (ids ``<version>-r<n>``), and
    the logs of the ``touched`` chats and the platform record replace the stored ones. A held chat's
    wait is kept when the platform set it (429) or a wake-up is ``scheduled`` for it; else the next input
    tries again. Returns the game as stored after, or None (logged) when the game is gone or the write
    kept losing races."""
    latest: StoredGame | None = stored
    for _ in range(MAX_ATTEMPTS):
        if latest is None:
            return None
        merged = stored_records.load(latest.records)
        merged.chats.update({chat: records.chat(chat) for chat in touched})
        merged.platform.update(records.platform)
        merged.settled = max(merged.settled, stored.version)
        for chat, held in report.held.items():
            if held.until > now and (held.binding or scheduled):
                merged.chat(chat).wake = max(merged.chat(chat).wake, held.until)
        add = {
            f"{stored.version:08d}-r{n:03d}": outbox.dump(m)
            for n, m in enumerate(m for held in report.held.values() for m in held.messages)
        }
        dumped = merged.dump(now)
        change = Change(pending_add=add, records=dumped if dumped != latest.records else KEEP)
        try:
            return store.commit(latest, change)
        except VersionConflict:
            latest = store.load(stored.game_id)
    log.error("send results not recorded after %d attempts", MAX_ATTEMPTS, extra={"game_id": stored.game_id})
    return None


def wake_ups(report: Report, now: int) -> list[int]:
    """When (UTC epoch s) a flush must run again for the chats ``report`` held back: at each held chat's
    time (a budget spent: now); none for a chat that waits for its next event (LINE's reply)."""
    return sorted({max(held.until, now) for held in report.held.values() if held.until})


def follow_ups(report: Report, state: Any) -> list[Command]:
    """The commands that tell the game what sending found out: each member who cannot be messaged
    (``SetReachable(False)``); a moved group is the runner's (it moves the chat pointers too)."""
    members = {m.user_id for m in state.members}
    return [
        SetReachable(user_id=user, reachable=False)
        for user in dict.fromkeys(report.unreachable)
        if user in members and user != state.chat_id
    ]
