"""What the LINE function and the timer build from :mod:`infra.settings` to reach LINE: the REST client,
the sender in the operator's delivery mode, and whether games get 30 s reminders.

Light to import: the client (httpx) is imported when a sender is built, so the timer loads it only for
a LINE game's message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from infra import settings

if TYPE_CHECKING:
    from handlers.line.api import LineApi
    from handlers.line.sender import LineSender


def reminds(chat_id: str) -> bool:
    """Whether a game in ``chat_id`` gets its 30 s reminders (``GameRunner(reminds=)``): always but in a
    LINE group in free mode, where a reminder could only be read after the player's next message, when
    the deadline may have passed (design §4)."""
    return not chat_id.startswith("line:") or settings.line_delivery() == "push"


def build() -> tuple[LineApi, LineSender]:
    """The client (channel access token from SSM) and the sender in the ``LINE_DELIVERY`` mode, with the
    ``LINE_PUSH_BUDGET`` and ``LINE_BOT_BASIC_ID`` settings. Raises ``infra.settings.SettingsError`` for
    a missing or invalid setting."""
    from handlers.line.api import LineApi
    from handlers.line.sender import LineSender

    api = LineApi(settings.line_channel_access_token())
    sender = LineSender(
        api,
        mode=settings.line_delivery(),
        push_budget=settings.line_push_budget(),
        basic_id=settings.line_basic_id(),
    )
    return api, sender


def sender_from_settings() -> LineSender:
    """The sender of :func:`build` (the timer's, which needs no client of its own)."""
    return build()[1]
