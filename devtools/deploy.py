"""``jinro-gm deploy telegram|line``: the bot on the operator's AWS account in one command.

1. Checks the AWS credentials (STS ``GetCallerIdentity``) and the region (``--region``, else the AWS
   configuration's: ``AWS_REGION``, ``AWS_DEFAULT_REGION``, the profile).
2. Asks for the platform's secrets at a silent prompt (nothing echoed, nothing in the shell history) and
   stores them as SecureString parameters under ``/<parameter path>/`` (template.yaml's
   ``ParameterPath``): ``telegram/token`` (BotFather's token, checked with ``getMe`` first, which also gives
   the bot's username for ``TelegramBotUsername``), or ``line/channel_secret`` and
   ``line/channel_access_token``. On a re-run Enter keeps what is stored. ``TELEGRAM_TOKEN``,
   ``LINE_CHANNEL_SECRET`` and ``LINE_CHANNEL_ACCESS_TOKEN`` in the environment are taken without asking.
3. Runs ``sam build`` and ``sam deploy`` (:mod:`devtools.sam`) with the stack name, the region and the
   parameters it asked for. The SAM CLI is looked for before anything is asked, and installed into a
   virtual environment of its own when it is missing and the operator agrees (``--yes`` agrees
   beforehand). Re-running updates the stack; the template parameters it does not set keep their values.
4. Runs ``setup-webhook`` for the platform (:mod:`devtools.setup_webhook`) with the stack's outputs.

Never prints a secret. Exit status: 0 done, 1 a step failed (AWS, SAM, the platform; the message or the
step's own output says which), 2 nothing to work with (no region, no secret given, no SAM CLI).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from devtools import sam, setup_webhook
from devtools.setup_webhook import Names, SetupError

if TYPE_CHECKING:
    from telegram import Bot

    from infra.deployment import Deployment

#: BotFather's token: the bot's id, a colon, then letters, digits, ``_`` and ``-``.
TOKEN_FORM = re.compile(r"[0-9]+:[A-Za-z0-9_-]+")
#: Times a required secret is asked for before giving up.
ATTEMPTS = 3
DEFAULT_STACK = "jinro-gm"


class Ask(Protocol):
    """The operator's answers: ``secret`` reads a line without echoing it, ``yes`` a yes/no question
    (default no); both return an empty answer (``""``, False) at the end of the input."""

    def secret(self, prompt: str) -> str: ...

    def yes(self, prompt: str) -> bool: ...


class Terminal:
    """:class:`Ask` on the terminal (:func:`getpass.getpass`, :func:`input`)."""

    def secret(self, prompt: str) -> str:
        try:
            return getpass.getpass(prompt)
        except EOFError:
            return ""

    def yes(self, prompt: str) -> bool:
        try:
            return input(prompt).strip().lower() in ("y", "yes")
        except EOFError:
            return False


@dataclass(frozen=True)
class Secret:
    """One SecureString the stack reads: its ``name`` under the parameter path, what the operator is
    asked (``label``), the environment variable that gives it without asking, and an optional check
    (``TOKEN_FORM``) a value must pass."""

    name: str
    label: str
    env: str
    form: re.Pattern[str] | None = None


SECRETS = {
    "telegram": (Secret("telegram/token", "BotFather's bot token", "TELEGRAM_TOKEN", TOKEN_FORM),),
    "line": (
        Secret("line/channel_secret", "LINE channel secret (Basic settings tab)", "LINE_CHANNEL_SECRET"),
        Secret("line/channel_access_token", "LINE channel access token, long-lived (Messaging API tab)",
               "LINE_CHANNEL_ACCESS_TOKEN"),
    ),
}  # fmt: skip


class Stop(Exception):
    """The deploy cannot go on; ``status`` is the exit status, the message the one line to print."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def add_parser(subparsers: Any) -> None:
    """Register ``deploy telegram|line`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("deploy", help="deploy the bot to your AWS account and connect it")
    platforms = parser.add_subparsers(dest="platform", required=True)
    helps = {"telegram": "store the bot token, deploy the stack, set the webhook",
             "line": "store the channel's secrets, deploy the stack, print the LINE settings"}  # fmt: skip
    for platform, helptext in helps.items():
        sub = platforms.add_parser(platform, help=helptext)
        sub.add_argument("--stack-name", default=DEFAULT_STACK, help=f"the stack (default {DEFAULT_STACK})")
        sub.add_argument("--region", help="the AWS region (default: your AWS configuration's)")
        sub.add_argument(
            "--parameter-path", default="jinro-gm", help="the SSM path of the secrets (default jinro-gm)"
        )
        sub.add_argument("--sam", help="the SAM CLI to run (default: sam on PATH, else the one in .sam-venv)")
        sub.add_argument(
            "--yes", action="store_true", help="install a missing SAM CLI into .sam-venv without asking"
        )
        if platform == "telegram":
            sub.add_argument("--miniapp", help="the Mini App's short name (the console, docs/deploy.md §8)")
        sub.set_defaults(run=run_deploy)


def run_deploy(args: argparse.Namespace) -> int:
    """``jinro-gm deploy`` against the real AWS, SAM CLI and Bot API."""
    from telegram import Bot

    from infra.deployment import Deployment

    deployment = Deployment(region=args.region)
    return deploy(args, deployment=deployment, make_bot=Bot, ask=Terminal(), runner=sam.run, out=sys.stdout)


def deploy(
    args: argparse.Namespace,
    *,
    deployment: Deployment,
    make_bot: Callable[[str], Bot],
    ask: Ask,
    runner: sam.Runner,
    out: TextIO,
    venv: Path = sam.VENV,
) -> int:
    """The ``deploy`` subcommand with its AWS access, Bot factory, prompts and command runner given."""
    from infra.deployment import DeploymentError

    names = Names(args.parameter_path)
    try:
        region = _account(deployment, args, out)
        cli = sam.find(args.sam, venv) or _install(ask, runner, args.yes, venv)
        values = {secret: _ask_secret(secret, names, deployment, ask) for secret in SECRETS[args.platform]}
        parameters = {"ParameterPath": args.parameter_path.strip("/")}
        if args.platform == "telegram":
            [token] = values.values()
            parameters["TelegramBotUsername"] = _bot_username(make_bot, token or _stored(deployment, names))
            if args.miniapp:
                parameters["TelegramMiniApp"] = args.miniapp
        for secret, value in values.items():
            if value is not None:
                deployment.write_secret(names.of(*secret.name.split("/")), value)
                print(f"Stored the {secret.label} as SecureString {names.of(*secret.name.split('/'))}",
                      file=out)  # fmt: skip
        print(f"Deploying stack {args.stack_name} in {region} with {cli} …", file=out, flush=True)
        if sam.build_and_deploy(cli, runner, stack=args.stack_name, region=region, parameters=parameters):
            raise Stop("sam build or sam deploy failed (its output above says why); run the command again")
    except Stop as err:
        print(f"jinro-gm deploy: {err}", file=sys.stderr)
        return err.status
    except (SetupError, DeploymentError) as err:
        print(f"jinro-gm deploy: {err}", file=sys.stderr)
        return 1
    hook = argparse.Namespace(url=None, stack_name=args.stack_name, parameter_path=args.parameter_path,
                              miniapp=getattr(args, "miniapp", None))  # fmt: skip
    if args.platform == "telegram":
        return setup_webhook.setup_telegram(hook, deployment=deployment, make_bot=make_bot, out=out)
    return setup_webhook.setup_line(hook, deployment=deployment, out=out)


def _account(deployment: Deployment, args: argparse.Namespace, out: TextIO) -> str:
    """The region, once the credentials work; prints whose account this is."""
    region = deployment.region
    if not region:
        raise Stop("no AWS region: give --region (e.g. --region ap-northeast-1) or set AWS_REGION", 2)
    print(f"AWS {deployment.caller()} in {region}", file=out)
    return region


def _ask_secret(secret: Secret, names: Names, deployment: Deployment, ask: Ask) -> str | None:
    """The new value of ``secret`` (its environment variable, else asked at a silent prompt), or None to
    keep the stored one (Enter, when one is stored). Raises :class:`Stop` when none is given."""
    given = os.environ.get(secret.env, "").strip()
    if given:
        return _checked(secret, given)
    stored = deployment.has_parameter(names.of(*secret.name.split("/")))
    keep = " (Enter keeps the stored one)" if stored else ""
    for _ in range(ATTEMPTS):
        value = ask.secret(f"{secret.label}{keep}: ").strip()
        if not value and stored:
            return None
        if value and (secret.form is None or secret.form.fullmatch(value)):
            return value
        if value:
            print(f"That is not a {secret.label} (it looks like 123456789:AA…).", file=sys.stderr)
    raise Stop(f"no {secret.label} given: nothing was deployed", 2)


def _checked(secret: Secret, value: str) -> str:
    if secret.form is not None and not secret.form.fullmatch(value):
        raise Stop(f"${secret.env} is not a {secret.label}", 2)
    return value


def _stored(deployment: Deployment, names: Names) -> str:
    token = deployment.read_secret(names.of("telegram", "token"))
    if not token:
        raise Stop("the stored bot token is empty: run again and paste BotFather's token", 2)
    return token


def _bot_username(make_bot: Callable[[str], Bot], token: str) -> str:
    """The bot's username (``getMe``): the token works before anything is stored or deployed. Raises
    :class:`SetupError` when Telegram refuses it."""
    from telegram.error import InvalidToken, TelegramError

    async def ask() -> str:
        async with make_bot(token) as bot:
            return str(bot.username)

    try:
        return asyncio.run(ask())
    except InvalidToken as err:
        raise SetupError(f"Telegram refused the bot token ({err}); check it with BotFather") from err
    except TelegramError as err:
        raise SetupError(f"the Bot API answered: {err}; try again") from err


def _install(ask: Ask, runner: sam.Runner, agreed: bool, venv: Path) -> str:
    """The SAM CLI installed into ``venv`` with the operator's consent; raises :class:`Stop` otherwise."""
    question = (f"The AWS SAM CLI is not installed. Install it into {venv} (its own virtual environment, "
                f"pip install {sam.PACKAGE})? [y/N] ")  # fmt: skip
    if not (agreed or ask.yes(question)):
        raise Stop(f"no SAM CLI: install it (pip install {sam.PACKAGE} in a virtualenv of its own, or "
                   "docs.aws.amazon.com/serverless-application-model) or give --sam PATH", 2)  # fmt: skip
    installed = sam.install(runner, venv)
    if installed is None:
        raise Stop(f"installing the SAM CLI into {venv} failed (pip's output above says why)")
    return installed
