"""A thin async client of the few LINE Messaging API endpoints the game needs, on httpx.

Why not ``linebot.v3.messaging``: importing it costs over a second of cold start (docs/line.md L12),
for six REST calls. line-bot-sdk stays in use for what it does well (webhook models, in
``handlers.line.parse``). Shapes follow the Messaging API reference (developers.line.biz/en/reference/
messaging-api/): "Send reply message", "Send push message", "Get profile", "Get group chat member
profile" / "Get multi-person chat member profile", "Get number of users in a group chat" / "… in a
multi-person chat", "Get bot info"; errors per "Status codes" and "Error responses" (a JSON body
``{"message": …, "details"?: […], "sentMessages"?: […]}``).

Ids here are LINE's own (``U…`` user, ``C…`` group, ``R…`` multi-person chat "room"), without the
project's ``line:`` prefix. Message objects are JSON dicts (``handlers.line.render``).

Errors: any non-2xx answer raises :class:`LineApiError` (``status``, the body's ``message``, the
``x-line-request-id``), as one of the subclasses where a caller acts on it: :class:`InvalidReplyToken`
(400 "Invalid reply token": expired or already used), :class:`FailedToSend` (400 "Failed to send
messages": the push recipient cannot receive, e.g. not a friend), :class:`Forbidden` (403: the channel
may not use the endpoint), :class:`NotFound` (404), :class:`RateLimited` (429; LINE sends no
``Retry-After``; :attr:`RateLimited.monthly_limit` tells the month's message quota from the per-second
rate limit). A network failure or timeout raises :class:`LineNetworkError` (the request may or may not
have been carried out). A push answered 409 for its ``X-Line-Retry-Key`` was already accepted: that is a
success (:attr:`Pushed.duplicate`), never an error ("Retrying a failed API request").
"""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType
from typing import Any

import httpx

#: The Messaging API host (``api-data.line.me`` serves content downloads, which the game does not use).
API = "https://api.line.me"
#: Seconds to wait for LINE: a webhook must answer fast, and a hung call must fail well inside the
#: functions' timeouts (template.yaml) so the message is kept for a retry.
TIMEOUT = 5.0
CONNECT_TIMEOUT = 3.0
REQUEST_ID = "x-line-request-id"
ACCEPTED_REQUEST_ID = "x-line-accepted-request-id"
RETRY_KEY = "X-Line-Retry-Key"
_INVALID_REPLY_TOKEN = "Invalid reply token"
_FAILED_TO_SEND = "Failed to send messages"
_MONTHLY_LIMIT = "monthly limit"


class LineApiError(Exception):
    """LINE answered ``status`` (not 2xx) with ``message`` (the body's ``message``, or the raw body when it
    is not LINE's JSON); ``body`` is the decoded JSON body (``{}`` if none); ``request_id`` the
    ``x-line-request-id`` header, for LINE's support."""

    def __init__(self, status: int, message: str, body: dict[str, Any], request_id: str | None) -> None:
        super().__init__(f"LINE {status}: {message}")
        self.status = status
        self.message = message
        self.body = body
        self.request_id = request_id


class InvalidReplyToken(LineApiError):
    """400 "Invalid reply token": the token expired (about a minute) or was used already."""


class FailedToSend(LineApiError):
    """400 "Failed to send messages": the push recipient cannot receive (not a friend of the account,
    blocked it, or an id of another channel)."""


class Forbidden(LineApiError):
    """403: the channel may not use this endpoint (e.g. its plan allows no push messages)."""


class NotFound(LineApiError):
    """404: no such user, group or member visible to the bot (e.g. a profile of a non-friend)."""


class RateLimited(LineApiError):
    """429: the per-channel rate limit, or (:attr:`monthly_limit`) the month's message quota is spent."""

    @property
    def monthly_limit(self) -> bool:
        """Whether the month's message quota is spent ("You have reached your monthly limit."): waiting
        a minute does not help."""
        return _MONTHLY_LIMIT in self.message.lower()


class LineNetworkError(Exception):
    """The request failed on the way (connection, timeout): LINE may or may not have carried it out."""


@dataclass(frozen=True)
class Profile:
    """A user's profile: ``user_id`` (``U…``), ``display_name``; ``picture_url`` and ``language`` (BCP 47)
    when LINE gives them (``language`` only from "Get profile")."""

    user_id: str
    display_name: str
    picture_url: str | None = None
    language: str | None = None


@dataclass(frozen=True)
class BotInfo:
    """The bot's own account: ``user_id``, ``basic_id`` (``@123abcde``, for add-friend and 1:1 links) and
    ``display_name``."""

    user_id: str
    basic_id: str
    display_name: str


@dataclass(frozen=True)
class Pushed:
    """A push LINE accepted: ``request_id`` of the accepting request (the ``x-line-accepted-request-id``
    of a 409), ``duplicate`` when this call was a retry of an already accepted push (nothing new sent)."""

    request_id: str | None
    duplicate: bool = False


