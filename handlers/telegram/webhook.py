"""The Telegram webhook Lambda: ``handler(event, context)`` for a Function URL / HTTP API v2 event.

A request whose path starts with ``/console`` is the player console's, not Telegram's: it is answered by
:class:`handlers.console.api.ConsoleApi` (authenticated by the Mini App's ``initData``,
:mod:`handlers.telegram.initdata`) before and instead of the steps below
(:mod:`handlers.console.function_url`). One under ``/recap/`` is a finished game's recap page or picture
(:mod:`handlers.recap.serve`; the token in its URL is the credential); a verified update also tells the
service this function's origin, where the end of a game links its recap (``requestContext.domainName``).

Order of work, per delivery (core.telegram.org/bots/api#setwebhook):

1. the ``X-Telegram-Bot-Api-Secret-Token`` header must equal the configured secret (``setWebhook``
   ``secret_token``), compared in constant time → else 401 and nothing else happens;
2. the body (base64 when ``isBase64Encoded``) must be a JSON object → else 400;
3. :func:`~handlers.telegram.parse.parse_update`, then ``Service.handle(inbound, now=<UTC epoch s>)``,
   then ``outcome.messages`` (``edit_of="tap"``: edit the message whose button was pressed, e.g. the
   next level of a menu);
4. 200 — also when the update is ignored, unparseable or the service fails before its commit (logged):
   Telegram would otherwise deliver the same update again and again. A button press's 200 carries its
   answer, ``answerCallbackQuery`` with ``outcome.ack``, as a JSON body that Telegram carries out
   (:meth:`TelegramSender.callback_answer`; a Bot API call less per press). The exception: 500 when the
   service committed the update but could neither send its messages nor keep them in the outbox
   (``handlers.messages.Undelivered``): Telegram delivers it again, and that sends them
   (``handlers.runner``).

Per container, built once and lazily: one asyncio event loop (``run_until_complete`` per invocation, so
the Bot's HTTP connection pool survives between invocations), the ``telegram.Bot``, the store and the
service, which mutes players without speaking rights after each change of a game
(:mod:`handlers.telegram.speech`). Settings come from :mod:`infra.settings`; the bot's username from env
``TELEGRAM_BOT_USERNAME``, else one ``getMe``. Tests and the local playground inject everything with
:func:`configure`.
Logs carry update ids and intent kinds, never message text or secrets.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from aws_lambda_powertools import Logger
from telegram import Bot

from handlers import jsontext, observability
from handlers.console import function_url
from handlers.container import ContainerLoop
from handlers.messages import Inbound, Outcome, OutMessage, TextCommand, Undelivered
from handlers.recap import links as recap_links
from handlers.telegram.parse import PREFIX, TelegramInbound, parse_update
from handlers.telegram.sender import TelegramSender

if TYPE_CHECKING:
    from handlers.console.api import ConsoleApi

SECRET_HEADER = "x-telegram-bot-api-secret-token"
TAPPED = "tap"  # OutMessage.edit_of meaning "the message whose button was pressed" (handlers.service)
USERNAME_ENV = "TELEGRAM_BOT_USERNAME"
#: Above any ``update_id`` Telegram sends (they are 32-bit counters; a JSON-safe integer bound).
MAX_UPDATE_ID = 2**53

logger = Logger()


class Handles(Protocol):
    """The part of ``handlers.service.Service`` the webhook calls."""

    async def handle(self, inbound: Inbound, *, now: int) -> Outcome: ...


@dataclass
class Runtime:
    """What one container keeps between invocations. ``secret`` is re-read per delivery (settings cache
    it), so a rotated secret is picked up without a cold start."""

    service: Handles
    sender: TelegramSender | None
    bot_username: str
    secret: Callable[[], str]
    clock: Callable[[], float] = time.time

    @property
    def bot(self) -> Bot | None:
        return None if self.sender is None else self.sender.bot


class _Container:
    runtime: Runtime | None = None
    secret: Callable[[], str] | None = None
    console: ConsoleApi | None = None  # built on the first console request


#: The container's event loop (kept between invocations).
LOOP = ContainerLoop()


def configure(
    *,
    service: Handles,
    secret: str,
    bot: Bot | None = None,
    bot_username: str | None = None,
    clock: Callable[[], float] = time.time,
) -> None:
    """Use these instead of the AWS-backed defaults (tests, local runs). ``bot`` answers button presses
    (``None``: presses are not answered); ``bot_username`` defaults as in production (env, else getMe);
    ``clock`` gives UTC epoch seconds."""
    username = bot_username or _username(bot)
    sender = None if bot is None else TelegramSender(bot, bot_username=username)
    _Container.runtime = Runtime(service, sender, username, lambda: secret, clock)
    _Container.secret = _Container.runtime.secret
    _Container.console = None


def handler(event: dict[str, Any], context: object) -> dict[str, Any]:
    """The Lambda entry point. Returns ``{"statusCode": 200 | 400 | 401, ...}`` (see module docstring)."""
    if recap_links.is_recap(event):
        return _recap(event)
    if function_url.is_console(event):
        return function_url.serve(event, _console, LOOP.get(), int(_runtime().clock()))
    headers = {str(name).lower(): value for name, value in (event.get("headers") or {}).items()}
    if not _verified(headers.get(SECRET_HEADER)):
        logger.warning("webhook call without the right secret token")
        return _response(401)
    update = _update(event)
    if update is None:
        return _response(400)
    runtime = _runtime()
    if runtime.bot is not None:  # the group's recap links point at this function (handlers.recap)
        recap_links.learn(runtime.service, event, PREFIX, _recap_key(runtime.bot))
    status, answer = LOOP.run(_process(runtime, update))
    return _response(status, answer)


def _recap_key(bot: Bot) -> Callable[[], str]:
    """The recap tokens' key on Telegram: the bot token (the webhook and the timer both have it)."""
    return lambda: str(bot.token)


