"""The ``jinro-gm`` command line (console script ``jinro-gm = devtools.cli:main``).

``jinro-gm play`` starts the local playground (``devtools/local``): a game of any registered game
(``--game``: 徒桜戦争 ``adazakura`` by default, 政治家人狼 ``politician`` …) where you take one seat and bots
take the others, through the same service path as the Lambda handlers: in the browser (a local web
server, :mod:`devtools.local.web`) or, with ``--terminal``, in this terminal. The developer tools
(``simulate``, ``scenario``) register themselves from :mod:`devtools`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import sys
from collections.abc import Callable, Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from core.games import registry, rules_for
from devtools.commands import add_subcommands, run_command
from devtools.local.game import LocalGame
from devtools.local.serving import serve
from devtools.local.terminal import Reader, Screen, play, wants_color
from devtools.local.texts import LANGS, game_name
from devtools.local.web import DEFAULT_HOST, DEFAULT_PORT, PlaygroundServer
from devtools.simulate import table_problem
from handlers.service import DEFAULT_GAME

#: Players of a local game: each game's rules set its range (徒桜戦争 4-16 [ADZ-4.1], 政治家人狼 5-15);
#: these bound every game's (the bots' names must fill the largest table).
MIN_PLAYERS = min(rules.min_players for rules in registry().values())
MAX_PLAYERS = max(rules.max_players for rules in registry().values())
#: Seats when ``--players`` is not given (moved into the game's range).
DEFAULT_PLAYERS = 6


def _port(text: str) -> int:
    """A TCP port number (0-65535; 0: any free one), for argparse (a clear usage error otherwise)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535, not {port}")
    return port


def _seed(text: str) -> int:
    """A ``--seed``: 0 to 2**63 - 1 (the game's RNG takes 63 bits); raises ``argparse.ArgumentTypeError``
    (argparse prints it with the option's name) for anything else."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed < 2**63:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 0 to {2**63 - 1}")
    return seed


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jinro-gm", description="Game master for social-deduction games.")
    commands = parser.add_subparsers(dest="command", required=True)
    games = sorted(registry())
    p = commands.add_parser("play", help=f"play a game ({', '.join(games)}) against bots, in your browser")
    p.add_argument(
        "--game",
        choices=games,
        default=DEFAULT_GAME,
        help=f"the game to play: {_named(games)} (default {DEFAULT_GAME})",
    )
    ranges = ", ".join(f"{game} {r.min_players}-{r.max_players}" for game, r in sorted(registry().items()))
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"seats at the table, you included ({ranges}; default {DEFAULT_PLAYERS})",
    )
    p.add_argument("--lang", choices=LANGS, default="ja", help="language of the game (default ja)")
    p.add_argument("--seed", type=_seed, help="fixes the deal and every bot choice (default: random)")
    p.add_argument(
        "--terminal",
        action="store_true",
        help="play in this terminal instead of the browser (--script, --auto and --spoilers imply it)",
    )
    p.add_argument(
        "--host", default=DEFAULT_HOST, help=f"the browser playground's address (default {DEFAULT_HOST})"
    )
    p.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"the browser playground's port (default {DEFAULT_PORT})",
    )
    p.add_argument(
        "--script", type=Path, metavar="FILE", help="read your input lines from FILE (its end = /quit)"
    )
    p.add_argument(
        "--auto", action="store_true", help="a bot plays your seat too: a whole game without input"
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar='"NAME VALUE…"',
        help='a host option sent as /option in the lobby before the start, e.g. --option "endWhenDecided on" '
        "(repeatable; see /help in the game)",
    )
    p.add_argument(
        "--spoilers",
        type=Path,
        metavar="FILE",
        help="afterwards, write every chat of every player to FILE (JSON lines)",
    )
    p.add_argument(
        "--verbose", action="store_true", help="log every input the service gets (and its answer) on stderr"
    )
    p.set_defaults(run=partial(run_play, error=p.error))
    add_subcommands(commands)
    return parser


def _named(games: list[str]) -> str:
    """``adazakura (徒桜戦争), politician (政治家人狼)``: each id with its catalog name."""
    return ", ".join(f"{game} ({game_name(game, LANGS[0])})" for game in games)


def _reader(args: argparse.Namespace, script: TextIO | None) -> tuple[Reader, bool]:
    """Where the person's lines come from, and whether to echo them: the opened ``--script``, a pipe
    (both end in ``/quit``) or the keyboard (with a prompt). Bytes that are not UTF-8 read as U+FFFD."""
    if script is not None:
        lines: Iterator[str] = (line.rstrip("\r\n") for line in script)
    elif args.auto or not sys.stdin.isatty():
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
        lines = (line.rstrip("\r\n") for line in sys.stdin)
    else:
        return _ask, False
    return (lambda: next(lines, None)), True


class Unusable(Exception):
    """A file named by an option cannot be opened; the message is the one line to print."""


def _open(files: ExitStack, option: str, path: Path | None, *, write: bool = False) -> TextIO | None:
    """``path`` opened as UTF-8 text (reading replaces bytes that are not UTF-8), closed with ``files``;
    raises :class:`Unusable` naming ``option`` when it cannot be opened."""
    if path is None:
        return None
    try:
        if write:
            return files.enter_context(path.open("w", encoding="utf-8"))
        return files.enter_context(path.open("r", encoding="utf-8", errors="replace"))
    except OSError as err:
        verb = "write" if write else "read"
        raise Unusable(f"{option} {path}: cannot {verb} it: {err.strerror or err}") from err


def _ask() -> str | None:
    try:
        return input("> ")
    except EOFError:
        return None


#: Loggers that ``--verbose`` shows: the playground's inputs, the service, the store.
VERBOSE_LOGGERS = ("devtools", "handlers", "infra")


@contextmanager
def _quiet_logs() -> Iterator[None]:
    """The service logs missing catalog texts and retries; the player's screen stays clean unless asked."""
    previous = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(previous)


