"""JSON text from outside (a Telegram update, a console request, a playground request), read into Python
data that can always be written back as UTF-8. (A LINE body carries several events: there one event with
such a string is ignored and the others are read, ``handlers.line.parse``.)

``json.loads`` takes ``"\\ud800"``, a lone UTF-16 surrogate escape, and gives a ``str`` that cannot be
encoded as UTF-8; stored in a game (a line of chat, a team message) it would make every later write or
answer of that game fail. I-JSON (RFC 7493 §2.1) forbids such strings, and no platform sends one, so a body
that holds one is refused like any text that is not JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: A ``\\u`` escape of a UTF-16 surrogate (D800-DFFF): only a body with one can hold a lone surrogate
#: (raw UTF-8 cannot encode one), so the data is walked only then (a surrogate pair, an escaped emoji, is
#: checked and passes).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def loads(raw: bytes | str) -> Any:
    """The JSON value of ``raw`` (bytes: UTF-8). Raises ``ValueError`` when it is not UTF-8, not JSON,
    nested deeper than the parser goes, or holds a string with a lone surrogate (RFC 7493 §2.1)."""
    text = raw if isinstance(raw, bytes) else raw.encode("utf-8")  # a str with a raw surrogate fails here
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise ValueError("JSON nested too deep") from err
    if _SURROGATE_ESCAPE.search(text) and not _encodable(data):
        raise ValueError("a JSON string with a lone surrogate")
    return data


def _encodable(value: Any) -> bool:
    """Whether every string in ``value`` (JSON data) encodes as UTF-8; iterative, so any depth the parser
    took is fine."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True
