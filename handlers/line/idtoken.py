"""The LIFF ID token: who opened the player console in LINE (LINE Login v2.1 API reference, "Verify ID
token"; LIFF reference, ``liff.getIDToken()``).

The page sends ``Authorization: Bearer <ID token>``. The token is checked server-side by LINE's endpoint,
``POST https://api.line.me/oauth2/v2.1/verify`` with the form ``id_token`` and ``client_id`` (the LINE
Login channel id of the LIFF app): a 400 (``{"error": "invalid_request", "error_description": "Invalid
IdToken." | "IdToken expired." | "Invalid IdToken Audience." …}``) or a failure on the way means no
viewer (→ 401). A 200's payload is checked again here: ``iss`` is ``https://access.line.me``, ``aud`` the
channel id, ``exp`` (UTC epoch seconds) after ``now`` and ``sub`` a user id (``U…``). The user id equals
the bot's only when the Login channel sits under the same provider as the Messaging API channel
(docs/deploy.md, "Player console"). The game is not in the token: the page sends it as ``g`` (from the
LIFF URL), so :class:`Viewer` ``game_id`` is ``None``.

A verified token is remembered until its ``exp`` (at most :data:`CACHE_SIZE` tokens, by SHA-256), so a
console refreshing its view does not call LINE each time. Logs never carry the token.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import httpx

from handlers.console.auth import Viewer
from handlers.line.api import API, CONNECT_TIMEOUT, TIMEOUT

#: ``Authorization: Bearer <ID token>``.
SCHEME = "bearer"
VERIFY_PATH = "/oauth2/v2.1/verify"
ISSUER = "https://access.line.me"
#: Verified tokens remembered per container.
CACHE_SIZE = 512

log = logging.getLogger(__name__)


class IdTokenAuth:
    """The LINE console's :class:`~handlers.console.auth.Authenticator`. ``channel_id``: the LINE Login
    channel id (``LINE_LOGIN_CHANNEL_ID``); ``base_url``: LINE's API host (a fake server in tests);
    ``timeout``: seconds per call. Bind one instance to one event loop (one per container)."""

    def __init__(self, channel_id: str, *, base_url: str = API, timeout: float = TIMEOUT) -> None:
        self.channel_id = channel_id
        self._base_url = base_url
        self._timeout = httpx.Timeout(timeout, connect=min(timeout, CONNECT_TIMEOUT))
        self._client: httpx.AsyncClient | None = None
        self._known: dict[str, tuple[str, int]] = {}  # sha256(token) → (user id, exp)

    async def viewer(self, authorization: str, *, now: int) -> Viewer | None:
        """The viewer of a valid ID token for this channel; ``None`` otherwise (→ 401)."""
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != SCHEME or not token or not self.channel_id:
            return None
        key = hashlib.sha256(token.encode("utf-8")).hexdigest()
        known = self._known.get(key)
        if known is not None and known[1] > now:
            return Viewer(user_id=known[0])
        claims = await self._verify(token)
        user_id = None if claims is None else self._user_of(claims, now)
        if claims is None or user_id is None:
            return None
        self._remember(key, user_id, claims["exp"], now)
        return Viewer(user_id=user_id)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _verify(self, token: str) -> dict[str, Any] | None:
        """LINE's answer to the verify call, or ``None`` (logged without the token) when it refused or
        could not be reached."""
        if self._client is None:
            self._client = httpx.AsyncClient(base_url=self._base_url, timeout=self._timeout)
        form = {"id_token": token, "client_id": self.channel_id}
        try:
            response = await self._client.post(VERIFY_PATH, data=form)
        except httpx.TransportError as exc:
            log.warning("ID token not verified: LINE unreachable (%s)", type(exc).__name__)
            return None
        try:
            body = response.json()
        except ValueError:
            body = None
        if response.status_code != 200 or not isinstance(body, dict):
            reason = body.get("error_description") if isinstance(body, dict) else None
            log.info("ID token refused by LINE: %s %s", response.status_code, reason)
            return None
        return body

    def _user_of(self, claims: dict[str, Any], now: int) -> str | None:
        """``line:<sub>`` when the payload is this channel's, LINE's and not expired at ``now``."""
        sub, exp = claims.get("sub"), claims.get("exp")
        if claims.get("iss") != ISSUER or str(claims.get("aud")) != self.channel_id:
            log.warning("ID token of another issuer or channel refused")
            return None
        if not isinstance(exp, int) or exp <= now or not isinstance(sub, str) or not sub.startswith("U"):
            return None
        return f"line:{sub}"

    def _remember(self, key: str, user_id: str, exp: int, now: int) -> None:
        """Keep a verified token until ``exp``; expired ones go first, all of them when still full."""
        if len(self._known) >= CACHE_SIZE:
            self._known = {k: v for k, v in self._known.items() if v[1] > now}
        if len(self._known) >= CACHE_SIZE:
            self._known.clear()
        self._known[key] = (user_id, exp)