@contextmanager
def _verbose_logs() -> Iterator[None]:
    """``--verbose``: every input the service gets, its answer and every timer, one line each on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    loggers = [logging.getLogger(name) for name in VERBOSE_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)


def players_for(game: str, players: int | None) -> int:
    """The table size: ``players``, or :data:`DEFAULT_PLAYERS` moved into ``game``'s range."""
    if players is not None:
        return players
    rules = rules_for(game)
    return min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)


def run_play(
    args: argparse.Namespace, out: TextIO | None = None, error: Callable[[str], Any] | None = None
) -> int:
    """``jinro-gm play``: the browser playground (:mod:`devtools.local.web`, until Ctrl-C), or with
    ``--terminal`` (implied by ``--script``, ``--auto``, ``--spoilers``) the terminal game on ``out``
    (default stdout). Returns the exit status: 0, 2 when ``--players`` is outside the game's range
    (``error``: the parser's, which prints usage and exits 2), ``--script`` cannot be read, ``--spoilers``
    cannot be written (all checked before the game starts) or the port cannot be bound. Ctrl-C leaves like
    ``/quit`` (0, so ``make play`` reports no error)."""
    out = out or sys.stdout
    players = players_for(args.game, args.players)
    problem = table_problem(args.game, players)
    if problem is not None:
        if error is not None:
            error(problem)
        print(f"jinro-gm play: error: {problem}", file=sys.stderr)
        return 2
    if not (args.terminal or args.script or args.auto or args.spoilers):
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        server = PlaygroundServer(game=args.game, players=players, lang=args.lang, seed=seed,
                                  options=args.option, host=args.host, port=args.port)  # fmt: skip
        with _verbose_logs() if args.verbose else _quiet_logs():
            return serve(server, out, args.lang)
    with ExitStack() as files:
        try:
            script = _open(files, "--script", args.script)
            spoilers = _open(files, "--spoilers", args.spoilers, write=True)
        except Unusable as err:
            print(f"jinro-gm play: error: {err}", file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        game = LocalGame(
            game=args.game, players=players, lang=args.lang, seed=seed, auto=args.auto, options=args.option
        )
        screen = Screen(game, out, color=wants_color(out))
        read, echo = _reader(args, script)
        with _verbose_logs() if args.verbose else _quiet_logs():
            try:
                status = _run(play(game, screen, read, seed=seed, echo=echo))
            except KeyboardInterrupt:
                # The person's way out, as /quit: not an error (make would report "Error 130").
                out.write("\n")
                screen.note("bye")
                status = 0
        if spoilers is not None:
            game.sender.dump(spoilers)
    return status


def _run(game: Coroutine[Any, Any, int]) -> int:
    """Run the playground's coroutine on a fresh event loop. Not ``asyncio.run``: it turns the first
    Ctrl-C into a cancellation that only lands at the next ``await``, which never comes while the
    person's ``input()`` waits, so the first Ctrl-C did nothing. Here Ctrl-C raises KeyboardInterrupt
    at once, wherever the game is."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(game)
    finally:
        loop.close()


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse ``argv`` (default ``sys.argv[1:]``), run the subcommand, return its exit status
    (a closed output pipe ends it quietly, see :func:`devtools.run_command`)."""
    return run_command(_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
