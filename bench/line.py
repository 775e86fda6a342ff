"""The LINE figures of ``make bench`` (README "Benchmarks"); :mod:`run` calls them and prints them.

- :func:`bench_line_games`: whole games played only through the LINE webhook by the bots of the
  end-to-end harness (``tests.e2e.line_bots.play_line_game``: the fake LINE API of ``tests.fakes``, moto's
  in-process DynamoDB, the timer handler fired at phase deadlines; the bots' seed is the harness's, so a
  run gives the same counts every time), 8 players (DEATH NOTE 人狼: its largest table, 6), once in free
  mode (``LINE_DELIVERY=free``, the default: LINE bills nothing, the figure should be 0 pushes) and once
  in push mode with no budget. Per game and mode: ``pushes`` (counted push messages: one per recipient,
  a push to the group counts every member; what LINE's free plan of 200 a month counts), ``push_calls``,
  ``replies`` (reply calls, free), ``events`` (webhook events the players sent), ``timers`` (timer
  wake-ups fired), ``logged_errors`` (ERROR log records meanwhile) and ``seconds`` (wall time of the whole
  game on this machine, for scale only).
- :func:`bench_cold_path`: what a cold invocation really imports, in fresh interpreters (ms, median of
  5): the LINE webhook loads its parser, client, sender and the service only on its first event, so
  :data:`LINE_COLD_PATH` lists them all, next to :data:`TELEGRAM_COLD_PATH` for comparison; also how many
  modules that loads and whether ``linebot.v3.messaging`` (over a second to import) is among them.
"""

from __future__ import annotations

import json
import logging
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from inputs import CountErrors

ROOT = Path(__file__).resolve().parents[1]
# The games come from the end-to-end harness in tests/e2e (``tests`` is a namespace package of the repo,
# not installed): the repo root must be importable, as bench/run.py already makes it.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from handlers import timer  # noqa: E402
from handlers.line import webhook  # noqa: E402
from tests.e2e.line_bots import PLAYERS, Figures, play_line_game  # noqa: E402

#: Every game the end-to-end LINE harness seats (its ``PLAYERS``): a new game needs no edit here.
GAMES = tuple(PLAYERS)
MODES = ("free", "push")
IMPORT_RUNS = 5
#: What a cold LINE invocation imports by the end of its first event (handlers.line.webhook._runtime).
LINE_COLD_PATH = (
    "handlers.line.webhook", "handlers.line.parse", "handlers.line.reply", "handlers.line.runtime",
    "handlers.line.api", "handlers.line.sender", "handlers.service", "handlers.wakeups", "infra.settings",
    "infra.dynamodb",
)  # fmt: skip
#: The same for Telegram (handlers.telegram.webhook._runtime).
TELEGRAM_COLD_PATH = (
    "handlers.telegram.webhook", "handlers.telegram.speech", "handlers.service", "handlers.wakeups",
    "infra.settings", "infra.dynamodb",
)  # fmt: skip
#: Printed by the probe interpreter: import seconds, modules loaded, whether the heavy LINE SDK module was.
_PROBE = (
    "import json, sys, time; before = len(sys.modules); t = time.perf_counter(); import {modules}; "
    "print(json.dumps([time.perf_counter() - t, len(sys.modules) - before, "
    "'linebot.v3.messaging' in sys.modules]))"
)


@contextmanager
def quiet_logs() -> Iterator[CountErrors]:
    """While the games run: the handlers' log lines (one JSON line per input on stdout, Powertools) are
    counted at ERROR instead of printed, so the JSON object stays the last line of the output."""
    errors = CountErrors()
    names = {"handlers", webhook.logger.service, timer.logger.service}
    loggers = [logging.getLogger(name) for name in names]
    kept = [(logger.handlers, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.handlers, logger.propagate = [errors], False
    try:
        yield errors
    finally:
        for logger, (handlers, propagate) in zip(loggers, kept, strict=True):
            logger.handlers, logger.propagate = handlers, propagate


def bench_line_game(game: str, mode: str) -> dict[str, Any]:
    """One whole game of ``game`` in delivery ``mode`` (push: no budget); its figures (module docstring),
    or ``error`` (the exception's text) when the harness could not finish it."""
    started = time.perf_counter()
    with quiet_logs() as errors:
        try:
            figures: Figures = play_line_game(game, PLAYERS[game], mode, push_budget=None)
        except Exception as failed:  # a broken game is reported; the other figures still run
            return {"players": PLAYERS[game], "error": f"{type(failed).__name__}: {failed}"}
    return {
        "players": figures.players,
        "pushes": figures.pushes,
        "push_calls": figures.push_calls,
        "replies": figures.replies,
        "events": figures.events,
        "timers": figures.timers,
        "logged_errors": errors.count,
        "seconds": round(time.perf_counter() - started, 1),
    }


def bench_line_games(games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Each of ``games`` in free and in push mode: ``{game: {mode: figures}}`` and the total ``seconds``."""
    started = time.perf_counter()
    played = {game: {mode: bench_line_game(game, mode) for mode in MODES} for game in games}
    return {"games": played, "seconds": round(time.perf_counter() - started, 1)}


def bench_cold_path(modules: tuple[str, ...]) -> dict[str, Any]:
    """Import ``modules`` together in fresh interpreters started in the repo root: ``median_ms`` (median
    of 5), ``modules_loaded`` and ``linebot_messaging`` (whether ``linebot.v3.messaging`` was imported);
    ``error`` (the last line of stderr) when they do not import."""
    probe = _PROBE.format(modules=", ".join(modules))
    runs = []
    for _ in range(IMPORT_RUNS):
        out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
        if out.returncode != 0:
            return {"modules": list(modules), "error": (out.stderr.strip().splitlines() or ["?"])[-1]}
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    _, loaded, messaging = runs[-1]
    return {"modules": list(modules), "runs": IMPORT_RUNS,
            "median_ms": round(statistics.median(run[0] for run in runs) * 1000, 1),
            "modules_loaded": loaded, "linebot_messaging": messaging}  # fmt: skip


def report_line_games(line: dict[str, Any]) -> None:
    """Print one line per game and mode; free mode says plainly when it pushed nothing."""
    for game, modes in line["games"].items():
        for mode, figures in modes.items():
            head = f"line {game} ×{figures['players']} {mode}:"
            if "error" in figures:
                print(f"{head} failed: {figures['error']}")
                continue
            pushes = f"{figures['pushes']} pushes in {figures['push_calls']} calls"
            if mode == "free" and figures["pushes"] == 0:
                pushes = "0 pushes"
            print(f"{head} {pushes}, {figures['replies']} replies, {figures['events']} events, "
                  f"{figures['timers']} timers, {figures['logged_errors']} logged errors "
                  f"({figures['seconds']} s)")  # fmt: skip
    print(f"line games: {line['seconds']} s in all")


def report_cold_path(name: str, cold: dict[str, Any]) -> None:
    """Print one line for a platform's cold import path."""
    if "error" in cold:
        print(f"cold {name} path: failed: {cold['error']}")
        return
    sdk = ", loads linebot.v3.messaging" if cold["linebot_messaging"] else ""
    print(f"cold {name} path ({len(cold['modules'])} modules, {cold['modules_loaded']} loaded{sdk}): "
          f"median {cold['median_ms']} ms")  # fmt: skip
