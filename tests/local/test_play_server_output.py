"""What ``make play`` prints in the person's terminal while the browser playground serves: one line saying
where the server listens (it opens no browser, so it never says one opened), and nothing when a browser
goes away in the middle of a request (a reload while the page polls)."""

from __future__ import annotations

import socket
import struct
from typing import Any

import pytest

from devtools import cli
from devtools.local import serving
from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer
from tests.local.webclient import Browser

#: Connections dropped in the middle of a request; each made a traceback before.
DROPPED = 30


def _drop(server: PlaygroundServer, request: bytes) -> None:
    """A browser that sends ``request`` and goes away at once (a reset, as a reload can leave it)."""
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.sendall(request)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()


def test_a_browser_that_goes_away_prints_no_traceback(
    server: PlaygroundServer, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    for n in range(DROPPED):
        path = "/playground/api/state" if n % 2 else "/playground/static/playground.js"
        _drop(server, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    assert Browser(server.url).state()["started"], "the server goes on answering"
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "Error" not in err


def test_the_start_line_says_where_the_server_listens_and_claims_no_browser(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: dict[str, Any] = {}

    def interrupted() -> None:
        printed["out"] = capsys.readouterr().out
        raise KeyboardInterrupt

    monkeypatch.setattr(serving, "until_interrupted", interrupted)
    for lang in ("ja", "en"):
        capsys.readouterr()
        assert cli.main(["play", "--port", "0", "--seed", "1", "--players", "4", "--lang", lang]) == 0
        first = printed["out"].splitlines()[0]
        url = first.split("http://", 1)[1]
        assert printed["out"].startswith(ui("web.serving", lang, url="http://" + url))
        assert "開きました" not in first
        assert "is open" not in first
