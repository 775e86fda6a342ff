"""A local fake of the LINE Messaging API's rich-menu endpoints, for ``jinro-gm setup-richmenu`` tests.

Two stdlib HTTP servers in threads on free ports of 127.0.0.1, sharing one account: :attr:`api_url`
(``api.line.me``: validate, create, list, delete, set and get the default menu) and :attr:`data_url`
(``api-data.line.me``: upload a menu's image). Each answers only its own host's paths, with the
reference's response shapes and error bodies (``{"message": …, "details": [{"message", "property"}]}``),
and enforces what the real one does (developers.line.biz/en/reference/messaging-api, "Rich menu"):
the Bearer token, the menu object's limits, a menu's image uploaded once as JPEG/PNG ≤ 1 MB, and no default
menu without an image. Every request is kept in :attr:`calls` (method, path, headers, body); :meth:`fail`
makes an endpoint answer with an error.

    with FakeLineRichMenu() as line:
        ...  # point the tool at line.api_url / line.data_url
        assert line.default == "richmenu-…"
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.fakes.server import FakeServer

TOKEN = "fake-channel-access-token/LINE=="
MAX_IMAGE = 1024 * 1024
#: What "Validate rich menu object" checks here (the reference's limits).
MAX_AREAS, MAX_CHAT_BAR, MAX_NAME, MAX_DATA = 20, 14, 300, 300


class Refused(Exception):
    """An error answer: HTTP ``status`` with LINE's error body."""

    def __init__(self, status: int, message: str, details: list[dict[str, str]] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"message": message, **({"details": details} if details else {})}


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Menu:
    """A created rich menu (the object as posted, plus its id) and its image, once uploaded."""

    menu: dict[str, Any]
    image: bytes | None = None
    content_type: str | None = None


def _problems(menu: dict[str, Any]) -> list[dict[str, str]]:
    """What LINE's validation would refuse in a rich menu object, as its ``details``."""
    problems = []
    size = menu.get("size") or {}
    width, height = size.get("width", 0), size.get("height", 0)
    if not (800 <= width <= 2500 and height >= 250 and width / height >= 1.45):
        problems.append({"message": "invalid size", "property": "size"})
    if not 1 <= len(menu.get("chatBarText") or "") <= MAX_CHAT_BAR:
        problems.append({"message": "length must be between 1 and 14", "property": "chatBarText"})
    if not 1 <= len(menu.get("name") or "") <= MAX_NAME:
        problems.append({"message": "length must be between 1 and 300", "property": "name"})
    areas = menu.get("areas") or []
    if not 1 <= len(areas) <= MAX_AREAS:
        problems.append({"message": "size must be between 1 and 20", "property": "areas"})
    for n, area in enumerate(areas):
        b, action = area.get("bounds") or {}, area.get("action") or {}
        if (
            b.get("x", -1) < 0
            or b.get("y", -1) < 0
            or b["x"] + b["width"] > width
            or b["y"] + b["height"] > height
        ):
            problems.append({"message": "out of the rich menu", "property": f"areas[{n}].bounds"})
        if action.get("type") == "postback" and not 1 <= len(action.get("data") or "") <= MAX_DATA:
            problems.append(
                {"message": "length must be between 1 and 300", "property": f"areas[{n}].action.data"}
            )
        if action.get("type") not in ("postback", "message", "uri", "datetimepicker", "richmenuswitch"):
            problems.append({"message": "invalid action type", "property": f"areas[{n}].action.type"})
    return problems


