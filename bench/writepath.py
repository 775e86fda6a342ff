"""The write path's figures (``make bench``, key ``write_path``): whole games of 徒桜戦争 played by bots
through the real Telegram webhook Lambda handler (and the timer handler for deadlines), with the
production runtime: ``DynamoStore`` over HTTP on a moto server, ``TelegramSender`` on the fake Bot API,
speaking rights on (the bot is an administrator of the group: it mutes and releases players) and the
console on (the Mini App configured). Both servers run in processes of their own, so this process's CPU
time (``time.process_time``) is the handler's own work; wall time is printed beside it.

Per accepted input (a tap the rules accept, or a deadline the timer closes), over a 16-player game:
DynamoDB reads and write requests (``GetItem``/``BatchGetItem`` and ``UpdateItem``/``PutItem``/
``DeleteItem``, by :mod:`capacity`) and write units (from the item sizes as stored); a read-only command
(``/status``, ``/me``, ``/help``, a stale tap) after every phase change costs 0 writes. CPU per input
(median, p99) on a game without the counting hooks; CPU per input by day on a long game (the bots keep
everyone alive at night and exile one Sakura a day, so the game reaches day 10). The wall time from the
commit of a 16-player night start to its last message, against the fake Bot API answering each call
after 100 ms. And the AWS cost of one 10-player game from its counts (:func:`cost`).
"""

from __future__ import annotations

import json
import multiprocessing
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
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
from tests.fakes.telegram_api import BOT_USERNAME, TOKEN, FakeTelegramApi  # noqa: E402
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


# -- the servers, in processes of their own ---------------------------------------------------------------
def _serve_bot_api(conn: Any, latency: float) -> None:
    """The fake Bot API in this (child) process, answering each call after ``latency`` seconds; ``conn``
    takes ``("promote", chat)``, ``("calls", start)`` (method, chat, time of each call since ``start``)
    and ``("stop", None)``."""
    api = FakeTelegramApi(latency=latency).start()
    conn.send(api.base_url)
    while True:
        command, arg = conn.recv()
        if command == "stop":
            break
        if command == "promote":
            api.members.promote(arg)
            conn.send(None)
        elif command == "calls":
            conn.send([(c.method, c.params.get("chat_id"), c.at) for c in api.calls[arg:]])
    api.stop()


@dataclass
class BotApi:
    """The fake Bot API's process: its ``base_url`` and a pipe to it."""

    base_url: str
    conn: Any

    def promote(self, chat: int) -> None:
        self.conn.send(("promote", chat))
        self.conn.recv()

    def calls(self, start: int = 0) -> list[tuple[str, Any, float]]:
        """``(method, chat id, time.time() when answered)`` of each call from the ``start``-th."""
        self.conn.send(("calls", start))
        return list(self.conn.recv())


