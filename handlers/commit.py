"""What one commit writes and what its invocation sends right after it (design §1: one write per input;
persist first, then send).

:func:`plan` turns a decided change (the new state, its notices and events) into a :class:`Plan`: the
:class:`~infra.store.Change` (state, the history entry with every notice and event, the records, the
messages that must wait, the delivery id) and the messages the committer sends itself, at once, after the
write. A message waits in the outbox instead when its chat cannot take it now: the platform cannot reach
it (LINE's free mode outside the event's own chat: only a reply to that chat's next event can), the chat
is held (429, backoff), already has messages waiting (they go first), or its pace is spent (a Telegram
group's 20 messages a minute). The history entry makes the committer's own messages durable: if its
invocation dies while sending, the platform's redelivery of the input finds the entry and sends them again
(:mod:`handlers.runner`). Where the console is the private channel, a dealt game's private messages are
not sent at all: the console shows them from the history (:mod:`handlers.console.feed`). Times are UTC
epoch seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core.engine.notice import Notice
from core.engine.result import Event
from core.engine.table import ENDED
from core.games import GameRules
from handlers import backlog, history, outbox, outgoing
from handlers.console import feed as console_feed
from handlers.delivery import SEND_BUDGET
from handlers.messages import OutMessage
from handlers.records import Records
from infra.store import KEEP, Change, GameStore, ItemTooLarge, StoredGame

log = logging.getLogger(__name__)

#: Finished games are kept this long (seconds) before DynamoDB's TTL removes them.
KEEP_FINISHED = 7 * 24 * 3600
#: Seconds after the commit during which its invocation may still be sending (its budget plus the time
#: to record a failure): a redelivery of its input meanwhile must not send its messages a second time.
SENDING_WINDOW = int(SEND_BUDGET) + 5


@dataclass
class Plan:
    """One commit: ``change`` to write; ``direct`` messages the committer sends after it (in order per
    chat); ``records`` as committed (the sending updates them in place: compare with ``committed`` to know
    whether a failure must be recorded); ``ended`` when this commit finished the game."""

    change: Change
    direct: list[OutMessage]
    records: Records
    committed: str
    ended: bool
    waiting: dict[str, list[OutMessage]] = field(default_factory=dict)
    wakes: list[int] = field(default_factory=list)


def render(
    rules: GameRules, state: Any, notices: list[Notice], settings: Mapping[str, Any]
) -> list[OutMessage]:
    """The messages of ``notices`` that go to chats: rendered (console wording where the console is the
    private channel) and merged per chat; without the private ones of a dealt game where the console is
    primary (:func:`handlers.console.feed.outgoing`)."""
    primary = console_feed.is_primary(settings)
    messages = outbox.render_notices(rules, state, notices, wording="console" if primary else None)
    return console_feed.outgoing(state, messages, console_primary=primary)


def plan(
    stored: StoredGame,
    rules: GameRules,
    before: Any,
    state: Any,
    notices: list[Notice],
    events: Sequence[Event],
    *,
    messages: list[OutMessage],
    records: Records,
    sendable: Callable[[str], bool],
    delivery_id: str | None,
    now: int,
) -> Plan:
    """The commit of ``state`` (decided from ``before``, the loaded state) with its ``notices``, ``events``
    and rendered ``messages`` (:func:`render`, plus any platform message), and what to send after it
    (:func:`handlers.outgoing.choose`: what waited for a chat that can take it now goes first, in the same
    write). ``records``: the game's records (updated here: pace, backlog); ``sendable(chat)``: whether the
    platform can take a message for that chat now."""
    committed_before = stored.records
    version = stored.version + 1
    # Each message's identity in the game (a platform's retry key is made of it, LINE pushes).
    messages = [replace(m, outbox_id=f"{stored.game_id}.{version}.{n}") for n, m in enumerate(messages)]
    choice = outgoing.choose(
        stored.pending, messages, records, sendable=sendable, phase_seq=state.phase_seq,
        locale=state.locale, game=state.game, now=now,
    )  # fmt: skip
    fresh = [m for waiting in choice.waiting.values() for m in waiting]
    pending_add, dropped = backlog.admit(
        stored.pending, {f"{version:08d}-{n:04d}": m for n, m in enumerate(fresh)}, state.phase_seq, records
    )
    taken = [outbox.dump(m) for m in choice.carried]
    entry = None
    if events or notices or delivery_id or taken:
        entry = history.dump(
            version, delivery_id=delivery_id, sending_until=now + SENDING_WINDOW, events=events,
            notices=notices, waiting=choice.waiting, messages=taken, phase_seq=state.phase_seq,
        )  # fmt: skip
    dumped = records.dump(now)
    change = Change(
        state=state_json(state), records=dumped if dumped != committed_before else KEEP, history=entry,
        pending_add=pending_add, pending_remove=[*choice.taken, *dropped], delivery_id=delivery_id,
        expires_at=now + KEEP_FINISHED if state.is_over else None,
    )  # fmt: skip
    ended = state.phase == ENDED and before.phase != ENDED
    return Plan(change, choice.direct, records, dumped, ended, choice.waiting, choice.wakes)


def write(store: GameStore, base: StoredGame, change: Change) -> StoredGame:
    """Commit ``change`` on ``base`` (one conditional write); an item that would grow too large drops its
    waiting messages, then the copies in its history entry of the waiting messages it sends (each
    logged), rather than leave the game unplayable (design §3): the rules state always commits. Raises
    ``VersionConflict``."""
    try:
        return store.commit(base, change)
    except ItemTooLarge as too_large:
        log.error("game item too large (%d bytes): waiting messages dropped", too_large.size,
                  extra={"game_id": base.game_id})  # fmt: skip
        dropped = replace(change, pending_add={}, pending_remove=[*change.pending_remove, *base.pending])
    try:
        return store.commit(base, dropped)
    except ItemTooLarge as too_large:
        if dropped.history is None:
            raise
        log.error("game item too large (%d bytes): the history entry keeps no copy of the messages sent",
                  too_large.size, extra={"game_id": base.game_id})  # fmt: skip
        lighter = history.without_messages(dropped.history)
        return store.commit(base, replace(dropped, history=lighter))


def state_json(state: Any) -> str:
    """The stored form of a game state: its hot state, without the log (the history keeps the events)."""
    return str(state.model_dump_json(exclude={"log"}))
