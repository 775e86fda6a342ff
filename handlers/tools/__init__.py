"""Developer tools of ``jinro-gm``: ``simulate`` (bots-only games) and ``scenario`` (scripted games).

Both run on the pure core (no store, no platform). :func:`add_subcommands` registers them on the CLI's
``argparse`` subparsers; each sets ``run`` (``args -> exit code``) as its parser default, so the CLI calls
``args.run(args)``. ``python -m handlers.tools …`` runs them without the CLI.
"""

from __future__ import annotations

from typing import Any


def add_subcommands(subparsers: Any) -> None:
    """Add ``simulate`` and ``scenario`` to ``subparsers`` (from ``ArgumentParser.add_subparsers()``)."""
    from handlers.tools import scenario, simulate

    simulate.add_parser(subparsers)
    scenario.add_parser(subparsers)
