"""The platform-neutral button data of a :class:`~handlers.messages.Tap`: one compact ASCII string.

Each platform caps the data a button carries: Telegram ``InlineKeyboardButton.callback_data`` holds
1-64 bytes (core.telegram.org/bots/api#inlinekeyboardbutton), LINE's postback action ``data`` up to 300
characters (Messaging API reference, "Postback action"). The adapter passes its cap as ``max_bytes``;
the data is ASCII, so bytes and characters agree. The format is ``<game_id>|<phase_seq>|<kind>|<arg>…``,
e.g. ``g1a2b3c4|17|vote|5``:

- ``game_id``: 1-12 chars of ``A-Z a-z 0-9 _ -``;
- ``phase_seq``: a non-negative decimal, or empty for ``None`` (a tap that is valid in any phase);
- ``kind``: the action kind, words joined by dots, the first in lower case (``night.shinra``; DEATH NOTE
  人狼's ``play.EXCHANGE`` names a card type in capitals), after a ``+`` when the tap opens the next menu
  level (``Tap.menu``) rather than submitting the action;
- each arg: a seat (decimal int), an option id that cannot be read as an int (``skip``, ``yukihi``), or an
  option id that could (``'3``) behind a single quote.

Every value has exactly one spelling, so ``encode(decode(data)) == data`` for all accepted data.
"""

from __future__ import annotations

import re

from core.engine.notice import Action
from handlers.messages import Tap

SEPARATOR = "|"
MENU_MARK = "+"
_QUOTE = "'"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,12}")
_PHASE_SEQ = re.compile(r"0|[1-9][0-9]*")
_KIND = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_]+)*")
_INT = re.compile(r"0|-?[1-9][0-9]*")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_QUOTED = re.compile(r"[A-Za-z0-9_.-]+")


class ForgedTap(Exception):
    """Button data that :func:`encode` cannot have produced (old keyboards, other bots' data, forgery)."""


def encode(tap: Tap, *, max_bytes: int) -> str:
    """The button data of ``tap``, at most ``max_bytes`` bytes of UTF-8 (Telegram 64, LINE 300).

    Raises ``ValueError`` when a field has characters outside the format above, or when the result would
    exceed ``max_bytes``.
    """
    if not _GAME_ID.fullmatch(tap.game_id):
        raise ValueError(f"game id {tap.game_id!r} is not 1-12 chars of [A-Za-z0-9_-]")
    if tap.phase_seq is not None and tap.phase_seq < 0:
        raise ValueError(f"phase_seq {tap.phase_seq} is negative")
    if not _KIND.fullmatch(tap.action.kind):
        raise ValueError(f"action kind {tap.action.kind!r} is not dotted words (the first lower-case)")
    seq = "" if tap.phase_seq is None else str(tap.phase_seq)
    kind = MENU_MARK + tap.action.kind if tap.menu else tap.action.kind
    data = SEPARATOR.join([tap.game_id, seq, kind, *map(_encode_arg, tap.action.args)])
    size = len(data.encode("utf-8"))
    if size > max_bytes:
        raise ValueError(f"button data is {size} bytes, over {max_bytes}: {data!r}")
    return data


def decode(data: str, *, max_bytes: int) -> Tap:
    """The :class:`Tap` that :func:`encode` turned into ``data``; raises :class:`ForgedTap` otherwise
    (also for data over ``max_bytes`` bytes, which no button of ours carries)."""
    if len(data.encode("utf-8", errors="replace")) > max_bytes:
        raise ForgedTap(f"button data over {max_bytes} bytes")
    parts = data.split(SEPARATOR)
    if len(parts) < 3:
        raise ForgedTap("button data has fewer than 3 fields")
    game_id, seq, marked_kind, *args = parts
    kind = marked_kind.removeprefix(MENU_MARK)
    if not _GAME_ID.fullmatch(game_id):
        raise ForgedTap("bad game id")
    if seq and not _PHASE_SEQ.fullmatch(seq):
        raise ForgedTap("bad phase sequence")
    if not _KIND.fullmatch(kind):
        raise ForgedTap("bad action kind")
    action = Action(kind=kind, args=tuple(_decode_arg(arg) for arg in args))
    menu = kind != marked_kind
    return Tap(game_id=game_id, phase_seq=int(seq) if seq else None, action=action, menu=menu)


def _encode_arg(arg: int | str) -> str:
    if isinstance(arg, int):
        return str(arg)
    if _WORD.fullmatch(arg):
        return arg
    if _QUOTED.fullmatch(arg):
        return _QUOTE + arg
    raise ValueError(f"option id {arg!r} is not made of [A-Za-z0-9_.-]")


def _decode_arg(text: str) -> int | str:
    if _INT.fullmatch(text):
        return int(text)
    if _WORD.fullmatch(text):
        return text
    quoted = text.removeprefix(_QUOTE)
    if text.startswith(_QUOTE) and _QUOTED.fullmatch(quoted) and not _WORD.fullmatch(quoted):
        return quoted
    raise ForgedTap("bad action argument")
