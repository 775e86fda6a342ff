"""The AWS SAM CLI for ``jinro-gm deploy``: find it, install it into a virtual environment of its own
when the operator agrees, and run ``sam build`` and ``sam deploy`` in the repository.

The SAM CLI is not a dependency of this project (it pins libraries of its own): it is ``--sam PATH``, the
``sam`` on ``PATH``, or the one an earlier run installed into :data:`VENV` (``pip install aws-sam-cli``
there, never into the project's ``.venv``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

#: The repository (template.yaml, samconfig.toml, the Makefile's build targets).
ROOT = Path(__file__).resolve().parents[1]
#: Where ``jinro-gm deploy`` installs the SAM CLI with the operator's consent.
VENV = ROOT / ".sam-venv"
#: The package that holds the SAM CLI (PyPI).
PACKAGE = "aws-sam-cli"
#: ``sam deploy``'s capabilities: the template creates IAM roles (without fixed names).
CAPABILITIES = "CAPABILITY_IAM"

#: Runs a command (argv) in a folder with the terminal's input and output; returns its exit status.
Runner = Callable[[Sequence[str], Path], int]


def run(argv: Sequence[str], cwd: Path) -> int:
    """:data:`Runner` with :mod:`subprocess`; a program that cannot be started is status 127 (as a
    shell says "command not found")."""
    try:
        return subprocess.run(list(argv), cwd=cwd, check=False).returncode
    except OSError as err:
        print(f"jinro-gm deploy: cannot run {argv[0]}: {err.strerror or err}", file=sys.stderr)
        return 127


def venv_sam(venv: Path = VENV) -> Path:
    """The ``sam`` of the virtual environment ``venv``."""
    return venv / ("Scripts/sam.exe" if sys.platform == "win32" else "bin/sam")


def find(explicit: str | None, venv: Path = VENV) -> str | None:
    """The SAM CLI to use: ``explicit`` (``--sam``), else ``sam`` on ``PATH``, else the one installed
    into ``venv``; None when there is none."""
    if explicit:
        return explicit
    found = shutil.which("sam")
    if found:
        return found
    own = venv_sam(venv)
    return str(own) if own.exists() else None


def install(runner: Runner, venv: Path = VENV) -> str | None:
    """Create ``venv`` with this Python and ``pip install`` the SAM CLI into it; its ``sam``, or None when
    a step failed (the step's own output says why)."""
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if runner([sys.executable, "-m", "venv", str(venv)], ROOT) != 0:
        return None
    if runner([str(python), "-m", "pip", "install", "--upgrade", PACKAGE], ROOT) != 0:
        return None
    sam = venv_sam(venv)
    return str(sam) if sam.exists() else None


def build_and_deploy(sam: str, runner: Runner, *, stack: str, region: str, parameters: dict[str, str]) -> int:
    """``sam build``, then ``sam deploy`` of ``stack`` in ``region`` with ``parameters`` (template
    parameter → value; the others keep their values on an update, as ``sam deploy`` does), without a
    changeset prompt; an unchanged stack is no failure. Returns the first non-zero exit status, else 0."""
    status = runner([sam, "build"], ROOT)
    if status != 0:
        return status
    overrides = [f"{name}={value}" for name, value in parameters.items()]
    return runner(
        [sam, "deploy", "--stack-name", stack, "--region", region, "--resolve-s3", "--capabilities",
         CAPABILITIES, "--no-confirm-changeset", "--no-fail-on-empty-changeset",
         "--parameter-overrides", *overrides],
        ROOT,
    )  # fmt: skip
