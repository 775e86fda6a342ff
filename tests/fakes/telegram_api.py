"""A local fake of the Telegram Bot API (core.telegram.org/bots/api) for adapter tests.

A stdlib HTTP server in a thread on a free port of 127.0.0.1 that answers the methods this project calls
(``getMe``, ``sendMessage``, ``editMessageText``, ``answerCallbackQuery``, ``restrictChatMember``,
``setWebhook``, ``getChat``, …) with the real response shapes, so python-telegram-bot parses them. It keeps
every call and, per chat, the messages as a player would now see them (after edits).

It enforces the limits the adapter must respect (text 1-4096 UTF-16 units, callback data 1-64 bytes,
editing a missing or unchanged message: "Bad Request: message to edit not found", "Bad Request: message
is not modified: …"; a message deleted in the chat, :meth:`FakeTelegramApi.delete`, is missing) with
Telegram's own error texts, and answers with any recorded
error body (``tests/fixtures/telegram/error_*.json``) when told to with :meth:`FakeTelegramApi.fail`, or
hangs without answering (a network timeout; the call is not carried out) with :meth:`FakeTelegramApi.hang`.
Chat members (``getChatMember``, ``restrictChatMember``: who is an administrator, who is muted) are kept
by :attr:`FakeTelegramApi.members` (``tests.fakes.telegram_members``); everyone is a plain member and the
bot is no administrator until a test says otherwise.

    with FakeTelegramApi() as api:
        bot = api.bot()
        ...
        assert api.texts("tg:-1001000000001") == ["..."]
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from telegram import Bot
from telegram.request import HTTPXRequest

from tests.fakes.server import FakeServer
from tests.fakes.telegram_members import Members, Refused

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "telegram"
TOKEN = "123456789:TEST-fake-token"
BOT_ID = 6000000001
BOT_USERNAME = "example_game_bot"
DATE = 1700000000
#: How long a call left unanswered by :meth:`FakeTelegramApi.hang` hangs (ends early when the server stops).
HANG = 3.0
# Parameters PTB sends JSON-encoded inside the form body (telegram.request.RequestParameter.json_value).
JSON_PARAMS = {
    "reply_markup",
    "entities",
    "permissions",
    "link_preview_options",
    "reply_parameters",
    "commands",
    "scope",
    "allowed_updates",
    "menu_button",
}
INT_PARAMS = {"chat_id", "message_id", "user_id", "message_thread_id", "until_date", "cache_time"}
#: A group's default member permissions (``getChat`` → ``permissions``): send anything, change nothing.
GROUP_PERMISSIONS = {
    **dict.fromkeys(("can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos",
                     "can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls",
                     "can_send_other_messages", "can_add_web_page_previews", "can_invite_users"), True),
    **dict.fromkeys(("can_change_info", "can_pin_messages", "can_manage_topics"), False),
}  # fmt: skip


@dataclass(frozen=True)
class Call:
    """One request: Bot API ``method``, its decoded ``params`` and when it was answered (``time.time()``)."""

    method: str
    params: dict[str, Any]
    at: float = 0.0


@dataclass
class Received:
    """A message as the chat shows it now. ``buttons``: rows of ``(label, callback_data)``, or
    ``(label, url)`` for a URL button (a link, e.g. a ``t.me`` deep link)."""

    message_id: int
    text: str
    buttons: list[list[tuple[str, str]]] = field(default_factory=list)
    edits: int = 0
    #: The picture's URL of a ``sendPhoto`` (its caption is ``text``), else None.
    photo: str | None = None


@dataclass
class Failure:
    """Answer with ``body`` (HTTP status = its ``error_code``) for matching calls, ``times`` times
    (``None``: always)."""

    body: dict[str, Any]
    chat_id: int | None
    method: str | None
    times: int | None

    def matches(self, method: str, chat_id: Any) -> bool:
        wanted_chat = self.chat_id is None or self.chat_id == chat_id
        return wanted_chat and self.method in (None, method) and self.times != 0


def load_error(name: str) -> dict[str, Any]:
    """An error body from ``tests/fixtures/telegram`` (``"error_403_bot_was_blocked_by_the_user"``)."""
    path = FIXTURES / (name if name.endswith(".json") else f"{name}.json")
    body: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return body


def chat_number(chat_id: int | str) -> int:
    """``tg:-100…``, ``"-100…"`` or an int → the Telegram chat id."""
    return chat_id if isinstance(chat_id, int) else int(str(chat_id).removeprefix("tg:"))


class BotApiError(Exception):
    def __init__(self, body: dict[str, Any]) -> None:
        super().__init__(body["description"])
        self.body = body


def _error(code: int, description: str) -> BotApiError:
    return BotApiError({"ok": False, "error_code": code, "description": description})


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def chat_object(chat_id: int) -> dict[str, Any]:
    """A ``Chat`` for an id: positive = private, ``-100…`` = supergroup, other negative = basic group."""
    if chat_id > 0:
        return {"id": chat_id, "first_name": f"Player{chat_id}", "type": "private"}
    kind = "supergroup" if str(chat_id).startswith("-100") else "group"
    return {"id": chat_id, "title": "Example Village", "type": kind}


class FakeTelegramApi:
    """The fake server. Use as a context manager (or :meth:`start`/:meth:`stop`); :meth:`bot` gives a
    ``telegram.Bot`` pointed at it."""

    def __init__(
        self, *, token: str = TOKEN, username: str = BOT_USERNAME, bot_id: int = BOT_ID, latency: float = 0.0
    ) -> None:
        self.token = token
        #: Seconds each call waits before it is carried out (a Bot API round trip, for the benchmarks).
        self.latency = latency
        self.me = {"id": bot_id, "is_bot": True, "first_name": "ExampleGameBot", "username": username}
        self.calls: list[Call] = []
        #: Every text ``sendMessage`` delivered, as sent (before later edits): (chat id, text), in order.
        self.posted: list[tuple[int, str]] = []
        self._chats: dict[int, list[Received]] = {}
        self._edited: dict[int, list[tuple[int, str]]] = {}
        self._last_id = 0
        self._failures: list[Failure] = []
        self._hangs: list[Failure] = []
        self._stopping = threading.Event()
        self.members = Members(self.me)
        self._lock = threading.Lock()
        self._server = FakeServer(("127.0.0.1", 0), _handler_class(self))
        # A short poll interval: shutdown() waits for the next poll.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def bot(self, *, timeout: float | None = None) -> Bot:
        """A Bot on this server; ``timeout`` (seconds) shortens its read timeout, e.g. to meet a
        :meth:`hang` soon (default: PTB's)."""
        request = None if timeout is None else HTTPXRequest(read_timeout=timeout)
        return Bot(
            self.token, base_url=self.base_url, base_file_url=f"http://127.0.0.1:{self.port}/file/bot",
            request=request,
        )  # fmt: skip

    def start(self) -> FakeTelegramApi:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def __enter__(self) -> FakeTelegramApi:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def fail(
        self,
        body: dict[str, Any] | str,
        *,
        chat_id: int | str | None = None,
        method: str | None = None,
        times: int | None = None,
    ) -> None:
        """Answer calls to ``chat_id`` (any chat if ``None``) and ``method`` (any if ``None``) with the error
        ``body`` (a dict or a fixture name for :func:`load_error`), ``times`` times (``None``: always)."""
        error = load_error(body) if isinstance(body, str) else body
        chat = None if chat_id is None else chat_number(chat_id)
        with self._lock:
            self._failures.append(Failure(error, chat, method, times))

    def hang(self, *, chat_id: int | str | None = None, method: str | None = None, times: int = 1) -> None:
        """Leave the next ``times`` matching calls unanswered for :data:`HANG` seconds (the client times
        out first) without carrying them out: a network timeout where nothing was delivered."""
        chat = None if chat_id is None else chat_number(chat_id)
        with self._lock:
            self._hangs.append(Failure({}, chat, method, times))

    def hung(self, method: str, params: dict[str, Any]) -> bool:
        """Whether this call is one to leave unanswered (it is recorded, then waits :data:`HANG` s)."""
        with self._lock:
            found = next((h for h in self._hangs if h.matches(method, params.get("chat_id"))), None)
            if found is None:
                return False
            found.times = None if found.times is None else found.times - 1
            self.calls.append(Call(method, params))
        self._stopping.wait(HANG)
        return True

    def stop_failing(self, *, chat_id: int | str | None = None) -> None:
        """Drop the failures :meth:`fail` set for ``chat_id`` (every failure if ``None``), e.g. when the
        user unblocks the bot."""
        chat = None if chat_id is None else chat_number(chat_id)
        with self._lock:
            self._failures = [f for f in self._failures if chat is not None and f.chat_id != chat]

    def delete(self, chat_id: int | str, message_id: int) -> None:
        """Someone (a group admin) deleted the bot's message ``message_id``: editing it now fails with
        "message to edit not found"."""
        chat = chat_number(chat_id)
        with self._lock:
            self._chats[chat] = [m for m in self._chats.get(chat, []) if m.message_id != message_id]

    def edits_of(self, chat_id: int | str) -> list[tuple[int, str]]:
        """``editMessageText`` calls that changed a message in ``chat_id``: (message id, new text), in
        order (an unchanged or failed edit is not one)."""
        chat = chat_number(chat_id)
        with self._lock:
            return list(self._edited.get(chat, []))

    def carry_out(self, answer: dict[str, Any]) -> None:
        """Carry out the Bot API call a webhook answered with, as Telegram does (:func:`carry_out`)."""
        carry_out(answer, self.base_url, self.token)

    def calls_to(self, method: str) -> list[Call]:
        with self._lock:
            return [call for call in self.calls if call.method == method]

    def messages(self, chat_id: int | str) -> list[Received]:
        """The messages the bot has posted in ``chat_id``, as they read now (oldest first)."""
        with self._lock:
            return list(self._chats.get(chat_number(chat_id), []))

    def texts(self, chat_id: int | str) -> list[str]:
        return [message.text for message in self.messages(chat_id)]

    def posted_to(self, chat_id: int | str) -> list[str]:
        """The texts ``sendMessage`` delivered to ``chat_id``, as sent, oldest first."""
        chat = chat_number(chat_id)
        with self._lock:
            return [text for to, text in self.posted if to == chat]

    def dispatch(self, method: str, params: dict[str, Any]) -> Any:
        """Record the call and return the ``result`` of ``method`` (after :attr:`latency` seconds); raises
        :class:`BotApiError`."""
        if self.latency:
            self._stopping.wait(self.latency)
        with self._lock:
            self.calls.append(Call(method, params, time.time()))
            failure = next((f for f in self._failures if f.matches(method, params.get("chat_id"))), None)
            if failure is not None:
                failure.times = None if failure.times is None else failure.times - 1
                raise BotApiError(failure.body)
            answer = getattr(self, f"_api_{method}", None)
            if answer is None:
                raise _error(404, "Not Found")
            try:
                return answer(params)
            except Refused as refused:
                raise BotApiError(refused.body) from refused

    def _api_getMe(self, params: dict[str, Any]) -> Any:
        return {**self.me, "can_join_groups": True, "can_read_all_group_messages": False}

    def _api_sendMessage(self, params: dict[str, Any]) -> Any:
        chat_id, text = params["chat_id"], params.get("text", "")
        _check_text(text)
        chat = self._chats.setdefault(chat_id, [])
        self._last_id += 1  # one count over every chat, never reused (also after a deletion)
        chat.append(Received(self._last_id, text, _buttons(params.get("reply_markup"))))
        self.posted.append((chat_id, text))
        return self._message(chat_id, chat[-1], params.get("reply_markup"))

    def _api_sendPhoto(self, params: dict[str, Any]) -> Any:
        """A picture by URL (the only way this project sends one): an http(s) URL Telegram would fetch,
        a caption of at most 1024 UTF-16 units (core.telegram.org/bots/api#sendphoto)."""
        chat_id, photo, caption = params["chat_id"], params.get("photo"), params.get("caption") or ""
        if not isinstance(photo, str) or not photo.startswith(("https://", "http://")):
            raise _error(400, "Bad Request: wrong HTTP URL specified")
        if _units(caption) > 1024:
            raise _error(400, "Bad Request: message caption is too long")
        chat = self._chats.setdefault(chat_id, [])
        self._last_id += 1
        chat.append(Received(self._last_id, caption, _buttons(params.get("reply_markup")), photo=photo))
        size = {"file_id": f"photo{self._last_id}", "file_unique_id": f"u{self._last_id}", "width": 1,
                "height": 1}  # fmt: skip
        result = {"message_id": self._last_id, "from": self.me, "chat": chat_object(chat_id), "date": DATE,
                  "photo": [size], **({"caption": caption} if caption else {})}  # fmt: skip
        markup = params.get("reply_markup")
        return {**result, "reply_markup": markup} if markup else result

    def photos(self, chat_id: int | str) -> list[Received]:
        """The pictures ``sendPhoto`` delivered to ``chat_id``, oldest first."""
        return [m for m in self.messages(chat_id) if m.photo is not None]

    def _api_editMessageText(self, params: dict[str, Any]) -> Any:
        chat_id, text = params["chat_id"], params.get("text", "")
        _check_text(text)
        found = next((m for m in self._chats.get(chat_id, []) if m.message_id == params["message_id"]), None)
        if found is None:
            raise _error(400, "Bad Request: message to edit not found")
        buttons = _buttons(params.get("reply_markup"))
        if (found.text, found.buttons) == (text, buttons):
            raise _error(
                400,
                "Bad Request: message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message",
            )
        found.text, found.buttons, found.edits = text, buttons, found.edits + 1
        self._edited.setdefault(chat_id, []).append((found.message_id, text))
        return {**self._message(chat_id, found, params.get("reply_markup")), "edit_date": DATE + 1}

    def _api_getChat(self, params: dict[str, Any]) -> Any:
        gifts = dict.fromkeys(
            (
                "unlimited_gifts",
                "limited_gifts",
                "unique_gifts",
                "premium_subscription",
                "gifts_from_channels",
            ),
            False,
        )
        chat = chat_object(params["chat_id"])
        defaults = {} if chat["type"] == "private" else {"permissions": GROUP_PERMISSIONS}
        return {
            **chat,
            **defaults,
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": gifts,
        }

    def _api_getChatMember(self, params: dict[str, Any]) -> Any:
        return self.members.get(params)

    def _api_restrictChatMember(self, params: dict[str, Any]) -> Any:
        return self.members.restrict(params)

    def _api_getWebhookInfo(self, params: dict[str, Any]) -> Any:
        """The webhook as the last ``setWebhook`` left it (none before it or after ``deleteWebhook``)."""
        info = {"url": "", "has_custom_certificate": False, "pending_update_count": 0}
        last = next((c for c in reversed(self.calls) if c.method in ("setWebhook", "deleteWebhook")), None)
        if last is None or last.method == "deleteWebhook":
            return info
        kept = {key: last.params[key] for key in ("allowed_updates",) if key in last.params}
        return {**info, "url": last.params["url"], "max_connections": 40, **kept}

    def _ok(self, params: dict[str, Any]) -> Any:
        return True

    _api_answerCallbackQuery = _ok
    _api_setWebhook = _ok
    _api_deleteWebhook = _ok
    _api_setMyCommands = _ok
    _api_setChatMenuButton = _ok
    _api_sendChatAction = _ok
    _api_deleteMessage = _ok

    def _message(self, chat_id: int, message: Received, markup: Any) -> dict[str, Any]:
        result = {
            "message_id": message.message_id,
            "from": self.me,
            "chat": chat_object(chat_id),
            "date": DATE,
            "text": message.text,
        }
        return {**result, "reply_markup": markup} if markup else result


def _check_text(text: str) -> None:
    if not text.strip():
        raise _error(400, "Bad Request: message text is empty")
    if _units(text) > 4096:
        raise BotApiError(load_error("error_400_message_is_too_long"))


def _buttons(markup: Any) -> list[list[tuple[str, str]]]:
    rows = (markup or {}).get("inline_keyboard", [])
    for row in rows:
        for button in row:
            if "url" in button:
                if not str(button["url"]).startswith(("https://", "http://", "tg://")):
                    raise _error(400, "Bad Request: BUTTON_URL_INVALID")
            elif not 1 <= len(button.get("callback_data", "").encode("utf-8")) <= 64:
                raise _error(400, "Bad Request: BUTTON_DATA_INVALID")
    return [[(b["text"], b.get("url") or b["callback_data"]) for b in row] for row in rows]


def decode_params(body: bytes, content_type: str) -> dict[str, Any]:
    """The request parameters: JSON body, or PTB's form body with JSON-encoded complex values."""
    if content_type.startswith("application/json"):
        params: dict[str, Any] = json.loads(body or b"{}")
        return params
    decoded: dict[str, Any] = {}
    for name, value in parse_qsl(body.decode("utf-8"), keep_blank_values=True):
        if name in JSON_PARAMS:
            decoded[name] = json.loads(value)
        elif name in INT_PARAMS and value.lstrip("-").isdigit():
            decoded[name] = int(value)
        else:
            decoded[name] = value
    return decoded


def carry_out(answer: dict[str, Any], base_url: str, token: str = TOKEN) -> None:
    """What Telegram does with the webhook's answer ``answer`` (a Lambda Function URL response): a 200 whose
    body is a JSON object naming a ``method`` is that Bot API call, the object's other fields its
    parameters, POSTed to the Bot API at ``base_url`` (as :attr:`FakeTelegramApi.base_url`); its result
    is known to nobody (core.telegram.org/bots/api#making-requests-when-getting-updates)."""
    content_type = str((answer.get("headers") or {}).get("content-type", ""))
    if answer.get("statusCode") != 200 or not content_type.startswith("application/json"):
        return
    params = json.loads(answer["body"])
    method = params.pop("method")
    request = urllib.request.Request(
        f"{base_url}{token}/{method}", data=json.dumps(params).encode("utf-8"),
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=10).close()
    except urllib.error.HTTPError as error:  # Telegram tells the webhook nothing either
        error.close()


def _handler_class(api: FakeTelegramApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # Connections are kept alive as the Bot API's are, and each answer leaves at once (TCP_NODELAY:
        # the headers and the body are two writes, which Nagle's algorithm would hold for the client's
        # delayed ACK, 40 ms each).
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def do_POST(self) -> None:
            prefix = f"/bot{api.token}/"
            if not self.path.startswith(prefix):
                self._reply(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
                return
            length = int(self.headers.get("Content-Length") or 0)
            params = decode_params(self.rfile.read(length), self.headers.get("Content-Type") or "")
            if api.hung(self.path.removeprefix(prefix), params):
                self.close_connection = True
                return
            try:
                result = api.dispatch(self.path.removeprefix(prefix), params)
            except BotApiError as exc:
                self._reply(int(exc.body["error_code"]), exc.body)
            else:
                self._reply(200, {"ok": True, "result": result})

        do_GET = do_POST

        def _reply(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the calls are recorded on the fake instead."""

    return Handler
