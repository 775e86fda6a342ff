"""``jinro-gm setup-webhook``: the operator connects the deployed stack with one command, and the bot's
secrets never show on the screen. Telegram is the local fake Bot API, AWS is moto (SSM, CloudFormation)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import boto3
import pytest
from moto import mock_aws
from telegram import Bot

from core.i18n import text
from devtools import setup_webhook
from devtools.cli import _parser, main
from devtools.setup_webhook import ALLOWED_UPDATES, GROUP_COMMANDS, PRIVATE_COMMANDS
from handlers import helpdesk
from handlers.messages import TextCommand
from handlers.recap import answer as recap_answer
from handlers.textcommands import to_command
from infra.deployment import Deployment
from tests.fakes.telegram_api import TOKEN, FakeTelegramApi

pytestmark = pytest.mark.aws

STACK = "jinro-prod"
TELEGRAM_URL = "https://abcdefghijklmnop.lambda-url.ap-northeast-1.on.aws/"
LINE_URL = "https://qrstuvwxyzabcdef.lambda-url.ap-northeast-1.on.aws/"
TOKEN_PARAM = "/jinro-gm/telegram/token"
SECRET_PARAM = "/jinro-gm/telegram/secret"
#: Telegram's secret_token alphabet and length (Bot API, setWebhook).
SECRET_FORM = re.compile(r"[A-Za-z0-9_-]{1,256}")


@dataclass
class World:
    api: FakeTelegramApi
    ssm: Any
    deployment: Deployment
    out: io.StringIO

    def run(self, *argv: str) -> int:
        args = _parser().parse_args(["setup-webhook", *argv])
        if args.platform == "line":
            return setup_webhook.setup_line(args, deployment=self.deployment, out=self.out)
        return setup_webhook.setup_telegram(args, deployment=self.deployment, make_bot=self.bot, out=self.out)

    def bot(self, token: str) -> Bot:
        """A Bot with the token the tool found, on the fake server (which refuses any other token)."""
        return Bot(token, base_url=self.api.base_url)

    def parameter(self, name: str) -> str | None:
        try:
            return str(self.ssm.get_parameter(Name=name, WithDecryption=True)["Parameter"]["Value"])
        except self.ssm.exceptions.ParameterNotFound:
            return None

    def calls(self, method: str) -> list[dict[str, Any]]:
        return [call.params for call in self.api.calls_to(method)]


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    """A deployed stack (its outputs), BotFather's token in SSM, and the fake Bot API."""
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)
    with mock_aws(), FakeTelegramApi() as api:
        ssm = boto3.client("ssm", region_name="ap-northeast-1")
        cloudformation = boto3.client("cloudformation", region_name="ap-northeast-1")
        outputs = {"TelegramWebhookUrl": {"Value": TELEGRAM_URL}, "LineWebhookUrl": {"Value": LINE_URL}}
        stack = {"Resources": {"Queue": {"Type": "AWS::SQS::Queue"}}, "Outputs": outputs}
        cloudformation.create_stack(StackName=STACK, TemplateBody=json.dumps(stack))
        ssm.put_parameter(Name=TOKEN_PARAM, Value=TOKEN, Type="SecureString")
        yield World(api, ssm, Deployment(ssm, cloudformation), io.StringIO())


def test_the_webhook_points_at_the_stacks_url_with_a_new_secret_kept_in_ssm(world: World) -> None:
    assert world.run("telegram", "--stack-name", STACK) == 0

    (call,) = world.calls("setWebhook")
    assert call["url"] == TELEGRAM_URL
    assert call["allowed_updates"] == list(ALLOWED_UPDATES)
    assert call["secret_token"] == world.parameter(SECRET_PARAM)
    assert SECRET_FORM.fullmatch(call["secret_token"])
    assert world.ssm.get_parameter(Name=SECRET_PARAM)["Parameter"]["Type"] == "SecureString"
    assert f"{TELEGRAM_URL} (verified with getWebhookInfo)" in world.out.getvalue()


