"""The LINE webhook Lambda: only LINE (it holds the channel secret) gets in; a signed body gets 200, every
event goes to the service, and each is logged by what it was, never by its text, user or reply token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

import core.i18n as i18n
from core.engine.notice import Action
from handlers import taps
from handlers.line import webhook
from handlers.line.parse import parse_events
from handlers.line.sender import LineSender
from handlers.messages import Inbound, JoinRequest, Outcome, Tap, TextCommand
from infra import settings
from tests.captured_log import captured
from tests.e2e.line_events import follow_event, postback_event
from tests.fakes.line_api import FakeLineApi

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "line"
VECTORS = json.loads((FIXTURES / "signature_test_vectors.json").read_text(encoding="utf-8"))["vectors"]
SECRET = "test-channel-secret-0123456789ab"


def fixture_body(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def sign(body: bytes, secret: str = SECRET) -> str:
    return base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()


def request(body: bytes, signature: str | None, *, base64_body: bool = False) -> dict[str, Any]:
    """A Function URL (payload 2.0) event as LINE's POST arrives."""
    headers = {"content-type": "application/json; charset=utf-8"}
    if signature is not None:
        headers["x-line-signature"] = signature
    text = base64.b64encode(body).decode() if base64_body else body.decode("utf-8")
    return {"version": "2.0", "headers": headers, "body": text, "isBase64Encoded": base64_body}


class Recorder:
    """A service that only records what it is handed."""

    def __init__(self) -> None:
        self.inbound: list[Inbound] = []
        self.locale: str | None = None

    async def handle(self, inbound: Inbound, *, now: int) -> Outcome:
        self.inbound.append(inbound)
        return Outcome(result="ignored")

    def known_locale(self, inbound: Inbound) -> str | None:
        return self.locale


@pytest.fixture(autouse=True)
def channel(line: FakeLineApi) -> Iterator[Recorder]:
    service = Recorder()
    sender, api = LineSender(line.client()), line.client()
    webhook.configure(secret=SECRET, service=service, sender=sender, api=api)
    yield service
    webhook._Container.secret = webhook._Container.runtime = None


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """Everything the webhook logs, formatted as in CloudWatch."""
    with captured(webhook.logger) as stream:
        yield stream


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_the_sdk_signature_vectors_are_judged_as_line_does(vector: dict[str, Any]) -> None:
    body = vector["body"].encode("utf-8")
    assert webhook.is_signed(body, vector["x_line_signature"], vector["channel_secret"]) is vector["valid"]


def test_the_consoles_verify_call_is_answered_200() -> None:
    body = fixture_body("webhook_verification_empty_events.json")
    assert webhook.handler(request(body, sign(body)), None)["statusCode"] == 200


def test_a_signed_batch_is_handled_event_by_event_and_logged_without_private_words(
    log: io.StringIO, channel: Recorder
) -> None:
    body = fixture_body("multi_event_batch_with_unknown_event.json")
    events = json.loads(body)["events"]

    response = webhook.handler(request(body, sign(body)), None)

    assert response["statusCode"] == 200
    lines = [json.loads(line) for line in log.getvalue().splitlines()]
    # One line per event, and per member of a memberLeft event (each member leaves on their own).
    assert [line["message"] for line in lines] == ["input"] * len(parse_events(body))
    assert lines[-1]["command"] == events[-1]["type"]  # the unknown event: named by its type only
    assert channel.inbound[0].intent == TextCommand("text", ("Hello, world",))
    private = {"Hello, world", events[0]["replyToken"], events[0]["source"]["userId"]}
    assert [word for word in private if word in log.getvalue()] == []


def test_a_body_sent_base64_is_checked_over_its_raw_bytes() -> None:
    body = fixture_body("multi_event_batch_with_unknown_event.json")
    response = webhook.handler(request(body, sign(body), base64_body=True), None)
    assert response["statusCode"] == 200


def test_the_header_name_may_come_in_any_case() -> None:
    body = fixture_body("webhook_verification_empty_events.json")
    event = request(body, None)
    event["headers"]["X-Line-Signature"] = sign(body)
    assert webhook.handler(event, None)["statusCode"] == 200


@pytest.mark.parametrize(
    "signature",
    [None, "", "invalid_signature", sign(b"{}"), sign(b"x", secret="another-channel")],
    ids=["missing", "empty", "garbage", "other-body", "other-secret"],
)
def test_a_call_without_lines_signature_is_refused_before_anything_else(
    signature: str | None, log: io.StringIO
) -> None:
    body = fixture_body("multi_event_batch_with_unknown_event.json")
    response = webhook.handler(request(body, signature), None)
    assert response["statusCode"] == 401
    assert "event_type" not in log.getvalue()


