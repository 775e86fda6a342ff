"""The LINE webhook Lambda: ``handler(event, context)`` for a Function URL / HTTP API v2 event.

Order of work, per request (LINE Messaging API reference, "Receive messages (webhook)" and "Verify
webhook signature"):

1. ``X-Line-Signature`` must be the Base64 of HMAC-SHA256 over the raw request body, keyed with the
   channel secret, compared in constant time → else 401 and nothing else happens (the body is not even
   parsed);
2. the body must be a JSON object whose ``events`` is a list → else 400;
3. 200. Each event is logged by its ``type`` only (never text, user ids or reply tokens) and ignored for
   now: the LINE games come with their own issue. The console's "Verify" button sends ``events: []``
   and gets 200.

The channel secret comes from :func:`infra.settings.line_channel_secret` (SSM, cached per container) and
is re-read per request, so a rotated secret is picked up without a cold start. Tests inject it with
:func:`configure`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger

SIGNATURE_HEADER = "x-line-signature"

logger = Logger()


class _Container:
    secret: Callable[[], str] | None = None


def configure(*, secret: str) -> None:
    """Use the channel secret ``secret`` instead of the one in SSM (tests, local runs)."""
    _Container.secret = lambda: secret


def handler(event: dict[str, Any], context: object) -> dict[str, Any]:
    """The Lambda entry point. Returns ``{"statusCode": 200 | 400 | 401, ...}`` (see module docstring)."""
    headers = {str(name).lower(): value for name, value in (event.get("headers") or {}).items()}
    body = _raw_body(event)
    if body is None or not is_signed(body, headers.get(SIGNATURE_HEADER), _channel_secret()):
        logger.warning("webhook call without a valid X-Line-Signature")
        return _response(401)
    events = _events(body)
    if events is None:
        return _response(400)
    for item in events:
        kind = item.get("type") if isinstance(item, dict) else None
        logger.info("LINE event ignored", extra={"event_type": str(kind)})
    return _response(200)


def is_signed(body: bytes, signature: str | None, channel_secret: str) -> bool:
    """Whether ``signature`` (the ``X-Line-Signature`` header) is ``base64(HMAC-SHA256(channel_secret,
    body))`` for the raw ``body`` bytes, compared in constant time. ``False`` when either is missing."""
    if not signature or not channel_secret:
        return False
    digest = hmac.new(channel_secret.encode("utf-8"), body, hashlib.sha256).digest()
    return hmac.compare_digest(base64.b64encode(digest), signature.encode("utf-8"))


def _raw_body(event: dict[str, Any]) -> bytes | None:
    """The request body as sent (Base64-decoded when ``isBase64Encoded``), or ``None`` if undecodable."""
    body = event.get("body") or ""
    try:
        return base64.b64decode(body, validate=True) if event.get("isBase64Encoded") else body.encode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        return None


def _events(body: bytes) -> list[Any] | None:
    """The ``events`` list of a webhook body, or ``None`` (logged) when the body is not one."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        logger.warning("malformed webhook body", extra={"length": len(body)})
        return None
    events = payload.get("events") if isinstance(payload, dict) else None
    if not isinstance(events, list):
        logger.warning("webhook body has no events list", extra={"type": type(payload).__name__})
        return None
    return events


def _response(status: int) -> dict[str, Any]:
    return {"statusCode": status, "headers": {"content-type": "text/plain"}, "body": ""}


def _channel_secret() -> str:
    """The channel secret, or "" (nothing verifies: 401) with an error log when it cannot be read, e.g.
    the SSM parameter is not created yet (docs/deploy.md)."""
    try:
        return _secret()()
    except Exception:
        logger.exception("LINE channel secret unavailable: every call is refused until it is readable")
        return ""


def _secret() -> Callable[[], str]:
    if _Container.secret is None:
        from infra import settings

        _Container.secret = settings.line_channel_secret
    return _Container.secret
