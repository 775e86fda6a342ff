"""Text lengths as the platforms count them: UTF-16 code units. Telegram counts a message's length so
(core.telegram.org/bots/api#sendmessage, 4096); LINE counts characters (Messaging API reference, "Text
message": 5000), never more than the UTF-16 units of the same text, so one count serves both."""

from __future__ import annotations


def units(text: str) -> int:
    """Length of ``text`` in UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def head(text: str, limit: int) -> str:
    """The longest prefix of ``text`` within ``limit`` UTF-16 code units (never half a character)."""
    used = 0
    for index, char in enumerate(text):
        used += 2 if ord(char) > 0xFFFF else 1
        if used > limit:
            return text[:index]
    return text
