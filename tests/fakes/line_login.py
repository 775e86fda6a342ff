"""The fake LINE API's LINE Login part: ``POST /oauth2/v2.1/verify`` ("Verify ID token", LINE Login v2.1
API reference), for the LIFF console's verifier (``handlers.line.idtoken``).

Tests issue ID tokens (:meth:`IdTokens.issue`: opaque strings standing for LIFF's JWTs) for a user and a
LINE Login channel; the endpoint answers as LINE does, with the bodies in ``tests/fixtures/line``:

- a token it never issued (forged, altered) → 400 ``Invalid IdToken.``;
- ``client_id`` other than the token's channel → 400 ``Invalid IdToken Audience.``;
- a token past its ``exp`` (the fake's wall clock) → 400 ``IdToken expired.``;
- else 200 with the payload (``iss``, ``sub``, ``aud``, ``exp``, ``iat``, ``amr``, ``name``), the shape of
  ``verify_id_token_response.json``.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

from tests.fakes.line_state import load_error, raw_id

ISSUER = "https://access.line.me"
#: Seconds a LIFF ID token stays valid (LIFF's tokens expire in about an hour).
LIFETIME = 3600


class IdTokens:
    """The ID tokens the fake issued; ``clock`` gives its wall clock (UTC epoch seconds)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._claims: dict[str, dict[str, Any]] = {}
        self._numbers = itertools.count(1)
        self._clock = clock

    def issue(self, user_id: str, channel_id: str, *, lifetime: int = LIFETIME, name: str = "Brown") -> str:
        """A new ID token of ``user_id`` (``U…`` or ``line:U…``) for LINE Login channel ``channel_id``,
        expiring ``lifetime`` seconds from now (negative: already expired)."""
        now = int(self._clock())
        token = f"eyJmYWtlIjoiaWQtdG9rZW4ifQ.{next(self._numbers):08d}.fake-signature"
        self._claims[token] = {
            "iss": ISSUER, "sub": raw_id(user_id), "aud": channel_id, "exp": now + lifetime, "iat": now,
            "amr": ["linesso"], "name": name,
        }  # fmt: skip
        return token

    def verify(self, form: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The status and JSON body LINE answers to a verify request with ``form``."""
        claims = self._claims.get(str(form.get("id_token", "")))
        if claims is None:
            return 400, load_error("error_400_invalid_id_token")
        if str(form.get("client_id", "")) != claims["aud"]:
            return 400, load_error("error_400_invalid_id_token_audience")
        if claims["exp"] <= self._clock():
            return 400, load_error("error_400_id_token_expired")
        return 200, dict(claims)
