"""The browser playground's HTTP server (``jinro-gm play``): the playground page, its JSON API and the
player console, on one origin, with the standard library's ``ThreadingHTTPServer``. What each request
gets (the routes, their shapes, the guards) is :mod:`devtools.local.handler`; here: the address, the key
and the server's lifecycle.

Bound to 127.0.0.1 by default, where only requests naming a loopback ``Host`` are answered (a web page
cannot reach it by DNS rebinding). On any other address the playground API needs the key printed in the
URL (``?key=…``, sent back as ``X-Playground-Key``), since its state hands out every seat's token; the
console itself always needs a seat token.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import secrets
import threading
from collections.abc import Sequence
from urllib.parse import urlsplit

from devtools.local.guard import is_loopback
from devtools.local.handler import READ_TIMEOUT, Handler, QuietServer
from devtools.local.session import Playground
from handlers.service import DEFAULT_GAME

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


class PlaygroundServer:
    """The playground on ``host``:``port`` (``port`` 0: a free port, see :attr:`url` after
    :meth:`start`), opening a game of ``game`` with ``players`` seats in ``lang`` dealt from ``seed``
    (``options``: host ``/option`` lines for games of ``game``; ``read_timeout``: seconds a connection may
    stay silent mid-request, :data:`READ_TIMEOUT`). Use ``url = server.start()`` …
    ``server.stop()``; :attr:`playground` is the table (for tests and tools)."""

    def __init__(
        self,
        *,
        game: str = DEFAULT_GAME,
        players: int = 6,
        lang: str = "ja",
        seed: int = 0,
        options: Sequence[str] = (),
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        read_timeout: float = READ_TIMEOUT,
    ) -> None:
        self.playground = Playground(game=game, players=players, lang=lang, seed=seed, options=options)
        self.host, self.port = host, port
        self.read_timeout = read_timeout
        self.key = None if is_loopback(host) else secrets.token_urlsafe(16)
        self._httpd: QuietServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def all_interfaces(self) -> bool:
        """Whether the server is bound to every interface of the machine (``0.0.0.0``, ``::`` or empty)."""
        try:
            return not self.host or ipaddress.ip_address(self.host).is_unspecified
        except ValueError:
            return False

    @property
    def url(self) -> str:
        """The page's address, one a browser on this machine can open: ``http://127.0.0.1:8765/`` (with
        ``?key=…`` off loopback); bound to every interface, the loopback address (``0.0.0.0`` is no
        address to open)."""
        host = self.host
        if self.all_interfaces:
            host = "::1" if ":" in host else "127.0.0.1"
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}/" + (f"?key={self.key}" if self.key else "")

    def start(self) -> str:
        """Open the first game, bind and serve in a background thread; returns :attr:`url`. Raises
        ``OSError`` when the address cannot be bound (port in use)."""
        httpd = QuietServer((self.host, self.port), Handler)
        httpd.daemon_threads = True
        httpd.playground = self  # type: ignore[attr-defined]
        self.port = int(httpd.server_address[1])
        self.playground.start()
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, name="playground-http", daemon=True)
        self._thread.start()
        return self.url

    def stop(self) -> None:
        """Stop serving, close the socket and the game's event loop."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.playground.stop()

    def allowed(self, host_header: str, key: str, *, public: bool) -> bool:
        """Loopback: the request names a loopback host (no DNS rebinding). Elsewhere: it carries the key,
        unless the route is ``public`` (the page and its files; the console, behind its seat tokens)."""
        if self.key is not None:
            return public or hmac.compare_digest(key.encode(), self.key.encode())
        name = urlsplit(f"//{host_header}").hostname or ""
        return is_loopback(name)
