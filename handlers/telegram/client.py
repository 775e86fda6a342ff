"""The python-telegram-bot ``Bot`` a function talks to Telegram with."""

from __future__ import annotations

from telegram import Bot
from telegram.request import HTTPXRequest


def new_bot(token: str) -> Bot:
    """A ``Bot`` for ``token`` with one ``HTTPXRequest`` for every call. ``Bot`` otherwise builds a second
    one for ``getUpdates``, which a webhook never calls: a second httpx client with its own TLS context,
    32 ms of a cold container's first request on this machine (``make bench``'s ``first_request``)."""
    request = HTTPXRequest()
    return Bot(token, request=request, get_updates_request=request)
