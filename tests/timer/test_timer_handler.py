"""The timer Lambda closes a phase at its deadline; stale, early or malformed wake-ups change nothing;
older wake-ups without ``kind``/``at`` still work; a flush wake-up sends what the outbox kept."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from handlers import timer
from handlers.messages import Inbound, Intent, OutMessage, Sender, TextCommand
from handlers.service import Service
from handlers.telegram.sender import TelegramSender
from infra.store import MemoryStore
from infra.timers import MemoryScheduler, WakeUp
from tests.timer.clocked import Recorder

GAME = "gtimer01"
GROUP = "tg:-1001000000001"
USERS = [f"tg:{1000000001 + i}" for i in range(4)]
START = 1_767_225_600


@dataclass
class Game:
    store: MemoryStore
    sender: Recorder
    clock: list[int]

    def state(self) -> dict[str, object]:
        stored = self.store.load(GAME)
        assert stored is not None
        data: dict[str, object] = json.loads(stored.state)
        return data

    def version(self) -> int:
        stored = self.store.load(GAME)
        assert stored is not None
        return stored.version


def inbound(user: str, chat: str, intent: Intent, n: int) -> Inbound:
    return Inbound("telegram", f"tg:{n}", chat, chat == user, user, user.removeprefix("tg:"), intent)


@pytest.fixture
def game() -> Game:
    """Four players at night 0 of a fresh game; the timer handler uses the same store and a fake clock."""
    store, sender = MemoryStore(), Recorder()
    service = Service(store, sender, new_id=lambda: GAME, new_seed=lambda: 7)
    steps = [inbound(USERS[0], GROUP, TextCommand("newgame"), 1)]
    steps += [inbound(u, u, TextCommand("start", (GAME,)), 2 + i) for i, u in enumerate(USERS)]
    steps.append(inbound(USERS[0], GROUP, TextCommand("startgame"), 9))
    for step in steps:
        asyncio.run(service.handle(step, now=START))
    clock = [START]
    timer.configure(service=service, clock=lambda: clock[0])
    return Game(store, sender, clock)


def wake_up(game: Game) -> dict[str, object]:
    state = game.state()
    return {"game_id": GAME, "phase_seq": state["phase_seq"]}


def test_a_timer_at_the_deadline_closes_the_night_and_the_group_hears_the_morning(game: Game) -> None:
    before = game.state()
    game.clock[0] = int(str(before["deadline_at"]))
    game.sender.sent.clear()

    assert timer.handler(wake_up(game), None) == {"fired": 1}

    after = game.state()
    assert (before["phase"], after["phase"]) == ("night", "discussion")
    assert any(m.chat_id == GROUP for m in game.sender.sent)


def test_an_sqs_record_fires_like_a_direct_event(game: Game) -> None:
    game.clock[0] = int(str(game.state()["deadline_at"]))
    record = {"messageId": "m-1", "body": json.dumps(wake_up(game))}

    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}

    assert game.state()["phase"] == "discussion"


def test_a_stale_timer_changes_nothing_and_says_nothing(game: Game) -> None:
    old = wake_up(game)
    game.clock[0] = int(str(game.state()["deadline_at"]))
    timer.handler(old, None)
    version = game.version()
    game.sender.sent.clear()

    game.clock[0] += 1
    assert timer.handler(old, None) == {"fired": 1}

    assert game.version() == version
    assert game.state()["phase"] == "discussion"
    assert game.sender.sent == []


def test_a_timer_that_arrives_before_the_deadline_changes_nothing(game: Game) -> None:
    version = game.version()
    game.clock[0] = int(str(game.state()["deadline_at"])) - 1

    timer.handler(wake_up(game), None)

    assert game.version() == version
    assert game.state()["phase"] == "night"


@dataclass
class FakeService:
    """Stands in for the service: records each wake-up, and raises for the game ids in ``failing``."""

    fired: list[tuple[str, int, int]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    failing: set[str] = field(default_factory=set)

    async def wake(self, wake_up: WakeUp, *, now: int, delivery_id: str | None = None) -> None:
        if wake_up.game_id in self.failing:
            raise RuntimeError("store unavailable")
        self.fired.append((wake_up.game_id, wake_up.phase_seq, now))
        self.kinds.append(wake_up.kind)

    def still_wanted(self, wake_up: WakeUp) -> bool:
        return True


MALFORMED = [
    "not json",
    "[1]",
    '{"game_id": "g1"}',
    '{"game_id": "", "phase_seq": 1}',
    '{"game_id": "g1", "phase_seq": -1}',
    '{"game_id": "g1", "phase_seq": true}',
    '{"game_id": 5, "phase_seq": 1}',
    '{"game_id": "g1", "phase_seq": "3"}',
    '{"game_id": "g1", "phase_seq": 3, "kind": "nap"}',
    '{"game_id": "g1", "phase_seq": 3, "kind": "remind", "at": -5}',
    '{"game_id": "g1", "phase_seq": 3, "kind": "remind", "at": false}',
]


@pytest.mark.parametrize("body", MALFORMED)
def test_a_malformed_wake_up_is_dropped_not_retried(body: str) -> None:
    service = FakeService()
    timer.configure(service=service, clock=lambda: START)

    assert timer.handler({"Records": [{"messageId": "m-1", "body": body}]}, None) == {"batchItemFailures": []}
    assert timer.handler(json.loads(body) if body.startswith("{") else {"body": body}, None) == {"fired": 0}
    assert service.fired == []


def test_a_failed_firing_is_reported_for_redelivery_and_the_other_records_still_fire() -> None:
    service = FakeService(failing={"broken"})
    timer.configure(service=service, clock=lambda: START + 5)
    records = [
        {"messageId": f"m-{game_id}", "body": json.dumps({"game_id": game_id, "phase_seq": 3})}
        for game_id in ("g1", "broken", "g2")
    ]

    answer = timer.handler({"Records": records}, None)

    assert answer == {"batchItemFailures": [{"itemIdentifier": "m-broken"}]}
    assert service.fired == [("g1", 3, START + 5), ("g2", 3, START + 5)]


def test_a_direct_event_that_fails_raises_so_lambda_retries() -> None:
    timer.configure(service=FakeService(failing={"broken"}), clock=lambda: START)

    with pytest.raises(RuntimeError):
        timer.handler({"game_id": "broken", "phase_seq": 1}, None)


def test_each_kind_reaches_the_service_when_due() -> None:
    service = FakeService()
    timer.configure(service=service, clock=lambda: START + 10, scheduler=MemoryScheduler())
    bodies = [WakeUp("g1", 3, kind, at=START + 10).dump() for kind in ("deadline", "remind", "flush")]

    answer = timer.handler(
        {"Records": [{"messageId": str(i), "body": b} for i, b in enumerate(bodies)]}, None
    )

    assert answer == {"batchItemFailures": []}
    assert service.kinds == ["deadline", "remind", "flush"]


def test_an_early_direct_wake_up_without_a_queue_is_left_to_the_core() -> None:
    """No scheduler (a direct invocation where no queue is configured): the service gets it and its core
    refuses what is not due yet."""
    service = FakeService()
    timer.configure(service=service, clock=lambda: START)

    assert timer.handler({"game_id": "g1", "phase_seq": 3, "kind": "deadline", "at": START + 60}, None) == {
        "fired": 1
    }
    assert service.fired == [("g1", 3, START)]


def test_a_re_send_that_fails_is_reported_for_redelivery() -> None:
    class Broken:
        def schedule(self, wake_up: WakeUp, *, now: int) -> None:
            raise ConnectionError("queue unavailable")

    service = FakeService()
    timer.configure(service=service, clock=lambda: START, scheduler=Broken())
    record = {"messageId": "m-early", "body": WakeUp("g1", 3, "deadline", at=START + 60).dump()}

    assert timer.handler({"Records": [record]}, None) == {
        "batchItemFailures": [{"itemIdentifier": "m-early"}]
    }
    assert service.fired == []


@dataclass
class FailsOnce:
    """A sender whose first send fails (a Bot API 5xx), then delivers."""

    sent: list[OutMessage] = field(default_factory=list)
    failed: bool = False

    async def send(self, message: OutMessage) -> None:
        if not self.failed:
            self.failed = True
            raise ConnectionError("Bot API 502")
        self.sent.append(message)


def test_a_flush_wake_up_sends_what_the_outbox_kept() -> None:
    store, sender = MemoryStore(), FailsOnce()
    service = Service(store, sender, new_id=lambda: GAME, new_seed=lambda: 7)
    asyncio.run(service.handle(inbound(USERS[0], GROUP, TextCommand("newgame"), 1), now=START))
    assert sender.sent == []
    timer.configure(service=service, clock=lambda: START + 5)

    assert timer.handler(json.loads(WakeUp(GAME, 0, "flush", at=START + 5).dump()), None) == {"fired": 1}

    assert [m.chat_id for m in sender.sent] == [GROUP]


def test_each_platform_sender_is_built_once_on_its_first_message() -> None:
    built: list[str] = []
    telegram = Recorder()

    async def make_telegram() -> Sender:
        built.append("tg:")
        return telegram

    sender = timer.PlatformSender({"tg:": make_telegram})
    asyncio.run(sender.send(OutMessage(chat_id="tg:1", text="a")))
    asyncio.run(sender.send(OutMessage(chat_id="tg:-100", text="b")))

    assert built == ["tg:"]
    assert [m.text for m in telegram.sent] == ["a", "b"]
    with pytest.raises(ValueError, match="line:U1"):
        asyncio.run(sender.send(OutMessage(chat_id="line:U1", text="c")))


def test_loading_the_timer_loads_no_platform_code() -> None:
    """Cold start: the Telegram client is only loaded when a Telegram game needs it; LINE code never."""
    probe = "import sys, handlers.timer; print(sorted(m for m in sys.modules if m.split('.')[0] in "
    probe += "('telegram', 'linebot') or m.startswith(('handlers.telegram', 'handlers.line'))))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"


def test_a_telegram_game_gets_a_telegram_sender_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_TOKEN", "123456789:TEST-token")
    monkeypatch.setenv("TELEGRAM_BOT_USERNAME", "@example_game_bot")

    sender = asyncio.run(timer.PLATFORMS["tg:"]())

    assert isinstance(sender, TelegramSender)
    assert sender.bot.token == "123456789:TEST-token"