def test_a_body_changed_after_signing_is_refused() -> None:
    body = fixture_body("webhook_verification_empty_events.json")
    signature = sign(body)
    changed = body.replace(b"[]", b"[{}]")
    assert webhook.handler(request(changed, signature), None)["statusCode"] == 401


def test_an_unsigned_malformed_body_is_refused_as_unsigned_not_parsed() -> None:
    assert webhook.handler(request(b"{not json", "invalid_signature"), None)["statusCode"] == 401


@pytest.mark.parametrize(
    "body", [b"{not json", b"\xff\xfe{}", b"[1, 2]", b'"text"', b'{"destination": "U1"}', b'{"events": 3}']
)
def test_a_signed_body_that_is_not_a_webhook_payload_gets_400(body: bytes) -> None:
    binary = body.startswith(b"\xff")  # not UTF-8: only a Base64 body can carry it
    assert webhook.handler(request(body, sign(body), base64_body=binary), None)["statusCode"] == 400


@pytest.fixture
def ssm_secret(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The channel secret in moto's SSM, named by the environment as template.yaml names it."""
    name = "/jinro-gm/line/channel_secret"
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("LINE_CHANNEL_SECRET_PARAM", name)
    monkeypatch.delenv("LINE_CHANNEL_SECRET", raising=False)
    webhook._Container.secret = None
    settings.forget_secrets()
    with mock_aws():
        boto3.client("ssm").put_parameter(Name=name, Value="secret-from-ssm", Type="SecureString")
        yield "secret-from-ssm"
    settings.forget_secrets()


def test_in_lambda_the_channel_secret_comes_from_ssm(ssm_secret: str) -> None:
    body = fixture_body("webhook_verification_empty_events.json")
    assert webhook.handler(request(body, sign(body, ssm_secret)), None)["statusCode"] == 200
    assert webhook.handler(request(body, sign(body)), None)["statusCode"] == 401


def test_before_the_channel_secret_is_stored_every_call_is_refused_not_crashed(
    ssm_secret: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LINE_CHANNEL_SECRET_PARAM", "/jinro-gm/line/not_created_yet")
    body = fixture_body("webhook_verification_empty_events.json")
    assert webhook.handler(request(body, sign(body, ssm_secret)), None)["statusCode"] == 401


def test_a_signed_body_nested_too_deep_to_parse_gets_400() -> None:
    body = b'{"events": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert webhook.handler(request(body, sign(body)), None)["statusCode"] == 400


@pytest.mark.parametrize("known", [None, "en", "ja"])
def test_a_new_friend_with_nothing_waiting_is_greeted_with_how_to_play(
    line: FakeLineApi, channel: Recorder, known: str | None
) -> None:
    """In the language the service knows for the user, else in every language, Japanese first."""
    channel.locale = known
    user = "line:U00000000000000000000000000000042"
    event = follow_event(user, token=line.token_for(user), event_id="01HFOLLOW0000000000000000", now=1)
    body = json.dumps({"destination": "Ub0000000000000000000000000000001", "events": [event]}).encode()

    assert webhook.handler(request(body, sign(body)), None)["statusCode"] == 200

    ja, en = (i18n.text("line.followed", locale, "adazakura") for locale in ("ja", "en"))
    assert line.texts(user) == [{None: f"{ja}\n\n{en}", "en": en, "ja": ja}[known]]


def test_a_join_from_a_stranger_is_marked_unreachable_and_named_as_lobby_texts_allow(
    line: FakeLineApi, channel: Recorder
) -> None:
    group, user = "line:C00000000000000000000000000000042", "line:U00000000000000000000000000000043"
    data = taps.encode(Tap("g1", 0, Action(kind="join")), max_bytes=300)
    event = postback_event(
        group, user, data, token=line.token_for(group), event_id="01HJOIN0000000000", now=1
    )
    body = json.dumps({"destination": "Ub0000000000000000000000000000001", "events": [event]}).encode()

    assert webhook.handler(request(body, sign(body)), None)["statusCode"] == 200

    [joined] = channel.inbound[:1]
    assert joined.intent == JoinRequest("g1", reachable=False)  # not a friend: get_profile says 404
    assert joined.user_name == i18n.text("line.unnamed", "ja", "adazakura")  # nor a member profile
