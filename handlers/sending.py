"""The send step of the write path (design §1: persist first, then send): after a write, its messages go
to every chat at once (:func:`handlers.delivery.send_all`) beside the platform's side effects
(:mod:`handlers.aftercommit`), and only what did not go as planned is written (:mod:`handlers.followup`),
with the flush wake-ups it needs. If sending itself breaks (a defect, not a platform's refusal), the
commit's messages are parked in the outbox, within each chat's backlog bounds (:mod:`handlers.backlog`),
with a flush wake-up a second later, so nothing waits on the next input; if even that write fails, the
error propagates and the platform delivers the input again (the webhook answers 500, the timer reports a
batch failure). Times are UTC epoch seconds.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from core.engine.commands import Command
from core.games import GameRules
from handlers import backlog, followup
from handlers import records as stored_records
from handlers.aftercommit import AfterCommit, Prepared
from handlers.decision import Loaded
from handlers.delivery import Report, Throttle, send_all
from handlers.messages import OutMessage, Sender, Undelivered
from handlers.records import Records
from infra.store import KEEP, Change, GameStore, StoredGame, VersionConflict, reload
from infra.timers import Scheduler, WakeUp

log = logging.getLogger(__name__)

#: Writes parking a commit's messages tries (each after reloading) before giving up.
PARK_ATTEMPTS = 5


@dataclass
class Sent:
    """What sending found out that the game must be told: commands to apply (a member who cannot be
    messaged: ``SetReachable``) and groups that moved (old chat id → new one)."""

    commands: list[Command]
    moved: dict[str, str]


@dataclass
class Sending:
    """The send step of one runner: its ``store``, ``sender``, ``throttle``, ``scheduler`` (None: no
    timer; the next input retries) and platform hook (``after_commit``)."""

    store: GameStore
    sender: Sender
    throttle: Throttle | None
    scheduler: Scheduler | None
    after_commit: AfterCommit | None

    async def prepare(self, rules: GameRules, state: Any, records: Records, now: int) -> Prepared | None:
        """The platform's side effects of ``state``, its record updated in ``records`` (never raises: a
        failure is logged and the next change prepares again)."""
        hook = self.after_commit
        if hook is None:
            return None
        try:
            prepared = await hook.prepare(rules, state, dict(records.platform.get(hook.key, {})), now)
        except Exception:
            log.exception("after-commit step not prepared", extra={"game_id": state.game_id})
            return None
        if prepared is not None:
            records.platform[hook.key] = prepared.record
        return prepared

    async def send(
        self,
        game: Loaded,
        messages: list[OutMessage],
        records: Records,
        committed: str,
        prepared: Prepared | None,
        *,
        now: int,
    ) -> Sent:
        """Send ``messages`` of the write that left ``game`` (``records`` as written: ``committed``) and
        carry out ``prepared``; write what did not go as planned; what the game must be told. Sending
        breaking (not a platform's refusal) parks ``messages`` (:meth:`park`); raises :class:`Undelivered`
        when that fails too."""
        try:
            report, messages, found = await self._send(messages, records, prepared, now)
        except Exception:
            log.exception("sending broke after the commit; its messages wait for a flush",
                          extra={"game_id": game.game_id})  # fmt: skip
            try:
                self.park(game, messages, now=now)
            except Exception as err:
                raise Undelivered(game.game_id) from err
            return Sent([], {})
        if not followup.needed(report, records, committed, now):
            return Sent(found, {})
        notes = followup.limit_notes(report, game.state, records)
        touched = {m.chat_id for m in messages} | set(report.held) | {m.chat_id for m in notes}
        scheduled = self.scheduler is not None
        followup.record(
            self.store, game.stored, report, records, touched, scheduled=scheduled,
            phase_seq=game.state.phase_seq, now=now, notes=notes,
        )  # fmt: skip
        self.flush_at(game, followup.wake_ups(report, now), now)
        return Sent([*found, *followup.follow_ups(report, game.state)], dict(report.moved))

    async def _send(
        self, messages: list[OutMessage], records: Records, prepared: Prepared | None, now: int
    ) -> tuple[Report, list[OutMessage], list[Command]]:
        """The messages and the side effects at once; the messages the side effects added go after; and
        the commands the side effects found out (``Done.commands``)."""
        sending = send_all(self.sender, messages, records, now=now, throttle=self.throttle)
        hook = self.after_commit
        if prepared is None or prepared.carry_out is None or hook is None:
            return await sending, messages, []
        report, done = await asyncio.gather(sending, prepared.carry_out())
        if done is None:
            return report, messages, []
        records.platform[hook.key] = done.record
        report.merge(await send_all(self.sender, done.messages, records, now=now, throttle=self.throttle))
        return report, [*messages, *done.messages], list(done.commands)

    def park(self, game: Loaded, messages: list[OutMessage], *, now: int) -> None:
        """Keep ``messages`` waiting in the outbox (ids ``<version>-p<n>``) and schedule a flush a second
        from ``now``. Each chat's backlog stays within :mod:`handlers.backlog`'s bounds (the oldest go,
        counted in the chat's log in the stored records, and a ``backlog.folded`` line gives its count
        back rather than wait), however often sending breaks. Raises what the store raises after
        :data:`PARK_ATTEMPTS` lost races."""
        fresh = {f"{game.stored.version:08d}-p{n:03d}": m for n, m in enumerate(messages)}
        latest: StoredGame | None = game.stored
        for _ in range(PARK_ATTEMPTS):
            if latest is None:
                return
            records = stored_records.load(latest.records)
            add, remove = backlog.admit(latest.pending, fresh, game.state.phase_seq, records)
            dumped = records.dump(now)
            kept = dumped if dumped != latest.records else KEEP
            try:
                self.store.commit(latest, Change(records=kept, pending_add=add, pending_remove=remove))
                break
            except VersionConflict as conflict:
                latest = reload(self.store, conflict)
        else:
            raise VersionConflict(game.game_id)
        self.flush_at(game, [now + 1], now)

    def flush_at(self, game: Loaded, times: list[int], now: int) -> None:
        """Schedule a flush wake-up of ``game`` at each of ``times`` (UTC epoch s)."""
        for at in sorted(set(times)):
            self.wake_at(WakeUp(game.game_id, game.state.phase_seq, "flush", at=at), now)

    def wake_at(self, wake_up: WakeUp, now: int) -> None:
        """Schedule ``wake_up``; a failure is logged, never raised: every input catches up (design §5)."""
        if self.scheduler is None:
            return
        try:
            self.scheduler.schedule(wake_up, now=now)
        except Exception:
            log.exception("wake-up not scheduled", extra={"game_id": wake_up.game_id, "kind": wake_up.kind})
