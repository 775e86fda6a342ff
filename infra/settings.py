"""Runtime settings of the Lambda functions: the store's table name, the bot secrets and the operator's
choices (LINE delivery, the player console's Mini App / LIFF app and whether it is the primary channel).

Names come from the environment (template.yaml sets them). A secret ``NAME`` is read, in order:

1. from env ``NAME`` itself: local runs and tests put the value there directly;
2. from the SSM Parameter Store parameter whose name is in env ``NAME_PARAM`` (SecureString, decrypted).

SSM reads go through :class:`infra.parameters.SsmParameters`, which caches each value in the container
for ``POWERTOOLS_PARAMETERS_MAX_AGE`` seconds (default 300): one SSM call per container per five minutes,
and a rotated secret is picked up within that time without a redeploy. boto3 is imported on the first
read, not with this module.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache

from infra.parameters import SsmParameters


class SettingsError(RuntimeError):
    """A required environment variable is missing (the message names it)."""


@cache
def _default_provider() -> SsmParameters:
    return SsmParameters()


def forget_secrets() -> None:
    """Drop the container's SSM reader and every value it kept (tests that move between mocked AWS
    accounts; the next read makes a new client)."""
    _default_provider.cache_clear()


def table_name(env: Mapping[str, str] | None = None) -> str:
    """The DynamoDB table of the store, from env ``TABLE_NAME``. Raises :class:`SettingsError` if unset."""
    value = (os.environ if env is None else env).get("TABLE_NAME")
    if not value:
        raise SettingsError("TABLE_NAME is not set: the name of the store's DynamoDB table")
    return value


def secret(name: str, *, env: Mapping[str, str] | None = None, provider: SsmParameters | None = None) -> str:
    """The secret ``name``: env ``name`` if set, else the SSM parameter named by env ``name + "_PARAM"``.

    ``env`` defaults to ``os.environ``; ``provider`` to one per container. Raises :class:`SettingsError`
    if neither variable is set, and :class:`infra.parameters.ParameterError` if SSM does not give the
    parameter (missing, no permission).
    """
    env = os.environ if env is None else env
    direct = env.get(name)
    if direct:
        return direct
    parameter = env.get(f"{name}_PARAM")
    if not parameter:
        raise SettingsError(f"set {name} (the value, local use) or {name}_PARAM (its SSM parameter name)")
    return (provider or _default_provider()).get(parameter)


def telegram_token(env: Mapping[str, str] | None = None, provider: SsmParameters | None = None) -> str:
    """The Telegram bot token (env ``TELEGRAM_TOKEN``, or SSM via ``TELEGRAM_TOKEN_PARAM``)."""
    return secret("TELEGRAM_TOKEN", env=env, provider=provider)


def telegram_secret(env: Mapping[str, str] | None = None, provider: SsmParameters | None = None) -> str:
    """The webhook secret Telegram echoes in ``X-Telegram-Bot-Api-Secret-Token`` (Bot API, setWebhook
    ``secret_token``): env ``TELEGRAM_SECRET``, or SSM via ``TELEGRAM_SECRET_PARAM``."""
    return secret("TELEGRAM_SECRET", env=env, provider=provider)


def timer_queue_url(env: Mapping[str, str] | None = None) -> str | None:
    """The URL of the timer's SQS queue (env ``TIMER_QUEUE_URL``, set by template.yaml), or ``None`` where
    there is none (local runs and tests: deadlines are then applied by the next input)."""
    return (os.environ if env is None else env).get("TIMER_QUEUE_URL") or None


def line_channel_secret(env: Mapping[str, str] | None = None, provider: SsmParameters | None = None) -> str:
    """The LINE channel secret, the key of the ``X-Line-Signature`` HMAC (Messaging API reference,
    "Verify webhook signature"): env ``LINE_CHANNEL_SECRET``, or SSM via ``LINE_CHANNEL_SECRET_PARAM``."""
    return secret("LINE_CHANNEL_SECRET", env=env, provider=provider)


def line_channel_access_token(
    env: Mapping[str, str] | None = None, provider: SsmParameters | None = None
) -> str:
    """The LINE channel access token (long-lived, ``Authorization: Bearer``) for replies and pushes: env
    ``LINE_CHANNEL_ACCESS_TOKEN``, or SSM via ``LINE_CHANNEL_ACCESS_TOKEN_PARAM``."""
    return secret("LINE_CHANNEL_ACCESS_TOKEN", env=env, provider=provider)


#: ``LINE_DELIVERY`` values: ``free`` answers only with replies (no counted message, design §4); ``push``
#: also pushes what a timer changed and private prompts, within ``LINE_PUSH_BUDGET`` per game.
LINE_MODES = ("free", "push")


def line_delivery(env: Mapping[str, str] | None = None) -> str:
    """How LINE games are delivered: env ``LINE_DELIVERY``, :data:`LINE_MODES` (default ``free``). Raises
    :class:`SettingsError` for another value."""
    value = ((os.environ if env is None else env).get("LINE_DELIVERY") or "free").strip().lower()
    if value not in LINE_MODES:
        raise SettingsError(f"LINE_DELIVERY is {value!r}: use one of {', '.join(LINE_MODES)}")
    return value


def line_push_budget(env: Mapping[str, str] | None = None) -> int | None:
    """Counted pushes (recipients; a push to a group counts every member) one game may spend in push mode:
    env ``LINE_PUSH_BUDGET``, a whole number ≥ 0; unset or empty: no limit. Raises :class:`SettingsError`
    for another value."""
    value = ((os.environ if env is None else env).get("LINE_PUSH_BUDGET") or "").strip()
    if not value:
        return None
    if not value.isdigit():
        raise SettingsError(
            f"LINE_PUSH_BUDGET is {value!r}: use a whole number of pushes per game, or leave it empty"
        )
    return int(value)


def line_basic_id(env: Mapping[str, str] | None = None) -> str | None:
    """The LINE account's basic ID (``@123abcde``, the add-friend and 1:1 links): env ``LINE_BOT_BASIC_ID``;
    ``None`` when unset (the sender then asks ``GET /v2/bot/info`` once)."""
    value = ((os.environ if env is None else env).get("LINE_BOT_BASIC_ID") or "").strip()
    return value or None


def _optional(name: str, env: Mapping[str, str] | None) -> str | None:
    value = ((os.environ if env is None else env).get(name) or "").strip()
    return value or None


def _origin(name: str, env: Mapping[str, str] | None) -> str | None:
    value = (_optional(name, env) or "").rstrip("/")
    return value if value.startswith("https://") else None


def telegram_function_url(env: Mapping[str, str] | None = None) -> str | None:
    """The public origin of the Telegram function, where it serves its games' recaps (``handlers.recap``),
    without a trailing slash: env ``TELEGRAM_FUNCTION_URL`` (the timer's, template.yaml ``!GetAtt
    TelegramFunctionUrl.FunctionUrl``); ``None`` when unset or not https."""
    return _origin("TELEGRAM_FUNCTION_URL", env)


def line_function_url(env: Mapping[str, str] | None = None) -> str | None:
    """The public origin of the LINE function, where it serves its games' recaps: env
    ``LINE_FUNCTION_URL`` (the timer's); ``None`` when unset or not https."""
    return _origin("LINE_FUNCTION_URL", env)


def telegram_miniapp(env: Mapping[str, str] | None = None) -> str | None:
    """The short name of the bot's Mini App (BotFather ``/newapp``), the ``<app>`` of the player console's
    link ``https://t.me/<bot>/<app>?startapp=<game id>``: env ``TELEGRAM_MINIAPP``; ``None`` when unset
    (no console link on Telegram)."""
    return _optional("TELEGRAM_MINIAPP", env)


def line_liff_id(env: Mapping[str, str] | None = None) -> str | None:
    """The LIFF app id of the player console (``1234567890-AbcdEfgh``, LINE Developers console, LIFF tab):
    env ``LINE_LIFF_ID``; ``None`` when unset (no console link on LINE)."""
    return _optional("LINE_LIFF_ID", env)


def line_login_channel_id(env: Mapping[str, str] | None = None) -> str | None:
    """The LINE Login channel id the LIFF app belongs to, the ``client_id`` of "Verify ID token" (LINE
    Login v2.1 API reference): env ``LINE_LOGIN_CHANNEL_ID``; ``None`` when unset (the LINE console then
    refuses everyone)."""
    return _optional("LINE_LOGIN_CHANNEL_ID", env)


#: Values of ``CONSOLE_PRIMARY`` that turn it on (any other value, or none, leaves it off).
TRUE = ("1", "true", "yes", "on")


def console_primary(env: Mapping[str, str] | None = None) -> bool:
    """Whether the operator made the player console the primary private channel: env ``CONSOLE_PRIMARY``
    on (:data:`TRUE`). Each platform applies it only where its console exists (the Mini App or LIFF app is
    set): without one, private messages must keep going to the 1:1 chats."""
    return ((os.environ if env is None else env).get("CONSOLE_PRIMARY") or "").strip().lower() in TRUE
