"""Benchmarks of jinro-gm (``make bench``): human-readable figures, then ONE JSON object as the last line.

Figures (nothing here asserts a time; compare runs on the same machine):

- ``core``: bots-only games per second (wall clock, and per CPU second: ``games_per_cpu_second``) on the
  pure core, at the largest table the Megami pool allows;
- ``growth``: CPU time per game and per input of bots-only games at 4, 8, 12 and 16 players, and CPU per
  input at 16 players over that at 8 (:mod:`growth`);
- ``service``: per-input processing time (ms, median and p99) of a whole bots game sent through
  ``handlers.service.Service`` with ``infra.dynamodb.DynamoStore`` on moto's DynamoDB server over HTTP
  (``devtools.store_server``; never real AWS): every tap and timer does load → decide → commit → send →
  mark sent. moto's request handling is most of that time, so ``service_memory`` repeats the game on
  ``MemoryStore``. Per accepted input also (``service.dynamodb``, by ``tap``/``timer``/``all``): DynamoDB
  calls by operation, reads and writes against the goal of at most 1.1 reads and 1.1 write requests
  (where it is exceeded, the calls are listed by the service function that made them), write and read
  units computed from the item sizes (method: ``bench/capacity.py``); and ``service.group``: messages to
  the group per phase change;
- ``imports``: cold import time (ms, median of 5 fresh interpreters) of each Lambda entry module
  (Telegram webhook, timer, LINE webhook; skipped while one is not in the tree), plus the whole interpreter
  run for scale; ``import`` repeats the Telegram webhook's figure. A webhook imports its parser, client,
  sender and the service only on its first event, so ``imports.line_cold_path`` and
  ``imports.telegram_cold_path`` import all that a cold invocation loads, together (``median_ms``, and
  ``modules_loaded``; :mod:`line`);
- ``first_request``: per platform (``telegram``, ``line``), a cold container's first request: a fresh
  interpreter imports the handler module and handles one tap of a running game with the production
  runtime (SSM, DynamoDB and SQS on moto's server over HTTP, only the platform's API stubbed) and only the
  runtime lock's packages, byte-compiled: ``median_ms`` of 7 runs, ``import_median_ms``, ``cpu_median_ms``
  (the function's own CPU time), ``server_cpu_median_ms`` (moto's) and ``process_median_ms``
  (:mod:`first_request`);
- ``line``: whole games played only through the LINE webhook (fake LINE API, moto), 8 players (DEATH NOTE
  人狼: 6), in free mode and in push mode with no budget: per game and mode, ``pushes`` (counted as LINE
  bills them, per recipient; 0 in free mode), ``push_calls``, ``replies``, ``events`` (webhook events
  sent), ``timers`` and ``seconds`` (:mod:`line`; the run takes minutes: ``--line-games`` or ``--skip-line``);
- ``console``: private-side messages of whole games, 8 players (DEATH NOTE 人狼: 6), with the player console
  as the primary private channel (``console_primary``, the bots acting through the console API) against
  the chat-only flow, on Telegram and on LINE in free and push mode: per game, platform and flow,
  ``private`` and ``group`` messages (Telegram sends and edits; LINE replies, pushes, billed pushes),
  ``events``, ``api`` (console requests), ``waiting`` and ``seconds`` (:mod:`console`; ``--seed``: the
  bots' seed; minutes: ``--skip-console``);
- ``write_path``: whole 16-player games through the real Telegram webhook and timer handlers with muting
  and the console on (:mod:`writepath`): reads, write requests and write units per accepted input, writes
  of read-only commands, CPU per input (median, p99) and by day of a long game (day 10 over day 1), the
  wall time of a night start at 100 ms per Bot API call, and the AWS cost of a 10-player game
  (``--skip-write-path``);
- ``state``: bytes of the state JSON at the end of games at the largest table (16 players [ADZ-4.1]), and of
  the DynamoDB ``state`` attribute as stored (zlib, ``infra.store.pack``).

Usage: ``python bench/run.py [--games N] [--seed S] [--game <game id>]
[--line-games GAME ... | --skip-line] [--skip-console] [--skip-write-path]``
(``--game``: the largest table of that game: 16
players for 徒桜戦争, 15 for 政治家人狼, 6 for DEATH NOTE 人狼, 20 for 人狼; ``--line-games``: the LINE
games to play, default all).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from capacity import CallLog  # noqa: E402
from console import bench_console_games, report_console  # noqa: E402
from first_request import bench_first_request, report_first_request  # noqa: E402
from growth import bench_growth, report_growth  # noqa: E402
from inputs import GAME_ID, NullSender, dynamodb, group_messages, play, timing  # noqa: E402
from line import (  # noqa: E402
    GAMES,
    LINE_COLD_PATH,
    TELEGRAM_COLD_PATH,
    bench_cold_path,
    bench_line_games,
    quiet_logs,
    report_cold_path,
    report_line_games,
)
from writepath import bench_write_path  # noqa: E402
from writepath import report as report_write_path  # noqa: E402

from core.engine.bots import BOT_SALT, play_out, start_bot_game  # noqa: E402
from core.engine.rng import Rng  # noqa: E402
from core.games import GameRules, registry, rules_for  # noqa: E402
from devtools.store_server import dynamodb_client, moto_server  # noqa: E402
from handlers.service import Service  # noqa: E402
from infra.dynamodb import DynamoStore, create_table  # noqa: E402
from infra.store import MemoryStore, pack  # noqa: E402

GAME = "adazakura"
TABLE = "jinro-bench"
IMPORT_RUNS = 5
#: The Lambda entry modules (template.yaml): Telegram webhook, timer, LINE webhook.
HANDLER_MODULES = ("handlers.telegram.webhook", "handlers.timer", "handlers.line.webhook")
#: Per accepted input, averaged over a game: at most 1.1 reads and 1.1 write requests (docs/storage.md).
GOAL_READS = 1.1
GOAL_WRITES = 1.1


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
    """Bots-only games on the pure core (deal + play, one process, no I/O): games/s (wall clock and per CPU
    second of this process) and inputs/s; and the size in bytes (UTF-8, as stored) of each game's final
    state JSON."""
    inputs, sizes = 0, []
    started, cpu_started = time.perf_counter(), time.process_time()
    for i in range(games):
        start = start_bot_game(rules, players, seed=seed + i)
        out = play_out(rules, start.state, Rng.seeded((seed + i) ^ BOT_SALT), 0, heard=start.notices)
        inputs += out.steps
        sizes.append(out.state.model_dump_json())
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    sized = [len(s.encode()) for s in sizes]
    stored = [len(pack(s)) for s in sizes]
    speed = {
        "players": players,
        "games": games,
        "games_per_second": round(games / seconds, 2),
        "games_per_cpu_second": round(games / cpu, 2),
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


def bench_service(rules: GameRules, players: int, seed: int) -> dict[str, Any]:
    """One whole game through Service + DynamoStore on moto's DynamoDB server over HTTP
    (``devtools.store_server``): per-input time (ms), and per accepted input the DynamoDB calls, units and
    where they come from (:mod:`capacity`), and the group messages per phase change."""
    with moto_server() as endpoint:
        client = dynamodb_client(endpoint)
        create_table(client, TABLE)
        calls = CallLog(client, probe=dynamodb_client(endpoint))
        store = DynamoStore(TABLE, client)
        sender = NullSender()
        service = Service(store, sender, new_id=lambda: GAME_ID, new_seed=lambda: seed)
        measured, errors = play(rules, service, store, players, seed, calls)
        stored = store.load(GAME_ID)
    assert stored is not None
    return {
        "players": players,
        "backend": "moto_server (HTTP)",
        **timing(measured),
        "messages_sent": sender.sent,
        "final_state_bytes": len(stored.state.encode()),
        "logged_errors": errors,
        "dynamodb": dynamodb(measured),
        "group": group_messages(measured),
    }


def bench_service_memory(rules: GameRules, players: int, seed: int) -> dict[str, Any]:
    """The same game through Service + MemoryStore: the service's own share, without DynamoDB's."""
    store = MemoryStore()
    sender = NullSender()
    service = Service(store, sender, new_id=lambda: GAME_ID, new_seed=lambda: seed)
    measured, errors = play(rules, service, store, players, seed)
    stored = store.load(GAME_ID)
    assert stored is not None
    return {"players": players, **timing(measured), "messages_sent": sender.sent,
            "final_state_bytes": len(stored.state.encode()), "logged_errors": errors}  # fmt: skip


def bench_import(module: str) -> dict[str, Any]:
    """Cold import of ``module`` in fresh interpreters (ms, median of 5); ``skipped`` when the module is not
    in the tree, ``error`` (its last line) when it does not import."""
    if importlib.util.find_spec(module.rsplit(".", 1)[0]) is None or not _module_file(module).exists():
        return {"module": module, "skipped": "not in the tree"}
    probe = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    imports, runs = [], []
    for _ in range(IMPORT_RUNS):
        started = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
        runs.append(time.perf_counter() - started)
        if out.returncode != 0:
            last = (out.stderr.strip().splitlines() or ["?"])[-1]
            return {"module": module, "error": last}
        imports.append(float(out.stdout.strip().splitlines()[-1]))
    return {"module": module, "runs": IMPORT_RUNS,
            "median_ms": round(statistics.median(imports) * 1000, 1),
            "process_median_ms": round(statistics.median(runs) * 1000, 1)}  # fmt: skip


def _module_file(module: str) -> Path:
    path = ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def report_service(service: dict[str, Any]) -> None:
    """Print the DynamoDB figures per accepted input and where the goal (:data:`GOAL_READS`,
    :data:`GOAL_WRITES`) is exceeded, with the calls that exceed it."""
    for kind, figures in service["dynamodb"].items():
        calls = ", ".join(f"{op} {n}" for op, n in figures["calls"].items())
        print(f"  dynamodb per {kind} input ({figures['inputs']}): {calls}; "
              f"{figures['wcu']} WCU (max {figures['max_wcu']}), {figures['rcu']} RCU")  # fmt: skip
        over = [f"reads {figures['reads']} > {GOAL_READS}"] if figures["reads"] > GOAL_READS else []
        over += [f"writes {figures['writes']} > {GOAL_WRITES}"] if figures["writes"] > GOAL_WRITES else []
        if over and kind != "all":
            print(f"    goal exceeded ({'; '.join(over)}); calls and units per input by site:")
            for site, (n, units) in figures["sites"].items():
                print(f"      {n:5.2f} calls {units:6.2f} units  {site}")
    group = service["group"]
    print(f"  group messages: {group['per_phase_change']} per phase change ({group['group_messages']} "
          f"over {group['phase_changes']} phase changes; "
          f"at most {group['max_in_one_input']} in one input)")  # fmt: skip


def bench_console(games: tuple[str, ...], seed: int) -> dict[str, Any]:
    """The console figures (:mod:`console`; the bots' ``seed``), with ``logged_errors`` (ERROR log
    records meanwhile)."""
    with quiet_logs() as errors:
        console = bench_console_games(games, seed=seed)
    return {**console, "logged_errors": errors.count}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=30, help="bots-only games for the core and state figures"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=GAME, choices=sorted(registry()), help=f"default {GAME}")
    line_games = parser.add_mutually_exclusive_group()
    line_games.add_argument("--line-games", nargs="+", default=GAMES, choices=GAMES, metavar="GAME",
                            help="the LINE games to play (free and push mode), default all")  # fmt: skip
    line_games.add_argument("--skip-line", action="store_true", help="no LINE games (minutes saved)")
    parser.add_argument("--skip-console", action="store_true", help="no console games (minutes saved)")
    parser.add_argument("--skip-write-path", action="store_true", help="no write-path games (minutes saved)")
    args = parser.parse_args(argv)
    rules = rules_for(args.game)
    players = largest_table(rules)
    core, state = bench_core(rules, players, args.games, args.seed)
    print(f"core: {core['games_per_second']} games/s ({core['games_per_cpu_second']} per CPU second), "
          f"{core['inputs_per_second']} inputs/s ({players} players)")  # fmt: skip
    growth = bench_growth(rules, players, args.seed)
    report_growth(growth)
    service = bench_service(rules, players, args.seed)
    print(f"service+dynamodb(moto server, HTTP): median {service['median_ms']} ms, "
          f"p99 {service['p99_ms']} ms per input ({service['inputs']} inputs)")  # fmt: skip
    report_service(service)
    memory = bench_service_memory(rules, players, args.seed)
    print(f"service+MemoryStore: median {memory['median_ms']} ms, p99 {memory['p99_ms']} ms per input")
    imports = {module: bench_import(module) for module in HANDLER_MODULES}
    for module, imported in imports.items():
        if "median_ms" in imported:
            print(f"import {module}: median {imported['median_ms']} ms "
                  f"(whole interpreter {imported['process_median_ms']} ms)")  # fmt: skip
        else:
            print(f"import {module}: {imported.get('skipped') or 'failed: ' + imported['error']}")
    imports["line_cold_path"] = bench_cold_path(LINE_COLD_PATH)
    imports["telegram_cold_path"] = bench_cold_path(TELEGRAM_COLD_PATH)
    report_cold_path("LINE", imports["line_cold_path"])
    report_cold_path("Telegram", imports["telegram_cold_path"])
    first_request = {platform: bench_first_request(platform) for platform in ("telegram", "line")}
    for platform, figures in first_request.items():
        report_first_request(platform, figures)
    line = None if args.skip_line else bench_line_games(tuple(dict.fromkeys(args.line_games)))
    if line is not None:
        report_line_games(line)
    console = None if args.skip_console else bench_console(GAMES, args.seed)
    if console is not None:
        report_console(console)
    write_path = None if args.skip_write_path else bench_write_path(args.seed)
    if write_path is not None:
        report_write_path(write_path)
    print(f"state JSON at game end: max {state['max_bytes']} B, median {state['median_bytes']} B")
    print(f"stored (zlib): max {state['stored_max_bytes']} B, median {state['stored_median_bytes']} B")
    print(
        json.dumps(
            {
                "game": rules.id,
                "players": players,
                "core": core,
                "growth": growth,
                "service": service,
                "service_memory": memory,
                "import": imports[HANDLER_MODULES[0]],
                "imports": imports,
                "first_request": first_request,
                "state": state,
                "line": line,
                "console": console,
                "write_path": write_path,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
