"""Telegram Mini App ``initData``: who opened the player console (core.telegram.org/bots/webapps,
"Validating data received via the Mini App").

The page sends ``Authorization: tma <initData>``, the raw query string Telegram hands the Mini App
(``Telegram.WebApp.initData``). It is genuine when ``hash`` is the hex
``HMAC_SHA256(key=secret_key, msg=data_check_string)``, where ``secret_key = HMAC_SHA256(key="WebAppData",
msg=<bot token>)`` and ``data_check_string`` is every other received field as ``key=<value>`` (values
URL-decoded), sorted by key, joined by ``\\n``; compared in constant time. ``auth_date`` (UTC epoch
seconds, when the Mini App was opened) must be at most :data:`MAX_AGE` old and not more than
:data:`SKEW` in the future: a leaked ``initData`` stops working. The game comes from ``start_param``
(the ``startapp`` of the group's link, ``t.me/<bot>/<app>?startapp=<game id>``).

python-telegram-bot has no helper for this, so it is ``hmac``/``hashlib`` here; :func:`sign` makes the
same string (tests, the local stub of Telegram's web view).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections.abc import Callable, Mapping
from urllib.parse import parse_qsl, urlencode

from handlers.console.auth import Viewer

#: ``Authorization: tma <initData>`` (the scheme Telegram's Mini Apps documentation uses).
SCHEME = "tma"
#: Seconds an ``initData`` stays valid after its ``auth_date``: a console left open for an evening works.
MAX_AGE = 6 * 3600
#: Seconds an ``auth_date`` may lie in the future (clock differences between Telegram and AWS).
SKEW = 60
#: The ``initData`` field holding the signature.
HASH = "hash"
_KEY = b"WebAppData"

log = logging.getLogger(__name__)


def secret_key(bot_token: str) -> bytes:
    """``HMAC_SHA256(key="WebAppData", msg=bot_token)``: the key of every ``initData`` hash of this bot."""
    return hmac.new(_KEY, bot_token.encode("utf-8"), hashlib.sha256).digest()


def data_check_string(fields: Mapping[str, str]) -> str:
    """Every field but ``hash`` as ``key=value``, sorted by key, joined by line feeds."""
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != HASH)


def sign(fields: Mapping[str, str], bot_token: str) -> str:
    """``fields`` (decoded values, e.g. ``user`` as its JSON text) as an ``initData`` query string with
    its ``hash``, as Telegram would hand it to the Mini App."""
    digest = hmac.new(secret_key(bot_token), data_check_string(fields).encode("utf-8"), hashlib.sha256)
    return urlencode({**{k: v for k, v in fields.items() if k != HASH}, HASH: digest.hexdigest()})


def verify(init_data: str, bot_token: str, *, now: int, max_age: int = MAX_AGE) -> dict[str, str] | None:
    """The decoded fields of ``init_data`` when its ``hash`` is right for ``bot_token`` and its
    ``auth_date`` is within ``max_age`` seconds before ``now`` (UTC epoch seconds, :data:`SKEW` after);
    else ``None``: malformed, repeated fields, forged, tampered, expired or from the future."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    given = fields.get(HASH, "")
    if len(fields) != len(pairs) or not given or not bot_token:
        return None
    expected = hmac.new(secret_key(bot_token), data_check_string(fields).encode("utf-8"), hashlib.sha256)
    if not hmac.compare_digest(expected.hexdigest().encode(), given.lower().encode()):
        return None
    auth_date = fields.get("auth_date", "")
    if not auth_date.isdigit() or not now - max_age <= int(auth_date) <= now + SKEW:
        return None
    return fields


def viewer_of(fields: Mapping[str, str]) -> Viewer | None:
    """The :class:`Viewer` of verified ``fields``: ``tg:<user.id>`` and the ``start_param`` game id;
    ``None`` without a ``user`` object with an integer ``id``."""
    try:
        user = json.loads(fields.get("user") or "null")
    except ValueError:
        return None
    user_id = user.get("id") if isinstance(user, dict) else None
    if not isinstance(user_id, int) or isinstance(user_id, bool):
        return None
    return Viewer(user_id=f"tg:{user_id}", game_id=fields.get("start_param") or None)


class InitDataAuth:
    """The Telegram console's :class:`~handlers.console.auth.Authenticator`: ``Authorization: tma
    <initData>`` verified with the bot token (``token()``, read per call so a rotated token is picked up;
    an unreadable token refuses everyone, logged)."""

    def __init__(self, token: Callable[[], str], *, max_age: int = MAX_AGE) -> None:
        self._token = token
        self._max_age = max_age

    async def viewer(self, authorization: str, *, now: int) -> Viewer | None:
        """The viewer of a genuine, fresh ``initData`` with a user; ``None`` otherwise (→ 401)."""
        scheme, _, init_data = authorization.strip().partition(" ")
        if scheme.lower() != SCHEME or not init_data.strip():
            return None
        try:
            token = self._token()
        except Exception:
            log.exception("bot token unavailable: the console refuses everyone until it is readable")
            return None
        fields = verify(init_data.strip(), token, now=now, max_age=self._max_age)
        return None if fields is None else viewer_of(fields)
