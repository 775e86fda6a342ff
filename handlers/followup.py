"""After a commit's messages were sent: what must be written because sending did not go as planned
(design §1: nothing is lost when a send fails). A clean send writes nothing; otherwise one more write
(:func:`record`) keeps the messages a chat could not take in the outbox, with the chat's wake-up, and the
chat logs as they turned out (failures in a row, the slot message now shown, what pushes cost); the
runner then schedules the wake-ups (:func:`wake_ups`) and tells the game what sending found out (a user
who blocked the bot, a group that moved: :func:`follow_ups`). The first time a platform's limit held the
game's messages (LINE's rate limit or monthly quota), the host (privately) and the group are told what
happened and what to do (:func:`limit_notes`), once per game: the notes wait in the outbox for the
chat's next reply. Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import core.i18n as i18n
from core.engine.commands import BotRemoved, Command, SetReachable
from handlers import backlog, outbox
from handlers import records as stored_records
from handlers.delivery import Report
from handlers.messages import OutMessage
from handlers.records import Records
from infra.store import KEEP, Change, GameStore, ItemTooLarge, StoredGame, VersionConflict, reload

log = logging.getLogger(__name__)

#: Writes :func:`record` tries (each after reloading) before giving up (logged).
MAX_ATTEMPTS = 10
#: The platform record that says which limit the host was told about (once per game).
LIMIT_TOLD = "limit_told"


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
    phase_seq: int,
    now: int,
    notes: list[OutMessage] | None = None,
) -> StoredGame | None:
    """Write what ``report`` found (see the module docstring) on top of the game as stored now: the held
    messages join the outbox after everything of the version that sent them (ids ``<version>-r<n>``), and
    the logs of the ``touched`` chats and the platform record replace the stored ones. A held chat's
    wait is kept when the platform set it (429) or a wake-up is ``scheduled`` for it; else the next input
    tries again. A held chat's backlog stays within :mod:`handlers.backlog`'s bounds (``phase_seq``: the
    game's phase now, whose prompts are kept longest): the oldest go, counted in its log, and a held
    ``backlog.folded`` line gives its count back to the log rather than wait as a message. ``notes``
    (:func:`limit_notes`) join the outbox before the held messages, unless the game as stored now was told
    already. Returns the game as stored after, or None (logged) when the game is gone or the write kept
    losing races."""
    latest: StoredGame | None = stored
    for _ in range(MAX_ATTEMPTS):
        if latest is None:
            return None
        merged = stored_records.load(latest.records)
        told = [] if merged.platform.get(LIMIT_TOLD) else list(notes or [])
        merged.chats.update({chat: records.chat(chat) for chat in touched})
        merged.platform.update(records.platform)
        merged.settled = max(merged.settled, stored.version)
        for chat, held in report.held.items():
            if held.until > now and (held.binding or scheduled):
                merged.chat(chat).wake = max(merged.chat(chat).wake, held.until)
        add = {f"{stored.version:08d}-l{n:03d}": outbox.dump(m) for n, m in enumerate(told)}
        back = [m for held in report.held.values() for m in held.messages]
        fresh = {f"{stored.version:08d}-r{n:03d}": m for n, m in enumerate(back)}
        held_add, remove = backlog.admit(latest.pending, fresh, phase_seq, merged)
        add |= held_add
        dumped = merged.dump(now)
        change = Change(
            pending_add=add, pending_remove=remove, records=dumped if dumped != latest.records else KEEP
        )
        try:
            return store.commit(latest, change)
        except VersionConflict as conflict:
            latest = reload(store, conflict)
        except ItemTooLarge as too_large:
            log.error("game item too large (%d bytes): held messages dropped", too_large.size,
                      extra={"game_id": stored.game_id})  # fmt: skip
            return store.commit(latest, replace(change, pending_add={}))
    log.error("send results not recorded after %d attempts", MAX_ATTEMPTS, extra={"game_id": stored.game_id})
    return None


def limit_notes(report: Report, state: Any, records: Records) -> list[OutMessage]:
    """What tells the host (in their 1:1 chat) and the group that a platform limit held the game's
    messages, and what to do (``line.limit.<limit>``: wait a minute; the month's quota: replies only until
    it renews, or a bigger plan), the first time only: ``records`` then say so (:data:`LIMIT_TOLD`)."""
    if not report.limits or records.platform.get(LIMIT_TOLD):
        return []
    limit = "monthly" if "monthly" in report.limits else report.limits[0]
    records.platform[LIMIT_TOLD] = limit
    text = i18n.text(f"line.limit.{limit}", state.locale, state.game)
    chats = dict.fromkeys(chat for chat in (getattr(state, "host", None), state.chat_id) if chat)
    return [OutMessage(chat_id=chat, text=text, locale=state.locale) for chat in chats]


def wake_ups(report: Report, now: int) -> list[int]:
    """When (UTC epoch s) a flush must run again for the chats ``report`` held back: at each held chat's
    time (a budget spent: now); none for a chat that waits for its next event (LINE's reply)."""
    return sorted({max(held.until, now) for held in report.held.values() if held.until})


def follow_ups(report: Report, state: Any) -> list[Command]:
    """The commands that tell the game what sending found out: each member or spectator who cannot be
    messaged (``SetReachable(False)``: a spectator stops watching, ``core.engine.afterlife``); the group
    itself refusing the bot (Telegram 403 "bot was kicked from the group", even without a
    ``my_chat_member`` update) ends a game not over yet as if the bot had been removed
    (``BotRemoved``: every player told privately, no timer left); a moved group is the runner's (it moves
    the chat pointers too)."""
    members = {m.user_id for m in [*state.members, *getattr(state, "spectators", ())]}
    commands: list[Command] = [
        SetReachable(user_id=user, reachable=False)
        for user in dict.fromkeys(report.unreachable)
        if user in members and user != state.chat_id
    ]
    if state.chat_id in report.unreachable and not state.is_over:
        commands.append(BotRemoved())
    return commands
