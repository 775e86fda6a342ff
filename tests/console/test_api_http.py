"""The console's HTTP surface (issue 9 item 2): the page with its platform's SDK and config, only the files
of the static folder, and the answers to unknown paths and malformed requests; API answers are never
cached or sniffed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from handlers.console import page
from tests.console.table import ConsoleTable

TELEGRAM_SDK = '<script src="https://telegram.org/js/telegram-web-app.js"></script>'
LIFF_SDK = '<script charset="utf-8" src="https://static.line-scdn.net/liff/edge/2/sdk.js"></script>'


@pytest.mark.parametrize(("platform", "sdk"), [("telegram", TELEGRAM_SDK), ("line", LIFF_SDK), ("local", "")])
def test_the_page_loads_its_platform_s_sdk_and_config(platform: str, sdk: str) -> None:
    async def run() -> None:
        table = await ConsoleTable.open(platform=platform, page_config={"liff_id": "1234-abcd"})
        response = await table.request("GET", "/console", query={"g": table.game_id})
        html = response.body.decode()
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/html")
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert page.CONFIG_MARK not in html
        assert page.SDK_MARK not in html
        if sdk:
            assert sdk in html
        assert "telegram.org" not in html or platform == "telegram"
        assert "line-scdn" not in html or platform == "line"
        config = html.split('type="application/json">', 1)[1].split("</script>", 1)[0]
        assert json.loads(config) == {"platform": platform, "liff_id": "1234-abcd"}

    asyncio.run(run())


def test_config_values_cannot_close_the_script_element() -> None:
    text = page.config_json("local", {"x": "</script><script>alert(1)</script>&\u2028"})
    assert "<" not in text
    assert ">" not in text
    assert "&" not in text
    assert json.loads(text)["x"] == "</script><script>alert(1)</script>&\u2028"


def test_static_files_are_served_with_their_type_and_nothing_else() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        script = await table.request("GET", "/console/static/console.js")
        assert script.status == 200
        assert script.headers["Content-Type"] == "text/javascript; charset=utf-8"
        assert script.headers["X-Content-Type-Options"] == "nosniff"
        assert script.body == (Path(page.__file__).parent / "static" / "console.js").read_bytes()
        for name in (
            "../api.py",
            "..%2Fapi.py",
            "nope.js",
            "",
            "static/console.js",
            "/etc/passwd",
            "../../x",
        ):
            missing = await table.request("GET", f"/console/static/{name}")
            assert missing.status == 404, name

    asyncio.run(run())


def test_unknown_paths_are_404_and_wrong_methods_405() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        for path in ("/console/api/nothing", "/consoles", "/console/api", "/"):
            response = await table.request("GET", path, headers=table.auth(1))
            assert response.status == 404, path
            assert json.loads(response.body)["error"] == "not_found"
        wrong = await table.request("GET", "/console/api/act", headers=table.auth(1))
        assert wrong.status == 405
        assert wrong.headers["Allow"] == "POST"

    asyncio.run(run())


BAD_BODIES = [
    b"not json",
    b"[1, 2]",
    b'{"client_id": "a"}',
    b'{"client_id": "a", "action": {"kind": "done", "args": [null]}, "phase_seq": 1}',
    b'{"client_id": "a", "action": {"kind": "", "args": []}, "phase_seq": 1}',
    b'{"client_id": "a", "action": {"kind": "done", "args": []}, "phase_seq": "1"}',
    b'{"client_id": "a", "action": {"kind": "done", "args": []}, "phase_seq": 1, "g": 5}',
    b"\xff\xfe",
    b'{"client_id": "a", "pad": "' + b"x" * 9000 + b'"}',
    # Half of a UTF-16 pair, escaped (RFC 7493 §2.1): taken, the text could never be written as UTF-8.
    b'{"client_id": "a", "text": "x\\ud800y"}',
    b'{"client_id": "a", "text": "hi", "\\udc80": 1}',
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_a_malformed_or_oversized_request_is_400_and_changes_nothing(body: bytes) -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        response = await table.request("POST", "/console/api/act", headers=table.auth(1), body=body)
        assert response.status == 400
        assert response.headers["Cache-Control"] == "no-store"
        assert json.loads(response.body)["error"] == "bad_request"
        said = await table.request("POST", "/console/api/say", headers=table.auth(1), body=body)
        assert said.status == 400
        assert table.version() == before

    asyncio.run(run())


def test_api_answers_are_never_cached_or_sniffed() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        response = await table.request("GET", "/console/api/view", headers=table.auth(1))
        assert response.headers["Cache-Control"] == "no-store"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Content-Type"] == "application/json; charset=utf-8"

    asyncio.run(run())