def _recap(event: dict[str, Any]) -> dict[str, Any]:
    """A recap page or picture (:mod:`handlers.recap.serve`): read-only, no webhook secret (the token in
    the URL is the credential)."""
    from handlers.recap.serve import NOT_FOUND, answer

    runtime = _runtime()
    if runtime.bot is None:
        return NOT_FOUND
    return answer(event, runtime.service, _recap_key(runtime.bot))


def _console() -> ConsoleApi:
    """The container's player console: the runtime's service, ``initData`` checked with the bot's token."""
    if _Container.console is None:
        from handlers.console.api import ConsoleApi
        from handlers.telegram.initdata import InitDataAuth

        runtime = _runtime()
        bot = runtime.bot
        token = _token() if bot is None else (lambda: bot.token)
        _Container.console = ConsoleApi(runtime.service, InitDataAuth(token), platform="telegram")
    return _Container.console


async def _process(runtime: Runtime, update: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    """Handle one verified update and write its one log line (:func:`observability.log_input`); the HTTP
    status to answer and the Bot API call to answer with (a button press's ``answerCallbackQuery``), see
    the module docstring."""
    started = time.perf_counter()
    update_id = update.get("update_id")
    outcome, kind, status = Outcome(result="ignored"), "update", 200
    try:
        parsed = parse_update(update, runtime.bot, runtime.bot_username)
    except Exception:
        logger.exception("update could not be parsed; dropped", extra={"update_id": update_id})
        parsed, outcome = None, Outcome(result="ignored", reason="update.unparsable")
    if parsed is not None:
        try:
            kind = observability.intent_kind(parsed.inbound)
            outcome = await runtime.service.handle(parsed.inbound, now=int(runtime.clock()))
        except Undelivered:
            outcome, status = Outcome(result="failed"), 500
            logger.exception(
                "committed but not delivered: Telegram delivers it again", extra={"update_id": update_id}
            )
        except Exception:
            outcome = Outcome(result="failed")
            logger.exception("service failed", extra={"update_id": update_id, "intent": _kind(parsed)})
    answer = None
    if parsed is not None and runtime.sender is not None:
        if parsed.callback_query_id is not None and status == 200:
            answer = runtime.sender.callback_answer(parsed.callback_query_id, outcome.ack)
        for message in outcome.messages:
            await _reply(runtime.sender, _in_place(message, parsed), update_id)
    delivery_id = None if update_id is None else f"tg:{update_id}"
    observability.log_input(
        logger, source="telegram", outcome=outcome, started=started, delivery_id=delivery_id, kind=kind
    )
    return status, answer


def _in_place(message: OutMessage, parsed: TelegramInbound) -> OutMessage:
    """``edit_of="tap"`` (a menu level) edits the message whose button was pressed, if there was one."""
    if message.edit_of != TAPPED:
        return message
    return replace(message, edit_of=None if parsed.message_id is None else str(parsed.message_id))


async def _reply(sender: TelegramSender, message: OutMessage, update_id: object) -> None:
    try:
        await sender.send(message)
    except Exception:
        logger.exception("reply failed", extra={"update_id": update_id})


def _verified(given: str | None) -> bool:
    """Whether ``given`` is the webhook secret; False (with an error log) while the secret cannot be read,
    e.g. before ``jinro-gm setup-webhook telegram`` created it (docs/deploy.md)."""
    try:
        expected = _secret()()
    except Exception:
        logger.exception("webhook secret unavailable: every call is refused until it is readable")
        return False
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def _update(event: dict[str, Any]) -> dict[str, Any] | None:
    """The body as a JSON object, or ``None`` (logged) when it is not one."""
    body = event.get("body") or ""
    try:
        raw = base64.b64decode(body, validate=True) if event.get("isBase64Encoded") else body.encode("utf-8")
        update = jsontext.loads(raw)
    except (binascii.Error, ValueError):  # UnicodeError and JSONDecodeError are ValueErrors
        logger.warning("malformed webhook body", extra={"length": len(body)})
        return None
    if not isinstance(update, dict):
        logger.warning("webhook body is not a JSON object", extra={"type": type(update).__name__})
        return None
    update_id = update.get("update_id")
    if "update_id" in update and not (type(update_id) is int and 0 <= update_id < MAX_UPDATE_ID):
        # Telegram's are small positive ints; a huge one could not even be a store key (tg:<update_id>).
        logger.warning("webhook body with a bad update_id", extra={"type": type(update_id).__name__})
        return None
    return update


def _kind(parsed: TelegramInbound) -> str:
    intent = parsed.inbound.intent
    return f"command:{intent.name}" if isinstance(intent, TextCommand) else type(intent).__name__


def _response(status: int, answer: dict[str, Any] | None = None) -> dict[str, Any]:
    """The Function URL response: ``answer`` (a Bot API method and its parameters) as a JSON body."""
    if answer is None:
        return {"statusCode": status, "headers": {"content-type": "text/plain"}, "body": ""}
    body = json.dumps(answer, ensure_ascii=False)
    return {"statusCode": status, "headers": {"content-type": "application/json"}, "body": body}


def _secret() -> Callable[[], str]:
    if _Container.secret is None:
        from infra import settings

        _Container.secret = settings.telegram_secret
    return _Container.secret


def settings_for(chat_id: str) -> dict[str, Any]:
    """The operator's settings for games in Telegram chat ``chat_id`` (``GameRunner(settings_for=)``):
    ``console``: the player console exists (the Mini App ``TELEGRAM_MINIAPP``), so private messages are
    kept in the players' console feeds; ``console_primary``: it is the primary private channel
    (``CONSOLE_PRIMARY`` on, and a console to link to)."""
    from infra import settings

    console = bool(settings.telegram_miniapp())
    return {"console": console, "console_primary": console and settings.console_primary()}


def _token() -> Callable[[], str]:
    from infra import settings

    return settings.telegram_token


def _username(bot: Bot | None) -> str:
    from_env = os.environ.get(USERNAME_ENV, "").removeprefix("@")
    if from_env:
        return from_env
    if bot is None:
        raise ValueError(f"set {USERNAME_ENV} or give a bot to ask getMe")
    me = LOOP.run(bot.get_me())
    if not me.username:
        raise ValueError("getMe returned no username")
    return me.username


def _runtime() -> Runtime:
    """The container's runtime, built on first use from :mod:`infra.settings` (AWS)."""
    if _Container.runtime is None:
        from handlers.delivery import Throttle
        from handlers.service import Service
        from handlers.telegram.client import new_bot
        from handlers.telegram.speech import TelegramSpeech
        from handlers.wakeups import queue_scheduler
        from infra import settings
        from infra.dynamodb import DynamoStore

        bot = new_bot(settings.telegram_token())
        username = _username(bot)
        sender = TelegramSender(bot, bot_username=username, miniapp=settings.telegram_miniapp())
        speech = TelegramSpeech(bot)
        # Every phase change schedules its deadline and reminder on the timer queue (design §5).
        service = Service(
            DynamoStore(settings.table_name()), sender, after_commit=speech, scheduler=queue_scheduler(),
            settings_for=settings_for, throttle=Throttle(),
        )  # fmt: skip
        _Container.runtime = Runtime(service, sender, username, _secret())
    return _Container.runtime
