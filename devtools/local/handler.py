"""The browser playground's requests: :class:`Handler` answers one HTTP request of
:class:`devtools.local.web.PlaygroundServer` (the page, its JSON API, the player console, the recap), with
the standard library's ``BaseHTTPRequestHandler``; the server owning it is its :class:`Owner`.

Routes (JSON bodies in UTF-8; errors ``{"error", "message"}`` with 400, 403, 404 or 405, the messages
the console's, ``console.error.*``; 413 and 408 below):

- ``GET /`` the page; ``GET /playground/static/<file>`` its script and style (``HEAD``: the same answer
  without its body; any other method: 405 with ``Allow: GET, HEAD``).
- ``GET /playground/api/texts?lang=ja`` → ``{"texts": {key: text}, "games": [{"id", "name",
  "min_players", "max_players"}], "langs": [{"id", "name"}]}`` (``local.web.*`` catalog texts).
- ``GET /playground/api/state?since=N`` → :meth:`devtools.local.session.Playground.state`.
- ``POST /playground/api/new`` ``{"game", "players", "lang", "seed"?}``; ``…/group`` ``{"seat", "text"}``;
  ``…/private`` ``{"seat", "text"}`` (a ``/command`` in the seat's 1:1 chat: ``/vote 3``, ``/me``);
  ``…/press`` ``{"seat", "n", "button"}`` (these three: ``"watcher": n`` instead of ``"seat"`` acts as a
  person without a seat); ``…/advance`` ``{}``; ``…/seat`` ``{"seat", "bot"}``; ``…/watcher`` ``{}`` (one
  more person without a seat) → ``{"ok": true, "message": text or null}`` (``advance`` adds
  ``"moved"``, ``new`` the ``"seed"`` and the ``"table"`` it opened, ``watcher`` the new one's number).
  Another method on one of these: 405 with ``Allow`` (its one method, :data:`devtools.local.routes.METHODS`).
- ``/console…`` the player console (:class:`handlers.console.api.ConsoleApi`, seat tokens; ``HEAD`` on
  its page and files as ``GET`` without the body, its API answers 405 to other methods itself).
- ``GET /recap/<game id>?t=<token>`` a finished game's recap page (HTML), ``GET /recap/<game id>.png?t=…``
  its picture (PNG): what the group's end message shows and links (``OutMessage.photo``/``link``),
  answered by the platforms' own route (:mod:`handlers.recap.serve`) over this table's store with the
  table's token key (:meth:`devtools.local.game.LocalGame.recap`); a wrong token, an unknown or
  unfinished game: 404; a method other than ``GET``/``HEAD``: 405. The token is its credential: no key.

Who may pass is the owner's (:meth:`devtools.local.web.PlaygroundServer.allowed`: a loopback ``Host``,
or the key off loopback). Everywhere, a write from a page of another site is refused
(403) and a ``POST`` to the API or the console's API must be JSON (415, ``unsupported_media_type``):
:mod:`devtools.local.guard`. A body the JSON parser cannot nest that deep is a 400 like any malformed
body. A request whose ``Content-Length`` is over :data:`MAX_BODY` is refused at once (413, ``too_large``)
without reading its body, and a connection that sends nothing for :data:`READ_TIMEOUT` seconds (a body
shorter than its ``Content-Length``, a request line that never ends) is answered 408 (``timeout``) and
closed, so no request holds one of the server's threads. A browser that goes away mid-answer (a reload)
ends its request quietly.
"""

from __future__ import annotations

import base64
import json
import logging
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlsplit

import core.i18n as i18n
from devtools.local.guard import cross_site, is_json
from devtools.local.routes import METHODS, answer, error_body, number, table_lang
from devtools.local.session import Playground, Refused
from devtools.local.texts import ui
from handlers import jsontext
from handlers.console.api import ConsoleRequest
from handlers.recap.links import PREFIX

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
#: The files under ``/playground/static/`` (and ``/``), with their media types.
FILES = {
    "playground.html": "text/html; charset=utf-8",
    "playground.js": "text/javascript; charset=utf-8",
    "playground-seats.js": "text/javascript; charset=utf-8",
    "playground.css": "text/css; charset=utf-8",
}
API = "/playground/api/"
#: Where the recap page and picture are served (:data:`handlers.recap.links.PREFIX`).
RECAP = PREFIX
#: The largest request body read (bytes); a chat line or an action is far smaller.
MAX_BODY = 64 * 1024
#: Seconds a connection may send nothing (mid-request) before it is answered 408 and closed.
READ_TIMEOUT = 10.0
KEY_HEADER = "x-playground-key"
JSON = "application/json; charset=utf-8"
#: The methods of the page and its files (``HEAD``: the ``GET`` answer without its body).
PAGE_METHODS = "GET, HEAD"
#: The error of a ``POST`` that is not JSON (415).
UNSUPPORTED = "unsupported_media_type"


