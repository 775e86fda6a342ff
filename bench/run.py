"""Benchmarks of jinro-gm (``make bench``): human-readable figures, then ONE JSON object as the last line.

Figures (nothing here asserts a time; compare runs on the same machine):

- ``core``: bots-only games per second on the pure core, at the largest table the Megami pool allows;
- ``service``: per-input processing time (ms, median and p99) of a whole bots game sent through
  ``handlers.service.Service`` with ``infra.dynamodb.DynamoStore`` on moto's in-process DynamoDB
  (``mock_aws``; never real AWS): every tap and timer does load → decide → commit → send → mark sent.
  moto's request handling is most of that time, so ``service_memory`` repeats the game on ``MemoryStore``;
- ``import``: cold import time (ms, median of 5 fresh interpreters) of ``handlers.telegram.webhook``,
  the Telegram Lambda's module, plus the whole interpreter run for scale;
- ``state``: bytes of the state JSON at the end of games at the largest table (16 players [ADZ-4.1]), and of
  the DynamoDB ``state`` attribute as stored (zlib, ``infra.dynamodb.pack_state``).

Usage: ``python bench/run.py [--games N] [--seed S] [--game adazakura|politician|deathnote]`` (the largest
table of that game: 16 players for 徒桜戦争, 15 for 政治家人狼, 6 for DEATH NOTE 人狼).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import boto3  # noqa: E402
from moto import mock_aws  # noqa: E402

from core.engine.bots import BOT_SALT, Driver, bot_user, next_now, play_out, start_bot_game  # noqa: E402
from core.engine.commands import Act, Timeout  # noqa: E402
from core.engine.rng import Rng  # noqa: E402
from core.games import GameRules, registry, rules_for  # noqa: E402
from handlers.messages import Inbound, OutMessage, Tap, TextCommand  # noqa: E402
from handlers.service import Service  # noqa: E402
from infra.dynamodb import DynamoStore, create_table, pack_state  # noqa: E402
from infra.store import GameStore, MemoryStore  # noqa: E402

GAME = "adazakura"
TABLE = "jinro-bench"
IMPORT_RUNS = 5
IMPORT_PROBE = (
    "import time; t = time.perf_counter(); import handlers.telegram.webhook; print(time.perf_counter() - t)"
)


def largest_table(rules: GameRules) -> int:
    """The most players a game accepts with today's Megami pool (the rules refuse a bigger lobby)."""
    for players in range(rules.max_players, rules.min_players - 1, -1):
        try:
            start_bot_game(rules, players, seed=0)
        except ValueError:
            continue
        return players
    raise RuntimeError("no table size is accepted")


