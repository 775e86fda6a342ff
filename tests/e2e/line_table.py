"""A table of LINE players in one group, driving the real LINE webhook, service, store and timer handler.

Everything a player does is one webhook event built from a recorded body (:mod:`tests.e2e.line_events`)
with a reply token the fake LINE API issued for the event's chat, signed with the channel secret and
POSTed to ``handlers.line.webhook.handler`` as a Function URL event; what players see is what the fake
LINE API (``tests.fakes.line_api``) delivered to their chats. Time is a fake clock shared by the webhook
and the timer handler (UTC epoch seconds); the test stands in for the SQS delay queue and calls the timer
handler at a phase's deadline. The timer has its own service and sender, which holds no reply token: in
free mode every message a timer writes waits for its chat's next event (design §4).

Each input is kept as a :class:`Posted` (the event, its chat and reply token, the LINE calls made and the
messages LINE delivered while it was handled); every postback button delivered to a 1:1 chat is kept as
an :class:`Offer`, judged against the rules in the state the game was in right after that input.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

from core.games import rules_for
from devtools.local.reading import GameReader
from handlers import menu, taps, timer
from handlers.line import webhook
from handlers.line.sender import LineSender
from handlers.messages import Sender, Tap
from handlers.service import Service
from handlers.timer import BATCH_LIMITS, PlatformSender
from infra.store import GameStore
from infra.timers import Scheduler, WakeUp
from tests.e2e import line_events as events
from tests.fakes.line_api import BASIC_ID, BOT_USER_ID, Call, FakeLineApi
from tests.fakes.line_checks import actions
from tests.fakes.line_state import Delivery

SECRET = "e2e-line-channel-secret-0001"
GROUP = "line:C0e2e0000000000000000000000000001"
GAME_ID = "g2026line"
SEED = 20_260_101
START = 1_767_225_600  # 2026-01-01T00:00:00Z
NAMES = ("Alex", "Jordan", "Sam", "たろう", "Mika", "Ren", "Noa", "Kai")
NUDGE = "~nudge"
POSTBACK_BYTES = 300


@dataclass(frozen=True)
class LinePlayer:
    """A LINE user; ``chat`` (``line:U…``) is both the user id and the 1:1 chat with the bot."""

    chat: str
    name: str


def line_players(count: int) -> list[LinePlayer]:
    """``count`` (≤ 8) LINE users with the names above, in join order."""
    return [LinePlayer(f"line:U{i + 1:032x}", NAMES[i]) for i in range(count)]


@dataclass(frozen=True)
class Posted:
    """One input: the webhook ``event`` (``None`` for a timer wake-up), the ``chat`` it came from and its
    reply ``token``; the LINE ``calls`` made and the ``delivered`` messages while it was handled."""

    event: dict[str, Any] | None
    chat: str | None
    token: str | None
    calls: list[Call]
    delivered: list[Delivery]

    def replied(self) -> list[dict[str, Any]]:
        """The message objects LINE delivered as replies while this input was handled."""
        return [m for d in self.delivered if d.via == "reply" for m in d.messages]


@dataclass(frozen=True)
class Offer:
    """A postback button delivered to ``player``'s 1:1 chat: its data and tap; ``current`` when it belongs
    to the phase the game was in once it arrived, ``legal`` when the rules allowed it then (a menu level
    that leads to a legal action, or back)."""

    player: LinePlayer
    data: str
    tap: Tap
    current: bool
    legal: bool


def postbacks(objects: list[dict[str, Any]]) -> list[tuple[str, Tap]]:
    """``(data, tap)`` of every choice button among LINE message ``objects`` (not 「進行」, not links)."""
    found: list[tuple[str, Tap]] = []
    for message in objects:
        for _, action in actions(message):
            data = action.get("data")
            if action.get("type") == "postback" and isinstance(data, str) and data != NUDGE:
                found.append((data, taps.decode(data, max_bytes=POSTBACK_BYTES)))
    return found


class LineTable:
    """One LINE group with ``people`` in it, a fake LINE API and a store. ``mode`` and ``push_budget``:
    the operator's delivery settings (``LINE_DELIVERY``, ``LINE_PUSH_BUDGET``) for both the webhook's and
    the timer's sender; ``settings`` become the group's settings; ``game_id`` and ``seed`` fix the game;
    ``scheduler``: where the webhook and the timer send their wake-ups (default none: the test fires
    deadlines itself)."""

    def __init__(
        self,
        fake: FakeLineApi,
        store: GameStore,
        people: list[LinePlayer],
        *,
        mode: str = "free",
        push_budget: int | None = None,
        settings: dict[str, Any] | None = None,
        game_id: str = GAME_ID,
        seed: int = SEED,
        scheduler: Scheduler | None = None,
    ) -> None:
        self.fake, self.store, self.people, self.game_id = fake, store, people, game_id
        self.reader = GameReader(store)
        self.now = START
        self.posted: list[Posted] = []
        self._latest: Any = None  # the state after the last input, read once per input
        self.offers: list[Offer] = []
        self._ids = itertools.count(1)
        group_settings = dict(settings or {})
        self.api = fake.client()
        self.sender = LineSender(self.api, mode=mode, push_budget=push_budget, basic_id=BASIC_ID)
        self.service = Service(
            store, self.sender, new_id=lambda: game_id, new_seed=lambda: seed,
            settings_for=lambda chat_id: group_settings, scheduler=scheduler,
        )  # fmt: skip
        webhook.configure(
            secret=SECRET, service=self.service, sender=self.sender, api=self.api, clock=self.clock
        )
        # The timer is another Lambda: its own service and client over the same table, no reply token.
        self.timer_api = fake.client()
        timer_sender = LineSender(self.timer_api, mode=mode, push_budget=push_budget, basic_id=BASIC_ID)

        async def line_sender() -> Sender:
            return timer_sender

        platforms = PlatformSender({"line:": line_sender}, BATCH_LIMITS)
        timer.configure(
            service=Service(store, platforms, scheduler=scheduler), clock=self.clock, scheduler=scheduler
        )

    def clock(self) -> float:
        return float(self.now)

    def tick(self, seconds: int = 1) -> None:
        self.now += seconds

    def close(self) -> None:
        """Close both clients in the loops they ran in and leave the handlers unconfigured."""
        webhook.LOOP.run(self.api.aclose())
        timer.LOOP.run(self.timer_api.aclose())
        webhook._Container.runtime = None
        webhook._Container.secret = None
        timer._Container.service = None

    # -- what players send ----------------------------------------------------------------------------
    def next_event_id(self) -> str:
        """A fresh ``webhookEventId`` (26 characters, like LINE's ULIDs)."""
        return f"01JE2E{next(self._ids):020d}"

    def post(self, event: dict[str, Any]) -> Posted:
        """POST one event as LINE does (asserting 200); what happened meanwhile."""
        calls, delivered = len(self.fake.calls), len(self.fake.deliveries())
        answer = webhook.handler(events.request([event], secret=SECRET, destination=BOT_USER_ID), None)
        assert answer["statusCode"] == 200
        chat = events.source_chat(event)
        return self._record(event, chat, event.get("replyToken"), calls, delivered)

    def _stamp(self, chat: str, expired: bool) -> dict[str, Any]:
        """A reply token for an event from ``chat`` (``expired``: LINE refuses it, as after a minute), a
        fresh event id and the time."""
        token = self.fake.token_for(chat)
        if expired:
            self.fake.expire(token)
        return {"token": token, "event_id": self.next_event_id(), "now": self.now}

    def say(self, player: LinePlayer | None, chat: str, text: str, *, expired: bool = False) -> Posted:
        """``player`` (``None``: a member LINE does not name) writes ``text`` in ``chat``."""
        user = None if player is None else player.chat
        return self.post(events.text_event(chat, user, text, **self._stamp(chat, expired)))

    def tap(self, player: LinePlayer, chat: str, data: str, *, expired: bool = False) -> Posted:
        """``player`` taps a button carrying ``data`` in ``chat`` (the group or their 1:1 chat)."""
        return self.post(events.postback_event(chat, player.chat, data, **self._stamp(chat, expired)))

    def my_turn(self, player: LinePlayer, *, expired: bool = False) -> Posted:
        """``player`` taps the rich menu's 「自分の番」 in the 1:1 chat."""
        return self.tap(player, player.chat, NUDGE, expired=expired)

    def progress(self, player: LinePlayer, *, expired: bool = False) -> Posted:
        """``player`` taps the group's 「進行」."""
        return self.tap(player, GROUP, NUDGE, expired=expired)

    def befriend(self, player: LinePlayer) -> Posted:
        """``player`` is in the group and adds the account as a friend (a follow event in the 1:1 chat)."""
        self.fake.join(GROUP, player.chat, player.name)
        self.fake.befriend(player.chat, player.name)
        return self.post(events.follow_event(player.chat, **self._stamp(player.chat, False)))

    def join_lobby(self, player: LinePlayer) -> Posted:
        """``player`` taps the join button of the newest lobby message in the group."""
        joins = [data for data in self.fake.postbacks(GROUP) if data != NUDGE and _kind(data) == "join"]
        assert joins, "the lobby message has no join button"
        return self.tap(player, GROUP, joins[-1])

    # -- the timer ------------------------------------------------------------------------------------
    def fire_timer_at_deadline(self) -> Posted:
        """The delayed timer message of the current phase arrives at its deadline."""
        state = self.state()
        assert state.deadline_at is not None, f"phase {state.phase} has no deadline"
        self.now = max(self.now, state.deadline_at)
        calls, delivered = len(self.fake.calls), len(self.fake.deliveries())
        body = json.dumps({"game_id": self.game_id, "phase_seq": state.phase_seq})
        answer = timer.handler({"Records": [{"messageId": f"m{state.phase_seq}", "body": body}]}, None)
        assert answer == {"batchItemFailures": []}
        return self._record(None, None, None, calls, delivered)

    def deliver(self, wake_up: WakeUp) -> Posted:
        """The timer Lambda receives ``wake_up`` (a scheduled one) at ``now`` as one SQS record."""
        calls, delivered = len(self.fake.calls), len(self.fake.deliveries())
        record = {"messageId": f"w{wake_up.phase_seq}-{wake_up.kind}-{self.now}", "body": wake_up.dump()}
        assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}
        return self._record(None, None, None, calls, delivered)

    # -- the store ------------------------------------------------------------------------------------
    def state(self) -> Any:
        """The game as the last input left it (read once per input)."""
        if self._latest is None:
            self._latest = self.reader.state(self.game_id)  # as decision.load_whole reads it
            assert self._latest is not None, "no game yet"
        return self._latest

    def version(self) -> tuple[int, str]:
        """The game's stored version and state: what a write would change."""
        stored = self.store.load(self.game_id)
        assert stored is not None, "no game yet"
        return stored.version, stored.state

    def waiting(self) -> dict[str, int]:
        """Messages still in the game's outbox, per chat."""
        stored = self.store.load(self.game_id)
        chats = [json.loads(payload)["chat_id"] for payload in (stored.pending if stored else {}).values()]
        return {chat: chats.count(chat) for chat in dict.fromkeys(chats)}

    def living(self) -> list[LinePlayer]:
        by_chat = {p.chat: p for p in self.people}
        return [by_chat[p.user_id] for p in self.state().players if p.alive]

    # -- what happened --------------------------------------------------------------------------------
    def _record(
        self, event: dict[str, Any] | None, chat: str | None, token: str | None, calls: int, delivered: int
    ) -> Posted:
        posted = Posted(event, chat, token, self.fake.calls[calls:], self.fake.deliveries()[delivered:])
        self.posted.append(posted)
        self._latest = None
        private = [d for d in posted.delivered if d.chat_id.startswith("U")]
        if any(postbacks(d.messages) for d in private):
            state = self.state()
            for delivery in private:
                self._offered(state, f"line:{delivery.chat_id}", postbacks(delivery.messages))
        return posted

    def _offered(self, state: Any, chat: str, shown: list[tuple[str, Tap]]) -> None:
        rules = rules_for(state.game)
        player = next(p for p in self.people if p.chat == chat)
        seat = rules.seat_of(state, chat)
        legal = rules.legal_actions(state, seat) if seat else []
        for data, tap in shown:
            allowed = menu.opens_level(tap.action, legal) if tap.menu else tap.action in legal
            current = tap.game_id == state.game_id and tap.phase_seq == state.phase_seq
            self.offers.append(Offer(player, data, tap, current, current and allowed))


def _kind(data: str) -> str | None:
    try:
        return taps.decode(data, max_bytes=POSTBACK_BYTES).action.kind
    except taps.ForgedTap:
        return None
