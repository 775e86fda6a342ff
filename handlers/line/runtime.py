"""What the LINE function and the timer build from :mod:`infra.settings` to reach LINE: the REST client,
the sender in the operator's delivery mode, whether games get 30 s reminders, and the player console.

Light to import: the client (httpx) is imported when a sender is built, so the timer loads it only for
a LINE game's message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from infra import settings

if TYPE_CHECKING:
    from handlers.console.api import ConsoleApi
    from handlers.console.auth import Authenticator
    from handlers.line.api import LineApi
    from handlers.line.sender import LineSender


def reminds(chat_id: str) -> bool:
    """Whether a game in ``chat_id`` gets its 30 s reminders (``GameRunner(reminds=)``): always but in a
    LINE group in free mode, where a reminder could only be read after the player's next message, when
    the deadline may have passed (design §4)."""
    return not chat_id.startswith("line:") or settings.line_delivery() == "push"


def build() -> tuple[LineApi, LineSender]:
    """The client (channel access token from SSM) and the sender in the ``LINE_DELIVERY`` mode, with the
    ``LINE_PUSH_BUDGET``, ``LINE_BOT_BASIC_ID`` and ``LINE_LIFF_ID`` settings. Raises
    ``infra.settings.SettingsError`` for a missing or invalid setting."""
    from handlers.line.api import LineApi
    from handlers.line.sender import LineSender

    api = LineApi(settings.line_channel_access_token())
    sender = LineSender(
        api,
        mode=settings.line_delivery(),
        push_budget=settings.line_push_budget(),
        basic_id=settings.line_basic_id(),
        liff_id=settings.line_liff_id(),
    )
    return api, sender


def settings_for(chat_id: str) -> dict[str, Any]:
    """The operator's settings for games in LINE chat ``chat_id`` (``GameRunner(settings_for=)``): the
    console is the primary private channel (``console_primary``) when ``CONSOLE_PRIMARY`` is on and the
    LIFF app (``LINE_LIFF_ID``, ``LINE_LOGIN_CHANNEL_ID``) exists to link to. In free mode this removes
    the pull step for private items: they wait in the console, not for a reply token. ``console``: that
    LIFF app exists, so private messages are kept in the players' console feeds. ``mutes``: False, a LINE
    bot cannot mute anyone in a group, so a game refuses 霊界表示 (``core.engine.afterlife.configure``)."""
    console = bool(settings.line_liff_id() and settings.line_login_channel_id())
    return {"console": console, "console_primary": console and settings.console_primary(), "mutes": False}


def console(service: object, authenticator: Authenticator | None = None) -> ConsoleApi:
    """The LINE function's player console on ``service``: LIFF ID tokens verified for the
    ``LINE_LOGIN_CHANNEL_ID`` channel (``authenticator`` instead, in tests) and the page told the
    ``LINE_LIFF_ID`` to initialise LIFF with."""
    from handlers.console.api import ConsoleApi
    from handlers.line.idtoken import IdTokenAuth

    auth = authenticator or IdTokenAuth(settings.line_login_channel_id() or "")
    liff_id = settings.line_liff_id()
    return ConsoleApi(service, auth, platform="line", page_config={"liff_id": liff_id} if liff_id else {})


def sender_from_settings() -> LineSender:
    """The sender of :func:`build` (the timer's, which needs no client of its own)."""
    return build()[1]
