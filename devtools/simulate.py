"""``jinro-gm simulate``: seeded bots-only games on the pure core, to check rules and balance.

Each game ``i`` (0-based) is dealt from seed ``seed + i`` and played by :mod:`core.engine.bots` drawing from
their own seed, so a run replays exactly. With ``-v`` one human line per game; the last line of the output
is always ONE JSON object (see :func:`simulate`), for scripts and CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.result import Accepted
from core.engine.rng import Rng
from core.games import GameRules, registry, rules_for

#: ``--players`` when not given, brought within the game's range (DEATH NOTE 人狼: 6).
DEFAULT_PLAYERS = 7


def day_number(state: Any) -> int:
    """The current day, night or round number of a game that counts them, else 0: ``state.day`` or
    ``state.round`` as a number (政治家人狼's day, DEATH NOTE 人狼's round), or the ``n`` of its
    ``day``/``night`` part (徒桜戦争's, the first that is set). Read from the model's fields (``vars``): a
    pydantic model answers ``getattr`` of a field it lacks through a raised AttributeError, at every
    input of a simulated game."""
    fields = vars(state)
    for part in (fields.get("day"), fields.get("round"), fields.get("night")):
        if isinstance(part, int):
            return int(part)
        if part is not None and hasattr(part, "n"):
            return int(part.n)
    return 0


def play_one(
    rules: GameRules, players: int, seed: int, settings: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One bots-only game. Returns ``{"seed", "result" (side id, "draw", or None if unfinished), "days",
    "steps", "dealt" (role ids), "winners" (seats), "events" (logged events per kind)}``. Raises ValueError
    when the rules refuse the table (reason id, e.g. ``lobby.too_few``) and
    ``core.engine.bots.BotRefused`` on a rules defect."""
    started = start_bot_game(rules, players, seed=seed, settings=settings)
    days = [0]

    def track(result: Accepted[Any]) -> None:
        days[0] = max(days[0], day_number(result.state))

    out = play_out(rules, started.state, Rng.seeded(seed ^ BOT_SALT), 0, heard=started.notices, on_step=track)
    state = out.state
    return {
        "seed": seed,
        "result": getattr(state, "result", None) if state.is_over else None,
        "days": days[0],
        "steps": out.steps,
        "dealt": dealt_roles(state),
        "winners": list(getattr(state, "winners", [])),
        "events": dict(Counter(e.kind for e in state.log)),
    }


def dealt_roles(state: Any) -> list[str]:
    """The role id of each seat: the ``seats`` of the ``GameStarted`` event when the game logs them
    (徒桜戦争's Megami), else each player's ``role``; ``[]`` when neither is there."""
    logged = next((e.data.get("seats") for e in state.log if e.kind == "GameStarted"), None)
    if logged is not None:
        return [str(role) for role in logged]
    return [str(p.role) for p in getattr(state, "players", []) if getattr(p, "role", None) is not None]


def simulate(
    game: str, players: int, games: int, seed: int, *, each: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any]:
    """Play ``games`` games of ``players`` bots; ``each`` sees every game's record (:func:`play_one`).

    Returns the summary: ``games``, ``players``, ``seed``, ``finished`` (games that ended with a result),
    ``draws``, ``winners`` (games won per side), ``roles_dealt`` (games in which each role was dealt),
    ``avg_days`` (day number reached, over finished games), ``avg_inputs``, ``events_per_game`` (logged
    events of each kind per game, e.g. 政治家人狼's ``LotteryDrawn``), ``seconds`` (wall time),
    ``cpu_seconds`` (CPU time of this process, ``time.process_time``: what the games cost, whatever else
    runs on the machine) and ``games_per_cpu_second``. Raises KeyError for an unknown game and ValueError
    for a table the rules refuse.
    """
    rules = rules_for(game)
    started, cpu_started = time.perf_counter(), time.process_time()
    results: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    events: Counter[str] = Counter()
    days: list[int] = []
    steps = 0
    for i in range(games):
        record = play_one(rules, players, seed + i)
        if record["result"] is not None:
            results[record["result"]] += 1
            days.append(record["days"])
        dealt.update(set(record["dealt"]))
        events.update(record["events"])
        steps += record["steps"]
        if each is not None:
            each(record)
    return {
        "game": game,
        "games": games,
        "players": players,
        "seed": seed,
        "finished": sum(results.values()),
        "draws": results.pop("draw", 0),
        "winners": dict(sorted(results.items())),
        "roles_dealt": dict(sorted(dealt.items())),
        "avg_days": round(sum(days) / len(days), 2) if days else 0,
        "avg_inputs": round(steps / games, 1) if games else 0,
        "events_per_game": {kind: round(n / games, 2) for kind, n in sorted(events.items())} if games else {},
        "seconds": round(time.perf_counter() - started, 3),
        **cpu_figures(games, time.process_time() - cpu_started),
    }


def cpu_figures(games: int, cpu_seconds: float) -> dict[str, float]:
    """``cpu_seconds`` (rounded to ms) and ``games_per_cpu_second`` (0 when nothing was measured)."""
    rate = games / cpu_seconds if cpu_seconds > 0 else 0.0
    return {"cpu_seconds": round(cpu_seconds, 3), "games_per_cpu_second": round(rate, 2)}


def human_line(record: dict[str, Any]) -> str:
    """``game seed=7: sakura on day 4 (63 inputs) winners 2,3,5 | yatsuha shinra …``"""
    result = record["result"] or "unfinished"
    winners = ",".join(map(str, record["winners"])) or "-"
    dealt = " ".join(record["dealt"])
    where = f"on day {record['days']} ({record['steps']} inputs)"
    return f"game seed={record['seed']}: {result} {where} winners {winners} | {dealt}"


def count(text: str) -> int:
    """An ``argparse`` type: a whole number ≥ 0; raises ``argparse.ArgumentTypeError`` otherwise."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, got {text!r}")
    return value


def add_parser(subparsers: Any) -> None:
    """Register ``simulate`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("simulate", help="bots-only games on the pure core; last line is JSON")
    games = sorted(registry())
    parser.add_argument(
        "--game", default="adazakura", choices=games, help=f"{', '.join(games)} (default adazakura)"
    )
    ranges = ", ".join(f"{game} {r.min_players}-{r.max_players}" for game, r in sorted(registry().items()))
    help_players = f"seats per game, default 7 or the nearest allowed: {ranges}"
    parser.add_argument("--players", type=int, default=None, help=help_players)
    parser.add_argument("--games", type=count, default=100, help="number of games, 0 or more (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per game")
    parser.set_defaults(run=partial(run, error=parser.error))


def table_problem(game: str, players: int) -> str | None:
    """Why ``players`` seats cannot play ``game`` (its rules' ``min_players``..``max_players``), or None."""
    rules = rules_for(game)
    if rules.min_players <= players <= rules.max_players:
        return None
    span = f"{rules.min_players} to {rules.max_players}"
    return f"argument --players: {game} is played by {span} players, not {players}"


def run(args: argparse.Namespace, error: Callable[[str], Any] | None = None) -> int:
    """The subcommand: exit code 0, or 2 for a table size outside the game's range (``error``: the
    parser's, which prints usage and the reason on stderr and exits 2) or one the rules refuse."""
    if args.players is None:
        rules = rules_for(args.game)
        args.players = min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)
    problem = table_problem(args.game, args.players)
    if problem is not None:
        if error is not None:
            error(problem)
        print(problem, file=sys.stderr)
        return 2
    each = (lambda record: print(human_line(record), flush=True)) if args.verbose else None
    try:
        summary = simulate(args.game, args.players, args.games, args.seed, each=each)
    except ValueError as err:
        print(f"the {args.game} rules refused a table of {args.players}: {err}", file=sys.stderr)
        print(json.dumps({"error": str(err), "players": args.players}))
        return 2
    print(json.dumps(summary, ensure_ascii=False))
    return 0
