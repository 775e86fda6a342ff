"""The webhook Lambda: only Telegram (it holds the secret) gets in; each update reaches the service once."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from telegram import Bot

from core.engine.notice import Action
from handlers.messages import Button, Inbound, Outcome, OutMessage, Tap, TextCommand
from handlers.telegram import webhook
from tests.captured_log import captured
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import BOT_USERNAME, callback, group_command, load, webhook_event

SECRET = "s3cret-Token_for-tests"
NOW = 1_767_225_600
GROUP = -1001000000001


class RecordingService:
    """Stands in for ``handlers.service.Service``: records each call, answers ``ack`` and ``messages``,
    or raises ``error``."""

    def __init__(
        self,
        ack: str | None = "受け付けました",
        error: Exception | None = None,
        messages: tuple[OutMessage, ...] = (),
    ) -> None:
        self.calls: list[tuple[Inbound, int]] = []
        self.ack = ack
        self.error = error
        self.messages = messages

    async def handle(self, inbound: Inbound, *, now: int) -> Outcome:
        self.calls.append((inbound, now))
        if self.error is not None:
            raise self.error
        return Outcome(ack=self.ack, messages=list(self.messages))


@pytest.fixture
def service() -> RecordingService:
    recording = RecordingService()
    webhook.configure(service=recording, secret=SECRET, bot_username=BOT_USERNAME, clock=lambda: NOW + 0.9)
    return recording


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """Everything the webhook logs, formatted as in CloudWatch."""
    with captured(webhook.logger) as stream:
        yield stream


def join_update(update_id: int = 501) -> dict[str, object]:
    return group_command(GROUP, 1000000001, "Alex", f"/join@{BOT_USERNAME}", update_id)


@pytest.mark.parametrize("secret", [None, "", "wrong", SECRET.lower(), SECRET + " ", "秘密"])
def test_a_call_without_the_secret_is_refused_and_changes_nothing(
    service: RecordingService, secret: str | None
) -> None:
    response = webhook.handler(webhook_event(join_update(), secret), None)
    assert response["statusCode"] == 401
    assert service.calls == []


@pytest.mark.parametrize(
    ("body", "base64_body"),
    [("{not json", False), ("", False), ("[1, 2]", False), ('"text"', False), (b"\xff\xfe\x00{", True)],
)
def test_a_body_that_is_not_a_json_object_is_a_bad_request(
    service: RecordingService, body: str | bytes, base64_body: bool
) -> None:
    response = webhook.handler(webhook_event(body, SECRET, base64_body=base64_body), None)
    assert response["statusCode"] == 400
    assert service.calls == []


def test_a_bad_base64_body_is_a_bad_request(service: RecordingService) -> None:
    event = {**webhook_event(join_update(), SECRET), "body": "%%%not base64", "isBase64Encoded": True}
    assert webhook.handler(event, None)["statusCode"] == 400
    assert service.calls == []


@pytest.mark.parametrize("base64_body", [False, True])
def test_a_command_reaches_the_service_once_with_who_and_where(
    service: RecordingService, base64_body: bool
) -> None:
    response = webhook.handler(webhook_event(join_update(), SECRET, base64_body=base64_body), None)
    assert response["statusCode"] == 200
    assert service.calls == [
        (
            Inbound(
                platform="telegram",
                delivery_id="tg:501",
                chat_id=f"tg:{GROUP}",
                is_private=False,
                user_id="tg:1000000001",
                user_name="Alex",
                intent=TextCommand("join"),
            ),
            NOW,
        )
    ]


def test_header_names_are_matched_in_any_case(service: RecordingService) -> None:
    event = webhook_event(join_update(), None)
    event["headers"]["X-TELEGRAM-BOT-API-SECRET-TOKEN"] = SECRET
    assert webhook.handler(event, None)["statusCode"] == 200
    assert len(service.calls) == 1


@pytest.mark.parametrize(
    "update",
    [
        load("edited_message_group_command"),
        load("group_text_message"),
        load("my_chat_member_bot_added_to_supergroup"),
        {"update_id": 7, "poll": None},
    ],
)
def test_updates_the_game_ignores_are_acknowledged_without_calling_the_service(
    service: RecordingService, update: dict[str, object]
) -> None:
    assert webhook.handler(webhook_event(update, SECRET), None)["statusCode"] == 200
    assert service.calls == []


def test_an_object_that_is_not_an_update_is_dropped_not_redelivered(service: RecordingService) -> None:
    assert webhook.handler(webhook_event({"hello": "world"}, SECRET), None)["statusCode"] == 200
    assert service.calls == []


def test_a_failing_service_still_gets_200_and_the_log_holds_no_text_or_secret(log: io.StringIO) -> None:
    failing = RecordingService(error=RuntimeError("store unavailable"))
    webhook.configure(service=failing, secret=SECRET, bot_username=BOT_USERNAME)
    update = group_command(GROUP, 1000000001, "Alex", "/vote 3 たろうが怪しい", 502)
    assert webhook.handler(webhook_event(update, SECRET), None)["statusCode"] == 200
    assert len(failing.calls) == 1
    logged = log.getvalue()
    assert "service failed" in logged
    assert "502" in logged
    assert "たろう" not in logged
    assert "\\u305f\\u308d\\u3046" not in logged
    assert SECRET not in logged


@pytest.fixture
def api() -> Iterator[FakeTelegramApi]:
    with FakeTelegramApi() as fake:
        yield fake


def configure_with_bot(api: FakeTelegramApi, service: RecordingService) -> Bot:
    bot = api.bot()
    webhook.configure(service=service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME)
    return bot


def test_a_button_press_is_answered_with_the_services_ack(api: FakeTelegramApi) -> None:
    service = RecordingService(ack="3番に投票しました")
    configure_with_bot(api, service)
    press = Tap(game_id="g1a2b3c4", phase_seq=17, action=Action(kind="vote", args=(3,)))
    update = callback(1000000004, GROUP, press, message_id=12, update_id=601)
    response = webhook.handler(webhook_event(update, SECRET), None)
    assert response["statusCode"] == 200
    assert [inbound.intent for inbound, _ in service.calls] == [press]
    assert api.calls_to("answerCallbackQuery") == []  # the answer rides on the webhook's reply
    api.carry_out(response)
    [answer] = api.calls_to("answerCallbackQuery")
    assert answer.params == {"callback_query_id": "60101000000004", "text": "3番に投票しました"}


def test_a_press_is_answered_even_when_the_service_fails(api: FakeTelegramApi) -> None:
    configure_with_bot(api, RecordingService(error=RuntimeError("boom")))
    update = callback(1000000004, GROUP, "g1|1|vote|3", message_id=12, update_id=602)
    response = webhook.handler(webhook_event(update, SECRET), None)
    assert response["statusCode"] == 200
    api.carry_out(response)
    [answer] = api.calls_to("answerCallbackQuery")
    assert answer.params == {"callback_query_id": "60201000000004"}


def test_a_menu_level_replaces_the_keyboard_that_was_pressed(api: FakeTelegramApi) -> None:
    shinra = Tap(game_id="g1", phase_seq=4, action=Action(kind="night.shinra"), menu=True)
    first = api.dispatch("sendMessage", {"chat_id": 1000000004, "text": "能力を選んでください"})
    level = OutMessage(
        chat_id="tg:1000000004",
        text="対象を選んでください",
        buttons=(
            (Button("3番", Tap(game_id="g1", phase_seq=4, action=Action(kind="night.shinra", args=(3,)))),),
        ),
        edit_of="tap",
    )
    configure_with_bot(api, RecordingService(ack=None, messages=(level,)))
    update = callback(1000000004, 1000000004, shinra, message_id=first["message_id"], update_id=604)
    webhook.handler(webhook_event(update, SECRET), None)
    [message] = api.messages(1000000004)
    assert (message.text, message.edits) == ("対象を選んでください", 1)
    assert [label for label, _ in message.buttons[0]] == ["3番"]


def test_a_forged_press_reaches_the_service_as_forged(api: FakeTelegramApi) -> None:
    service = RecordingService(ack=None)
    configure_with_bot(api, service)
    update = callback(1000000004, GROUP, "vote:1000000001", message_id=12, update_id=603)
    webhook.handler(webhook_event(update, SECRET), None)
    assert [inbound.intent for inbound, _ in service.calls] == [TextCommand("forged")]


def test_without_a_configured_username_the_bot_asks_telegram_once(
    api: FakeTelegramApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(webhook.USERNAME_ENV, raising=False)
    service = RecordingService()
    webhook.configure(service=service, secret=SECRET, bot=api.bot())
    webhook.handler(webhook_event(join_update(701), SECRET), None)
    webhook.handler(webhook_event(group_command(GROUP, 1, "A", "/join@other_bot", 702), SECRET), None)
    assert [inbound.intent for inbound, _ in service.calls] == [TextCommand("join")]
    assert len(api.calls_to("getMe")) == 1


def test_the_username_from_the_environment_saves_the_getme_call(
    api: FakeTelegramApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(webhook.USERNAME_ENV, "@Example_Game_Bot")
    service = RecordingService()
    webhook.configure(service=service, secret=SECRET, bot=api.bot())
    webhook.handler(webhook_event(join_update(703), SECRET), None)
    assert len(service.calls) == 1
    assert api.calls_to("getMe") == []


def test_before_the_webhook_secret_is_readable_every_call_is_refused_not_crashed(
    service: RecordingService,
) -> None:
    def unreadable() -> str:
        raise RuntimeError("ParameterNotFound")

    webhook._Container.secret = unreadable
    assert webhook.handler(webhook_event(join_update(), SECRET), None)["statusCode"] == 401
    assert service.calls == []


def test_a_body_nested_too_deep_to_parse_is_a_bad_request(service: RecordingService) -> None:
    event = {**webhook_event(join_update(), SECRET), "body": "[" * 100_000 + "]" * 100_000}
    assert webhook.handler(event, None)["statusCode"] == 400


def test_a_body_with_half_a_utf16_pair_is_a_bad_request(service: RecordingService) -> None:
    """A JSON escape of a lone surrogate (RFC 7493 §2.1) would give a text that cannot be stored."""
    update = group_command(-1001, 42, "Alex", "/join x\ud800", 502)
    event = webhook_event(update, SECRET)
    assert "\\ud800" in event["body"]
    assert webhook.handler(event, None)["statusCode"] == 400
    assert service.calls == []
