"""``jinro-gm setup-webhook telegram|line``: connect a deployed stack (template.yaml) to its chat platform.

``telegram``: reads the bot token (env ``TELEGRAM_TOKEN``, else SSM ``/<path>/telegram/token``), stores a new
random webhook secret as SecureString ``/<path>/telegram/secret`` (overwriting), then through the Bot API
(core.telegram.org/bots/api): ``setWebhook`` with the URL, ``secret_token`` and :data:`ALLOWED_UPDATES`,
``setMyCommands`` for group and private chats in Japanese (the default) and English (catalog keys
``botcommand.<command>``), and ``getWebhookInfo`` to check that Telegram kept it. Prints a summary that
never contains the token or the secret. The URL is ``--url`` or the stack's ``TelegramWebhookUrl`` output.
With ``--miniapp <short name>`` (the Mini App made with BotFather ``/newapp``) the private chat's menu
button opens the player console; without it, the steps to make the Mini App are printed
(:mod:`devtools.console_setup`).

``line``: prints what to set in the LINE Developers console and LINE Official Account Manager, and the
SSM parameters the LINE function reads (with ``--stack-name``: whether each exists), and the LIFF app of the
player console to create.

Exit status: 0 done, 1 a platform or AWS call failed (message on stderr), 2 unusable arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

import core.i18n as i18n
from devtools import console_setup

if TYPE_CHECKING:
    from telegram import Bot

    from infra.deployment import Deployment

#: The updates the webhook asks for (``setWebhook`` ``allowed_updates``): commands and text, button
#: presses, the bot's own membership (added, removed, blocked) and players joining or leaving groups.
ALLOWED_UPDATES = ("message", "callback_query", "my_chat_member", "chat_member")
#: The command menu in groups and in the private chat with the bot (``botcommand.<name>`` in the catalogs).
GROUP_COMMANDS = (
    "newgame", "startgame", "cancel", "leave", "status", "board", "co", "ready", "option", "pool", "help",
    "extend", "skip", "pause", "resume", "kick", "settings", "rules", "role", "stats", "recap",
)  # fmt: skip
PRIVATE_COMMANDS = ("me", "hand", "vote", "done", "play", "t", "status", "help", "rules", "role")
#: Menu languages: ``None`` is Telegram's default for every user without a menu of their own language.
MENU_LOCALES: tuple[tuple[str | None, str], ...] = ((None, "ja"), ("en", "en"))
#: Telegram's ``secret_token``: 1-256 characters of A-Z a-z 0-9 _ - (``token_urlsafe`` uses exactly those).
SECRET_BYTES = 48
#: How long running functions may keep the old secret: Powertools' parameter cache (infra/settings.py).
SECRET_CACHE_SECONDS = 300
TELEGRAM_OUTPUT = "TelegramWebhookUrl"
LINE_OUTPUT = "LineWebhookUrl"


class SetupError(Exception):
    """A step failed; the message is the one line to print."""


@dataclass(frozen=True)
class Names:
    """The SSM parameter names under ``/<path>/`` (as template.yaml passes them to the functions)."""

    path: str

    def of(self, platform: str, name: str) -> str:
        return f"/{self.path.strip('/')}/{platform}/{name}"


def add_parser(subparsers: Any) -> None:
    """Register ``setup-webhook telegram|line`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("setup-webhook", help="connect the deployed bot to Telegram or LINE")
    platforms = parser.add_subparsers(dest="platform", required=True)
    for platform, helptext in (
        ("telegram", "set the webhook, its secret token and the command menu"),
        ("line", "print the LINE console settings, the SSM parameters to create and the LIFF app's endpoint"),
    ):
        sub = platforms.add_parser(platform, help=helptext)
        sub.add_argument("--url", help="the webhook URL (default: the stack's output)")
        sub.add_argument("--stack-name", help="the deployed stack, to read the webhook URL from its outputs")
        sub.add_argument(
            "--parameter-path", default="jinro-gm", help="the stack's ParameterPath (default jinro-gm)"
        )
        sub.set_defaults(run=run_telegram if platform == "telegram" else run_line)
        if platform == "telegram":
            sub.add_argument("--miniapp", help="the Mini App's short name: the menu button opens the console")


def run_telegram(args: argparse.Namespace) -> int:
    """``setup-webhook telegram`` against the real AWS and Bot API."""
    from telegram import Bot

    from infra.deployment import Deployment

    return setup_telegram(args, deployment=Deployment(), make_bot=Bot, out=sys.stdout)


def run_line(args: argparse.Namespace) -> int:
    """``setup-webhook line`` against the real AWS."""
    from infra.deployment import Deployment

    return setup_line(args, deployment=Deployment(), out=sys.stdout)


def setup_telegram(
    args: argparse.Namespace, *, deployment: Deployment, make_bot: Callable[[str], Bot], out: TextIO
) -> int:
    """The ``telegram`` subcommand with its AWS access and Bot factory given (``make_bot(token)``)."""
    from infra.deployment import DeploymentError

    names = Names(args.parameter_path)
    try:
        url = _webhook_url(args, deployment, TELEGRAM_OUTPUT)
        token = os.environ.get("TELEGRAM_TOKEN") or deployment.read_secret(names.of("telegram", "token"))
        if not token:
            raise SetupError(_missing_token(names))
        secret = secrets.token_urlsafe(SECRET_BYTES)
        store = partial(deployment.write_secret, names.of("telegram", "secret"), secret)
        report = asyncio.run(_connect(make_bot(token), url, secret, store, menu_button=bool(args.miniapp)))
    except _Usage as err:
        return _usage(str(err))
    except (SetupError, DeploymentError) as err:
        print(f"jinro-gm setup-webhook: {err}", file=sys.stderr)
        return 1
    _print_telegram(out, report, names)
    print("\n".join(console_setup.telegram_lines(url, report.username, args.miniapp)), file=out)
    return 0 if report.verified else 1


class _Usage(SetupError):
    """The arguments cannot work (exit status 2)."""


def _usage(message: str) -> int:
    print(f"jinro-gm setup-webhook: error: {message}", file=sys.stderr)
    return 2


def _webhook_url(args: argparse.Namespace, deployment: Deployment, output: str) -> str:
    """``--url``, else the stack's ``output``; Telegram and LINE both call only HTTPS webhooks."""
    url = args.url or (deployment.stack_output(args.stack_name, output) if args.stack_name else None)
    if not url:
        raise _Usage("give --url URL or --stack-name NAME (the stack whose outputs hold the URL)")
    if not url.startswith("https://"):
        raise _Usage(f"the webhook URL must start with https:// (got {url!r})")
    return str(url)


def _missing_token(names: Names) -> str:
    return (
        "no bot token: set TELEGRAM_TOKEN or store BotFather's token in SSM:\n"
        f"  read -rs TOKEN && aws ssm put-parameter --name {names.of('telegram', 'token')} "
        '--type SecureString --value "$TOKEN"; unset TOKEN\n'
        "  (paste the token from BotFather at the silent prompt)"
    )


@dataclass(frozen=True)
class TelegramReport:
    """What Telegram answered: the bot, the webhook as ``getWebhookInfo`` shows it, the menus set."""

    username: str
    url: str
    allowed_updates: tuple[str, ...]
    pending: int
    last_error: str | None
    menus: dict[str, int]
    verified: bool


async def _connect(
    bot: Bot, url: str, secret: str, store: Callable[[], None], *, menu_button: bool = False
) -> TelegramReport:
    """getMe (the token works), ``store()`` the secret, setWebhook, setMyCommands (each scope and language),
    with ``menu_button`` setChatMenuButton (the console), getWebhookInfo. Raises :class:`SetupError` for a
    Bot API error; what ``store`` raises propagates (the webhook is then left as it was)."""
    from telegram import BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
    from telegram.error import InvalidToken, TelegramError

    scopes = (("groups", BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
              ("private chats", BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS))  # fmt: skip
    try:
        async with bot:  # getMe: a wrong token stops here, before the stored secret changes
            username = bot.username
            store()
            await bot.set_webhook(url, allowed_updates=list(ALLOWED_UPDATES), secret_token=secret)
            menus = {}
            for label, scope, commands in scopes:
                for language, locale in MENU_LOCALES:
                    menu = [(name, i18n.text(f"botcommand.{name}", locale, "common")) for name in commands]
                    await bot.set_my_commands(menu, scope=scope, language_code=language)
                menus[label] = len(commands)
            if menu_button:
                await console_setup.set_menu_button(bot, url)
            info = await bot.get_webhook_info()
    except InvalidToken as err:
        raise SetupError(f"Telegram refused the bot token ({err}); check it with BotFather") from err
    except TelegramError as err:
        raise SetupError(
            f"the Bot API answered: {err}; run the command again (Telegram keeps undelivered updates for "
            "up to 24 hours, Bot API getUpdates)"
        ) from err
    kept = tuple(info.allowed_updates or ())
    return TelegramReport(
        username=username,
        url=info.url,
        allowed_updates=kept,
        pending=info.pending_update_count,
        last_error=info.last_error_message,
        menus=menus,
        verified=info.url == url and set(kept) == set(ALLOWED_UPDATES),
    )


def _print_telegram(out: TextIO, report: TelegramReport, names: Names) -> None:
    status = "verified with getWebhookInfo" if report.verified else "NOT what getWebhookInfo shows"
    menus = ", ".join(f"{label} {count}" for label, count in report.menus.items())
    lines = [
        f"Telegram bot @{report.username}",
        f"  webhook        {report.url or '(none)'} ({status})",
        f"  updates        {', '.join(report.allowed_updates) or '(all but chat_member)'}",
        f"  secret token   new, stored as SecureString {names.of('telegram', 'secret')}",
        f"  command menus  {menus} (Japanese by default, English for English-language users)",
        f"  waiting        {report.pending} update(s)",
    ]
    if report.last_error:
        lines.append(f"  last error     {report.last_error} (from before this setup, if the time is old)")
    lines += [
        f"Running functions read the new secret within {SECRET_CACHE_SECONDS // 60} minutes; until then they "
        "refuse updates and Telegram delivers them again later.",
        f"Next: add @{report.username} to a group and make it an administrator with the right to restrict "
        "members (docs/deploy.md).",
    ]
    print("\n".join(lines), file=out)


def setup_line(args: argparse.Namespace, *, deployment: Deployment, out: TextIO) -> int:
    """The ``line`` subcommand: print the console settings (and, with ``--stack-name``, check SSM)."""
    from infra.deployment import DeploymentError

    names = Names(args.parameter_path)
    parameters = (
        (names.of("line", "channel_secret"), "Channel secret (Basic settings tab)"),
        (names.of("line", "channel_access_token"), "Channel access token, long-lived (Messaging API tab)"),
    )
    try:
        url = _webhook_url(args, deployment, LINE_OUTPUT)
        present = {name: deployment.has_parameter(name) for name, _ in parameters} if args.stack_name else {}
    except _Usage as err:
        return _usage(str(err))
    except DeploymentError as err:
        print(f"jinro-gm setup-webhook: {err}", file=sys.stderr)
        return 1
    print("\n".join(_line_steps(url, parameters, present, names.path)), file=out)
    return 0


def _richmenu_step(path: str) -> list[str]:
    """The last step: the 1:1 chat's rich menu (devtools/richmenu.py), once the token is stored."""
    option = "" if path == "jinro-gm" else f" --parameter-path {path}"
    return [
        "3. Give the 1:1 chat its menu (「自分の番」「役職」「ヘルプ」) once the access token is stored:",
        f"    .venv/bin/jinro-gm setup-richmenu line{option}",
    ]


def _line_steps(
    url: str, parameters: tuple[tuple[str, str], ...], present: dict[str, bool], path: str
) -> list[str]:
    """The operator's steps for a Messaging API channel (LINE Developers docs, "Set a webhook URL")."""
    lines = [
        "1. Store the channel's secrets in SSM Parameter Store (SecureString) first: the function needs",
        "   the channel secret to answer the console's Verify. Paste each value at the silent prompt:",
    ]
    for name, source in parameters:
        state = "" if name not in present else ("  [exists]" if present[name] else "  [missing]")
        lines.append(f"  {name}: {source}{state}")
        lines.append(
            "    read -rs VALUE && aws ssm put-parameter --name "
            f'{name} --type SecureString --value "$VALUE" --overwrite; unset VALUE'
        )
    lines += [
        "2. LINE Developers console (developers.line.biz/console) → your provider → Messaging API channel:",
        "  Messaging API tab → Webhook settings:",
        f"    Webhook URL          {url}  (then press Verify: it must say Success)",
        "    Use webhook          ON",
        "    Webhook redelivery   ON  (a delivery the function missed is sent again, never applied twice)",
        "  Messaging API tab → LINE Official Account features:",
        "    Allow bot to join group chats   Enabled",
        "    Auto-reply messages             Disabled",
        "    Greeting messages               Disabled",
    ]  # fmt: skip
    lines += _richmenu_step(path)
    lines += console_setup.line_lines(url)
    lines.append(
        "Then, in a LINE group with the bot: /newgame adazakura (players add the bot as a friend and press"
        " the lobby's join button). Delivery: sam deploy --parameter-overrides LineDelivery=free|push"
        " (docs/deploy.md)."
    )
    return lines
