"""Typed text in a LINE chat read as a command: ``/cmd args…`` (a full-width ``／`` too), the words after a
mention of the bot in a group, with the name and the arguments folded the way Japanese input modes type
them (NFKC, lower-case), except the words of a message that is relayed as written (``/t``)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from handlers.messages import TextCommand

#: Commands whose words are relayed as the player wrote them (not folded).
RELAYED = frozenset({"t"})
_COMMAND = re.compile(r"[/／](\S+)(?:\s+(.*))?", re.DOTALL)


def command(text: str) -> TextCommand | None:
    """``/cmd args…`` (or with a full-width ``／``) → ``TextCommand``; the name NFKC-folded (full-width
    letters typed in Japanese input mode) and lower-cased, and so are the arguments (``/vote ３``) but a
    message's words (``/t``: what the player wrote is relayed as written)."""
    found = _COMMAND.fullmatch(text.strip())
    if found is None:
        return None
    return _typed(_name(found[1]), found[2] or "")


def words(text: str) -> TextCommand | None:
    """``cmd args…`` without a slash (after a mention of the bot) → ``TextCommand``; ``None`` if empty."""
    words = text.split(maxsplit=1)
    return _typed(_name(words[0]), words[1] if len(words) > 1 else "") if words else None


def _typed(name: str, rest: str) -> TextCommand:
    """The command ``name`` with the arguments in ``rest`` (NFKC-folded unless written to be relayed)."""
    folded = rest if name in RELAYED else unicodedata.normalize("NFKC", rest)
    return TextCommand(name, tuple(folded.split()))


def _name(word: str) -> str:
    return unicodedata.normalize("NFKC", word).lower()


def after_self_mention(text: str, mention: Any, bot_user_id: str | None) -> str | None:
    """The text after a mention of the bot that opens ``text`` (only blanks before it), else ``None``.

    Mention ``index``/``length`` are read as UTF-16 code units: the reference says "characters", and the
    two agree except around emoji and other characters beyond the BMP.
    """
    units = text.encode("utf-16-le")
    for mentionee in mention.mentionees if mention is not None else ():
        is_bot = getattr(mentionee, "is_self", None) or (
            bot_user_id is not None and getattr(mentionee, "user_id", None) == bot_user_id
        )
        start, end = 2 * mentionee.index, 2 * (mentionee.index + mentionee.length)
        if is_bot and not units[:start].decode("utf-16-le", errors="replace").strip():
            return units[end:].decode("utf-16-le", errors="replace")
    return None
