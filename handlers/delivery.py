"""Sending a batch of messages to their chats: every chat at once (at most :data:`IN_FLIGHT` calls in
flight), each chat's messages in order, within the platform's overall rate (:class:`Throttle`); what a
chat cannot take now is reported, never raised (design §1: a phase change reaches a 16-player table in
about one API round trip; §4 platform limits).

:func:`send_all` is used for the messages a commit sends itself (:mod:`handlers.runner`) and for the ones
that waited in the outbox (:mod:`handlers.pending`). Per chat, in order: a batch (one platform call:
:class:`~handlers.messages.BatchSender`, LINE's 5 message objects) or one message; a slot message
(``OutMessage.slot``) edits the chat's slot message with an :class:`~handlers.messages.EditingSender`
(Telegram) when that one is still the chat's latest. A chat stops at its first failure, and the rest of
its messages are reported with why: :class:`~handlers.messages.RetryLater` (429 ``retry_after``),
:class:`~handlers.messages.AwaitingReply` (LINE: only a reply to the chat's next event can carry it), a
transient error (5xx, network, timeout: backoff :func:`handlers.sendlog.backoff`), or the time budget
(:data:`SEND_BUDGET`) spent; :class:`~handlers.messages.Unreachable` drops the chat's messages (the user
blocked the bot) and :class:`~handlers.messages.ChatMoved` sends them on to the chat's new id. Times are UTC
epoch seconds, except the budget and the throttle, which are real elapsed time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import deque
from dataclasses import dataclass, field, replace

from handlers import outbox
from handlers.messages import (
    AwaitingReply,
    BatchSender,
    ChatMoved,
    EditingSender,
    OutMessage,
    RetryLater,
    Sender,
    Unreachable,
)
from handlers.records import Records
from handlers.sendlog import aimed, backoff, batches, remember

log = logging.getLogger(__name__)

#: Platform calls in flight at once, over all chats of one batch.
IN_FLIGHT = 8
#: Real seconds one invocation spends sending before it leaves the rest waiting (a flush wake-up sends
#: it): inside the Telegram webhook's 20 s timeout (template.yaml) with room for the write that records it.
SEND_BUDGET = 10.0
#: Longest text (UTF-16 code units) that waiting messages are merged into: Telegram's limit for one
#: message (core.telegram.org/bots/api#sendmessage; LINE allows 5000 characters).
MERGE_LIMIT = 4096


class Throttle:
    """At most ``rate`` platform calls started in any ``per`` real seconds by this process (Telegram: "no
    more than 30 messages per second" to different chats, core.telegram.org/bots/faq "My bot is hitting
    limits"). One per container and platform: the webhook's sender keeps it between invocations."""

    def __init__(self, rate: int = 30, per: float = 1.0) -> None:
        self.rate, self.per = rate, per
        self._starts: deque[float] = deque()

    async def acquire(self) -> None:
        """Wait (real time) until one more call may start within the rate, and count it."""
        while True:
            now = time.monotonic()
            while self._starts and self._starts[0] <= now - self.per:
                self._starts.popleft()
            if len(self._starts) < self.rate:
                self._starts.append(now)
                return
            await asyncio.sleep(self._starts[0] + self.per - now)


@dataclass(frozen=True)
class Held:
    """Why a chat's ``messages`` did not go: ``until`` (UTC epoch s) is when to try again (0: at its next
    event, LINE's reply), ``binding`` when the platform set that time (429) rather than our backoff."""

    messages: list[OutMessage]
    until: int
    binding: bool


@dataclass
class Report:
    """What :func:`send_all` did: ``held`` chat → :class:`Held`; ``unreachable`` users whose messages were
    dropped; ``moved`` old chat id → new one; ``sent`` how many messages went (counting merged parts)."""

    held: dict[str, Held] = field(default_factory=dict)
    unreachable: list[str] = field(default_factory=list)
    moved: dict[str, str] = field(default_factory=dict)
    sent: int = 0

    def merge(self, other: Report) -> None:
        """Add what ``other`` (a later send of the same commit) found."""
        self.held.update(other.held)
        self.unreachable += other.unreachable
        self.moved.update(other.moved)
        self.sent += other.sent

    @property
    def clean(self) -> bool:
        """Nothing to record: every message went and no chat changed."""
        return not (self.held or self.unreachable or self.moved)


async def send_all(
    sender: Sender,
    messages: list[OutMessage],
    records: Records,
    *,
    now: int,
    throttle: Throttle | None = None,
    started: float | None = None,
) -> Report:
    """Send ``messages`` (in order within each chat) and report (see the module docstring). ``records``:
    the game's records; their chat logs are updated in place (failures, slot messages, push costs).
    ``started``: when the budget started (``time.monotonic()``; default now). Never raises for a send
    failure."""
    report = Report()
    gate = asyncio.Semaphore(IN_FLIGHT)
    run = _Run(sender, records, report, now, gate, throttle, started or time.monotonic())
    per_chat: dict[str, list[OutMessage]] = {}
    for message in messages:
        per_chat.setdefault(message.chat_id, []).append(message)
    # The longest chats start first: a chat's messages go one after the other, so with more chats than
    # calls in flight the batch ends soonest when the long chains are not left for the last round.
    longest_first = sorted(per_chat.items(), key=lambda item: -len(item[1]))
    await asyncio.gather(*(run.chat(chat, queued) for chat, queued in longest_first))
    return report


def _identified(merged: OutMessage, parts: list[OutMessage]) -> OutMessage:
    """``merged`` carrying the identities of its ``parts`` (``OutMessage.outbox_id``, joined)."""
    ids = [m.outbox_id for m in parts if m.outbox_id]
    return replace(merged, outbox_id=",".join(ids) if ids else None)


class _Stop(Exception):
    """A chat stops here: held ``until`` (UTC epoch s; 0: its next event; ``binding`` when the platform set
    it), moved to the chat ``moved``, or neither (its user cannot be messaged: the rest is dropped)."""

    def __init__(self, *, until: int | None = None, binding: bool = False, moved: str | None = None) -> None:
        super().__init__(until, moved)
        self.until, self.binding, self.moved = until, binding, moved


@dataclass
class _Run:
    sender: Sender
    records: Records
    report: Report
    now: int
    gate: asyncio.Semaphore
    throttle: Throttle | None
    started: float
    budget: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def chat(self, chat: str, messages: list[OutMessage]) -> None:
        """Send one chat's messages in order, merged where they may be; stop at the first that cannot go
        (what is held back is reported as it was given, unmerged)."""
        merged = [(parts, _identified(m, [messages[k] for k in parts]))
                  for parts, m in outbox.merge(list(enumerate(messages)), limit=MERGE_LIMIT)]  # fmt: skip
        size = self.sender.batch_limit(chat) if isinstance(self.sender, BatchSender) else 1
        queue = batches([([str(k) for k in parts], m) for parts, m in merged], lambda c: size)
        for index, (_, batch) in enumerate(queue):
            parts = [[int(k) for k in keys] for later_ids, _ in queue[index:] for keys in later_ids]
            if time.monotonic() - self.started > SEND_BUDGET:
                self._hold(chat, messages, parts, self.now, binding=False)
                return
            try:
                taken = await self._one(chat, batch)
            except _Stop as stop:
                if stop.until is not None:
                    self._hold(chat, messages, parts, stop.until, binding=stop.binding)
                elif stop.moved is not None:
                    rest = [messages[k] for keys in parts for k in keys]
                    await self.chat(stop.moved, [replace(m, chat_id=stop.moved) for m in rest])
                return
            if taken < len(batch):
                self._hold(chat, messages, parts[taken:], self.now, binding=False)
                return

    def _hold(
        self, chat: str, messages: list[OutMessage], parts: list[list[int]], until: int, *, binding: bool
    ) -> None:
        """Report ``chat`` held until ``until`` with the given messages whose merged ones did not go."""
        self.report.held[chat] = Held([messages[k] for keys in parts for k in keys], until, binding)

    async def _one(self, chat: str, batch: list[OutMessage]) -> int:
        """One platform call; how many of ``batch`` went. Raises :class:`_Stop` when the chat stops. A
        call that draws on the game's push budget waits for the others that do (one at a time), so two
        chats never both spend the last of it."""
        entry = self.records.chat(chat)
        budgeted = getattr(self.sender, "budgeted", None)
        serial = self.budget if callable(budgeted) and budgeted(chat) else contextlib.nullcontext()
        try:
            async with serial, self.gate:
                if self.throttle is not None:
                    await self.throttle.acquire()
                taken, cost = await self._call(chat, batch)
        except ChatMoved as moved:
            self.report.moved[chat] = moved.new_chat_id
            raise _Stop(moved=moved.new_chat_id) from moved
        except Unreachable as err:
            self.report.unreachable.append(err.chat_id)
            raise _Stop() from err
        except AwaitingReply as err:
            raise _Stop(until=0) from err
        except RetryLater as err:
            entry.fails += 1
            raise _Stop(until=self.now + math.ceil(err.seconds), binding=True) from err
        except Exception as exc:
            entry.fails += 1
            log.warning("send failed, kept: %s", type(exc).__name__)
            raise _Stop(until=self.now + backoff(entry.fails)) from exc
        entry.fails, entry.cost = 0, entry.cost + cost
        self.report.sent += taken
        return taken

    async def _call(self, chat: str, batch: list[OutMessage]) -> tuple[int, int]:
        """One call to the platform: how many of the first messages it took, and what it spent of the
        counted messages (0 but for LINE pushes)."""
        sender = self.sender
        if isinstance(sender, EditingSender) and sender.edits(chat):
            entry = self.records.chat(chat)
            remember(entry, batch[0], await sender.deliver(aimed(batch[0], entry)))
            return 1, 0
        if isinstance(sender, BatchSender):
            spent = sum(e.cost for e in self.records.chats.values())
            return await sender.send_batch(batch, spent=spent)
        await sender.send(batch[0])
        return 1, 0