class Owner(Protocol):
    """What a request reads of the server that owns it (:class:`devtools.local.web.PlaygroundServer`): its
    table, the seconds a connection may stay silent mid-request, and whether a request may pass
    (``allowed``: the named ``Host`` header and the ``X-Playground-Key`` sent; ``public`` routes need no
    key)."""

    playground: Playground
    read_timeout: float

    def allowed(self, host_header: str, key: str, *, public: bool) -> bool: ...


class QuietServer(ThreadingHTTPServer):
    """The standard server, quiet about browsers that went away (a reload while a poll is answered): a
    closed connection is no error of the playground and prints no traceback in the person's terminal."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            log.debug("playground: %s went away", client_address)
            return
        super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    """One request; routing lives in :meth:`_route`."""

    server_version = "jinro-gm-playground"

    def setup(self) -> None:
        super().setup()
        # A read of this connection that waits longer raises TimeoutError (answered 408 in _route).
        self.connection.settimeout(self.owner.read_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s " + format, self.address_string(), *args)

    def _by_method(self) -> None:
        self._route(self.command)

    # Every method is routed (the standard library answers the others with its 501 HTML page).
    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _by_method

    @property
    def owner(self) -> Owner:
        return self.server.playground  # type: ignore[attr-defined]

    def _route(self, method: str) -> None:
        try:
            self._answer(method)
        except ConnectionError:
            log.debug("playground: %s %s: the browser went away", method, self.path)
        except TimeoutError:
            # The body is shorter than its Content-Length (or stalled): answer and close the connection.
            log.debug("playground: %s %s: no body after %s s", method, self.path, self.owner.read_timeout)
            message = ui("web.error.timeout", self._locale())
            self._json(408, {"error": "timeout", "message": message}, {"Connection": "close"})
        except Exception:
            # A bug, not the browser's fault: logged, and the page says the request failed.
            log.exception("playground: %s %s failed", method, self.path)
            self._json(500, {"error": "internal", "message": "internal error"})

    def _answer(self, method: str) -> None:
        parts = urlsplit(self.path)
        path, query = parts.path, dict(parse_qsl(parts.query))
        is_console = path == "/console" or path.startswith("/console/")
        is_page = path in ("/", "/favicon.ico") or path.startswith("/playground/static/")
        is_recap = path.startswith(RECAP)
        host, key = self.headers.get("Host", ""), self.headers.get(KEY_HEADER, "")
        headers = {name.lower(): value for name, value in self.headers.items()}
        if self._too_large():
            # Refused before anything reads the body, which may never come (or never end).
            message = ui("web.error.too_large", self._locale(), max=MAX_BODY)
            self._json(413, {"error": "too_large", "message": message}, {"Connection": "close"})
        elif not self.owner.allowed(host, key, public=is_console or is_page or is_recap):
            self._json(403, {"error": "forbidden", "message": "forbidden"})
        elif cross_site(method, headers):
            self._json(403, error_body("forbidden", self._locale()))
        elif is_console:
            self._console(method, path, query)
        elif is_page:
            self._page(method, path)
        elif is_recap:
            self._recap(method, path, query)
        elif path.startswith(API):
            self._api(method, path[len(API) :], query)
        else:
            self._json(404, error_body("not_found", self._locale()))

    def _too_large(self) -> bool:
        """Whether the request says its body is longer than :data:`MAX_BODY` (a malformed length is left
        to the route, a 400)."""
        length = self.headers.get("Content-Length", "").strip()
        return length.isascii() and length.isdigit() and int(length) > MAX_BODY

    def _locale(self) -> str:
        """The catalog locale of answers outside a game: the first ``Accept-Language`` tag (else ``ja``)."""
        first = self.headers.get("Accept-Language", "").split(",")[0].split(";")[0]
        return i18n.resolve_locale(first)

    def _page(self, method: str, path: str) -> None:
        """``/``, its files and the favicon, for ``GET`` and ``HEAD`` (``_send`` leaves out the body)."""
        if method not in ("GET", "HEAD"):
            self._json(405, error_body("not_allowed", self._locale()), {"Allow": PAGE_METHODS})
        elif path == "/favicon.ico":
            self._send(204, b"", {})  # no icon: say so quietly rather than with a 404 in the console
        else:
            self._file("playground.html" if path == "/" else path.rsplit("/", 1)[1])

    def _api(self, method: str, name: str, query: dict[str, str]) -> None:
        table = self.owner.playground
        lang = query.get("lang") or table_lang(table)
        posted = method == METHODS.get(name) == "POST"
        if posted and not is_json(self.headers.get("Content-Type")):
            self._json(415, {"error": UNSUPPORTED, "message": ui("web.error.content_type", lang)})
            return
        try:
            body = self._body() if posted else {}
            lang = str(body.get("lang") or lang)
            status, data = answer(table, method, name, query, body)
        except Refused as refused:
            message = ui(f"web.{refused.key}", lang, **refused.params)
            status, data = 400, {"error": "bad_request", "message": message}
        except (ValueError, TypeError, KeyError):
            status, data = 400, {"error": "bad_request", "message": ui("web.error.request", lang)}
        self._json(status, data, {"Allow": METHODS[name]} if status == 405 else {})

    def _console(self, method: str, path: str, query: dict[str, str]) -> None:
        headers = {name.lower(): value for name, value in self.headers.items()}
        if method == "HEAD" and not path.startswith("/console/api/"):
            method = "GET"  # the page and its files: the GET answer, whose body _send leaves out
        if method == "POST" and path.startswith("/console/api/") and not is_json(headers.get("content-type")):
            message = ui("web.error.content_type", self._locale())
            self._json(415, {"error": UNSUPPORTED, "message": message})
            return
        try:
            body = self._raw_body() if method == "POST" else b""
            answer = self.owner.playground.console_request(ConsoleRequest(method, path, query, headers, body))
        except (ValueError, RecursionError):  # a bad Content-Length; a body nested too deep to parse
            self._json(400, error_body("bad_request", self._locale()))
            return
        except Refused:
            self._json(403, error_body("forbidden", self._locale()))
            return
        self._send(answer.status, answer.body, answer.headers)

    def _recap(self, method: str, path: str, query: dict[str, str]) -> None:
        """A recap page or picture (see the module docstring), its headers as the functions send them."""
        try:
            answer = self.owner.playground.recap_request(method, path, query)
        except Refused:  # no game yet: no recap either
            self._send(404, b"Not Found", {"Content-Type": "text/plain; charset=utf-8"})
            return
        body = str(answer.get("body") or "")
        data = base64.b64decode(body) if answer.get("isBase64Encoded") else body.encode("utf-8")
        self._send(int(answer["statusCode"]), data, dict(answer.get("headers") or {}))

    def _file(self, name: str) -> None:
        if name not in FILES:
            self._json(404, error_body("not_found", self._locale()))
            return
        headers = {"Content-Type": FILES[name], "Cache-Control": "no-store"}
        if name.endswith(".html"):
            headers["Content-Security-Policy"] = "default-src 'self'; frame-ancestors 'self'"
        self._send(200, (STATIC / name).read_bytes(), headers)

    def _raw_body(self) -> bytes:
        length = number(self.headers.get("Content-Length", "0"))
        if not 0 <= length <= MAX_BODY:
            raise ValueError("body too large")
        return self.rfile.read(length)

    def _body(self) -> dict[str, Any]:
        """The JSON object of the request; raises ``ValueError`` for anything else (not UTF-8, not JSON,
        nested deeper than the parser goes, a lone surrogate: :func:`handlers.jsontext.loads`; not an
        object)."""
        raw = self._raw_body()
        data = jsontext.loads(raw) if raw.strip() else {}
        if not isinstance(data, dict):
            raise ValueError("a JSON object is expected")
        return data

    def _json(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._send(status, body, {"Content-Type": JSON, "Cache-Control": "no-store", **(headers or {})})

    def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if "x-content-type-options" not in {name.lower() for name in headers}:
            self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
