"""The write path of every input (design §1, docs/architecture.md "The one path"): load once → catch up
overdue deadlines and decide (:mod:`handlers.decision`) → one conditional write (:mod:`handlers.commit`) →
send that commit's messages to every chat at once (:mod:`handlers.delivery`) → write again only when
sending did not go as planned (:mod:`handlers.followup`). A commit that loses a version race is decided
again (:mod:`handlers.retry`); an input delivered again is not (:mod:`handlers.redelivery`).

:class:`GameRunner` knows nothing of chats' commands; :class:`handlers.service.Service` routes platform
inputs to it and composes it. Its public interface: :meth:`load`, :meth:`apply`, :meth:`open_game`,
:meth:`flush`, :meth:`wake`, :meth:`send_now` and :meth:`history`. Times are UTC epoch seconds.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.engine.commands import BotRemoved, Command, MoveChat, Timeout
from core.engine.history import HistoryNeeded
from core.engine.notice import Notice
from core.engine.result import Rejected
from core.engine.table import ENDED
from core.games import GameRules
from handlers import commit, decision, outgoing, pending, redelivery, retry
from handlers import records as stored_records
from handlers.aftercommit import AfterCommit, Prepared
from handlers.answers import Answers
from handlers.decision import Loaded
from handlers.delivery import Throttle
from handlers.messages import OutMessage, Sender
from handlers.observability import DUPLICATE
from handlers.recap.links import RecapLinks
from handlers.records import Records
from handlers.sending import Sending
from handlers.wakeups import command_of, wake_ups
from infra.store import GameStore, VersionConflict, blank
from infra.timers import Scheduler, WakeUp

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Applied:
    """What :meth:`GameRunner.run` did: the core's ``refusal`` (None: accepted) and the ``game`` as it now
    stands (the committed one, or the loaded one when nothing was written; None: no such game)."""

    refusal: Rejected | None
    game: Loaded | None


#: Told of each commit: the state before (None: a new game), its notices, the command if accepted (bots).
Observer = Callable[[Any, list[Notice], Command | None], None]


class GameRunner:
    """``store``: an ``infra.store.GameStore``; ``sender``: the platform's sender; ``new_id``/``new_seed``
    make game ids and RNG seeds (injectable for tests); ``settings_for(chat_id)`` gives the operator's
    settings of a group (``console``, ``console_primary``); ``after_commit``: the platform's follow-up of
    each change; ``scheduler`` receives the timer wake-ups (``None``: no timer, e.g. the local
    playground: deadlines are applied by the next input); ``reminds(chat_id)``: whether games there get
    their 30 s reminders (not where a message can only wait for the player's next event, LINE's free
    mode); ``throttle``: the platform's overall send rate (one per container; None: none, e.g. the local
    playground); ``observer`` is told of every commit (:data:`Observer`); ``backoff(n)``: seconds to wait
    before the n-th retry of a commit that keeps losing version races (:func:`handlers.retry.jittered`)."""

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
        throttle: Throttle | None = None,
        observer: Observer | None = None,
        backoff: Callable[[int], float] = retry.jittered,
    ) -> None:
        self.store = store
        self.new_id = new_id or (lambda: secrets.token_hex(4))
        self.new_seed = new_seed or (lambda: secrets.randbits(63))
        self.settings_for = settings_for or (lambda chat_id: {})
        self.after_commit = after_commit
        self.reminds = reminds or (lambda chat_id: True)
        self.throttle = throttle
        self.observer = observer
        self.backoff = backoff
        self.sending = Sending(store, sender, self.throttle, scheduler, after_commit)
        self.sender = sender
        #: Where finished games' recaps are served, per platform (none known: no recap message).
        self.recap = RecapLinks()

    @property
    def sender(self) -> Sender:
        """The platform's sender (of the send step and of the answers)."""
        return self.sending.sender

    @sender.setter
    def sender(self, sender: Sender) -> None:
        self.sending.sender = sender
        self.answers = Answers(sender)

    @property
    def scheduler(self) -> Scheduler | None:
        """Where the timer wake-ups go (None: no timer; the next input catches up)."""
        return self.sending.scheduler

    @scheduler.setter
    def scheduler(self, scheduler: Scheduler | None) -> None:
        self.sending.scheduler = scheduler

    # -- reads ----------------------------------------------------------------------------------------
    def load(self, game_id: str) -> Loaded | None:
        """The game ``game_id`` as committed (one read, parsed once), or None when there is none."""
        return decision.load(self.store, game_id)

    def with_history(self, loaded: Loaded) -> Loaded:
        """``loaded`` with its state's full log (its history read: a recap, the end screen)."""
        return decision.with_history(loaded, self.history(loaded))

    def history(self, loaded: Loaded, *, last: int | None = None) -> list[str]:
        """The game's history entries, oldest first (its chunks are read, only the ``last`` ones when
        given: for the recap, the console)."""
        return self.store.history(loaded.stored, last=last)

    # -- the write path -------------------------------------------------------------------------------
    async def apply(
        self, game: str | Loaded, command: Command, *, delivery_id: str | None, now: int
    ) -> Rejected | None:
        """:meth:`run`, answering only the refusal."""
        return (await self.run(game, command, delivery_id=delivery_id, now=now)).refusal

    async def run(
        self, game: str | Loaded, command: Command, *, delivery_id: str | None, now: int
    ) -> Applied:
        """Decide and commit ``command`` on ``game`` (an id, or the game as just loaded), retrying on
        version conflicts, then send what it says. The refusal is the core's, ``delivery.duplicate`` for
        a redelivery (:meth:`_redelivered`), or ``game.none``."""
        loaded = self.load(game) if isinstance(game, str) else game
        for attempt in range(retry.MAX_ATTEMPTS):
            if loaded is None:
                return Applied(Rejected(reason="game.none"), None)
            if delivery_id and self.store.has_delivery(loaded.stored, delivery_id):
                return Applied(await self._redelivered(loaded, delivery_id, now), loaded)
            try:
                decided = decision.decide(loaded, command, now)
            except HistoryNeeded:  # a rule reads the log (the recap at the end): decide again with it
                loaded = self.with_history(loaded)
                decided = decision.decide(loaded, command, now)
            if not decided.write:
                if decided.refusal is None:
                    await self.send_now(loaded.rules, decided.state, decided.notices, delivery_id=delivery_id)
                return Applied(decided.refusal, loaded)
            try:
                delivery = None if decided.refusal else delivery_id
                after = await self._commit(loaded, decided, delivery, now, before=loaded.state)
            except VersionConflict as conflict:
                loaded = await retry.after_conflict(self.store, conflict, attempt, backoff=self.backoff)
                continue
            if self.observer is not None:
                self.observer(loaded.state, decided.notices, None if decided.refusal else command)
            return Applied(decided.refusal, after)
        game_id = game if isinstance(game, str) else game.game_id
        log.error("gave up after %d version conflicts", retry.MAX_ATTEMPTS, extra={"game_id": game_id})
        return Applied(Rejected(reason="game.busy"), None)

    async def fire_timer(self, game_id: str, phase_seq: int, *, now: int) -> None:
        """The deadline of phase ``phase_seq``: ``Timeout``, a no-op when stale [design §5]."""
        await self.apply(game_id, Timeout(phase_seq=phase_seq), delivery_id=None, now=now)

    async def wake(self, wake_up: WakeUp, *, now: int, delivery_id: str | None = None) -> Rejected | None:
        """A due timer wake-up (``handlers.timer``): ``deadline`` → ``Timeout``, ``remind`` → ``Remind``
        (both no-ops when stale, design §5, [ADZ-11.8]), ``flush`` → :meth:`flush`. ``delivery_id``: the
        queue's message id, so a redelivered wake-up is recognised."""
        if wake_up.kind == "flush":
            await self.flush(wake_up.game_id, now=now)
            return None
        return await self.apply(wake_up.game_id, command_of(wake_up), delivery_id=delivery_id, now=now)

    async def open_game(
        self, rules: GameRules, state: Any, notices: list[Notice], *, delivery_id: str | None, now: int
    ) -> None:
        """Commit a new game ``state`` (its first version) with ``notices`` and send them; schedule its
        deadline (a lobby's expiry). Raises ``VersionConflict`` if the game id was taken (ids are random)."""
        stored = blank(state.game_id)
        loaded = Loaded(stored, rules, state)
        decided = decision.Decided(state, notices=notices, write=True)
        await self._commit(loaded, decided, delivery_id, now, before=None)
        if self.observer is not None:
            self.observer(None, notices, None)

    async def flush(
        self, game: str | Loaded, *, now: int, chat_id: str | None = None, delivery_id: str | None = None
    ) -> None:
        """Send what waits in the game's outbox (only ``chat_id``'s, when given) where the chats can take
        it now: one write takes the messages out, then they go (:mod:`handlers.pending`). ``delivery_id``:
        the input that asked (a LINE event), so its redelivery sends them again if this attempt died."""
        loaded = self.load(game) if isinstance(game, str) else game
        for attempt in range(retry.MAX_ATTEMPTS):
            if loaded is None or not loaded.stored.pending:
                return
            taken = pending.take(loaded, self.sender, chat_id=chat_id, now=now, delivery_id=delivery_id)
            if taken is None:
                return
            try:
                stored = self.store.commit(loaded.stored, taken.change)
            except VersionConflict as conflict:
                loaded = await retry.after_conflict(self.store, conflict, attempt, backoff=self.backoff)
                continue
            after = Loaded(stored, loaded.rules, loaded.state)
            self.sending.flush_at(after, taken.wakes, now)
            await self._send(after, taken.messages, taken.records, taken.committed, None, now)
            return

    async def settle(self, loaded: Loaded, *, now: int) -> None:
        """Bring the platform's side effects in line with the game as it stands (e.g. lift mutes its end
        could not lift), writing only when something is to be done."""
        records = stored_records.load(loaded.stored.records)
        prepared = await self.sending.prepare(loaded.rules, loaded.state, records, now)
        if prepared is None or (records.dump(now) == loaded.stored.records and not prepared.messages):
            return
        decided = decision.Decided(loaded.state, write=True)
        try:
            await self._commit(loaded, decided, None, now, before=loaded.state, prepared=prepared)
        except VersionConflict:
            log.info("settling lost a race; the next change settles", extra={"game_id": loaded.game_id})

    async def send_now(
        self, rules: GameRules, state: Any, notices: list[Notice], *, delivery_id: str | None = None
    ) -> None:
        """Send read-only answers (queries) without a write, once per delivery in this container
        (:class:`~handlers.answers.Answers`)."""
        settings = self.settings_for(state.chat_id)
        await self.answers.send_all(commit.render(rules, state, notices, settings), delivery_id=delivery_id)

    async def send_plain(self, message: OutMessage, *, delivery_id: str | None = None) -> None:
        """Send one answer that changes no game (help, a refusal, a menu), once per delivery in this
        container (:class:`~handlers.answers.Answers`)."""
        await self.answers.send_all([message], delivery_id=delivery_id)

    async def send_private(self, message: OutMessage, *, delivery_id: str | None = None) -> bool:
        """Send one answer to a group's input in a 1:1 chat (:meth:`Answers.send_private`): False when it
        could not go (then answer in the group)."""
        return await self.answers.send_private(message, delivery_id=delivery_id)

    # -- inside ---------------------------------------------------------------------------------------
    async def _commit(
        self,
        loaded: Loaded,
        decided: decision.Decided,
        delivery_id: str | None,
        now: int,
        *,
        before: Any,
        prepared: Prepared | None = None,
    ) -> Loaded:
        """Plan, write and send one decided change from ``before`` (None: a new game), with the platform's
        side effects (``prepared`` when already known); the game as committed. Raises
        ``VersionConflict``."""
        rules, state = loaded.rules, decided.state
        records = stored_records.load(loaded.stored.records)
        settings = self.settings_for(state.chat_id)
        messages = commit.render(rules, state, decided.notices, settings)
        if prepared is None:
            prepared = await self.sending.prepare(rules, state, records, now)
        else:
            records.platform[self.after_commit.key if self.after_commit else ""] = prepared.record
        if prepared is not None:
            messages += prepared.messages
        if state.phase == ENDED and (before is None or before.phase != ENDED):
            shown = self.recap.message(state)  # the recap picture and page, after the end's own texts
            messages += [shown] if shown is not None else []
        planned = commit.plan(
            loaded.stored, rules, before if before is not None else state, state, decided.notices,
            decided.events, messages=messages, records=records, sendable=outgoing.sendable_of(self.sender),
            delivery_id=delivery_id, now=now,
        )  # fmt: skip
        self._schedule(before, state, now)  # before the write: a crash after it never loses a timer
        stored = commit.write(self.store, loaded.stored, planned.change)
        after = Loaded(stored, rules, state)
        self.sending.flush_at(after, planned.wakes, now)
        await self._send(after, planned.direct, records, planned.committed, prepared, now)
        if planned.ended:
            self._record_result(rules, state)
        return after

    async def _send(
        self,
        game: Loaded,
        messages: list[OutMessage],
        records: Records,
        committed: str,
        prepared: Prepared | None,
        now: int,
    ) -> None:
        """The send step (:class:`~handlers.sending.Sending`), then what it found out told to the game."""
        sent = await self.sending.send(game, messages, records, committed, prepared, now=now)
        for command in sent.commands:
            await self.apply(game.game_id, command, delivery_id=None, now=now)
            if isinstance(command, BotRemoved):  # the group is gone: a later /newgame there starts afresh
                self.store.set_pointer("chat", game.state.chat_id, None)
        for old, new in sent.moved.items():
            await self.move_chat(game.game_id, old, new, now=now)

    async def move_chat(
        self, game_id: str, old_chat: str, new_chat: str, *, delivery_id: str | None = None, now: int
    ) -> Rejected | None:
        """The group ``old_chat`` now lives at ``new_chat`` (Telegram ``migrate_to_chat_id``, in an update
        or a 400 error): the game (``MoveChat``) and both chat pointers follow, also when the command is
        refused (a redelivery, or the game moved already), so a crash between the steps heals."""
        refusal = await self.apply(game_id, MoveChat(chat_id=new_chat), delivery_id=delivery_id, now=now)
        self.store.set_pointer("chat", new_chat, game_id)
        self.store.set_pointer("chat", old_chat, None)
        return refusal

    async def _redelivered(self, loaded: Loaded, delivery_id: str, now: int) -> Rejected:
        """A platform delivered ``delivery_id`` again: its change is in, so nothing is decided again; what
        its first attempt may have died before sending is sent again (:mod:`handlers.redelivery`), then
        what waits."""
        whole = self.history(loaded) if loaded.stored.chunks else None
        entry = redelivery.entry_of(loaded, delivery_id, whole)
        records = stored_records.load(loaded.stored.records)
        settings = self.settings_for(loaded.state.chat_id)
        again = redelivery.again(loaded, entry, records, now, settings=settings, recap=self.recap)
        if again is not None:
            await self._send(loaded, again, records, loaded.stored.records, None, now)
            loaded = self.load(loaded.game_id) or loaded
        await self.flush(loaded, now=now)
        return Rejected(reason=DUPLICATE)

    def _schedule(self, before: Any, after: Any, now: int) -> None:
        """The wake-ups of the change ``before`` → ``after`` about to be committed (``handlers.wakeups``)."""
        for wake_up in wake_ups(before, after, now=now):
            if wake_up.kind == "remind" and not self.reminds(after.chat_id):
                continue
            self.sending.wake_at(wake_up, now)

    def _record_result(self, rules: GameRules, state: Any) -> None:
        """Count a game that ended with a result in its group's stats (``/stats``; idempotent by game id).
        A failure is logged: only that game's line of ``/stats`` is lost."""
        if state.phase != ENDED:
            return
        try:
            self.store.record_result(state.chat_id, state.game_id, state.game, rules.winners(state))
        except Exception:
            log.exception("result not recorded", extra={"game_id": state.game_id})
