"""The player console behind a Lambda Function URL: the Telegram and LINE webhook functions answer
requests whose path starts with ``/console`` through :class:`~handlers.console.api.ConsoleApi` (same
origin as the webhook, no new AWS resource), before their webhook checks (the console has its own
authentication).

Event and response shapes: AWS Lambda Developer Guide, "Invoking Lambda function URLs", "Request payload
format" (payload version 2.0: ``rawPath``, ``queryStringParameters`` (repeated names joined by commas),
``headers``, ``body`` (Base64 when ``isBase64Encoded``), ``requestContext.http.method``) and "Response
payload format" (``statusCode``, ``headers``, ``body``, ``isBase64Encoded``).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from handlers.console.http import ConsoleRequest, ConsoleResponse

if TYPE_CHECKING:  # the API (views, menus) loads with the first console request, not with the webhook
    from handlers.console.api import ConsoleApi

PREFIX = "/console"
#: Content types sent as text; anything else goes Base64-encoded.
TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml")
JSON = {"content-type": "application/json"}

log = logging.getLogger(__name__)


def is_console(event: dict[str, Any]) -> bool:
    """Whether the request is the console's: ``rawPath`` is ``/console`` or under ``/console/``."""
    path = str(event.get("rawPath") or "")
    return path == PREFIX or path.startswith(PREFIX + "/")


def request_of(event: dict[str, Any]) -> ConsoleRequest | None:
    """The :class:`ConsoleRequest` of a Function URL event, or ``None`` when its body is not valid Base64."""
    body = event.get("body") or ""
    try:
        raw = base64.b64decode(body, validate=True) if event.get("isBase64Encoded") else body.encode("utf-8")
    except (binascii.Error, ValueError):
        return None
    http = (event.get("requestContext") or {}).get("http") or {}
    headers = {str(k).lower(): str(v) for k, v in (event.get("headers") or {}).items()}
    query = {str(k): str(v) for k, v in (event.get("queryStringParameters") or {}).items()}
    method = str(http.get("method") or "GET").upper()
    return ConsoleRequest(method=method, path=str(event["rawPath"]), query=query, headers=headers, body=raw)


def response_of(response: ConsoleResponse) -> dict[str, Any]:
    """The Function URL response of ``response``: text bodies as UTF-8 text, others Base64-encoded."""
    kind = next((v for k, v in response.headers.items() if k.lower() == "content-type"), "")
    if kind.startswith(TEXT_TYPES):
        body, encoded = response.body.decode("utf-8"), False
    else:
        body, encoded = base64.b64encode(response.body).decode("ascii"), True
    return {"statusCode": response.status, "headers": dict(response.headers), "body": body,
            "isBase64Encoded": encoded}  # fmt: skip


def serve(
    event: dict[str, Any], api: Callable[[], ConsoleApi], loop: asyncio.AbstractEventLoop, now: int
) -> dict[str, Any]:
    """Answer a console request with the container's console (``api()``, built on first use) on
    ``loop`` at ``now`` (UTC epoch seconds): 400 for an undecodable body, 500 (logged) if it fails."""
    request = request_of(event)
    if request is None:
        return response_of(ConsoleResponse(400, JSON, b'{"error": "bad_request"}'))
    try:
        return response_of(loop.run_until_complete(api().handle(request, now=now)))
    except Exception:
        log.exception("console request failed")
        return response_of(ConsoleResponse(500, JSON, b'{"error": "internal"}'))
