"""One bots game of the write-path bench through the real Telegram webhook and timer handlers
(:mod:`writepath`): the table, its inputs measured one by one, and the bots' policies (the core's bots,
or a long game that reaches day 10)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from capacity import CallLog, InputCost
from telegram import Bot

ROOT = Path(__file__).resolve().parents[1]
# The fake Bot API and the update builders come from tests/ (a namespace package of the repo, not installed).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.engine.bots import BOT_SALT, Driver  # noqa: E402
from core.engine.commands import Act, Timeout  # noqa: E402
from core.engine.notice import Action  # noqa: E402
from core.engine.rng import Rng  # noqa: E402
from core.games import rules_for  # noqa: E402
from handlers import decision, timer  # noqa: E402
from handlers.messages import Tap  # noqa: E402
from handlers.service import Service  # noqa: E402
from handlers.telegram import webhook  # noqa: E402
from handlers.telegram.callback import encode  # noqa: E402
from handlers.telegram.sender import TelegramSender  # noqa: E402
from handlers.telegram.speech import TelegramSpeech  # noqa: E402
from infra.dynamodb import DynamoStore, create_table  # noqa: E402
from infra.timers import MemoryScheduler, WakeUp  # noqa: E402
from tests.fakes.telegram_api import BOT_USERNAME, TOKEN, carry_out  # noqa: E402
from tests.telegram.builders import callback, group_command, private_command, webhook_event  # noqa: E402

GAME = "adazakura"
GAME_ID = "gbench01"
SECRET = "bench-secret-token"
GROUP = -1001000000777
FIRST_USER = 2_000_000_001
START = 1_767_225_600  # 2026-01-01T00:00:00Z
TABLE = "jinro-writepath"
MINIAPP = "console"
#: Inputs a game may take; only stops a broken run from looping forever.
MAX_INPUTS = 5000


from servers import BotApi, bot_api, dynamodb_client, dynamodb_server  # noqa: E402


# -- one game through the webhook ----------------------------------------------------------------------
@dataclass
class Input:
    """One accepted input: ``kind`` (``tap`` | ``timer`` | ``read``), its ``day`` (the game's day or night
    number when it came), CPU and wall seconds, whether it changed the phase, and its DynamoDB cost."""

    kind: str
    day: int
    cpu: float
    wall: float
    phase_changed: bool
    cost: InputCost | None


@dataclass
class Game:
    """A group of bots on the Telegram webhook (see the module docstring)."""

    api: BotApi
    store: DynamoStore
    reader: DynamoStore
    players: int
    calls: CallLog | None = None
    now: int = START
    update_id: int = 900_000_000
    inputs: list[Input] = field(default_factory=list)
    scheduler: MemoryScheduler = field(default_factory=MemoryScheduler)

    def __post_init__(self) -> None:
        bot = Bot(TOKEN, base_url=self.api.base_url)
        webhook.configure(
            service=self.service(bot), secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=self.clock
        )
        # The timer is another Lambda: its own Bot (its connections belong to its own event loop).
        timer.configure(service=self.service(Bot(TOKEN, base_url=self.api.base_url)), clock=self.clock)

    def service(self, bot: Bot) -> Service:
        """A function's service on this table's store, sending through ``bot``."""
        sender = TelegramSender(bot, bot_username=BOT_USERNAME, miniapp=MINIAPP)
        return Service(
            self.store, sender, after_commit=TelegramSpeech(bot), scheduler=self.scheduler,
            new_id=lambda: GAME_ID, new_seed=lambda: 20_260_101, settings_for=lambda chat: {"console": True},
        )  # fmt: skip

    def clock(self) -> float:
        return float(self.now)

    def user(self, seat_user: str) -> int:
        return int(seat_user.removeprefix("tg:"))

    def post(self, update: dict[str, Any]) -> None:
        self.update_id += 1
        answer = webhook.handler(webhook_event(update, SECRET), None)
        assert answer["statusCode"] == 200, answer["statusCode"]
        carry_out(answer, self.api.base_url)

    def open(self, options: tuple[str, ...] = ()) -> None:
        """``/newgame``, every player joins through the link, the host's ``/option`` lines (``"k 1"``), the
        bot becomes an admin, ``/startgame``."""
        self.post(group_command(GROUP, FIRST_USER, "P1", f"/newgame {GAME}", self.update_id))
        for i in range(self.players):
            self.post(private_command(FIRST_USER + i, f"P{i + 1}", f"/start {GAME_ID}", self.update_id))
        for option in options:
            self.post(group_command(GROUP, FIRST_USER, "P1", f"/option {option}", self.update_id))
        self.api.promote(GROUP)
        self.post(group_command(GROUP, FIRST_USER, "P1", "/startgame", self.update_id))

    def state(self) -> Any:
        loaded = decision.load(self.reader, GAME_ID)
        assert loaded is not None
        return loaded.state

    def measure(self, kind: str, day: int, before: int, step: Callable[[], None]) -> None:
        """Run one input ``step`` and note it (counted when a :class:`CallLog` is given)."""
        with self.calls.input() if self.calls else _nothing() as cost:
            cpu, wall = time.process_time(), time.perf_counter()
            step()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        changed = self.state().phase_seq != before
        self.inputs.append(Input(kind, day, cpu, wall, changed, cost))

    def act(self, command: Act, seq: int) -> Callable[[], None]:
        user = self.user(command.user_id)
        data = encode(Tap(GAME_ID, seq, command.action))
        return lambda: self.post(callback(user, user, data, 1, self.update_id, f"P{user}"))

    def timeout(self, seq: int, at: int) -> Callable[[], None]:
        body = WakeUp(GAME_ID, seq, "deadline", at=at).dump()
        record = {"messageId": f"m{self.update_id}", "body": body}
        return lambda: timer.handler({"Records": [record]}, None)

    def read_only(self, seq: int) -> None:
        """A ``/status`` in the group, a private ``/help`` and a stale tap: answers that write nothing."""
        day = _day(self.state())
        first = FIRST_USER
        stale = encode(Tap(GAME_ID, seq - 1, Action(kind="done")))
        for step in (
            lambda: self.post(group_command(GROUP, first, "P1", "/status", self.update_id)),
            lambda: self.post(private_command(first, "P1", "/help", self.update_id)),
            lambda: self.post(callback(first, first, stale, 1, self.update_id, "P1")),
        ):
            self.measure("read", day, seq, step)


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def _day(state: Any) -> int:
    """The day (or night) number the game is in: the one of its running day, else of its night."""
    if getattr(state, "day", None) is not None:
        return int(state.day.n)
    return int(state.night.n) if getattr(state, "night", None) is not None else 0


Policy = Callable[[Any, Any], "Act | Timeout | None"]


def play(game: Game, choose: Policy, *, read_only: bool) -> None:
    """Play to the end: each input the ``choose`` policy gives (an ``Act`` as a tap, a ``Timeout`` at the
    deadline through the timer handler), measured; with ``read_only``, three read-only inputs after each
    phase change."""
    rules = rules_for(GAME)
    for _ in range(MAX_INPUTS):
        state = game.state()
        command = choose(rules, state)
        if command is None:
            return
        seq, day = state.phase_seq, _day(state)
        if isinstance(command, Timeout):
            game.now = max(game.now, state.deadline_at or game.now)
            game.measure("timer", day, seq, game.timeout(seq, game.now))
        else:
            game.now += 1
            game.measure("tap", day, seq, game.act(command, seq))
        if read_only and game.state().phase_seq != seq and not game.state().is_over:
            game.read_only(game.state().phase_seq)
    raise RuntimeError("the game did not end")


def bots(seed: int) -> Policy:
    """The core's bots (``core.engine.bots``)."""
    driver = Driver(rules_for(GAME), Rng.seeded(seed ^ BOT_SALT))
    return lambda rules, state: driver.next_command(state)


