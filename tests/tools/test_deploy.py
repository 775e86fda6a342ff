"""``jinro-gm deploy telegram|line``: going live in one command. AWS is moto's server (SSM, STS,
CloudFormation), the SAM CLI a stub ``sam`` on ``PATH`` that records its arguments and creates or updates
the stack in moto, Telegram the local fake Bot API. What the operator sees: the secrets asked at a silent
prompt and stored as SecureString, never printed; ``sam build`` and ``sam deploy`` with the parameters
asked for; the webhook set at the stack's URL; a re-run updating the stack; a clear answer when the
credentials, the region or the SAM CLI are missing."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
import pytest
from telegram import Bot

from devtools import deploy, sam
from devtools.cli import _parser
from devtools.store_server import moto_server
from infra.deployment import Deployment
from tests.fakes.telegram_api import BOT_USERNAME, TOKEN, FakeTelegramApi

pytestmark = pytest.mark.aws

REGION = "ap-northeast-1"
TELEGRAM_URL = "https://abcdefghijklmnop.lambda-url.ap-northeast-1.on.aws/"
LINE_URL = "https://qrstuvwxyzabcdef.lambda-url.ap-northeast-1.on.aws/"
#: The stub SAM CLI: logs its arguments; ``deploy`` creates or updates the stack with the parameters it
#: was given and the outputs the real template has; ``STUB_SAM_FAIL=build`` makes ``sam build`` fail.
STUB = """#!{python}
import json, os, sys
import boto3
argv = sys.argv[1:]
with open(os.environ["STUB_SAM_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(argv) + "\\n")
if argv[:1] == [os.environ.get("STUB_SAM_FAIL")]:
    sys.exit(1)
if argv[:1] == ["deploy"]:
    stack, region = argv[argv.index("--stack-name") + 1], argv[argv.index("--region") + 1]
    given = dict(item.split("=", 1) for item in argv[argv.index("--parameter-overrides") + 1:])
    template = json.dumps({{
        "Parameters": {{name: {{"Type": "String", "Default": ""}} for name in given}},
        "Resources": {{"Queue": {{"Type": "AWS::SQS::Queue"}}}},
        "Outputs": {{"TelegramWebhookUrl": {{"Value": "{telegram}"}},
                    "LineWebhookUrl": {{"Value": "{line}"}}}},
    }})
    values = [{{"ParameterKey": k, "ParameterValue": v}} for k, v in given.items()]
    cloudformation = boto3.client("cloudformation", region_name=region)
    try:
        cloudformation.describe_stacks(StackName=stack)
    except Exception:
        cloudformation.create_stack(StackName=stack, TemplateBody=template, Parameters=values)
    else:
        cloudformation.update_stack(StackName=stack, TemplateBody=template, Parameters=values)
"""


@dataclass
class Answers:
    """The operator at the keyboard: ``secrets`` typed at the silent prompts, ``consent`` to yes/no."""

    secrets: list[str] = field(default_factory=list)
    consent: bool = False
    asked: list[str] = field(default_factory=list)

    def secret(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.secrets.pop(0) if self.secrets else ""

    def yes(self, prompt: str) -> bool:
        self.asked.append(prompt)
        return self.consent


@dataclass
class World:
    api: FakeTelegramApi
    tmp: Path
    stack: str
    path: str
    out: io.StringIO = field(default_factory=io.StringIO)

    def run(
        self, platform: str, *argv: str, answers: Answers | None = None, runner: sam.Runner = sam.run
    ) -> int:
        """``jinro-gm deploy <platform> --stack-name … --parameter-path … *argv`` with ``answers``."""
        args = _parser().parse_args(
            ["deploy", platform, "--stack-name", self.stack, "--parameter-path", self.path, *argv]
        )
        return deploy.deploy(
            args, deployment=Deployment(region=args.region), make_bot=self.bot, ask=answers or Answers(),
            runner=runner, out=self.out, venv=self.tmp / "sam-venv",
        )  # fmt: skip

    def bot(self, token: str) -> Bot:
        return Bot(token, base_url=self.api.base_url)

    def sam_calls(self) -> list[list[str]]:
        log = self.tmp / "sam.log"
        return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []

    def parameter(self, name: str) -> dict[str, Any] | None:
        ssm = boto3.client("ssm", region_name=REGION)
        try:
            return dict(ssm.get_parameter(Name=f"/{self.path}/{name}", WithDecryption=True)["Parameter"])
        except ssm.exceptions.ParameterNotFound:
            return None

    def stack_parameters(self) -> dict[str, str]:
        cloudformation = boto3.client("cloudformation", region_name=REGION)
        [described] = cloudformation.describe_stacks(StackName=self.stack)["Stacks"]
        return {p["ParameterKey"]: p["ParameterValue"] for p in described.get("Parameters", [])}


def _stub_sam(folder: Path) -> None:
    folder.mkdir()
    stub = folder / "sam"
    text = STUB.format(python=sys.executable, telegram=TELEGRAM_URL, line=LINE_URL)
    stub.write_text(text, encoding="utf-8")
    stub.chmod(stub.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    """Credentials for moto's server (no region configured), the stub ``sam`` first on ``PATH``."""
    unset = ("AWS_REGION", "AWS_DEFAULT_REGION", "AWS_PROFILE", "TELEGRAM_TOKEN", "LINE_CHANNEL_SECRET",
             "LINE_CHANNEL_ACCESS_TOKEN", "STUB_SAM_FAIL")  # fmt: skip
    for name in unset:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    _stub_sam(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("STUB_SAM_LOG", str(tmp_path / "sam.log"))
    with moto_server() as endpoint, FakeTelegramApi() as api:
        monkeypatch.setenv("AWS_ENDPOINT_URL", endpoint)
        name = f"jinro-{uuid.uuid4().hex[:8]}"
        yield World(api, tmp_path, stack=name, path=name)


def test_telegram_stores_the_token_deploys_with_its_parameters_and_sets_the_webhook(world: World) -> None:
    answers = Answers(secrets=[TOKEN])
    assert world.run("telegram", "--region", REGION, answers=answers) == 0
    assert answers.asked == ["BotFather's bot token: "], "one silent prompt"
    stored = world.parameter("telegram/token")
    assert stored is not None
    assert (stored["Value"], stored["Type"]) == (TOKEN, "SecureString")
    build, deployed = world.sam_calls()
    assert build == ["build"]
    assert deployed[:5] == ["deploy", "--stack-name", world.stack, "--region", REGION]
    overrides = deployed[deployed.index("--parameter-overrides") + 1 :]
    assert overrides == [f"ParameterPath={world.path}", f"TelegramBotUsername={BOT_USERNAME}"]
    [webhook] = world.api.calls_to("setWebhook")
    assert webhook.params["url"] == TELEGRAM_URL
    assert world.parameter("telegram/secret") is not None, "setup-webhook stored the webhook secret"
    assert TOKEN not in world.out.getvalue()
    assert webhook.params["secret_token"] not in world.out.getvalue()


def test_running_it_again_keeps_the_stored_token_on_enter_and_updates_the_stack(world: World) -> None:
    assert world.run("telegram", "--region", REGION, answers=Answers(secrets=[TOKEN])) == 0
    again = Answers(secrets=[""])
    assert world.run("telegram", "--region", REGION, "--miniapp", "console", answers=again) == 0
    assert again.asked == ["BotFather's bot token (Enter keeps the stored one): "]
    assert world.parameter("telegram/token")["Value"] == TOKEN  # type: ignore[index]
    assert [call[0] for call in world.sam_calls()] == ["build", "deploy", "build", "deploy"]
    assert world.stack_parameters()["TelegramMiniApp"] == "console", "the stack was updated"
    assert len(world.api.calls_to("setWebhook")) == 2


def test_line_stores_both_secrets_and_prints_the_console_settings(world: World) -> None:
    answers = Answers(secrets=["0123456789abcdef0123456789abcdef", "long-lived-access-token"])
    assert world.run("line", "--region", REGION, answers=answers) == 0
    assert len(answers.asked) == 2
    channel_secret = world.parameter("line/channel_secret")
    assert channel_secret is not None
    assert channel_secret["Value"] == "0123456789abcdef0123456789abcdef"
    assert world.parameter("line/channel_access_token")["Type"] == "SecureString"  # type: ignore[index]
    assert world.stack_parameters() == {"ParameterPath": world.path}
    shown = world.out.getvalue()
    assert LINE_URL in shown
    assert "long-lived-access-token" not in shown
    assert "0123456789abcdef0123456789abcdef" not in shown


def test_without_a_region_or_credentials_nothing_is_asked_or_deployed(
    world: World, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Answers(secrets=[TOKEN])
    assert world.run("telegram", answers=answers) == 2
    assert "--region" in capsys.readouterr().err
    monkeypatch.delenv("AWS_ACCESS_KEY_ID")
    monkeypatch.delenv("AWS_SECRET_ACCESS_KEY")
    assert world.run("telegram", "--region", REGION, answers=answers) == 1
    assert "credentials" in capsys.readouterr().err
    assert answers.asked == []
    assert world.sam_calls() == []


def test_a_token_telegram_refuses_stores_and_deploys_nothing(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    assert world.run("telegram", "--region", REGION, answers=Answers(secrets=["123:wrong-token"])) == 1
    assert "BotFather" in capsys.readouterr().err
    assert world.parameter("telegram/token") is None
    assert world.sam_calls() == []


def test_a_failed_sam_build_stops_before_the_webhook(
    world: World, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUB_SAM_FAIL", "build")
    assert world.run("telegram", "--region", REGION, answers=Answers(secrets=[TOKEN])) == 1
    assert "sam build" in capsys.readouterr().err
    assert [call[0] for call in world.sam_calls()] == ["build"]
    assert world.api.calls_to("setWebhook") == []


def test_a_missing_sam_cli_is_installed_into_its_own_venv_only_with_consent(
    world: World, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(world.tmp / "empty"))
    installs: list[list[str]] = []

    def runner(argv: Any, cwd: Path) -> int:
        if argv[1:3] == ["-m", "venv"] or "pip" in argv:
            installs.append(list(argv))
            if "pip" in argv:  # the install puts the SAM CLI into the new environment
                _stub_sam(world.tmp / "sam-venv" / "bin")
            else:
                (world.tmp / "sam-venv").mkdir()
            return 0
        return sam.run(argv, cwd)

    declined = Answers(secrets=[TOKEN], consent=False)
    assert world.run("telegram", "--region", REGION, answers=declined, runner=runner) == 2
    [question] = declined.asked
    assert "SAM CLI" in question, "asked before any secret"
    assert "--sam" in capsys.readouterr().err
    assert installs == []
    assert world.parameter("telegram/token") is None
    agreed = Answers(secrets=[TOKEN], consent=True)
    assert world.run("telegram", "--region", REGION, answers=agreed, runner=runner) == 0
    assert [argv[1:3] for argv in installs] == [["-m", "venv"], ["-m", "pip"]]
    assert "aws-sam-cli" in installs[1]
    assert [call[0] for call in world.sam_calls()] == ["build", "deploy"]


def test_the_deploy_guide_and_the_readme_lead_with_the_command() -> None:
    docs = Path(__file__).resolve().parents[2]
    guide = (docs / "docs" / "deploy.md").read_text(encoding="utf-8")
    first_block = guide.split("```sh", 1)[1].split("```", 1)[0]
    assert "jinro-gm deploy telegram" in first_block
    assert guide.index("jinro-gm deploy telegram") < guide.index("## 1. What you need")
    assert "sam deploy --guided" in guide, "the manual steps stay below"
    readme = (docs / "README.md").read_text(encoding="utf-8")
    deploying = readme.split("## Deploying", 1)[1].split("\n## ", 1)[0]
    assert "jinro-gm deploy telegram" in deploying.split("```sh", 1)[1].split("```", 1)[0]
