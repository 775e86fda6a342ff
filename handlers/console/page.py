"""The console page and its static files (``handlers/console/static/``), served by the same function as the
API so page and API share one origin.

``index.html`` holds two placeholders: ``__CONSOLE_CONFIG__`` (inside a ``<script type="application/json">``)
becomes the JSON of ``{"platform": …, **page_config}`` with ``<``, ``>``, ``&`` and the line separators
escaped as ``\\uXXXX`` (so no value can close the script element), and ``<!--PLATFORM_SDK-->`` the platform's
SDK script: Telegram's ``telegram-web-app.js`` (core.telegram.org/bots/webapps "Initializing Mini Apps"),
LINE's LIFF SDK (developers.line.biz "LIFF SDK: CDN edge path"), nothing for the local playground.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from handlers.console.http import ConsoleResponse, json_response

#: The platforms' SDK script tags, by platform id.
SDKS = {
    "telegram": '<script src="https://telegram.org/js/telegram-web-app.js"></script>',
    "line": '<script charset="utf-8" src="https://static.line-scdn.net/liff/edge/2/sdk.js"></script>',
}
CONFIG_MARK = "__CONSOLE_CONFIG__"
SDK_MARK = "<!--PLATFORM_SDK-->"
#: Content types by file extension; a file of another kind is not served.
TYPES = {
    "html": "text/html; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "ico": "image/x-icon",
    "woff2": "font/woff2",
}
#: JSON text made safe inside an HTML script element.
_HTML_SAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
              0x2028: "\\u2028", 0x2029: "\\u2029"}  # fmt: skip


def _folder() -> Traversable:
    return files("handlers.console").joinpath("static")


@cache
def _names() -> frozenset[str]:
    """The files of the static folder (read once: they ship with the code). Only these are served, so no
    path from a request ever reaches the file system."""
    folder = _folder()
    if not folder.is_dir():
        return frozenset()
    return frozenset(e.name for e in folder.iterdir() if e.is_file() and not e.name.startswith("."))


def config_json(platform: str, page_config: dict[str, Any]) -> str:
    """The page's config as HTML-safe JSON: ``{"platform": platform, **page_config}``."""
    return json.dumps({"platform": platform, **page_config}, ensure_ascii=False).translate(_HTML_SAFE)


def index(platform: str, page_config: dict[str, Any]) -> ConsoleResponse:
    """``GET /console``: ``index.html`` with the config and the platform's SDK (404 when missing)."""
    if "index.html" not in _names():
        return json_response(404, {"error": "not_found"})
    html = _folder().joinpath("index.html").read_text(encoding="utf-8")
    html = html.replace(CONFIG_MARK, config_json(platform, page_config))
    html = html.replace(SDK_MARK, SDKS.get(platform, ""))
    headers = {"Content-Type": TYPES["html"], "Cache-Control": "no-store",
               "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}  # fmt: skip
    return ConsoleResponse(200, headers, html.encode())


def static(name: str) -> ConsoleResponse:
    """``GET /console/static/<name>``: a file of the static folder with its content type; 404 for any
    other name (another folder, ``..``, an unknown kind)."""
    kind = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if name not in _names() or kind not in TYPES:
        return json_response(404, {"error": "not_found"})
    body = _folder().joinpath(name).read_bytes()
    headers = {"Content-Type": TYPES[kind], "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    return ConsoleResponse(200, headers, body)