class LineApi:
    """The client. ``channel_access_token``: the Bearer token; ``base_url``: the API host (a fake server
    in tests); ``timeout``: seconds per call. Bind one instance to one event loop (one per container);
    close it with :meth:`aclose` or ``async with``."""

    def __init__(self, channel_access_token: str, *, base_url: str = API, timeout: float = TIMEOUT) -> None:
        self._client = httpx.AsyncClient(
            base_url=base_url,
            headers={"Authorization": f"Bearer {channel_access_token}"},
            timeout=httpx.Timeout(timeout, connect=min(timeout, CONNECT_TIMEOUT)),
        )

    async def __aenter__(self) -> LineApi:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._client.aclose()

    async def reply(self, reply_token: str, messages: list[dict[str, Any]], *, silent: bool = False) -> None:
        """Answer a webhook event with 1-5 message objects (free of charge). ``silent``: no notification
        sound (``notificationDisabled``). Raises :class:`InvalidReplyToken` and the errors of the module
        docstring."""
        body: dict[str, Any] = {"replyToken": reply_token, "messages": messages}
        await self._call("POST", "/v2/bot/message/reply", json=_quiet(body, silent))

    async def push(
        self, to: str, messages: list[dict[str, Any]], *, retry_key: str | None = None, silent: bool = False
    ) -> Pushed:
        """Push 1-5 message objects to ``to`` (a user, group or room id); LINE counts one message per
        recipient (every member of a group). ``retry_key``: a UUID string; a retry with the same key is
        accepted at most once within 24 hours, a repeat is answered 409 and returned as
        ``Pushed(duplicate=True)``. Raises :class:`FailedToSend`, :class:`RateLimited` and the errors
        of the module docstring."""
        headers = {RETRY_KEY: retry_key} if retry_key else {}
        body = _quiet({"to": to, "messages": messages}, silent)
        response = await self._send("POST", "/v2/bot/message/push", json=body, headers=headers)
        if response.status_code == 409 and retry_key:
            return Pushed(response.headers.get(ACCEPTED_REQUEST_ID), duplicate=True)
        _raise_for(response)
        return Pushed(response.headers.get(REQUEST_ID))

    async def get_profile(self, user_id: str) -> Profile | None:
        """The profile of ``user_id``, or ``None`` when LINE answers 404 (not a friend of the account,
        blocked it, or no such user): the reachability check of the join handshake (docs/line.md L05)."""
        data = await self._optional(f"/v2/bot/profile/{user_id}")
        return None if data is None else _profile(data)

    async def get_group_member_profile(self, chat_id: str, user_id: str) -> Profile | None:
        """The profile of member ``user_id`` of group or room ``chat_id`` (no friendship needed), or
        ``None`` when LINE answers 404 (not a member). ``ValueError`` for a chat id that is neither."""
        data = await self._optional(f"{_chat_path(chat_id)}/member/{user_id}")
        return None if data is None else _profile(data)

    async def get_group_member_count(self, chat_id: str) -> int:
        """How many users are in group or room ``chat_id``, the bot excluded (what a push to it costs).
        Raises :class:`NotFound` when the bot is not in it; ``ValueError`` for another kind of id."""
        data = await self._call("GET", f"{_chat_path(chat_id)}/members/count")
        return int(data["count"])

    async def get_bot_info(self) -> BotInfo:
        """The bot's account (``GET /v2/bot/info``)."""
        data = await self._call("GET", "/v2/bot/info")
        return BotInfo(data["userId"], data["basicId"], data["displayName"])

    async def _optional(self, path: str) -> dict[str, Any] | None:
        try:
            return await self._call("GET", path)
        except NotFound:
            return None

    async def _call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        response = await self._send(method, path, **kwargs)
        _raise_for(response)
        return _json(response)

    async def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            return await self._client.request(method, path, **kwargs)
        except httpx.TransportError as exc:  # connect/read/write errors and timeouts
            raise LineNetworkError(f"{method} {path}: {type(exc).__name__}") from exc


def _quiet(body: dict[str, Any], silent: bool) -> dict[str, Any]:
    return {**body, "notificationDisabled": True} if silent else body


def _chat_path(chat_id: str) -> str:
    """``/v2/bot/group/<id>`` for a group (``C…``), ``/v2/bot/room/<id>`` for a multi-person chat (``R…``)."""
    kinds = {"C": "group", "R": "room"}
    kind = kinds.get(chat_id[:1])
    if kind is None:
        raise ValueError(f"{chat_id!r} is neither a LINE group (C…) nor a multi-person chat (R…)")
    return f"/v2/bot/{kind}/{chat_id}"


def _profile(data: dict[str, Any]) -> Profile:
    return Profile(data["userId"], data["displayName"], data.get("pictureUrl"), data.get("language"))


def _json(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


_ERRORS: dict[int, type[LineApiError]] = {403: Forbidden, 404: NotFound, 429: RateLimited}


def _raise_for(response: httpx.Response) -> None:
    """Raise the :class:`LineApiError` for a non-2xx ``response``."""
    if response.is_success:
        return
    body = _json(response)
    message = str(body.get("message") or response.text[:200])
    kind = _ERRORS.get(response.status_code, LineApiError)
    if response.status_code == 400 and message == _INVALID_REPLY_TOKEN:
        kind = InvalidReplyToken
    elif response.status_code == 400 and message == _FAILED_TO_SEND:
        kind = FailedToSend
    raise kind(response.status_code, message, body, response.headers.get(REQUEST_ID))
