"""The LIFF ID token check of the player console (LINE Login v2.1 API reference, "Verify ID token"), against
the fake LINE API's verify endpoint: who may open whose console."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from handlers.console.auth import Viewer
from handlers.line.idtoken import IdTokenAuth
from tests.fakes.line_api import FakeLineApi

pytestmark = pytest.mark.anyio

CHANNEL = "1234567890"
USER = "U4af4980629" + "0" * 22
NOW = 1_767_225_600
DOCS_RESPONSE = (
    Path(__file__).resolve().parents[1] / "fixtures" / "line" / "login" / "verify_id_token_response.json"
)


@pytest.fixture
async def auth(line: FakeLineApi) -> AsyncIterator[IdTokenAuth]:
    checker = IdTokenAuth(CHANNEL, base_url=line.base_url)
    yield checker
    await checker.aclose()


def wall_clock_now() -> int:
    """The fake checks ``exp`` against the wall clock, as LINE does."""
    return int(time.time())


async def test_a_valid_token_names_the_line_user(line: FakeLineApi, auth: IdTokenAuth) -> None:
    token = line.id_tokens.issue(USER, CHANNEL)
    assert await auth.viewer(f"Bearer {token}", now=wall_clock_now()) == Viewer(user_id=f"line:{USER}")
    [call] = line.calls_to("verify_id_token")
    assert call.body == {"id_token": token, "client_id": CHANNEL}
    assert "authorization" not in call.headers, "the bot's channel access token stays with the Messaging API"


async def test_a_token_is_verified_once_while_it_is_valid(line: FakeLineApi, auth: IdTokenAuth) -> None:
    token = line.id_tokens.issue(USER, CHANNEL)
    now = wall_clock_now()
    for _ in range(3):
        assert await auth.viewer(f"Bearer {token}", now=now) is not None
    assert len(line.calls_to("verify_id_token")) == 1


async def test_a_forged_token_is_refused_and_not_logged(
    line: FakeLineApi, auth: IdTokenAuth, caplog: pytest.LogCaptureFixture
) -> None:
    forged = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMTIzIn0.forged-signature"
    with caplog.at_level(logging.DEBUG):
        assert await auth.viewer(f"Bearer {forged}", now=wall_clock_now()) is None
    assert "Invalid IdToken." in caplog.text, "LINE's reason is logged"
    assert forged not in caplog.text
    assert "forged-signature" not in caplog.text


async def test_a_token_of_another_login_channel_is_refused(line: FakeLineApi, auth: IdTokenAuth) -> None:
    token = line.id_tokens.issue(USER, "9999999999")
    assert await auth.viewer(f"Bearer {token}", now=wall_clock_now()) is None


async def test_an_expired_token_is_refused(line: FakeLineApi, auth: IdTokenAuth) -> None:
    token = line.id_tokens.issue(USER, CHANNEL, lifetime=-1)
    assert await auth.viewer(f"Bearer {token}", now=wall_clock_now()) is None


async def test_a_token_past_its_exp_by_our_clock_is_refused(line: FakeLineApi, auth: IdTokenAuth) -> None:
    token = line.id_tokens.issue(USER, CHANNEL, lifetime=600)
    now = wall_clock_now()
    assert await auth.viewer(f"Bearer {token}", now=now + 601) is None
    assert await auth.viewer(f"Bearer {token}", now=now) is not None
    assert await auth.viewer(f"Bearer {token}", now=now + 601) is None, "not even from the cache"


@pytest.mark.parametrize("header", ["", "Bearer", "Bearer  ", "tma a=1&hash=00", "Basic dXNlcjpwYXNz"])
async def test_a_missing_or_other_credential_never_reaches_line(
    line: FakeLineApi, auth: IdTokenAuth, header: str
) -> None:
    assert await auth.viewer(header, now=NOW) is None
    assert line.calls_to("verify_id_token") == []


async def test_without_a_login_channel_id_everyone_is_refused(line: FakeLineApi) -> None:
    checker = IdTokenAuth("", base_url=line.base_url)
    token = line.id_tokens.issue(USER, CHANNEL)
    assert await checker.viewer(f"Bearer {token}", now=wall_clock_now()) is None
    await checker.aclose()


async def test_line_out_of_reach_refuses() -> None:
    with socket.socket() as probe:  # a port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    checker = IdTokenAuth(CHANNEL, base_url=f"http://127.0.0.1:{port}", timeout=1.0)
    assert await checker.viewer("Bearer some-token", now=NOW) is None
    await checker.aclose()


def test_the_fakes_answer_has_the_documented_shape(line: FakeLineApi) -> None:
    documented = json.loads(DOCS_RESPONSE.read_text(encoding="utf-8"))
    token = line.id_tokens.issue(USER, CHANNEL)
    status, body = line.id_tokens.verify({"id_token": token, "client_id": CHANNEL})
    assert status == 200
    assert set(body) <= set(documented)
    assert {type(body[k]) for k in ("iss", "sub", "aud")} == {str}
    assert isinstance(body["exp"], int)
