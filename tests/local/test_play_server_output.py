"""What ``make play`` prints in the person's terminal while the browser playground serves: one line saying
where the server listens (it opens no browser, so it never says one opened), and nothing when a browser
goes away in the middle of a request (a reload while the page polls)."""

from __future__ import annotations

import socket
import struct
import urllib.request
from typing import Any
from urllib.parse import urlsplit

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


def test_bound_to_all_interfaces_it_prints_an_address_a_browser_opens_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: dict[str, Any] = {}

    def interrupted() -> None:
        out = capsys.readouterr().out
        url = out.split("http://", 1)[1].split()[0]
        opened["out"], opened["url"] = out, "http://" + url
        with urllib.request.urlopen(opened["url"], timeout=5) as page:  # as the person's browser does
            opened["status"] = page.status
        raise KeyboardInterrupt

    monkeypatch.setattr(serving, "until_interrupted", interrupted)
    for lang in ("ja", "en"):
        capsys.readouterr()
        assert cli.main(["play", "--host", "0.0.0.0", "--port", "0", "--seed", "1", "--lang", lang]) == 0
        port = int(urlsplit(opened["url"]).port or 0)
        assert opened["url"].startswith(f"http://127.0.0.1:{port}/?key="), "0.0.0.0 is no address to open"
        assert opened["status"] == 200
        lines = opened["out"].splitlines()
        assert "0.0.0.0" not in lines[0]
        assert ui("web.serving.all_interfaces", lang, host="0.0.0.0", port=port) in lines


def test_bound_to_loopback_it_says_nothing_of_all_interfaces(server: PlaygroundServer) -> None:
    assert not server.all_interfaces
    assert server.url == f"http://127.0.0.1:{server.port}/"
