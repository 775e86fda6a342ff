"""A local fake of the LINE Messaging API (developers.line.biz/en/reference/messaging-api/) for adapter
tests.

A stdlib HTTP server in a thread on a free port of 127.0.0.1 that answers the endpoints this project calls
(reply, push, get profile, group/room member profile and count, bot info; LINE Login's "Verify ID token",
:mod:`tests.fakes.line_login`) with the real response shapes
and headers (``x-line-request-id``; ``x-line-accepted-request-id`` on a 409). It keeps every call and,
per chat, what the chat has seen. What it knows and enforces (reply tokens, friends, groups, limits, retry
keys) is in :mod:`tests.fakes.line_state` and :mod:`tests.fakes.line_checks`.

Tests arrange the accounts (:meth:`FakeLineApi.befriend`, :meth:`FakeLineApi.join`, ``counts``), hand
out reply tokens for the webhook events they build (:meth:`FakeLineApi.token_for`), make calls fail
(:meth:`FakeLineApi.fail` with a recorded body from ``tests/fixtures/line/error_*.json``) or hang (a
network timeout; the call is not carried out), then assert on what each chat has seen.

    with FakeLineApi() as line:
        line.befriend("U1")
        token = line.token_for("line:C1")
        ...
        assert line.texts("line:C1") == ["..."]
        assert line.pushed() == 0
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

from handlers.line.api import LineApi
from tests.fakes.line_checks import actions
from tests.fakes.line_http import Call, Failure, flex_texts, handler_class
from tests.fakes.line_login import IdTokens
from tests.fakes.line_state import Delivery, LineState, Refused, load_error, raw_id
from tests.fakes.server import FakeServer

TOKEN = "test-channel-access-token"
BASIC_ID = "@123abcde"
BOT_USER_ID = "Ub0000000000000000000000000000001"
#: How long a call left unanswered by :meth:`FakeLineApi.hang` hangs (ends early when the server stops).
HANG = 3.0


class FakeLineApi:
    """The fake server. Use as a context manager (or :meth:`start`/:meth:`stop`); :meth:`client` gives a
    :class:`handlers.line.api.LineApi` pointed at it. Every method takes LINE ids or ``line:`` ids."""

    def __init__(self, *, token: str = TOKEN, basic_id: str = BASIC_ID) -> None:
        self.token = token
        self.info = {"userId": BOT_USER_ID, "basicId": basic_id, "displayName": "人狼GM",
                     "chatMode": "bot", "markAsReadMode": "auto"}  # fmt: skip
        self.calls: list[Call] = []
        self.state = LineState()
        self.id_tokens = IdTokens()
        self._failures: list[Failure] = []
        self._hangs: list[Failure] = []
        self._request_ids = itertools.count(1)
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._server = FakeServer(("127.0.0.1", 0), handler_class(self))
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def client(self, *, timeout: float | None = None) -> LineApi:
        """A client of this server; ``timeout`` (seconds) shortens its timeout (to meet a :meth:`hang`)."""
        options = {} if timeout is None else {"timeout": timeout}
        return LineApi(self.token, base_url=self.base_url, **options)

    def start(self) -> FakeLineApi:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def __enter__(self) -> FakeLineApi:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # Arranging -------------------------------------------------------------------------------------------

    def token_for(self, chat_id: str) -> str:
        """A fresh reply token for an event from ``chat_id`` (it answers that chat once)."""
        with self._lock:
            return self.state.token_for(chat_id)

    def expire(self, token: str) -> None:
        """``token`` is over a minute old now: LINE refuses it."""
        with self._lock:
            self.state.expire(token)

    def is_spent(self, token: str) -> bool:
        """Whether ``token`` was used (or expired)."""
        with self._lock:
            return self.state.is_spent(token)

    def befriend(self, user_id: str, name: str | None = None) -> None:
        """``user_id`` follows the account: its profile can be read and it can be pushed to."""
        with self._lock:
            self.state.befriend(user_id, name)

    def unfollow(self, user_id: str) -> None:
        """``user_id`` blocks the account."""
        with self._lock:
            self.state.unfollow(user_id)

    def join(self, chat_id: str, user_id: str, name: str | None = None) -> None:
        """``user_id`` is a member of group/room ``chat_id`` (its member profile can be read; it counts in
        the member count unless ``state.counts`` sets the count)."""
        with self._lock:
            self.state.join(chat_id, user_id, name)

    def set_member_count(self, chat_id: str, count: int) -> None:
        """``chat_id`` has ``count`` members besides the bot (what a push to it costs)."""
        with self._lock:
            self.state.counts[raw_id(chat_id)] = count

    def fail(
        self,
        body: dict[str, Any] | str,
        *,
        status: int | None = None,
        name: str | None = None,
        chat_id: str | None = None,
        times: int | None = 1,
    ) -> None:
        """Answer the next ``times`` calls (``None``: every call) to endpoint ``name`` (any if ``None``)
        about ``chat_id`` (any if ``None``) with ``body``: a dict with ``status``, or a fixture name
        (``"error_429_rate_limit_exceeded"``) whose status is in its name."""
        if isinstance(body, str):
            status = status or int(body.split("_")[1])
            body = load_error(body)
        if status is None:
            raise ValueError("a body given as a dict needs its status")
        target = None if chat_id is None else raw_id(chat_id)
        with self._lock:
            self._failures.append(Failure(status, body, name, target, times))

    def hang(self, *, name: str | None = None, times: int = 1) -> None:
        """Leave the next ``times`` calls to ``name`` unanswered for :data:`HANG` seconds without carrying
        them out (the client times out first): a network timeout where nothing was sent."""
        with self._lock:
            self._hangs.append(Failure(0, {}, name, None, times))

    # What chats have seen ----------------------------------------------------------------------------------

    def deliveries(self, chat_id: str | None = None, *, via: str | None = None) -> list[Delivery]:
        """Calls LINE carried out (replies and pushes), oldest first, to ``chat_id`` / ``via`` if given."""
        chat = None if chat_id is None else raw_id(chat_id)
        with self._lock:
            found = list(self.state.deliveries)
        return [d for d in found if chat in (None, d.chat_id) and via in (None, d.via)]

    def seen(self, chat_id: str) -> list[dict[str, Any]]:
        """Every message object ``chat_id`` received, oldest first."""
        return [message for delivery in self.deliveries(chat_id) for message in delivery.messages]

    def texts(self, chat_id: str) -> list[str]:
        """The texts of the text messages ``chat_id`` received."""
        return [m["text"] for m in self.seen(chat_id) if m["type"] == "text"]

    def alt_texts(self, chat_id: str) -> list[str]:
        """The ``altText`` of the Flex messages ``chat_id`` received (what notifications show)."""
        return [m["altText"] for m in self.seen(chat_id) if m["type"] == "flex"]

    def readable(self, chat_id: str) -> list[str]:
        """Per message object, what a player reads: a text message's text, a Flex message's text components
        joined by line breaks."""
        return [m["text"] if m["type"] == "text" else "\n".join(flex_texts(m.get("contents"))) for m in
                self.seen(chat_id)]  # fmt: skip

    def buttons(self, chat_id: str) -> list[tuple[str, str]]:
        """``(label, postback data or uri)`` of every button and quick reply item ``chat_id`` was shown."""
        found = [action for m in self.seen(chat_id) for _, action in actions(m)]
        return [(a.get("label", ""), a.get("data") or a.get("uri") or a.get("text", "")) for a in found]

    def postbacks(self, chat_id: str) -> list[str]:
        """The postback data of every button and quick reply item ``chat_id`` was shown."""
        found = [action for m in self.seen(chat_id) for _, action in actions(m)]
        return [a["data"] for a in found if a.get("type") == "postback"]

    def pushed(self, chat_id: str | None = None) -> int:
        """Counted push messages (recipients) so far, to ``chat_id`` if given: what the plan bills."""
        return sum(d.cost for d in self.deliveries(chat_id, via="push"))

    def calls_to(self, name: str) -> list[Call]:
        with self._lock:
            return [call for call in self.calls if call.name == name]

    # Serving -----------------------------------------------------------------------------------------------

    def hung(self, call: Call) -> bool:
        """Whether ``call`` is one to leave unanswered (it is recorded, then waits :data:`HANG` s)."""
        with self._lock:
            found = next((h for h in self._hangs if h.matches(call.name, None)), None)
            if found is None:
                return False
            found.consume()
            self.calls.append(call)
        self._stopping.wait(HANG)
        return True

    def dispatch(self, call: Call) -> tuple[int, dict[str, Any], dict[str, str]]:
        """Record and answer ``call``: (status, JSON body, extra headers)."""
        headers = {"x-line-request-id": f"00000000-0000-4000-8000-{next(self._request_ids):012d}"}
        with self._lock:
            self.calls.append(call)
            if call.name == "verify_id_token":  # LINE Login: no channel access token
                status, body = self.id_tokens.verify(call.body)
                return status, body, headers
            if call.headers.get("authorization") != f"Bearer {self.token}":
                return 401, load_error("error_401_authentication_failed"), headers
            target = self.state.token_chat(call.body.get("replyToken", "")) or call.target
            failure = next((f for f in self._failures if f.matches(call.name, target)), None)
            if failure is not None:
                failure.consume()
                return failure.status, failure.body, headers
            try:
                return 200, self._answer(call, headers["x-line-request-id"]), headers
            except Refused as refused:
                return refused.status, refused.body, {**headers, **refused.headers}

    def _answer(self, call: Call, request_id: str) -> dict[str, Any]:
        state, params = self.state, call.params
        if call.name == "reply":
            return {"sentMessages": state.sent_messages(state.reply(call.body))}
        if call.name == "push":
            delivery = state.push(call.body, call.headers.get("x-line-retry-key"), request_id)
            return {"sentMessages": state.sent_messages(delivery)}
        if call.name == "profile":
            return state.profile(params["user"])
        if "chat" in params and params["chat"][:1] != {"group": "C", "room": "R"}[params["kind"]]:
            raise Refused(404, load_error("error_404_not_found"))
        if call.name == "member_profile":
            return state.member_profile(params["chat"], params["user"])
        if call.name == "member_count":
            return {"count": state.member_count(params["chat"])}
        return dict(self.info)
