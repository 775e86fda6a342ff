"""Sending a game's outbox: each committed message exactly once, in order per chat, paced per group
(design §1 "persist first, then send", §4 group limits). ``GameRunner.flush`` delegates here.

One flush (docs/storage.md, "Sending the outbox"):

1. the game as the commit that added messages returned it (:class:`Committed`), else loaded. That commit
   took the flush lease (it was free) → 3. Nothing pending → done. Another flush holds the lease → done
   (it looks again before it stops); if that holder has been silent too long (crashed) or a chat's
   wake-up falls due while it holds the lease, a flush wake-up is scheduled for when its lease lapses.
2. take the free or lapsed lease (``GameStore.acquire_flush``, :data:`LEASE_SECONDS`); lost the race → done.
3. send the pending messages oldest first (without the buttons of a phase that has ended meanwhile:
   :func:`handlers.outbox.without_stale_buttons`), a chat's waiting messages merged (:data:`MERGE_LIMIT`)
   and, for a :class:`~handlers.messages.BatchSender` (LINE: 5 message objects per call), sent several
   per call (:func:`handlers.sendlog.batches`). A chat whose message cannot go now is held: its later messages
   wait, other chats go on. Held by a 429 ``retry_after`` (:class:`RetryLater`), a transient error (5xx,
   network, timeout: backoff ``sendlog.FIRST_BACKOFF`` doubling to ``sendlog.MAX_BACKOFF``) or its pacing
   budget (``sendlog.PACED``); a flush wake-up is scheduled for when it may go again (without a scheduler
   the next input retries). Held with no wake-up by :class:`AwaitingReply` (LINE's free mode: only a reply
   to the chat's next event can carry it). An unreachable user's message is dropped (403); a moved chat's
   messages go to its new id (Telegram 400 ``migrate_to_chat_id``). A slot message (``OutMessage.slot``)
   edits the chat's message of that slot when it is still the chat's latest and the sender can edit
   (:class:`~handlers.messages.EditingSender`, Telegram); else it is sent as a new one.
4. release (``GameStore.release_flush``): one write removes the sent ids, stores the send record (recent
   group send times, failures, wake-ups, push costs, slot messages) and frees the lease; entries
   committed meanwhile → back to 2.
5. follow-ups through the runner: a moved group moves the game and both chat pointers
   (``platform_events.move_chat``), an unreachable user is reported (``SetReachable``).

Times are UTC epoch seconds (the ``now`` of the input or timer), except the holder's own sending budget
(:data:`SEND_BUDGET`), which is real elapsed time.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.engine.commands import SetReachable
from handlers import outbox
from handlers.messages import (
    AwaitingReply,
    BatchSender,
    ChatMoved,
    EditingSender,
    OutMessage,
    RetryLater,
    Unreachable,
)
from handlers.platform_events import move_chat
from handlers.sendlog import ChatLog, aimed, backoff, batches, dump_logs, load_logs, pace_of, remember
from handlers.textunits import units
from infra.store import StoredGame
from infra.timers import WakeUp

if TYPE_CHECKING:
    from handlers.runner import GameRunner

log = logging.getLogger(__name__)

#: How long a flush lease lasts (seconds). Longer than any holder can live (the functions' timeout,
#: template.yaml), so a live holder never loses it; a crashed holder's lease lapses after it.
LEASE_SECONDS = 60
#: Real seconds a holder spends sending before it releases and leaves the rest to a wake-up: inside the
#: Telegram webhook's 20 s timeout (template.yaml) with room for one more send (Bot API timeouts of 5 s
#: plus a 429 waited out in place, at most 5 s) and the release.
SEND_BUDGET = 10.0
#: A lease older than this (seconds) whose holder has not released it is presumed dead.
HOLDER_SILENT = 40
#: Lease rounds per flush: entries committed while the lease was held are sent in the next round.
MAX_ROUNDS = 5
#: Longest text (UTF-16 code units) that waiting messages are merged into: Telegram's limit for one
#: message (core.telegram.org/bots/api#sendmessage; LINE allows 5000 characters), so a merge never
#: splits into several sends.
MERGE_LIMIT = 4096


@dataclass(frozen=True)
class Committed:
    """What a commit that added messages leaves for the flush that follows it: ``stored``, the game as the
    commit returned it, and ``holder``, the lease token it offered (:func:`lease_offer`). The flush starts
    from ``stored`` instead of loading the game, and sends at once when the commit took the lease."""

    stored: StoredGame
    holder: str

    def holds(self, now: int) -> bool:
        """Whether the commit took the flush lease and it is still live at ``now`` (UTC epoch seconds)."""
        return self.stored.is_held_by(self.holder, now)


def lease_offer(now: int) -> tuple[str, int]:
    """A new lease token and the end (UTC epoch seconds) of a lease taken at ``now``, for a commit to take
    the flush lease with (``GameStore.commit(flush_holder=…, lease_until=…)``)."""
    return secrets.token_hex(8), now + LEASE_SECONDS


async def flush(runner: GameRunner, game_id: str, *, now: int, committed: Committed | None = None) -> None:
    """Send what the outbox of ``game_id`` holds (see the module docstring). ``committed``: what the commit
    just made by this runner returned (its lease, if it took it, is this flush's to release). Never raises
    for a send failure; store errors (botocore ``ClientError``) propagate."""
    stored = committed.stored if committed else runner.store.load(game_id)
    if stored is None:
        return
    if committed and committed.holds(now):
        run = _Run(runner, game_id, now, holder=committed.holder)
        await run.rounds(held=stored)
    elif not stored.outbox:
        return
    elif stored.is_leased(now):
        _Run(runner, game_id, now).leave_to_holder(stored)
        return
    else:
        run = _Run(runner, game_id, now)
        await run.rounds()
    await run.follow_up()


def _one(chat_id: str) -> int:
    return 1


class _Run:
    """One flush: the lease token, the chats held back and what the follow-ups need."""

    def __init__(self, runner: GameRunner, game_id: str, now: int, *, holder: str | None = None) -> None:
        self.runner, self.game_id, self.now = runner, game_id, now
        self.holder = holder or secrets.token_hex(8)
        self.logs: dict[str, ChatLog] = {}
        self.held: dict[str, int] = {}
        self.moved: dict[str, str] = {}
        self.blocked: list[str] = []
        self.scheduled: set[int] = set()
        self.group: str | None = None
        self.phase_seq = 0
        self.started = time.monotonic()
        self.out_of_time = False

    def read(self, stored: StoredGame) -> None:
        """Take the game's chat logs and envelope; chats with a wake-up still ahead stay held."""
        data = json.loads(stored.state)
        self.group, self.phase_seq = data.get("chat_id"), int(data.get("phase_seq", 0))
        self.logs = load_logs(stored.sends)
        for chat, entry in self.logs.items():
            if entry.wake > self.now:
                self.held.setdefault(chat, entry.wake)

    def leave_to_holder(self, stored: StoredGame) -> None:
        """Another flush holds the lease and looks again before it stops. A wake-up is scheduled for when
        the lease lapses if the holder has been silent too long (crashed), or if a chat's wake-up falls
        due while the lease is held (the holder may have held that chat back, and the wake-up finds the
        lease taken)."""
        self.read(stored)
        silent = self.now - (stored.lease_until - LEASE_SECONDS) >= HOLDER_SILENT
        if silent or any(0 < entry.wake <= stored.lease_until for entry in self.logs.values()):
            self.schedule(stored.lease_until)

    async def rounds(self, *, held: StoredGame | None = None) -> None:
        """Send and release, again while entries arrive for chats not held back. ``held``: the game as a
        commit that took the lease for :attr:`holder` returned it (the first round needs no acquire)."""
        taken = held
        for _ in range(MAX_ROUNDS):
            taken = taken or self.runner.store.acquire_flush(
                self.game_id, holder=self.holder, until=self.now + LEASE_SECONDS, now=self.now
            )
            if taken is None:
                return
            self.read(taken)
            sent = await self._send_pending(taken)
            after = self.runner.store.release_flush(
                self.game_id, holder=self.holder, sent=sent, sends=dump_logs(self.logs, self.now)
            )
            if after is None or self.out_of_time or not self._arrived(taken, after):
                return
            taken = None
        self.schedule(self.now)  # still more arriving: a wake-up sends the rest

    async def _send_pending(self, taken: StoredGame) -> list[str]:
        """Send the outbox oldest first, a chat's waiting messages merged where they may be (fewer
        messages for a paced group); the ids that are done with."""
        pending = [
            (oid, outbox.without_stale_buttons(outbox.load(payload), self.phase_seq))
            for oid, payload in sorted(taken.outbox.items())
        ]
        sender = self.runner.sender
        size = sender.batch_limit if isinstance(sender, BatchSender) else _one
        done: list[str] = []
        for ids, batch in batches(outbox.merge(pending, limit=MERGE_LIMIT), size):
            # Each message carries its outbox ids: a platform's retry key is made of them (LINE pushes).
            tagged = [replace(m, outbox_id=",".join(mids)) for mids, m in zip(ids, batch, strict=True)]
            sent = await self._deliver(tagged)
            done += [oid for message_ids in ids[:sent] for oid in message_ids]
        return done

    def _arrived(self, taken: StoredGame, after: StoredGame) -> bool:
        """Whether entries for a chat that is not held were committed while the lease was held."""
        fresh = [after.outbox[oid] for oid in after.outbox.keys() - taken.outbox.keys()]
        return any(self._chat(outbox.load(payload)) not in self.held for payload in fresh)

    def _chat(self, message: OutMessage) -> str:
        return self.moved.get(message.chat_id, message.chat_id)

    async def _deliver(self, batch: list[OutMessage]) -> int:
        """Send ``batch`` (one chat's messages, in order) unless its chat is held; how many of its first
        messages are done with (sent, or their user is unreachable). A chat whose platform took fewer
        than all is held back until a flush wake-up at once."""
        chat = self._chat(batch[0])
        if chat in self.held:
            return 0
        if time.monotonic() - self.started > SEND_BUDGET:
            self.out_of_time = True
            self._hold(chat, self.now, binding=False)
            return 0
        pace = pace_of(chat)
        entry = self.logs.setdefault(chat, ChatLog())
        recent = [t for t in entry.sent if pace and t > self.now - pace[1]]
        pieces = sum(-(-units(m.text) // MERGE_LIMIT) or 1 for m in batch)  # long texts go in pieces
        if pace and recent and len(recent) + pieces > pace[0]:
            self._hold(chat, min(recent) + pace[1], binding=True)
            return 0
        try:
            sent, cost = await self._send([replace(m, chat_id=chat) for m in batch])
        except ChatMoved as moved:
            return await self._moved(batch, moved)
        except Unreachable as err:
            self.blocked.append(err.chat_id)
            return len(batch)
        except AwaitingReply:
            self.held[chat] = self.now  # until the chat's next event; no wake-up can help
            return 0
        except RetryLater as err:
            entry.fails += 1
            self._hold(chat, self.now + math.ceil(err.seconds), binding=True)
            return 0
        except Exception as exc:
            entry.fails += 1
            log.warning("send failed, kept: %s", type(exc).__name__, extra={"game_id": self.game_id})
            self._hold(chat, self.now + backoff(entry.fails), binding=False)
            return 0
        entry.fails, entry.cost = 0, entry.cost + cost
        entry.sent = [*recent, *[self.now] * pieces] if pace else []
        if sent < len(batch):
            self._hold(chat, self.now, binding=False)
        return sent

    async def _send(self, batch: list[OutMessage]) -> tuple[int, int]:
        """One call to the platform: how many of the first messages it took, and what it spent of the
        counted messages (0 but for LINE pushes). An :class:`EditingSender` edits the chat's slot message
        (:func:`handlers.sendlog.aimed`) and the chat's record remembers what it now shows."""
        sender = self.runner.sender
        if isinstance(sender, EditingSender) and sender.edits(batch[0].chat_id):
            entry = self.logs.setdefault(batch[0].chat_id, ChatLog())
            remember(entry, batch[0], await sender.deliver(aimed(batch[0], entry)))
            return 1, 0
        if isinstance(sender, BatchSender):
            return await sender.send_batch(batch, spent=sum(e.cost for e in self.logs.values()))
        await sender.send(batch[0])
        return 1, 0

    async def _moved(self, batch: list[OutMessage], moved: ChatMoved) -> int:
        """The chat lives under a new id now: this and its later messages go there."""
        if batch[0].chat_id in self.moved:
            self._hold(moved.chat_id, self.now, binding=False)  # moved twice in one flush: try later
            return 0
        log.info("chat moved; following it", extra={"game_id": self.game_id})
        self.moved[batch[0].chat_id] = moved.new_chat_id
        return await self._deliver(batch)

    def _hold(self, chat: str, until: int, *, binding: bool) -> None:
        """Hold ``chat`` back until ``until``. A wake-up is scheduled then; the wait is remembered when
        it was scheduled or when the platform set it (``binding``: 429, pacing), else the next input
        retries."""
        self.held[chat] = until
        if self.schedule(until) or binding:
            self.logs.setdefault(chat, ChatLog()).wake = until

    def schedule(self, at: int) -> bool:
        """Schedule a flush wake-up at ``at`` (once per flush); False without a scheduler or on failure."""
        scheduler = self.runner.scheduler
        if scheduler is None:
            return False
        if at not in self.scheduled:
            try:
                scheduler.schedule(WakeUp(self.game_id, self.phase_seq, "flush", at=at), now=self.now)
            except Exception:
                log.exception("flush wake-up not scheduled", extra={"game_id": self.game_id})
                return False
            self.scheduled.add(at)
        return True

    async def follow_up(self) -> None:
        """Tell the game what sending found out: a moved group (the game and both chat pointers follow, as
        for the platform's own notice: :func:`handlers.platform_events.move_chat`; also when the game had
        moved already, so pointers a crash left behind heal), unreachable users."""
        for old, new in self.moved.items():
            if self.group in (old, new):
                await move_chat(self.runner, self.game_id, old, new, delivery_id=None, now=self.now)
        for chat in dict.fromkeys(self.blocked):
            if chat != self.group and chat not in self.moved.values():
                command = SetReachable(user_id=chat, reachable=False)
                await self.runner.apply(self.game_id, command, delivery_id=None, now=self.now)