@contextmanager
def bot_api(latency: float) -> Iterator[BotApi]:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_serve_bot_api, args=(child, latency), daemon=True)
    process.start()
    try:
        yield BotApi(parent.recv(), parent)
    finally:
        parent.send(("stop", None))
        process.join(10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def dynamodb_server() -> Iterator[str]:
    """moto's DynamoDB server (``python -m moto.server``) in a process of its own; its endpoint URL."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-p", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    endpoint = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(endpoint, timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield endpoint
    finally:
        process.terminate()
        process.wait(10)


def dynamodb_client(endpoint: str) -> Any:
    return boto3.client(
        "dynamodb", endpoint_url=endpoint, region_name="us-east-1",
        aws_access_key_id="bench", aws_secret_access_key="bench",
    )  # fmt: skip


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
        sender = TelegramSender(bot, bot_username=BOT_USERNAME, miniapp=MINIAPP)
        service = Service(
            self.store, sender, after_commit=TelegramSpeech(bot), scheduler=self.scheduler,
            new_id=lambda: GAME_ID, new_seed=lambda: 20_260_101, settings_for=lambda chat: {"console": True},
        )  # fmt: skip
        webhook.configure(
            service=service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=self.clock
        )
        timer.configure(service=service, clock=self.clock)

    def clock(self) -> float:
        return float(self.now)

    def user(self, seat_user: str) -> int:
        return int(seat_user.removeprefix("tg:"))

    def post(self, update: dict[str, Any]) -> None:
        self.update_id += 1
        status = webhook.handler(webhook_event(update, SECRET), None)["statusCode"]
        assert status == 200, status

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


# -- the figures ------------------------------------------------------------------------------------------
def _ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    if not ordered:
        return {"median_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 2), "p99_ms": round(p99 * 1000, 2),
            "max_ms": round(ordered[-1] * 1000, 2)}  # fmt: skip


def _dynamodb(inputs: list[Input]) -> dict[str, Any]:
    costs = [i.cost for i in inputs if i.cost is not None]
    n = max(1, len(costs))
    return {
        "inputs": len(costs),
        "reads": round(sum(c.reads for c in costs) / n, 3),
        "writes": round(sum(c.writes for c in costs) / n, 3),
        "wcu": round(sum(c.wcu for c in costs) / n, 2),
        "max_wcu": max((c.wcu for c in costs), default=0),
        "rcu": round(sum(c.rcu for c in costs) / n, 2),
        "max_writes": max((c.writes for c in costs), default=0),
        "calls": {op: round(k / n, 3) for op, k in sorted(sum((c.calls for c in costs), _counter()).items())},
    }


def _counter() -> Any:
    from collections import Counter

    return Counter[str]()


def bench_counts(players: int, seed: int) -> dict[str, Any]:
    """DynamoDB reads, writes and units per accepted input and per read-only input (see the module
    docstring), with the largest game item seen."""
    with table(players, count=True) as game:
        play(game, bots(seed), read_only=True)
        accepted = [i for i in game.inputs if i.kind != "read"]
        reads = [i for i in game.inputs if i.kind == "read"]
        stored = game.reader.load(GAME_ID)
    return {"players": players, "accepted": _dynamodb(accepted), "read_only": _dynamodb(reads),
            "final_item_units": stored.version if stored else 0}  # fmt: skip


def bench_cpu(players: int, seed: int) -> dict[str, Any]:
    """CPU (``time.process_time``) and wall time per accepted input, without the counting hooks."""
    with table(players) as game:
        play(game, bots(seed), read_only=False)
        accepted = [i for i in game.inputs if i.kind != "read"]
    return {"players": players, "inputs": len(accepted), "cpu": _ms([i.cpu for i in accepted]),
            "wall": _ms([i.wall for i in accepted])}  # fmt: skip


#: Long games played for the by-day figures: one game's day has a few dozen inputs, too few for a stable
#: median (single games gave day 10 / day 1 anywhere from 1.0 to 1.4).
DAY_GAMES = 3


def bench_days(players: int, games: int = DAY_GAMES) -> dict[str, Any]:
    """Median CPU per input on day 1, 5 and 10 of ``games`` long games pooled (:func:`long_game`; one
    Adazakura, so that the Sakura side outlasts ten days of one exile each): ``median_cpu_ms`` over the
    taps that leave the phase as it is (a ballot, a night choice: the same work on any day, so what grows
    is what the input loads and writes) with ``day10_over_day1`` from them; ``all_inputs_median_cpu_ms``
    over every input, phase changes included (a later day has fewer players, so more of its inputs are
    phase changes)."""
    taps: dict[int, list[float]] = {}
    every: dict[int, list[float]] = {}
    for _ in range(games):
        with table(players, options=("k 1",)) as game:
            play(game, long_game(), read_only=False)
            for i in game.inputs:
                every.setdefault(i.day, []).append(i.cpu)
                if i.kind == "tap" and not i.phase_changed:
                    taps.setdefault(i.day, []).append(i.cpu)
    days = {day: _ms(taps.get(day, []))["median_ms"] for day in (1, 5, 10)}
    return {"players": players, "games": games, "last_day": max(every, default=0), "median_cpu_ms": days,
            "inputs": {day: len(taps.get(day, [])) for day in (1, 5, 10)},
            "all_inputs_median_cpu_ms": {day: _ms(every.get(day, []))["median_ms"] for day in (1, 5, 10)},
            "day10_over_day1": round(days[10] / days[1], 2) if days[1] and days[10] else None}  # fmt: skip


def bench_night_start(players: int, latency: float) -> dict[str, Any]:
    """Wall seconds from the commit of the deal (night 0 starts: every role card, the group's
    announcement, the mutes) to the last Bot API call it made, each call answered after ``latency`` s."""
    with bot_api(latency) as api, dynamodb_server() as endpoint:
        client = dynamodb_client(endpoint)
        create_table(client, TABLE)
        store = _Timed(TABLE, client)
        game = Game(api, store, DynamoStore(TABLE, dynamodb_client(endpoint)), players)
        game.post(group_command(GROUP, FIRST_USER, "P1", f"/newgame {GAME}", game.update_id))
        for i in range(players):
            game.post(private_command(FIRST_USER + i, f"P{i + 1}", f"/start {GAME_ID}", game.update_id))
        api.promote(GROUP)
        mark = len(api.calls())
        game.post(group_command(GROUP, FIRST_USER, "P1", "/startgame", game.update_id))
        calls = api.calls(mark)
    sends = [
        at for method, _, at in calls if method in ("sendMessage", "restrictChatMember", "editMessageText")
    ]
    committed = store.committed_at[-1] if store.committed_at else 0.0
    return {"players": players, "latency_ms": int(latency * 1000), "calls": len(sends),
            "seconds": round(max(sends) - committed, 3) if sends else None}  # fmt: skip


class _Timed(DynamoStore):
    """The store, noting when (``time.time()``) each commit returned."""

    committed_at: list[float]

    def commit(self, base: Any, change: Any) -> Any:
        stored = super().commit(base, change)
        self.__dict__.setdefault("committed_at", []).append(time.time())
        return stored


#: Prices per unit (US dollars), on-demand, as published on the AWS pricing pages (DynamoDB on-demand
#: after the November 2024 reduction; Lambda arm64; SQS standard queues), for the two regions reported.
PRICES = {
    "us-east-1": {"wru": 0.625e-6, "rru": 0.125e-6, "gb_second": 0.0000133334, "lambda_request": 0.2e-6,
                  "sqs_request": 0.4e-6},
    "ap-northeast-1": {"wru": 0.715e-6, "rru": 0.1425e-6, "gb_second": 0.0000133334,
                       "lambda_request": 0.2e-6, "sqs_request": 0.4e-6},
}  # fmt: skip
#: The functions' memory (template.yaml ``MemorySize``), in GB.
MEMORY_GB = 0.5


def cost(players: int, seed: int, latency: float) -> dict[str, Any]:
    """The AWS cost of one game of ``players`` bots, from what it measured: Lambda GB-seconds (each input's
    wall time, the fake Bot API answering after ``latency`` s, at :data:`MEMORY_GB`) and requests,
    DynamoDB request units (the write and read units counted), SQS requests (each wake-up sent and
    received), per region and in all."""
    with table(players, latency=latency, count=True) as game:
        play(game, bots(seed), read_only=False)
        inputs = game.inputs
        wake_ups = len(game.scheduler.scheduled) + sum(1 for i in inputs if i.kind == "timer")
    wru = sum(i.cost.wcu for i in inputs if i.cost)
    rru = sum(i.cost.rcu for i in inputs if i.cost)
    seconds = sum(i.wall for i in inputs)
    out: dict[str, Any] = {"players": players, "inputs": len(inputs), "wru": wru, "rru": rru,
                           "lambda_seconds": round(seconds, 2), "sqs_requests": 2 * wake_ups}  # fmt: skip
    for region, price in PRICES.items():
        parts = {
            "lambda": seconds * MEMORY_GB * price["gb_second"] + len(inputs) * price["lambda_request"],
            "dynamodb": wru * price["wru"] + rru * price["rru"],
            "sqs": 2 * wake_ups * price["sqs_request"],
        }
        out[region] = {k: round(v, 7) for k, v in parts.items()} | {"total": round(sum(parts.values()), 6)}
    return out


def bench_write_path(seed: int) -> dict[str, Any]:
    """Every figure of the module docstring (16 players; the cost at 10)."""
    counts = bench_counts(16, seed)
    cpu = bench_cpu(16, seed)
    days = bench_days(16)
    night = bench_night_start(16, 0.1)
    price = cost(10, seed, 0.05)
    return {"counts": counts, "cpu": cpu, "days": days, "night_start": night, "cost": price}


def report(figures: dict[str, Any]) -> None:
    """Print the figures, one line each."""
    acc, read = figures["counts"]["accepted"], figures["counts"]["read_only"]
    print(f"write path (16 players, Telegram webhook, muting and console on): per accepted input "
          f"{acc['reads']} reads, {acc['writes']} writes, {acc['wcu']} WCU (max {acc['max_wcu']}); "
          f"read-only inputs {read['writes']} writes")  # fmt: skip
    cpu = figures["cpu"]
    print(f"  CPU per input: median {cpu['cpu']['median_ms']} ms, p99 {cpu['cpu']['p99_ms']} ms "
          f"(wall median {cpu['wall']['median_ms']} ms, p99 {cpu['wall']['p99_ms']} ms)")  # fmt: skip
    days = figures["days"]
    print(f"  CPU per input by day ({days['games']} long games to day {days['last_day']}): "
          f"{days['median_cpu_ms']} ms, "
          f"day 10 / day 1 = {days['day10_over_day1']}")  # fmt: skip
    night = figures["night_start"]
    print(f"  night start (16 players, {night['latency_ms']} ms per Bot API call): {night['seconds']} s "
          f"from the commit to the last of {night['calls']} calls")  # fmt: skip
    price = figures["cost"]
    print(f"  cost of a {price['players']}-player game: " + ", ".join(
        f"{region} ${price[region]['total']}" for region in PRICES))  # fmt: skip


if __name__ == "__main__":
    result = bench_write_path(1)
    report(result)
    print(json.dumps(result))
