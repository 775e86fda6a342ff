"""A game of 徒桜戦争 on the real service with a fake clock and a :class:`MemoryScheduler`, whose wake-ups
the test delivers to the timer Lambda as SQS would: each one arrives ``DelaySeconds`` (at most 900 s)
after it was sent, as the ``body`` of an SQS record.

``Clocked.start()`` opens a lobby of four at ``START``, seats them and deals night 0 (120 s; what the deal
sent is dropped). Every inbound input and every delivery notes the wake-ups it scheduled (``in_flight``),
stamped with their arrival.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import core.i18n as i18n
from handlers import timer
from handlers.messages import Inbound, Intent, OutMessage, TextCommand
from handlers.service import Service
from infra.store import MemoryStore
from infra.timers import MemoryScheduler, Scheduler, WakeUp, delay_of

GAME = "gclock01"
GROUP = "tg:-1001000000002"
USERS = [f"tg:{2000000001 + i}" for i in range(4)]
START = 1_767_225_600
#: The reminder as players read it, 30 s before a deadline [ADZ-11.8].
REMINDER = i18n.text("remind.choice", "ja", "adazakura", seconds=30)


def long_reminder(deadline: int, minutes: int, locale: str = "ja", zone: str = "Asia/Tokyo") -> str:
    """The reminder of a long phase as players read it, ``minutes`` before ``deadline`` (UTC epoch s),
    with the deadline's local time in ``zone`` (docs/architecture.md "Timers")."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    local = datetime.fromtimestamp(deadline, ZoneInfo(zone))
    return i18n.text(
        "remind.choice.long", locale, "adazakura", left=minutes * 60, month=local.month, day=local.day,
        time=local.strftime("%H:%M"), abbr=local.tzname() or "",
    )  # fmt: skip


@dataclass
class Recorder:
    """A sender that keeps what it was asked to send."""

    sent: list[OutMessage] = field(default_factory=list)

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)


@dataclass
class Clocked:
    store: MemoryStore
    sender: Recorder
    scheduler: Scheduler
    service: Service
    now: int = START
    #: Wake-ups on their way: (arrival second, wake-up), in the order they were sent.
    in_flight: list[tuple[int, WakeUp]] = field(default_factory=list)
    _n: int = 0

    @classmethod
    def start(cls, settings: dict[str, Any] | None = None, scheduler: Scheduler | None = None) -> Clocked:
        """The dealt game; ``scheduler`` (default a :class:`MemoryScheduler`) serves the service and the
        timer, and only a :class:`MemoryScheduler`'s wake-ups are put ``in_flight``."""
        store, sender, scheduler = MemoryStore(), Recorder(), scheduler or MemoryScheduler()
        service = Service(
            store, sender, new_id=lambda: GAME, new_seed=lambda: 7,
            settings_for=lambda chat: dict(settings or {}), scheduler=scheduler,
        )  # fmt: skip
        game = cls(store, sender, scheduler, service)
        timer.configure(service=service, clock=lambda: game.now, scheduler=scheduler)
        game.say(USERS[0], GROUP, TextCommand("newgame"))
        for user in USERS:
            game.say(user, user, TextCommand("start", (GAME,)))
        game.say(USERS[0], GROUP, TextCommand("startgame"))
        game.take_sent()
        # The lobby's expiry (phase 0, ``core.engine.lobby.expire``) is stale once the game has started.
        game.in_flight = [(at, w) for at, w in game.in_flight if w.phase_seq != 0]
        return game

    # -- inputs ---------------------------------------------------------------------------------------
    def say(self, user: str, chat: str, intent: Intent) -> None:
        """``user`` sends ``intent`` in ``chat`` (a 1:1 chat when ``chat`` is the user) at ``now``."""
        self._n += 1
        inbound = Inbound(
            "telegram", f"tg:{self._n}", chat, chat == user, user, user.removeprefix("tg:"), intent
        )
        asyncio.run(self.service.handle(inbound, now=self.now))
        self._post()

    def deliver(self, wake_up: WakeUp) -> dict[str, Any]:
        """The timer Lambda receives ``wake_up`` at ``now`` as one SQS record; its answer."""
        record = {"messageId": f"m-{self._n}", "body": wake_up.dump(), "eventSource": "aws:sqs"}
        self._n += 1
        answer = timer.handler({"Records": [record]}, None)
        self._post()
        return answer

    def deliver_next(self) -> tuple[int, WakeUp]:
        """The wake-up that arrives first: the clock moves to its arrival and the timer receives it."""
        arrival, wake_up = min(self.in_flight, key=lambda pair: pair[0])
        self.in_flight.remove((arrival, wake_up))
        self.now = max(self.now, arrival)
        assert self.deliver(wake_up) == {"batchItemFailures": []}
        return arrival, wake_up

    def _post(self) -> None:
        """SQS takes what was scheduled just now: each arrives ``DelaySeconds`` later."""
        if not isinstance(self.scheduler, MemoryScheduler):
            return
        self.in_flight += [(self.now + delay_of(w, self.now), w) for w in self.scheduler.scheduled]
        self.scheduler.scheduled.clear()

    # -- what the store and the players see -----------------------------------------------------------
    def state(self) -> dict[str, Any]:
        stored = self.store.load(GAME)
        assert stored is not None
        data: dict[str, Any] = json.loads(stored.state)
        return data

    def version(self) -> int:
        stored = self.store.load(GAME)
        assert stored is not None
        return stored.version

    def wake_ups(self) -> list[WakeUp]:
        return [w for _, w in self.in_flight]

    def take_sent(self) -> list[OutMessage]:
        sent = list(self.sender.sent)
        self.sender.sent.clear()
        return sent