def bench_core(
    rules: GameRules, players: int, games: int, seed: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Bots-only games on the pure core (deal + play, one process, no I/O): games/s and inputs/s; and the
    size in bytes (UTF-8, as stored) of each game's final state JSON."""
    inputs, sizes = 0, []
    started = time.perf_counter()
    for i in range(games):
        start = start_bot_game(rules, players, seed=seed + i)
        out = play_out(rules, start.state, Rng.seeded((seed + i) ^ BOT_SALT), 0, heard=start.notices)
        inputs += out.steps
        sizes.append(out.state.model_dump_json())
    seconds = time.perf_counter() - started
    sized = [len(s.encode()) for s in sizes]
    stored = [len(pack_state(s)) for s in sizes]
    speed = {
        "players": players,
        "games": games,
        "games_per_second": round(games / seconds, 2),
        "inputs_per_second": round(inputs / seconds, 1),
        "avg_inputs": round(inputs / games, 1),
    }
    return speed, {
        "players": players,
        "games": games,
        "max_bytes": max(sized),
        "median_bytes": int(statistics.median(sized)),
        "stored_max_bytes": max(stored),
        "stored_median_bytes": int(statistics.median(stored)),
    }


class CountErrors(logging.Handler):
    """Counts ERROR log records of the service (e.g. a missing catalog text) instead of printing each."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class NullSender:
    """A platform sender that accepts every message (the figure is the service's own work)."""

    def __init__(self) -> None:
        self.sent = 0

    async def send(self, message: OutMessage) -> None:
        self.sent += 1


def _inbound(n: int, user: str, intent: Any, *, private: bool) -> Inbound:
    chat = user if private else "bench:group"
    return Inbound(platform="bench", delivery_id=f"bench:{n}", chat_id=chat, is_private=private,
                   user_id=user, user_name=user, intent=intent)  # fmt: skip


async def _service_game(
    rules: GameRules, service: Service, store: GameStore, players: int, seed: int
) -> list[float]:
    """Open, fill and start a game through the service, then play it with bots; per-input seconds."""
    await service.handle(_inbound(0, bot_user(1), TextCommand("newgame", (rules.id,)), private=False), now=0)
    for i in range(1, players + 1):
        await service.handle(_inbound(i, bot_user(i), TextCommand("start", ("bench",)), private=True), now=0)
    await service.handle(_inbound(players + 1, bot_user(1), TextCommand("startgame"), private=False), now=0)
    driver, now, times = Driver(rules, Rng.seeded(seed ^ BOT_SALT)), 0, list[float]()
    while True:
        stored = store.load("bench")
        assert stored is not None
        state = rules.state_model.model_validate_json(stored.state)
        command = driver.next_command(state)
        if command is None:
            return times
        now = next_now(state, command, now)
        started = time.perf_counter()
        if isinstance(command, Timeout):
            await service.fire_timer("bench", command.phase_seq, now=now)
        else:
            assert isinstance(command, Act)
            tap = Tap(game_id="bench", phase_seq=command.phase_seq, action=command.action)
            await service.handle(
                _inbound(len(times) + players + 2, command.user_id, tap, private=True), now=now
            )
        times.append(time.perf_counter() - started)
        after = store.load("bench")
        if after is None or after.version == stored.version:
            raise RuntimeError(f"the service did not apply the bot's {command!r}")


def _timed_game(rules: GameRules, store: GameStore, players: int, seed: int) -> dict[str, Any]:
    """Per-input time (ms) of one bots game through the service on ``store``; service ERROR logs (e.g. a
    missing catalog text) are counted, not printed."""
    errors = CountErrors()
    logger = logging.getLogger("handlers")
    logger.addHandler(errors)
    logger.propagate = False
    sender = NullSender()
    service = Service(store, sender, new_id=lambda: "bench", new_seed=lambda: seed)
    try:
        times = asyncio.run(_service_game(rules, service, store, players, seed))
    finally:
        logger.removeHandler(errors)
        logger.propagate = True
    stored = store.load("bench")
    assert stored is not None
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return {
        "players": players,
        "inputs": len(ms),
        "messages_sent": sender.sent,
        "median_ms": round(statistics.median(ms), 2),
        "p99_ms": round(p99, 2),
        "max_ms": round(ms[-1], 2),
        "final_state_bytes": len(stored.state.encode()),
        "logged_errors": errors.count,
    }


def bench_service(rules: GameRules, players: int, seed: int) -> dict[str, Any]:
    """Per-input time through Service + DynamoStore on moto's in-process DynamoDB (ms), one whole game."""
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        create_table(client, TABLE)
        return _timed_game(rules, DynamoStore(TABLE, client), players, seed)


def bench_service_memory(rules: GameRules, players: int, seed: int) -> dict[str, Any]:
    """The same game through Service + MemoryStore: the service's own share, without moto's."""
    return _timed_game(rules, MemoryStore(), players, seed)


def bench_import() -> dict[str, Any]:
    """Cold import of the Telegram webhook module in fresh interpreters (ms, median of 5)."""
    imports, runs = [], []
    for _ in range(IMPORT_RUNS):
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", IMPORT_PROBE], cwd=ROOT, capture_output=True, text=True, check=True
        )
        runs.append(time.perf_counter() - started)
        imports.append(float(out.stdout.strip()))
    return {"module": "handlers.telegram.webhook", "runs": IMPORT_RUNS,
            "median_ms": round(statistics.median(imports) * 1000, 1),
            "process_median_ms": round(statistics.median(runs) * 1000, 1)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=30, help="bots-only games for the core and state figures"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=GAME, choices=sorted(registry()), help=f"default {GAME}")
    args = parser.parse_args(argv)
    rules = rules_for(args.game)
    players = largest_table(rules)
    core, state = bench_core(rules, players, args.games, args.seed)
    print(
        f"core: {core['games_per_second']} games/s, {core['inputs_per_second']} inputs/s ({players} players)"
    )
    service = bench_service(rules, players, args.seed)
    print(f"service+dynamodb(moto): median {service['median_ms']} ms, p99 {service['p99_ms']} ms per input "
          f"({service['inputs']} inputs)")  # fmt: skip
    memory = bench_service_memory(rules, players, args.seed)
    print(f"service+MemoryStore: median {memory['median_ms']} ms, p99 {memory['p99_ms']} ms per input")
    imported = bench_import()
    print(f"import handlers.telegram.webhook: median {imported['median_ms']} ms "
          f"(whole interpreter {imported['process_median_ms']} ms)")  # fmt: skip
    print(f"state JSON at game end: max {state['max_bytes']} B, median {state['median_bytes']} B")
    print(f"stored (zlib): max {state['stored_max_bytes']} B, median {state['stored_median_bytes']} B")
    print(
        json.dumps(
            {
                "game": rules.id,
                "players": players,
                "core": core,
                "service": service,
                "service_memory": memory,
                "import": imported,
                "state": state,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
