"""The LINE webhook Lambda: ``handler(event, context)`` for a Function URL / HTTP API v2 event.

A request whose path starts with ``/console`` is the player console's (LIFF), answered by
:class:`handlers.console.api.ConsoleApi` (:func:`handlers.line.runtime.console`, authenticated by the LIFF ID
token) before and instead of the steps below. One under ``/recap/`` is a finished game's recap page or
picture (:mod:`handlers.recap.serve`; the token in its URL is the credential); a signed body with events
also tells the service this function's origin, where the end of a game links its recap.

Order of work, per request (LINE Messaging API reference, "Receive messages (webhook)" and "Verify
webhook signature"):

1. ``X-Line-Signature`` must be the Base64 of HMAC-SHA256 over the raw request body, keyed with the
   channel secret, compared in constant time → else 401 and nothing else happens (the body is not even
   parsed);
2. the body must be a JSON object whose ``events`` is a list → else 400 (the console's "Verify" button
   sends ``events: []`` and gets 200);
3. each event in order (:func:`handlers.line.parse.parse_events`), deduplicated by its ``webhookEventId``
   inside the game's write (a redelivery keeps the id): the service handles it while the event's reply
   token answers its chat (:func:`handlers.line.reply.answer`, design §4 "reply-token first");
4. 200, also when an event fails (logged): LINE would otherwise redeliver the whole body.

Each event writes one log line (:func:`handlers.observability.log_input`): its type and outcome, never
text, user ids or reply tokens.

Per container, built once and lazily: one asyncio event loop, the LINE client, the sender, the store and
the service (:mod:`handlers.line.runtime`). The channel secret comes from
:func:`infra.settings.line_channel_secret` (SSM, cached per container) and is re-read per request, so a
rotated secret is picked up without a cold start. Tests inject everything with :func:`configure`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from aws_lambda_powertools import Logger

from handlers import observability
from handlers.console import function_url
from handlers.container import ContainerLoop
from handlers.messages import Outcome
from handlers.recap import links as recap_links

if TYPE_CHECKING:
    from handlers.console.api import ConsoleApi
    from handlers.console.auth import Authenticator
    from handlers.line.api import LineApi
    from handlers.line.parse import LineInbound
    from handlers.line.reply import Handles
    from handlers.line.sender import LineSender

SIGNATURE_HEADER = "x-line-signature"
#: Event keys a container remembers, to tell an event delivered again (:func:`_first_seen`).
EVENTS_KEPT = 1024
PREFIX = "line:"

logger = Logger()


@dataclass
class Runtime:
    """What one container keeps between invocations."""

    service: Handles
    sender: LineSender
    api: LineApi
    clock: Callable[[], float] = time.time


class _Container:
    seen: ClassVar[OrderedDict[str, None]] = OrderedDict()  # event keys read (``LineInbound.key``)
    runtime: Runtime | None = None
    secret: Callable[[], str] | None = None
    console: ConsoleApi | None = None
    recap_key: Callable[[], str] | None = None
    id_tokens: Authenticator | None = None


#: The container's event loop (kept between invocations).
LOOP = ContainerLoop()


def configure(
    *,
    secret: str,
    service: Handles | None = None,
    sender: LineSender | None = None,
    api: LineApi | None = None,
    clock: Callable[[], float] = time.time,
    id_tokens: Authenticator | None = None,
    access_token: str | None = None,
) -> None:
    """Use the channel secret ``secret`` instead of the one in SSM and, when given, this service, sender
    and client (tests, local runs; ``clock`` gives UTC epoch seconds), the console's ID token check and
    the channel access token the recap links are keyed with (:mod:`handlers.recap.links`)."""
    _Container.secret = lambda: secret
    _Container.recap_key = (lambda: access_token) if access_token is not None else None
    _Container.console, _Container.id_tokens = None, id_tokens
    _Container.seen = OrderedDict()
    if service is not None and sender is not None and api is not None:
        _Container.runtime = Runtime(service, sender, api, clock)


def handler(event: dict[str, Any], context: object) -> dict[str, Any]:
    """The Lambda entry point. Returns ``{"statusCode": 200 | 400 | 401, ...}`` (see module docstring)."""
    if recap_links.is_recap(event):
        from handlers.recap.serve import answer

        return answer(event, _runtime().service, _recap_key())
    if function_url.is_console(event):
        return function_url.serve(event, _console, LOOP.get(), int(_runtime().clock()))
    headers = {str(name).lower(): value for name, value in (event.get("headers") or {}).items()}
    body = _raw_body(event)
    if body is None or not is_signed(body, headers.get(SIGNATURE_HEADER), _channel_secret()):
        logger.warning("webhook call without a valid X-Line-Signature")
        return _response(401)
    payload = _payload(body)
    if payload is None:
        return _response(400)
    if payload["events"]:
        from handlers.line.parse import parse_events

        # The group's recap links point at this function (handlers.recap).
        recap_links.learn(_runtime().service, event, PREFIX, _recap_key())
        try:
            events = parse_events(payload)
        except Exception:  # each event is read on its own: this is a defect, not a bad event
            logger.exception("webhook body not read; dropped")
            return _response(200)
        LOOP.run(_process(_runtime(), events))
    return _response(200)


async def _process(runtime: Runtime, events: list[LineInbound]) -> None:
    """Handle each event and write its log line; an event that fails does not stop the others. An event
    LINE delivers again, or that this container has seen, is a repeat (``Inbound.repeat``): no answer."""
    from handlers.line import reply

    for event in events:
        started = time.perf_counter()
        inbound = event.inbound
        if inbound is not None and not _first_seen(event.key):
            inbound = replace(inbound, repeat=True)
        outcome = Outcome(result="ignored", reason=event.ignored)
        if inbound is not None:
            try:
                outcome = await reply.answer(
                    runtime.service,
                    runtime.sender,
                    runtime.api,
                    inbound,
                    event.reply_token,
                    clock=runtime.clock,
                )
            except Exception:
                outcome = Outcome(result="failed")
                logger.exception("event failed", extra={"event_type": event.event_type})
        kind = observability.intent_kind(inbound) if inbound is not None else event.event_type
        delivery_id = None if inbound is None else inbound.delivery_id
        observability.log_input(
            logger, source="line", outcome=outcome, started=started, delivery_id=delivery_id, kind=kind
        )


def _first_seen(key: str | None) -> bool:
    """True the first time this container reads the event ``key`` (the last :data:`EVENTS_KEPT`)."""
    if key is None:
        return True
    seen = _Container.seen
    if key in seen:
        return False
    seen[key] = None
    while len(seen) > EVENTS_KEPT:
        seen.popitem(last=False)
    return True


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


def _payload(body: bytes) -> dict[str, Any] | None:
    """The webhook body as an object with an ``events`` list, or ``None`` (logged) when it is not one."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        logger.warning("malformed webhook body", extra={"length": len(body)})
        return None
    events = payload.get("events") if isinstance(payload, dict) else None
    if not isinstance(events, list):
        logger.warning("webhook body has no events list", extra={"type": type(payload).__name__})
        return None
    return payload


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


def _recap_key() -> Callable[[], str]:
    """The recap tokens' key on LINE: the channel access token (the webhook and the timer both have it),
    or the one :func:`configure` was given."""
    if _Container.recap_key is not None:
        return _Container.recap_key
    from infra import settings

    return settings.line_channel_access_token


def _console() -> ConsoleApi:
    if _Container.console is None:
        from handlers.line.runtime import console

        _Container.console = console(_runtime().service, _Container.id_tokens)
    return _Container.console


def _runtime() -> Runtime:
    """The container's runtime, built on first use from :mod:`infra.settings` (AWS)."""
    if _Container.runtime is None:
        from handlers.line.runtime import build, reminds, settings_for
        from handlers.service import Service
        from handlers.wakeups import queue_scheduler
        from infra import settings
        from infra.dynamodb import DynamoStore

        api, sender = build()
        store = DynamoStore(settings.table_name())
        service = Service(
            store, sender, scheduler=queue_scheduler(), reminds=reminds, settings_for=settings_for
        )
        _Container.runtime = Runtime(service, sender, api)
    return _Container.runtime
