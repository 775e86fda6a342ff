"""The ``play`` fixture: run ``jinro-gm play`` through :func:`devtools.cli.main` with piped input; the
``server`` and ``browser`` fixtures: the browser playground on a free port and its page's client."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from devtools import cli
from devtools.local.game import LocalGame
from devtools.local.web import PlaygroundServer
from tests.local.runner import Play, Run
from tests.local.webclient import Browser


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Play:
    """``play(*args, stdin="...", deal=None)`` runs ``jinro-gm play *args`` with ``stdin`` piped in (a text,
    or a file-like stand-in for the pipe); ``deal`` (``megami/F`` per seat, the person first) replaces the
    dealt game by the test-mode setup (see :class:`LocalGame`)."""
    made: list[LocalGame] = []
    dealt: list[Sequence[str] | None] = [None]

    class Recorded(LocalGame):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs, deal=dealt[0])
            made.append(self)

    monkeypatch.setattr(cli, "LocalGame", Recorded)

    def run(*args: str, stdin: str | Iterator[str] = "", deal: Sequence[str] | None = None) -> Run:
        dealt[0] = deal
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
        spoilers = tmp_path / f"spoilers-{len(made)}.jsonl"
        capsys.readouterr()
        status = cli.main(["play", *args, "--spoilers", str(spoilers)])
        out, err = capsys.readouterr()
        chats = [json.loads(line) for line in spoilers.read_text(encoding="utf-8").splitlines()]
        return Run(status, out, chats, made[-1], err)

    return run


@pytest.fixture
def server() -> Iterator[PlaygroundServer]:
    """A playground on a free port: 政治家人狼 for five, seed 4 (its first phase waits for the person)."""
    playground = PlaygroundServer(game="politician", players=5, lang="ja", seed=4, port=0)
    playground.start()
    yield playground
    playground.stop()


@pytest.fixture
def browser(server: PlaygroundServer) -> Browser:
    """The page's client of ``server``."""
    return Browser(server.url)
