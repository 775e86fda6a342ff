"""The console's HTTP-neutral request and response (imported through :mod:`handlers.console.api`): each
platform's function and the local playground's server adapt their own HTTP shapes to these."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: Headers of every API answer: never cached, never sniffed.
API_HEADERS = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
}


@dataclass(frozen=True)
class ConsoleRequest:
    """One HTTP request: ``method`` (``GET``/``POST``), ``path`` without the query (``/console/api/view``),
    ``query`` (decoded, one value per name), ``headers`` (names in lower case) and the raw ``body``."""

    method: str
    path: str
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


@dataclass(frozen=True)
class ConsoleResponse:
    """One HTTP response: ``status``, ``headers`` (``Content-Type`` …) and the raw ``body``."""

    status: int
    headers: dict[str, str]
    body: bytes


def json_response(status: int, data: dict[str, Any]) -> ConsoleResponse:
    """``data`` as a JSON answer with :data:`API_HEADERS`."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return ConsoleResponse(status, dict(API_HEADERS), body)
