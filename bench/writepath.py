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
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The fake Bot API and the update builders come from tests/ (a namespace package of the repo, not installed).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sdk_floor import bench_floor  # noqa: E402
from servers import bot_api, dynamodb_client, dynamodb_server  # noqa: E402
from webhook_game import FIRST_USER, GAME, GAME_ID, GROUP, TABLE, Game, Input, bots, long_game, play, table  # noqa: E402

from infra.dynamodb import DynamoStore, create_table  # noqa: E402
from tests.telegram.builders import group_command, private_command  # noqa: E402


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


#: The Bot API calls that carry a phase change's messages and mutes.
SENDS = ("sendMessage", "restrictChatMember", "editMessageText")


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
    sends = [at for method, _, at in calls if method in SENDS]
    committed = store.committed_at[-1] if store.committed_at else 0.0
    methods = Counter(method for method, _, _ in calls if method in SENDS)
    return {"players": players, "latency_ms": int(latency * 1000), "calls": len(sends),
            "methods": dict(sorted(methods.items())),
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
    floor = bench_floor(night_calls=night["methods"])
    return {"counts": counts, "cpu": cpu, "days": days, "night_start": night, "cost": price, "floor": floor}


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
    floor = figures["floor"]
    calls = sum(floor["night_start_calls"].values())
    print(f"  the SDKs' floor (boto3, python-telegram-bot alone), CPU a call {floor['per_call_cpu_ms']} ms: "
          f"a tap (read, write, one message) {floor['tap_ms']} ms; the night start (read, write, {calls} "
          f"Bot API calls) {floor['phase_change_ms']} ms")  # fmt: skip
    price = figures["cost"]
    print(f"  cost of a {price['players']}-player game: " + ", ".join(
        f"{region} ${price[region]['total']}" for region in PRICES))  # fmt: skip


if __name__ == "__main__":
    result = bench_write_path(1)
    report(result)
    print(json.dumps(result))
