"""The playground refuses what a page of another site, or a malformed body, sends to it: a cross-site
write changes nothing (403), a POST must be JSON (415), and a body nested deeper than the parser goes is a
400, never a 500, on the playground's API and on the console it serves."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest

import core.i18n as i18n
from devtools.local.texts import ui
from devtools.local.web import PlaygroundServer
from tests.local.webclient import Browser, person

#: A page of another site posting to the playground, as a browser sends it.
CROSS_SITE: list[dict[str, str]] = [
    {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
    {"Origin": "http://evil.example"},  # an older browser: no Sec-Fetch-* headers
    {"Sec-Fetch-Site": "cross-site"},
    {"Origin": "http://127.0.0.1:3000", "Sec-Fetch-Site": "same-site"},  # another port of this machine
    {"Origin": "null"},  # a sandboxed frame or a file
]


def _writes(state: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    me = person(state)
    act = {"g": state["game_id"], "phase_seq": view["phase_seq"], "action": view["actions"][0]["action"],
           "client_id": "c1"}  # fmt: skip
    return [
        ("/playground/api/advance", {}),
        ("/playground/api/group", {"seat": me["seat"], "text": "/ready"}),
        ("/playground/api/seat", {"seat": me["seat"], "bot": True}),
        ("/playground/api/new", {"game": "deathnote", "players": 4, "lang": "ja"}),
        ("/console/api/act", act),
    ]


def _seen(browser: Browser) -> tuple[Any, ...]:
    """What the page shows of the table: its game, phase, clock and group chat."""
    state = browser.state()
    return state["game_id"], state["phase_seq"], state["now"], state["next"], person(state)["bot"]


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_write_from_another_site_is_refused_and_changes_nothing(
    browser: Browser, headers: dict[str, str]
) -> None:
    state = browser.state()
    me = person(state)
    view = browser.view(state, me)
    before = _seen(browser)
    for path, body in _writes(state, view):
        status, answer = browser.call(path, body, token=me["token"], headers=headers)
        assert status == 403, (path, headers)
        assert answer["error"] == "forbidden"
    assert _seen(browser) == before


def test_the_pages_own_writes_pass(browser: Browser, server: PlaygroundServer) -> None:
    own = {"Origin": f"http://127.0.0.1:{server.port}", "Sec-Fetch-Site": "same-origin"}
    answer = browser.ok("/playground/api/advance", {}, headers=own)
    assert answer["moved"] is True
    state = browser.state()
    me = person(state)
    assert browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/status"}, headers=own)["ok"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", ""])
def test_a_post_that_is_not_json_is_refused(
    browser: Browser, server: PlaygroundServer, content_type: str
) -> None:
    """What an HTML form (or a no-cors fetch) can send without the browser asking first."""
    state = browser.state()
    me = person(state)
    view = browser.view(state, me)
    before = _seen(browser)
    for path, body in _writes(state, view):
        headers = {"Content-Type": content_type} if content_type else {}
        status, answer = _post(server, path, json.dumps(body).encode(), me["token"], headers)
        assert status == 415, (path, content_type)
        assert answer == {"error": "unsupported_media_type", "message": ui("web.error.content_type", "ja")}
    assert _seen(browser) == before


def _post(
    server: PlaygroundServer, path: str, body: bytes, token: str, headers: dict[str, str]
) -> tuple[int, Any]:
    """One POST sent with exactly ``headers`` (urllib would add a form's Content-Type)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port)
    try:
        sent = {"Authorization": f"Seat {token}", "Content-Length": str(len(body)), **headers}
        connection.request("POST", path, body=body, headers=sent)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.mark.parametrize("depth", [999, 5000])
def test_a_body_nested_too_deep_is_a_400_not_a_500(browser: Browser, depth: int) -> None:
    state = browser.state()
    me = person(state)
    before = _seen(browser)
    deep = ("[" * depth + "]" * depth).encode()
    inside = ('{"g": "' + state["game_id"] + '", "action": ' + "[" * depth + "]" * depth + "}").encode()
    for path in ("/playground/api/new", "/playground/api/group", "/playground/api/press"):
        for raw in (deep, b'{"seat": ' + deep + b"}"):
            status, answer = browser.call(path, raw=raw)
            assert status == 400, (path, len(raw))
            assert answer["message"] == ui("web.error.request", "ja")
    for path in ("/console/api/act", "/console/api/say"):
        for raw in (deep, inside):
            if len(raw) > 8 * 1024:
                continue  # over the console's body limit: refused before it is parsed (tested there)
            status, answer = browser.call(path, raw=raw, token=me["token"])
            assert status == 400, (path, len(raw))
            assert answer["message"] == i18n.text("console.error.bad_request", "ja", "common")
    assert _seen(browser) == before


def test_a_line_with_a_lone_surrogate_is_refused_and_the_table_still_answers(browser: Browser) -> None:
    """JSON may escape half of a UTF-16 pair (``"\\ud800"``): a line holding one could never be written
    back as UTF-8, so once taken every later look at the table failed (a 500 until a new game)."""
    state = browser.state()
    me = person(state)
    before = _seen(browser)
    lines = (("/playground/api/group", "/status x\ud800y"), ("/playground/api/private", "/me \udc80"))
    for path, text in lines:
        status, answer = browser.call(path, {"seat": me["seat"], "text": text})
        assert status == 400, path
        assert answer["message"] == ui("web.error.request", "ja")
    assert _seen(browser) == before
    assert browser.ok("/playground/api/group", {"seat": me["seat"], "text": "/status 🎲"})["ok"]
