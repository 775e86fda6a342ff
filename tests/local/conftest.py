"""The ``play`` fixture: run ``jinro-gm play`` through :func:`handlers.cli.main` with piped input."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from handlers import cli
from handlers.local.game import LocalGame
from tests.local.runner import Play, Run


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Play:
    """``play(*args, stdin="...")`` runs ``jinro-gm play *args`` with ``stdin`` piped in (a text, or a
    file-like stand-in for the pipe)."""
    made: list[LocalGame] = []

    class Recorded(LocalGame):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            made.append(self)

    monkeypatch.setattr(cli, "LocalGame", Recorded)

    def run(*args: str, stdin: str | Iterator[str] = "") -> Run:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
        spoilers = tmp_path / f"spoilers-{len(made)}.jsonl"
        capsys.readouterr()
        status = cli.main(["play", *args, "--spoilers", str(spoilers)])
        out, err = capsys.readouterr()
        chats = [json.loads(line) for line in spoilers.read_text(encoding="utf-8").splitlines()]
        return Run(status, out, chats, made[-1], err)

    return run
