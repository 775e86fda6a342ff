"""``python -m devtools simulate|scenario …``: the tools without the ``jinro-gm`` CLI."""

from __future__ import annotations

import argparse
import sys

from devtools.commands import add_subcommands, run_command


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen tool; returns its exit code."""
    parser = argparse.ArgumentParser(prog="python -m devtools")
    add_subcommands(parser.add_subparsers(dest="command", required=True))
    return run_command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
