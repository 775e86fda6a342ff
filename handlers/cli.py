"""The ``jinro-gm`` command line (console script ``jinro-gm = handlers.cli:main``).

``jinro-gm play`` starts the local playground (``handlers/local``): a terminal game of 徒桜戦争 where you
take one seat and bots take the others, through the same service path as the Lambda handlers. The
developer tools (``simulate``, ``scenario``) register themselves from :mod:`handlers.tools`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from handlers.local.game import LocalGame
from handlers.local.terminal import Reader, Screen, play, wants_color
from handlers.local.texts import LANGS
from handlers.tools import add_subcommands

#: Players of a local game: the core's minimum, up to the number of implemented Megami that can be dealt.
MIN_PLAYERS, MAX_PLAYERS = 4, 10


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jinro-gm", description="Game master for social-deduction games.")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play", help="play 徒桜戦争 in this terminal against bots")
    p.add_argument(
        "--players",
        type=int,
        default=6,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        metavar="N",
        help=f"seats at the table, you included ({MIN_PLAYERS}-{MAX_PLAYERS}, default 6)",
    )
    p.add_argument("--lang", choices=LANGS, default="ja", help="language of the game (default ja)")
    p.add_argument("--seed", type=int, help="fixes the deal and every bot choice (default: random, printed)")
    p.add_argument(
        "--seat",
        choices=["auto"],
        default="auto",
        help="your seat: 'auto', the deal's seeded shuffle decides [ADZ-4.1]",
    )
    p.add_argument(
        "--script", type=Path, metavar="FILE", help="read your input lines from FILE (its end = /quit)"
    )
    p.add_argument(
        "--auto", action="store_true", help="a bot plays your seat too: a whole game without input"
    )
    p.add_argument(
        "--spoilers",
        type=Path,
        metavar="FILE",
        help="afterwards, write every chat of every player to FILE (JSON lines)",
    )
    p.add_argument("--verbose", action="store_true", help="show the service's log on stderr")
    p.set_defaults(run=run_play)
    add_subcommands(commands)
    return parser


def _reader(args: argparse.Namespace) -> tuple[Reader, bool]:
    """Where the person's lines come from, and whether to echo them: a script, a pipe (both end in
    ``/quit``) or the keyboard (with a prompt)."""
    if args.script is not None:
        lines: Iterator[str] = iter(args.script.read_text(encoding="utf-8").splitlines())
    elif args.auto or not sys.stdin.isatty():
        lines = (line.rstrip("\r\n") for line in sys.stdin)
    else:
        return _ask, False
    return (lambda: next(lines, None)), True


def _ask() -> str | None:
    try:
        return input("> ")
    except EOFError:
        return None


@contextmanager
def _quiet_logs(verbose: bool) -> Iterator[None]:
    """The service logs missing catalog texts and retries; the player's screen stays clean unless asked."""
    if verbose:
        logging.basicConfig(level=logging.INFO, stream=sys.stderr)
        yield
        return
    previous = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(previous)


def run_play(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``jinro-gm play``: the playground on ``out`` (default stdout); returns the exit status."""
    out = out or sys.stdout
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    game = LocalGame(players=args.players, lang=args.lang, seed=seed, auto=args.auto)
    screen = Screen(game, out, color=wants_color(out))
    read, echo = _reader(args)
    with _quiet_logs(args.verbose):
        try:
            status = asyncio.run(play(game, screen, read, seed=seed, echo=echo))
        except KeyboardInterrupt:
            out.write("\n")
            status = 130  # the shell's code for "ended by Ctrl-C" (128 + SIGINT)
    if args.spoilers is not None:
        with args.spoilers.open("w", encoding="utf-8") as dump:
            game.sender.dump(dump)
    return status


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse ``argv`` (default ``sys.argv[1:]``), run the subcommand, return its exit status."""
    args = _parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
