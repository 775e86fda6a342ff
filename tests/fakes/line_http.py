"""The HTTP side of the fake LINE API (:mod:`tests.fakes.line_api`): which endpoint a request is, the
recorded call, the failures a test asked for, and the request handler of the stdlib server.

Endpoints (Messaging API reference): ``POST /v2/bot/message/reply``, ``POST /v2/bot/message/push``,
``GET /v2/bot/profile/{userId}``, ``GET /v2/bot/{group|room}/{id}/member/{userId}``,
``GET /v2/bot/{group|room}/{id}/members/count``, ``GET /v2/bot/info``, and LINE Login's ``POST
/oauth2/v2.1/verify`` (a form body); any other path gets 404 ``{"message": "Not found"}``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol
from urllib.parse import parse_qsl

from tests.fakes.line_state import load_error

_ROUTES = [
    ("POST", re.compile(r"/v2/bot/message/reply"), "reply"),
    ("POST", re.compile(r"/v2/bot/message/push"), "push"),
    ("GET", re.compile(r"/v2/bot/profile/(?P<user>[^/]+)"), "profile"),
    ("GET", re.compile(r"/v2/bot/(?P<kind>group|room)/(?P<chat>[^/]+)/member/(?P<user>[^/]+)"),
     "member_profile"),
    ("GET", re.compile(r"/v2/bot/(?P<kind>group|room)/(?P<chat>[^/]+)/members/count"), "member_count"),
    ("GET", re.compile(r"/v2/bot/info"), "bot_info"),
    ("POST", re.compile(r"/oauth2/v2.1/verify"), "verify_id_token"),
]  # fmt: skip


@dataclass(frozen=True)
class Call:
    """One request: the endpoint's ``name`` (``reply``, ``push``, ``profile``, ``member_profile``,
    ``member_count``, ``bot_info``), its path parameters and JSON ``body``, and ``headers`` (lower-case
    names)."""

    name: str
    params: dict[str, str]
    body: dict[str, Any]
    headers: dict[str, str]

    @property
    def target(self) -> str | None:
        """The chat or user the call is about (a reply's is its token's chat, which the fake looks up)."""
        found = self.body.get("to") or self.params.get("chat") or self.params.get("user")
        return None if found is None else str(found)


@dataclass
class Failure:
    """Answer ``status`` with ``body`` for calls to endpoint ``name`` (any if ``None``) about
    ``chat_id`` (any if ``None``), ``times`` times (``None``: always)."""

    status: int
    body: dict[str, Any]
    name: str | None
    chat_id: str | None
    times: int | None

    def matches(self, name: str, target: str | None) -> bool:
        wanted = self.chat_id is None or self.chat_id == target
        return wanted and self.name in (None, name) and self.times != 0

    def consume(self) -> None:
        self.times = None if self.times is None else self.times - 1


class Serves(Protocol):
    """What the request handler needs of the fake."""

    def hung(self, call: Call) -> bool: ...

    def dispatch(self, call: Call) -> tuple[int, dict[str, Any], dict[str, str]]: ...


def route(method: str, path: str) -> tuple[str, dict[str, str]] | None:
    """The endpoint name and path parameters of a request, or ``None`` for a path LINE does not serve."""
    for verb, pattern, name in _ROUTES:
        found = pattern.fullmatch(path)
        if verb == method and found:
            return name, {k: v for k, v in found.groupdict().items() if v is not None}
    return None


def handler_class(api: Serves) -> type[BaseHTTPRequestHandler]:
    """The request handler class of a server answering for ``api``."""

    class Handler(BaseHTTPRequestHandler):
        def _serve(self, method: str) -> None:
            found = route(method, self.path.split("?")[0])
            if found is None:
                self._reply(404, load_error("error_404_not_found"), {})
                return
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            form = "x-www-form-urlencoded" in (self.headers.get("Content-Type") or "")
            body = dict(parse_qsl(raw.decode("utf-8"))) if form else json.loads(raw) if raw else {}
            headers = {name.lower(): value for name, value in self.headers.items()}
            call = Call(found[0], found[1], body, headers)
            if api.hung(call):
                self.close_connection = True
                return
            self._reply(*api.dispatch(call))

        def do_POST(self) -> None:
            self._serve("POST")

        def do_GET(self) -> None:
            self._serve("GET")

        def _reply(self, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the calls are recorded on the fake instead."""

    return Handler


def flex_texts(node: Any) -> list[str]:
    """The ``text`` of every Flex text component under ``node``, in document order."""
    if isinstance(node, list):
        return [text for item in node for text in flex_texts(item)]
    if not isinstance(node, dict):
        return []
    own = [node["text"]] if node.get("type") == "text" and isinstance(node.get("text"), str) else []
    return own + [text for key, value in node.items() if key != "action" for text in flex_texts(value)]
