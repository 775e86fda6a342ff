"""Where a finished game's recap lives and who may open it.

The token of a game is ``base64url(HMAC-SHA256(key, "jinro-gm/recap/" + game id))[:22]`` (128 bits), the
key a secret the platform's functions already have (the Telegram bot token, the LINE channel access
token): the webhook function that serves the page and the timer function that may end the game both
make it, nothing is stored, and the link works as long as the game is in storage (``KEEP_FINISHED``,
docs/storage.md). Rotating that secret retires the links already sent. Errors name nothing: a wrong
token and a missing game are the same 404 (:mod:`handlers.recap.serve`).

The group's end message (:meth:`RecapLinks.message`) is an :class:`~handlers.messages.OutMessage` with a
``photo`` (the PNG's https URL: Telegram ``sendPhoto`` by URL, LINE image message
``originalContentUrl``/``previewImageUrl``, which must be https) and a ``link`` (the page: Telegram inline
URL button, LINE URI action), going through the outbox like every message.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import core.i18n as i18n
from handlers.messages import Link, OutMessage

#: The path every recap URL starts with (``handlers.recap.serve``).
PREFIX = "/recap/"
#: Characters of the token (base64url of the HMAC's first 16 bytes).
TOKEN_CHARS = 22


def token(key: str, game_id: str) -> str:
    """The recap token of ``game_id`` under ``key`` (see the module docstring)."""
    mac = hmac.new(key.encode("utf-8"), f"jinro-gm/recap/{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii")[:TOKEN_CHARS]


def valid(key: str, game_id: str, given: str) -> bool:
    """Whether ``given`` is ``game_id``'s token under ``key`` (constant-time comparison)."""
    return hmac.compare_digest(token(key, game_id).encode("ascii"), given.encode("utf-8", "replace"))


@dataclass(frozen=True)
class Site:
    """One platform function's public origin (``https://<id>.lambda-url.<region>.on.aws``, no trailing
    slash) and its token key (a callable: read when first needed, e.g. from SSM)."""

    base: str
    key: Callable[[], str]

    def page(self, game_id: str) -> str:
        """The recap page of ``game_id``: ``<base>/recap/<game id>?t=<token>``."""
        return f"{self.base}{PREFIX}{quote(game_id, safe='')}?t={token(self.key(), game_id)}"

    def image(self, game_id: str) -> str:
        """The recap picture of ``game_id``: ``<base>/recap/<game id>.png?t=<token>``."""
        return f"{self.base}{PREFIX}{quote(game_id, safe='')}.png?t={token(self.key(), game_id)}"


class RecapLinks:
    """The recap sites by chat id prefix (``tg:``, ``line:``): a game's recap is served by the function of
    its group's platform. ``sites`` may grow (a webhook learns its origin from its first request)."""

    def __init__(self, sites: Mapping[str, Site] | None = None) -> None:
        self.sites: dict[str, Site] = dict(sites or {})

    def site(self, chat_id: str) -> Site | None:
        return self.sites.get(chat_id.partition(":")[0] + ":")

    def message(self, state: Any) -> OutMessage | None:
        """The group's recap message of the finished game ``state`` (``table.title`` and the result as the
        caption, the picture, the page's button); ``None`` without a site for its platform or a result."""
        site = self.site(state.chat_id)
        if site is None or getattr(state, "result", None) is None:
            return None
        locale, game = state.locale, state.game
        caption = i18n.text("table.title", locale, game)
        return OutMessage(
            chat_id=state.chat_id, text=caption, locale=locale, alone=True, photo=site.image(state.game_id),
            link=Link(label=i18n.text("table.link", locale, game), url=site.page(state.game_id)),
        )  # fmt: skip


def is_recap(event: Mapping[str, Any]) -> bool:
    """Whether a Function URL request is the recap's: ``rawPath`` under ``/recap/``."""
    return str(event.get("rawPath") or "").startswith(PREFIX)


def learn(service: object, event: Mapping[str, Any], prefix: str, key: Callable[[], str]) -> None:
    """Give ``service``'s runner the recap site of the platform whose chats start with ``prefix``, at this
    function's origin (:func:`origin`), once; nothing when the event has no origin or a site is set."""
    runner = getattr(service, "runner", None)
    links = getattr(runner, "recap", None)
    if not isinstance(links, RecapLinks) or prefix in links.sites:
        return
    base = origin(event)
    if base is not None:
        links.sites[prefix] = Site(base, key)


def origin(event: Mapping[str, Any]) -> str | None:
    """``https://<requestContext.domainName>`` of a Function URL event (AWS Lambda Developer Guide,
    "Invoking Lambda function URLs", request payload), or ``None`` when the event has none."""
    domain = str(((event.get("requestContext") or {}).get("domainName")) or "").strip()
    return f"https://{domain}" if domain and "/" not in domain else None