def test_neither_the_token_nor_the_secret_is_ever_printed(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.run("telegram", "--stack-name", STACK)
    secret = world.parameter(SECRET_PARAM)
    shown = world.out.getvalue() + "".join(capsys.readouterr())

    assert secret
    assert TOKEN not in shown
    assert TOKEN.split(":")[1] not in shown
    assert secret not in shown
    assert SECRET_PARAM in shown  # where it is, never what it is


def test_each_run_makes_a_new_secret_and_telegram_gets_the_stored_one(world: World) -> None:
    world.run("telegram", "--stack-name", STACK)
    first = world.parameter(SECRET_PARAM)
    world.run("telegram", "--url", TELEGRAM_URL)

    second = world.calls("setWebhook")[-1]["secret_token"]
    assert second != first
    assert second == world.parameter(SECRET_PARAM)


def test_the_command_menus_are_set_for_groups_and_private_chats_in_japanese_and_english(world: World) -> None:
    world.run("telegram", "--stack-name", STACK)

    menus = {
        (call["scope"]["type"], call.get("language_code")): call["commands"]
        for call in world.calls("setMyCommands")
    }
    assert set(menus) == {(scope, language) for scope in ("all_group_chats", "all_private_chats")
                          for language in (None, "en")}  # fmt: skip
    group = {c["command"]: c["description"] for c in menus["all_group_chats", None]}
    assert group["newgame"] == text("botcommand.newgame", "ja", "common")
    english = {c["command"]: c["description"] for c in menus["all_private_chats", "en"]}
    assert english["vote"] == text("botcommand.vote", "en", "common")
    assert [c["command"] for c in menus["all_private_chats", None]] == list(PRIVATE_COMMANDS)


#: Commands the service answers without a core command: lobbies, group settings and stats, help texts,
#: the finished game's recap.
SERVICE_COMMANDS = frozenset({"newgame", "settings", "stats", recap_answer.WORD, *helpdesk.WORDS})


@pytest.mark.parametrize(
    ("name", "private"), [(n, False) for n in GROUP_COMMANDS] + [(n, True) for n in PRIVATE_COMMANDS]
)
def test_every_command_in_the_menus_is_one_the_bot_understands_there(name: str, private: bool) -> None:
    assert re.fullmatch(r"[a-z0-9_]{1,32}", name)
    for locale in ("ja", "en"):
        assert 1 <= len(text(f"botcommand.{name}", locale, "common")) <= 256
    if name in SERVICE_COMMANDS:  # answered by the service itself (handlers/service.py), not the core
        return
    command = to_command(TextCommand(name, ("1",)), "u1", private=private, game="adazakura")
    assert command not in ("command.unknown", "command.private_only")


def test_the_token_may_come_from_the_environment(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    world.ssm.delete_parameter(Name=TOKEN_PARAM)
    monkeypatch.setenv("TELEGRAM_TOKEN", TOKEN)

    assert world.run("telegram", "--url", TELEGRAM_URL) == 0
    assert world.calls("setWebhook")[0]["url"] == TELEGRAM_URL


def test_without_a_token_it_says_how_to_store_one_and_changes_nothing(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.ssm.delete_parameter(Name=TOKEN_PARAM)

    assert world.run("telegram", "--stack-name", STACK) == 1
    assert f"aws ssm put-parameter --name {TOKEN_PARAM} --type SecureString" in capsys.readouterr().err
    assert world.parameter(SECRET_PARAM) is None
    assert world.api.calls == []


def test_a_wrong_token_leaves_the_stored_secret_and_the_webhook_alone(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.ssm.put_parameter(Name=SECRET_PARAM, Value="the-secret-in-use", Type="SecureString")
    world.ssm.put_parameter(Name=TOKEN_PARAM, Value="123:other", Type="SecureString", Overwrite=True)

    assert world.run("telegram", "--stack-name", STACK) == 1
    assert "refused the bot token" in capsys.readouterr().err
    assert world.parameter(SECRET_PARAM) == "the-secret-in-use"
    assert world.calls("setWebhook") == []


def test_a_bot_api_error_is_reported_with_what_to_do(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.api.fail(
        {"ok": False, "error_code": 400, "description": "Bad Request: bad webhook: Failed to resolve host"},
        method="setWebhook",
    )

    assert world.run("telegram", "--stack-name", STACK) == 1
    error = capsys.readouterr().err.lower()
    assert "bad webhook: failed to resolve host" in error
    assert "run the command again" in error


def test_a_webhook_telegram_did_not_keep_fails_the_check(world: World) -> None:
    world.api._api_getWebhookInfo = lambda params: {  # type: ignore[method-assign]
        "url": "https://elsewhere.example/", "has_custom_certificate": False, "pending_update_count": 3,
    }  # fmt: skip

    assert world.run("telegram", "--stack-name", STACK) == 1
    assert "NOT what getWebhookInfo shows" in world.out.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "give --url URL or --stack-name NAME"),
        (("--url", "http://insecure.example/"), "must start with https://"),
    ],
)
def test_unusable_arguments_exit_2_before_any_call(
    world: World, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    assert world.run("telegram", *argv) == 2
    assert message in capsys.readouterr().err
    assert world.api.calls == []
    assert world.parameter(SECRET_PARAM) is None


def test_an_unknown_stack_is_named_in_the_error(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    assert world.run("telegram", "--stack-name", "no-such-stack") == 1
    assert "cannot read stack no-such-stack" in capsys.readouterr().err


def test_the_cli_knows_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup-webhook", "line"]) == 2
    assert "give --url URL or --stack-name NAME" in capsys.readouterr().err


def test_line_prints_the_console_settings_and_which_secrets_are_missing(world: World) -> None:
    world.ssm.put_parameter(Name="/jinro-gm/line/channel_secret", Value="s", Type="SecureString")

    assert world.run("line", "--stack-name", STACK) == 0

    shown = world.out.getvalue()
    for setting in (
        f"Webhook URL          {LINE_URL}",
        "Use webhook          ON",
        "Webhook redelivery   ON",
        "Auto-reply messages             Disabled",
        "Greeting messages               Disabled",
        "/jinro-gm/line/channel_secret: Channel secret (Basic settings tab)  [exists]",
        "/jinro-gm/line/channel_access_token: Channel access token, long-lived (Messaging API tab)"
        "  [missing]",
        "aws ssm put-parameter --name /jinro-gm/line/channel_access_token --type SecureString",
    ):
        assert setting in shown


def test_line_with_a_url_only_needs_no_aws(world: World) -> None:
    world.deployment = Deployment(ssm=None, cloudformation=None)  # any AWS call would fail outside moto
    assert world.run("line", "--url", LINE_URL, "--parameter-path", "games/jinro") == 0
    assert "aws ssm put-parameter --name /games/jinro/line/channel_secret" in world.out.getvalue()
