"""A small local HTTP server for one platform's player console (the Telegram and LINE tests): every
request to ``/console…`` goes to a :class:`handlers.console.api.ConsoleApi` as the platform's function
would hand it over, on one asyncio loop in a background thread (the real Service is async).

    with ConsoleServer(api, clock=lambda: NOW) as server:
        page.goto(server.url + "/console?g=…")
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlsplit

from handlers.console.api import ConsoleApi, ConsoleRequest

T = TypeVar("T")


class Loop:
    """One asyncio event loop in a daemon thread; :meth:`run` runs a coroutine on it and waits."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="console-loop", daemon=True)
        self._thread.start()

    def run(self, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
        return asyncio.run_coroutine_threadsafe(make(), self.loop).result()

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class ConsoleServer:
    """``api`` served on a free port of 127.0.0.1 (:attr:`url`); ``clock()`` gives ``now`` (UTC epoch
    seconds) for each request; ``loop``: the loop the api's service runs on."""

    def __init__(self, api: ConsoleApi, loop: Loop, *, clock: Callable[[], int]) -> None:
        self.api, self.loop, self.clock = api, loop, clock
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> ConsoleServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def answer(
        self, method: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        parts = urlsplit(target)
        request = ConsoleRequest(method=method, path=parts.path, query=dict(parse_qsl(parts.query)),
                                 headers=headers, body=body)  # fmt: skip
        response = self.loop.run(lambda: self.api.handle(request, now=self.clock()))
        return response.status, response.headers, response.body


def _handler(server: ConsoleServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _serve(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {name.lower(): value for name, value in self.headers.items()}
            if not urlsplit(self.path).path.startswith("/console"):
                status, extra, body = 404, {"Content-Type": "text/plain"}, b"not found"
            else:
                status, extra, body = server.answer(method, self.path, headers, body)
            self.send_response(status)
            for name, value in extra.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler
