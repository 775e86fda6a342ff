"""Compact callback data for inline-keyboard buttons: a :class:`~handlers.messages.Tap` in ≤ 64 bytes.

Bot API ``InlineKeyboardButton.callback_data`` holds 1-64 bytes
(core.telegram.org/bots/api#inlinekeyboardbutton). The format is the platform-neutral one of
:mod:`handlers.taps` (``g1a2b3c4|17|vote|5``); this module fixes Telegram's cap.
"""

from __future__ import annotations

from telegram.constants import InlineKeyboardButtonLimit

from handlers import taps
from handlers.messages import Tap

MAX_BYTES = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)

#: Callback data that :func:`encode` cannot have produced (old keyboards, other bots' data, forgery).
ForgedCallback = taps.ForgedTap


def encode(tap: Tap) -> str:
    """The callback data of ``tap``. Raises ``ValueError`` when a field has characters outside the format
    of :mod:`handlers.taps`, or when the result would exceed :data:`MAX_BYTES` (64) bytes of UTF-8."""
    return taps.encode(tap, max_bytes=MAX_BYTES)


def decode(data: str) -> Tap:
    """The :class:`Tap` that :func:`encode` turned into ``data``; raises :class:`ForgedCallback` otherwise."""
    return taps.decode(data, max_bytes=MAX_BYTES)
