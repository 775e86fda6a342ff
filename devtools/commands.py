"""Tools of ``jinro-gm``: ``simulate`` (bots-only games), ``scenario`` (scripted games) and, for the
operator, ``deploy`` (the stack on AWS, its secrets and its webhook in one command), ``setup-webhook``
(connect a deployed stack to Telegram or LINE) and ``setup-richmenu`` (the menu of the 1:1 chat with the
LINE bot).

The first two run on the pure core (no store, no platform). :func:`add_subcommands` registers them on the
CLI's ``argparse`` subparsers; each sets ``run`` (``args -> exit code``) as its parser default, so the CLI
calls ``args.run(args)`` through :func:`run_command`. ``python -m devtools …`` runs them without the
CLI.
"""

from __future__ import annotations

import os
import sys
from typing import Any

#: Exit status when the reader of the output went away (``… | head -2``): 128 + SIGPIPE, what a shell
#: reports for a program that SIGPIPE ended.
BROKEN_PIPE = 141


def add_subcommands(subparsers: Any) -> None:
    """Add ``simulate``, ``scenario``, ``deploy``, ``setup-webhook`` and ``setup-richmenu`` to
    ``subparsers`` (from ``ArgumentParser.add_subparsers()``)."""
    from devtools import deploy, richmenu, scenario, setup_webhook, simulate

    simulate.add_parser(subparsers)
    scenario.add_parser(subparsers)
    deploy.add_parser(subparsers)
    setup_webhook.add_parser(subparsers)
    richmenu.add_parser(subparsers)


def run_command(args: Any) -> int:
    """Run the parsed subcommand (``args.run(args)``) and return its exit status. When the reader of the
    output goes away (``jinro-gm simulate -v | head -2``) stop quietly, like common command-line tools:
    no traceback, status :data:`BROKEN_PIPE`."""
    try:
        status = int(args.run(args))
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    return status


def _silence_stdout() -> None:
    """Point stdout's descriptor at the null device, so the interpreter's last flush of what is still
    buffered cannot fail again at exit (Python docs, ``signal``: "Note on SIGPIPE")."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's stand-in): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
