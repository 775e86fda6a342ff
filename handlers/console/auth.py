"""Who opens the console: an :class:`Authenticator` per platform turns the raw ``Authorization`` header
into a :class:`Viewer` (or ``None`` → 401). The local playground's is :class:`SeatTokens` (a random token per
seat); Telegram (``initData``) and LINE (LIFF ID token) have their own in their packages.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any, Protocol

from core.engine.table import LOBBY


@dataclass(frozen=True)
class Viewer:
    """An authenticated console user: the platform-qualified ``user_id`` (``tg:55``, ``line:U…``,
    ``local:3``) and the game the platform named, if any (Telegram's ``start_param``), else ``None``."""

    user_id: str
    game_id: str | None = None


class Authenticator(Protocol):
    """Verifies the raw ``Authorization`` header value at ``now`` (UTC epoch seconds). Returns the
    :class:`Viewer`, or ``None`` when the credential is missing, malformed, forged or expired."""

    async def viewer(self, authorization: str, *, now: int) -> Viewer | None: ...


#: The scheme of the local playground's seat tokens: ``Authorization: Seat <token>``.
SEAT_SCHEME = "Seat"


class SeatTokens:
    """The local playground's authenticator: one random token per user id (``secrets.token_urlsafe``),
    presented as ``Authorization: Seat <token>`` and compared in constant time."""

    def __init__(self) -> None:
        self._tokens: dict[str, str] = {}

    def issue(self, user_id: str) -> str:
        """The token of ``user_id`` (made on first use, the same afterwards)."""
        if user_id not in self._tokens:
            self._tokens[user_id] = secrets.token_urlsafe(24)
        return self._tokens[user_id]

    async def viewer(self, authorization: str, *, now: int) -> Viewer | None:
        scheme, _, token = authorization.strip().partition(" ")
        if scheme != SEAT_SCHEME or not token:
            return None
        presented = token.strip().encode()
        found = None
        for user_id, known in self._tokens.items():
            if hmac.compare_digest(presented, known.encode()):
                found = user_id
        return Viewer(user_id=found) if found else None


def is_member(rules: Any, state: Any, user_id: str) -> bool:
    """Whether ``user_id`` may open the console of the game of ``state``: seated once the game has started
    (``rules.seats``), a member of the lobby before; no one in a cancelled lobby. A spectator
    (``/watch``, ``core.engine.afterlife``) may too: their view is read-only (``handlers.console.view``)."""
    if any(member.user_id == user_id for member in getattr(state, "spectators", ())):
        return True
    if state.phase == LOBBY:
        return state.member(user_id) is not None
    return any(member.user_id == user_id for member in rules.seats(state).values())
