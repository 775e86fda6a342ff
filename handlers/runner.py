"""The write path of every input: load → catch up overdue deadlines → ``decide`` → one atomic commit
(state + delivery id + rendered outbox) → send the outbox → mark sent. See docs/architecture.md §1.

:class:`GameRunner` knows nothing of chats or commands; :class:`handlers.service.Service` routes platform
inputs to it. Times are UTC epoch seconds.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from core.engine.commands import Command, Remind, Say, Timeout
from core.engine.notice import Notice
from core.engine.result import Rejected
from core.engine.table import ENDED
from core.games import GameRules, rules_for
from handlers import delivery, outbox
from handlers import excused as excuse
from handlers.console import feed as console_feed
from handlers.messages import AwaitingReply, OutMessage, Sender
from handlers.wakeups import wake_ups
from infra.store import GameStore, VersionConflict
from infra.timers import Scheduler, WakeUp

log = logging.getLogger(__name__)

#: Finished games are kept this long (seconds) before DynamoDB's TTL removes them.
KEEP_FINISHED = 7 * 24 * 3600
#: Commits retried on version conflicts before giving up (each retry reloads and decides again).
MAX_ATTEMPTS = 20
#: ``TableState.shell`` key set by the commit that ended a game and released its user pointers.
RELEASED = "pointers.released"
#: Overdue deadlines applied in one catch-up (safety net when a timer was missed).
MAX_CATCH_UP = 50


class AfterCommit(Protocol):
    """A platform's follow-up to each committed change of a game, e.g. muting the players without speaking
    rights in a Telegram group (:mod:`handlers.telegram.speech`). It never raises; it may commit again
    through ``runner.store`` and send through ``runner.flush``."""

    async def settle(self, runner: GameRunner, game_id: str, *, now: int) -> None: ...


class GameRunner:
    """``store``: an ``infra.store.GameStore``; ``sender``: the platform's sender; ``new_id``/``new_seed``
    make game ids and RNG seeds (injectable for tests); ``settings_for(chat_id)`` gives a group's settings;
    ``after_commit`` runs after every committed change (and on a redelivery), when given; ``scheduler``
    receives the timer wake-ups of every committed phase change (``None``: no timer, e.g. the local
    playground; deadlines are then applied by the next input); ``reminds(chat_id)`` says whether a
    game in that group gets its 30 s reminders (not where a message can only wait for the player's next
    event, LINE's free mode: a reminder read after the deadline only misleads)."""

    def __init__(
        self,
        store: GameStore,
        sender: Sender,
        *,
        new_id: Callable[[], str] | None = None,
        new_seed: Callable[[], int] | None = None,
        settings_for: Callable[[str], dict[str, Any]] | None = None,
        after_commit: AfterCommit | None = None,
        scheduler: Scheduler | None = None,
        reminds: Callable[[str], bool] | None = None,
    ) -> None:
        self.store = store
        self.sender = sender
        self.new_id = new_id or (lambda: secrets.token_hex(4))
        self.new_seed = new_seed or (lambda: secrets.randbits(63))
        self.settings_for = settings_for or (lambda chat_id: {})
        self.after_commit = after_commit
        self.scheduler = scheduler
        self.reminds = reminds or (lambda chat_id: True)
        self._committed: dict[str, delivery.Committed] = {}  # game id → for the flush after the commit
        self._ended: dict[str, Any] = {}  # game id → its final state, pointers released after the flush

    async def fire_timer(self, game_id: str, phase_seq: int, *, now: int) -> None:
        """The timer handler's entry: ``Timeout(phase_seq)``; a no-op when stale [design §5]."""
        await self.apply(game_id, Timeout(phase_seq=phase_seq), delivery_id=None, now=now)

    async def wake(self, wake_up: WakeUp, *, now: int) -> Rejected | None:
        """A due timer wake-up (``handlers.timer``; it re-sends early ones): ``deadline`` →
        ``Timeout(phase_seq)``, ``remind`` → ``Remind(phase_seq)`` (both no-ops when stale, design §5,
        [ADZ-11.8]), ``flush`` → :meth:`flush`. Returns the core's refusal, or None."""
        if wake_up.kind == "flush":
            await self.flush(wake_up.game_id, now=now)
            return None
        seq = wake_up.phase_seq
        command: Command = Timeout(phase_seq=seq) if wake_up.kind == "deadline" else Remind(phase_seq=seq)
        return await self.apply(wake_up.game_id, command, delivery_id=None, now=now)

    def _schedule(self, before: Any, after: Any, now: int) -> None:
        """Schedule the wake-ups of the change ``before`` → ``after`` about to be committed. A failure is
        logged, never raised: the commit goes on, and every inbound event catches up overdue deadlines
        (design §5)."""
        if self.scheduler is None:
            return
        for wake_up in wake_ups(before, after, now=now):
            if wake_up.kind == "remind" and not self.reminds(after.chat_id):
                continue
            try:
                self.scheduler.schedule(wake_up, now=now)
            except Exception:
                log.exception("wake-up not scheduled", extra={"game_id": after.game_id, "kind": wake_up.kind})

    async def apply(
        self, game_id: str, command: Command, *, delivery_id: str | None, now: int
    ) -> Rejected | None:
        """Decide and commit ``command`` (retrying on version conflicts), then flush the outbox.

        Returns the core's refusal, ``Rejected("delivery.duplicate")`` for a redelivery, or None.
        """
        for _ in range(MAX_ATTEMPTS):
            stored = self.store.load(game_id)
            if stored is None:
                return Rejected(reason="game.none")
            if delivery_id and self.store.has_delivery(stored, delivery_id):
                # A redelivery may mean the first attempt died after its commit: send what is pending.
                if stored.outbox:
                    await self.flush(game_id, now=now)
                await self._settle(game_id, now)
                return Rejected(reason="delivery.duplicate")
            rules, state = self._parse(stored.state)
            loaded = state
            # Whose prompt the bot has not delivered is excused from a missed phase (issue 8 §4).
            excused = excuse.undelivered(stored.outbox, state)
            state, notices = self._catch_up(rules, state, now, excused)
            caught_up = bool(notices)
            if isinstance(command, Timeout):
                late = excused | excuse.unsent(rules, state, notices)
                command = command.model_copy(update={"excused": tuple(sorted(late))})
            result = rules.decide(state, command, now=now)
            refusal = result if isinstance(result, Rejected) else None
            if isinstance(result, Rejected):
                if not caught_up:
                    return refusal
            else:
                state, notices = result.state, notices + result.notices
                # A relayed team message is committed (not only sent): it goes into the team's console
                # feeds (handlers.console.feed), and its delivery id dedupes a retried send.
                if not result.changed and not caught_up and not isinstance(command, Say):
                    if not delivery_id or self.store.claim_reply(delivery_id):
                        await self._send_now(rules, state, notices)
                    return None
            # Wake-ups go out before the commit: a crash after the commit then never leaves a phase without
            # its timer, and one sent for a commit that loses the race is stale, a no-op (design §5).
            self._schedule(loaded, state, now)
            try:
                self._commit(rules, state, notices, stored.version, delivery_id if not refusal else None, now)
            except VersionConflict:
                continue
            await self.flush(game_id, now=now)
            await self._settle(game_id, now)
            return refusal
        log.error("gave up after %d version conflicts", MAX_ATTEMPTS, extra={"game_id": game_id})
        return Rejected(reason="game.busy")

    async def _settle(self, game_id: str, now: int) -> None:
        if self.after_commit is not None:
            await self.after_commit.settle(self, game_id, now=now)

    def _commit(
        self,
        rules: GameRules,
        state: Any,
        notices: list[Notice],
        version: int,
        delivery_id: str | None,
        now: int,
    ) -> None:
        # Where the console is the private channel, the texts send players to their screen, not the 1:1 chat.
        wording = "console" if console_feed.is_primary(self.settings_for(state.chat_id)) else None
        messages = outbox.render_notices(rules, state, notices, wording=wording)
        self.commit_messages(state, version, messages, delivery_id, now)

    def commit_messages(
        self, state: Any, version: int, messages: list[OutMessage], delivery_id: str | None, now: int
    ) -> None:
        """Store ``state`` as version ``version + 1`` with ``messages`` in its outbox, in one write; a
        finished game gets its expiry (``now`` + :data:`KEEP_FINISHED`, UTC epoch s). Raises
        ``VersionConflict``. With ``messages``, the same write takes the flush lease if it is free, and
        the caller must call :meth:`flush` next: it sends with that lease and releases it (docs/storage.md,
        "Sending the outbox"). The commit that ends a game has its members' user pointers released
        after the flush that follows it (:meth:`_release_pointers`), once: the state records it
        (``shell``, :data:`RELEASED`). Where the platform has a console (the ``console`` setting), each
        message to a member's 1:1 chat is also kept in their console feed in the same write; with
        ``console_primary``, a running game's private messages go to the feed only, not to the outbox
        (:func:`handlers.console.feed.kept`)."""
        if any(console_feed.is_private(state, m) for m in messages):
            state, messages = console_feed.kept(state, messages, self.settings_for(state.chat_id))
        entries = {f"{version + 1:08d}-{i:04d}": outbox.dump(m) for i, m in enumerate(messages)}
        ending = state.is_over and not state.shell.get(RELEASED)
        if ending:
            state = state.model_copy(update={"shell": {**state.shell, RELEASED: True}})
        holder, until = delivery.lease_offer(now) if messages else (None, None)
        stored = self.store.commit(
            state.game_id,
            expected_version=version,
            state=state.model_dump_json(),
            outbox_add=entries,
            delivery_id=delivery_id,
            expires_at=now + KEEP_FINISHED if state.is_over else None,
            flush_holder=holder,
            lease_until=until,
        )
        committed = delivery.Committed(stored, holder) if holder else None
        kept = self._committed.get(state.game_id)
        if committed and (kept is None or not kept.holds(now) or committed.holds(now)):
            self._committed[state.game_id] = committed  # never drop a lease held for the next flush
        if ending:
            self._ended[state.game_id] = state

    def _release_pointers(self, state: Any, now: int) -> None:
        """Delete the ``user#`` pointer of each member that still names this finished game, so their 1:1
        chat is free for the next game (issue 4 item 5). A member whose 1:1 chat still has messages
        waiting after the flush (LINE's free mode: they go as the reply to the player's next event there,
        which only this pointer routes to the game) keeps it until the game expires (``now`` +
        :data:`KEEP_FINISHED`, UTC epoch s) or they join another game. The chat pointer stays: the next
        ``/newgame`` there settles the old game through it. A failure is logged: a stale pointer only
        routes that player's private commands to a finished game until they join another."""
        stored = self.store.load(state.game_id)
        waiting = {outbox.load(payload).chat_id for payload in (stored.outbox if stored else {}).values()}
        for member in state.members:
            try:
                if self.store.get_pointer("user", member.user_id) != state.game_id:
                    continue
                if member.user_id in waiting:
                    expires = now + KEEP_FINISHED
                    self.store.set_pointer("user", member.user_id, state.game_id, expires_at=expires)
                else:
                    self.store.set_pointer("user", member.user_id, None)
            except Exception:
                log.exception("user pointer not released", extra={"game_id": state.game_id})

    def _catch_up(
        self, rules: GameRules, state: Any, now: int, excused: set[str]
    ) -> tuple[Any, list[Notice]]:
        """Apply deadlines that passed without a timer (every inbound event is a safety net, §5). Each
        ``Timeout`` excuses ``excused`` (user ids whose messages wait in the outbox) and whoever the
        earlier caught-up phases prompted, since those prompts are not sent yet (issue 8 §4)."""
        notices: list[Notice] = []
        for _ in range(MAX_CATCH_UP):
            if state.is_over or state.deadline_at is None or now < state.deadline_at:
                break
            late = tuple(sorted(excused | excuse.unsent(rules, state, notices)))
            timeout = Timeout(phase_seq=state.phase_seq, excused=late)
            result = rules.decide(state, timeout, now=state.deadline_at)
            if isinstance(result, Rejected):
                break
            state, notices = result.state, notices + result.notices
        return state, notices

    async def flush(self, game_id: str, *, now: int) -> None:
        """Send what the outbox holds: exactly once, in order per chat, paced per group; what cannot go
        now waits for a flush wake-up or the next event (:func:`handlers.delivery.flush`). ``now``: UTC
        epoch seconds. Also the timer's entry for a ``flush`` wake-up. After :meth:`commit_messages` it
        starts from what that commit returned, with the lease the commit took."""
        committed = self._committed.pop(game_id, None)
        await delivery.flush(self, game_id, now=now, committed=committed)
        ended = self._ended.pop(game_id, None)
        if ended is not None:
            self._release_pointers(ended, now)
            self._record_result(ended)

    def _record_result(self, state: Any) -> None:
        """Count a game that ended with a result in its group's stats (``/stats``): the game and the sides
        its rules name as winners (``GameRules.winners``; none for a draw). A cancelled game is not
        counted. Runs once, after the flush of the commit that ended the game; ``record_result`` is
        idempotent by game id anyway. A failure is logged: only that game's line of ``/stats`` is lost."""
        if state.phase != ENDED:
            return
        try:
            winners = rules_for(state.game).winners(state)
            self.store.record_result(state.chat_id, state.game_id, state.game, winners)
        except Exception:
            log.exception("result not recorded", extra={"game_id": state.game_id})

    async def _send_now(self, rules: GameRules, state: Any, notices: list[Notice]) -> None:
        """Read-only answers (queries) are sent without a game write (once per delivery: ``claim_reply``):
        nothing is lost if they fail."""
        for message in outbox.render_notices(rules, state, notices):
            try:
                await self.sender.send(message)
            except AwaitingReply:  # LINE: this event's reply is spent; the player can ask again
                log.info("reply not sent: the chat's reply is spent", extra={"game_id": state.game_id})
            except Exception:
                log.exception("reply failed", extra={"game_id": state.game_id})

    def _parse(self, payload: str) -> tuple[GameRules, Any]:
        data = json.loads(payload)
        rules = rules_for(data["game"])
        return rules, rules.state_model.model_validate(data)

    def load_state(self, game_id: str) -> tuple[GameRules, Any] | None:
        """The rules and the state of game ``game_id`` as committed, or None when there is no such game
        (a read: no deadline is caught up, nothing is written)."""
        return self._load_state(game_id)

    def _load_state(self, game_id: str) -> tuple[GameRules, Any] | None:
        stored = self.store.load(game_id)
        return None if stored is None else self._parse(stored.state)