def long_game() -> Policy:
    """Bots that make a long game: nobody is erased at night (the Adazakura side names nobody), every
    ability is left unused, and each day everybody votes out the lowest seat of the Sakura side."""
    done: set[tuple[int, int, str]] = set()

    def choose(rules: Any, state: Any) -> Act | Timeout | None:
        if state.is_over:
            return None
        target = min((p.seat for p in state.players if p.alive and p.faction == "sakura"), default=None)
        for seat, member in sorted(rules.seats(state).items()):
            legal = rules.legal_actions(state, seat)
            wanted = _wanted(legal, target)
            key = (state.phase_seq, seat, wanted.kind if wanted else "")
            if wanted is not None and key not in done:
                done.add(key)
                return Act(user_id=member.user_id, action=wanted, phase_seq=state.phase_seq)
        return Timeout(phase_seq=state.phase_seq) if state.deadline_at is not None else None

    return choose


def _wanted(legal: list[Action], target: int | None) -> Action | None:
    by_kind = {a.kind: a for a in legal}
    if "kill" in by_kind:
        return Action(kind="kill", args=("none",))
    if "done" in by_kind:
        return by_kind["done"]
    if "ready" in by_kind:
        return by_kind["ready"]
    votes = [a for a in legal if a.kind == "vote"]
    named = [a for a in votes if a.args and a.args[0] == target]
    return named[0] if named else (votes[0] if votes else None)


@contextmanager
def table(
    players: int, *, latency: float = 0.0, count: bool = False, options: tuple[str, ...] = ()
) -> Iterator[Game]:
    """A fresh table (servers, store, webhook) with ``players`` bots seated, the host's ``options`` set and
    the game started."""
    with bot_api(latency) as api, dynamodb_server() as endpoint:
        client = dynamodb_client(endpoint)
        create_table(client, TABLE)
        calls = CallLog(client, probe=dynamodb_client(endpoint)) if count else None
        game = Game(api, DynamoStore(TABLE, client), DynamoStore(TABLE, dynamodb_client(endpoint)), players,
                    calls)  # fmt: skip
        game.open(options)
        yield game
