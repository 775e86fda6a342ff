"""The recap's routes on a platform function's URL, beside the console (``handlers.console.function_url``):

- ``GET /recap/<game id>?t=<token>`` → 200 ``text/html`` (:mod:`handlers.recap.page`);
- ``GET /recap/<game id>.png?t=<token>`` → 200 ``image/png`` (:mod:`handlers.recap.image`, Pillow loaded
  on this path only), what Telegram's ``sendPhoto`` and LINE's image message fetch;
- anything else under ``/recap/`` → 404, and so are a wrong or missing token, a game that is not in
  storage, one that has not ended or has no result (a cancelled lobby): one answer that names nothing;
  405 for a method other than GET or HEAD.

Read-only: one ``GetItem`` of the game and its history chunks (``GameRunner.load``, ``with_history``), no
write. The page's language is the game's. Responses may be cached by the viewer (``private, max-age``):
a finished game no longer changes. Event and response shapes: AWS Lambda Developer Guide, "Invoking
Lambda function URLs" (payload version 2.0).
"""

from __future__ import annotations

import base64
import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

from core.engine.table import ENDED
from handlers.decision import Loaded
from handlers.recap.links import valid

log = logging.getLogger(__name__)

#: ``/recap/<game id>`` or ``/recap/<game id>.png`` (game ids as the service makes them).
PATH = re.compile(r"/recap/([A-Za-z0-9_-]{1,64})(\.png)?")
#: Seconds a viewer may keep a page or picture.
MAX_AGE = 3600
NOT_FOUND = {"statusCode": 404, "headers": {"content-type": "text/plain; charset=utf-8"}, "body": "Not Found",
             "isBase64Encoded": False}  # fmt: skip


def answer(event: Mapping[str, Any], service: object, key: Callable[[], str]) -> dict[str, Any]:
    """:func:`serve` with the games of ``service`` (a :class:`handlers.service.Service`: its runner's
    ``load``, then ``with_history`` for a finished game)."""
    runner = getattr(service, "runner", None)
    if runner is None:
        return NOT_FOUND

    def load(game_id: str) -> Loaded | None:
        loaded: Loaded | None = runner.load(game_id)
        if loaded is None or loaded.state.phase != ENDED:
            return loaded
        with_log: Loaded = runner.with_history(loaded)
        return with_log

    return serve(event, key, load)


def serve(
    event: Mapping[str, Any], key: Callable[[], str], load: Callable[[str], Loaded | None]
) -> dict[str, Any]:
    """Answer a recap request (see the module docstring): ``key()`` the platform's token key, ``load(game
    id)`` the finished game with its full log, or ``None``. 500 (logged) if drawing fails."""
    method = str(((event.get("requestContext") or {}).get("http") or {}).get("method") or "GET").upper()
    if method not in ("GET", "HEAD"):
        return {"statusCode": 405, "headers": {"allow": "GET, HEAD"}, "body": "", "isBase64Encoded": False}
    match = PATH.fullmatch(str(event.get("rawPath") or ""))
    given = str((event.get("queryStringParameters") or {}).get("t") or "")
    if match is None or not given or not valid(key(), match.group(1), given):
        return NOT_FOUND
    loaded = load(match.group(1))
    state = loaded.state if loaded is not None else None
    if loaded is None or state is None or state.phase != ENDED or getattr(state, "result", None) is None:
        return NOT_FOUND
    table = loaded.rules.table(state)
    if table is None:
        return NOT_FOUND
    try:
        from handlers.recap.grid import grid

        shown = grid(table, state.locale)
        if match.group(2):
            from handlers.recap.image import png

            body = base64.b64encode(png(shown)).decode("ascii")
            return _ok("image/png", body, encoded=True, head=method == "HEAD")
        from handlers.recap.page import html

        return _ok("text/html; charset=utf-8", html(shown), encoded=False, head=method == "HEAD")
    except Exception:
        log.exception("recap not drawn")
        return {
            "statusCode": 500,
            "headers": {"content-type": "text/plain"},
            "body": "",
            "isBase64Encoded": False,
        }


def _ok(kind: str, body: str, *, encoded: bool, head: bool) -> dict[str, Any]:
    headers = {
        "content-type": kind, "cache-control": f"private, max-age={MAX_AGE}",
        "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "x-robots-tag": "noindex",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
    }  # fmt: skip
    return {"statusCode": 200, "headers": headers, "body": "" if head else body, "isBase64Encoded": encoded}