class FakeLineRichMenu:
    """The fake account and its two servers. Use as a context manager (or :meth:`start` / :meth:`stop`)."""

    def __init__(self, *, token: str = TOKEN) -> None:
        self.token = token
        self.menus: dict[str, Menu] = {}
        self.default: str | None = None
        self.calls: list[Call] = []
        self._failures: list[tuple[str, str, Refused]] = []
        self._lock = threading.Lock()
        self._servers = [self._server(self._api), self._server(self._data)]

    @property
    def api_url(self) -> str:
        return self._url(0)

    @property
    def data_url(self) -> str:
        return self._url(1)

    def _url(self, n: int) -> str:
        host, port = self._servers[n].server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeLineRichMenu:
        for server in self._servers:
            threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def stop(self) -> None:
        for server in self._servers:
            server.shutdown()
            server.server_close()

    def __enter__(self) -> FakeLineRichMenu:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def created(self, name: str) -> dict[str, Menu]:
        """The menus named ``name`` that exist now, by id."""
        return {menu_id: m for menu_id, m in self.menus.items() if m.menu.get("name") == name}

    def fail(self, method: str, path_end: str, status: int, message: str) -> None:
        """Answer every ``method`` request whose path ends with ``path_end`` with that error from now on."""
        self._failures.append((method, path_end, Refused(status, message)))

    def add(self, menu: dict[str, Any], image: bytes | None = None) -> str:
        """Create a menu directly (an earlier run, or someone else's menu); returns its id."""
        menu_id = f"richmenu-{secrets.token_hex(16)}"
        self.menus[menu_id] = Menu(menu, image, "image/png" if image else None)
        return menu_id

    def _server(self, route: Any) -> FakeServer:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer()

            def do_POST(self) -> None:
                self._answer()

            def do_DELETE(self) -> None:
                self._answer()

            def _answer(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                call = Call(self.command, self.path, dict(self.headers.items()), body)
                with fake._lock:
                    fake.calls.append(call)
                    try:
                        if self.headers.get("Authorization") != f"Bearer {fake.token}":
                            raise Refused(
                                401,
                                "Authentication failed. Confirm that the access token in "
                                "the authorization header is valid.",
                            )
                        for method, path_end, refusal in fake._failures:
                            if call.method == method and call.path.endswith(path_end):
                                raise refusal
                        status, answer = 200, route(call)
                    except Refused as err:
                        status, answer = err.status, err.body
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return FakeServer(("127.0.0.1", 0), Handler)

    def _api(self, call: Call) -> dict[str, Any]:
        parts = call.path.strip("/").split("/")  # v2 bot richmenu …
        match call.method, parts[2:]:
            case "POST", ["richmenu", "validate"]:
                self._checked(call.body)
                return {}
            case "POST", ["richmenu"]:
                return {"richMenuId": self.add(self._checked(call.body))}
            case "GET", ["richmenu", "list"]:
                return {"richmenus": [{"richMenuId": i, **m.menu} for i, m in self.menus.items()]}
            case "DELETE", ["richmenu", menu_id]:
                self._menu(menu_id)
                del self.menus[menu_id]
                self.default = None if self.default == menu_id else self.default
                return {}
            case "POST", ["user", "all", "richmenu", menu_id]:
                if self._menu(menu_id).image is None:
                    raise Refused(400, "must upload richmenu image before applying it to user")
                self.default = menu_id
                return {}
            case "GET", ["user", "all", "richmenu"]:
                if self.default is None:
                    raise Refused(404, "no default richmenu")
                return {"richMenuId": self.default}
        raise Refused(404, "Not found")

    def _data(self, call: Call) -> dict[str, Any]:
        parts = call.path.strip("/").split("/")
        if call.method != "POST" or len(parts) != 5 or parts[2] != "richmenu" or parts[4] != "content":
            raise Refused(404, "Not found")
        menu = self._menu(parts[3])
        content_type = call.headers.get("Content-Type", "")
        if content_type not in ("image/png", "image/jpeg") or not call.body:
            raise Refused(415, "Unsupported Media Type")
        if len(call.body) > MAX_IMAGE:
            raise Refused(413, "Request Entity Too Large")
        if menu.image is not None:
            raise Refused(400, "An image has already been uploaded to the richmenu")
        menu.image, menu.content_type = call.body, content_type
        return {}

    def _menu(self, menu_id: str) -> Menu:
        if menu_id not in self.menus:
            raise Refused(404, "Not found")
        return self.menus[menu_id]

    @staticmethod
    def _checked(body: bytes) -> dict[str, Any]:
        menu: dict[str, Any] = json.loads(body)
        problems = _problems(menu)
        if problems:
            raise Refused(400, "The request body has 1 error(s)", problems)
        return menu
