"""LINE webhook events → platform-neutral :class:`~handlers.messages.Inbound` (Messaging API reference,
"Webhook Event Objects"), one :class:`LineInbound` per event, read with line-bot-sdk v3's webhook models.

What becomes what (ids ``line:<groupId|roomId|userId>``, delivery ``line:<webhookEventId>``):

- group/room text ``/cmd args`` or ``／cmd args``, after an optional leading @mention of the bot
  (``mentionees[].isSelf``, or the bot's user id), → ``TextCommand(cmd, args)``; a leading mention of the
  bot followed by a word without a slash (``@jinro newgame politician``) → the same; the mention alone →
  ``Nudge(asked=True)``; other text → ``Nudge()`` (its reply token delivers what waits, design §4). A
  command from a user LINE does not name (no ``userId``) → ``TextCommand("anonymous")``.
- 1:1 text: ``/cmd args`` → ``TextCommand``; the 「自分の番」 the group's 1:1 link types in
  (:data:`MY_TURN`) → ``Nudge(asked=True)``; other text → ``TextCommand("text", (text,))`` (team chat).
- Text over :data:`MAX_TEXT` characters, where it would be read → ``TextCommand("oversized", ("5000",))``.
- postback ``~nudge`` (the group's 「進行」, the rich menu's 「自分の番」) → ``Nudge(asked=True)``; ``~me``
  (the rich menu's 「役職」) → ``TextCommand("me")``; else the :mod:`handlers.taps` data → the ``Tap``, a
  lobby ``join`` tap → ``JoinRequest(game_id, reachable=False)`` (the webhook sets ``reachable`` after
  ``get_profile``); data no tap encodes → ``TextCommand("forged")``. ``postback.params`` are ignored.
- follow (also unblocking) → ``Reachable(True)``, unfollow → ``Reachable(False)``, both in the 1:1 chat;
  leave (the bot removed from the group) → ``BotLeft()``; memberLeft → one ``MemberLeft`` per member, with
  delivery id ``line:<webhookEventId>#<member index>`` so each is deduplicated on its own.
- memberJoined → one ``MemberBack`` per member (J27, P13, D18, W21: a player who left may be back).
- Ignored (``inbound`` ``None``, the event still reported for the log): join, unsend,
  messageEdited, non-text messages, videoPlayComplete, beacon, accountLink, membership, module events,
  types the SDK does not know, malformed events, and every event in ``mode: "standby"`` (another channel
  answers the chat: the bot must send nothing, Messaging API reference "Common properties", so its reply
  token is dropped too).

LINE events carry no names: ``user_name`` is always "" (the webhook asks ``get_profile`` where one is
needed). Older payloads without ``mode``, ``webhookEventId``, ``deliveryContext`` or a text message's
``quoteToken`` (LINE sends them all today; the SDK requires them) are read as active first deliveries,
with no delivery id.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import core.i18n as i18n
from handlers.line import typed
from handlers.messages import (
    BotLeft,
    Inbound,
    Intent,
    JoinRequest,
    MemberBack,
    MemberLeft,
    Nudge,
    Reachable,
    TextCommand,
)
from handlers.taps import ForgedTap, decode

PLATFORM = "line"
PREFIX = "line:"
#: Messaging API reference, "Text message": at most 5000 characters.
MAX_TEXT = 5000
#: Messaging API reference, "Postback action": ``data`` at most 300 characters.
POSTBACK_MAX_BYTES = 300
NUDGE_DATA = "~nudge"
#: The 1:1 text that the group's "open the 1:1 chat" link types in (``line.prefill.my_turn``, each
#: language): sending it asks for what waits, like the rich menu's 「自分の番」.
MY_TURN = frozenset(i18n.text("line.prefill.my_turn", locale, "adazakura") for locale in ("ja", "en"))
ME_DATA = "~me"


_MODELS = "linebot.v3.webhooks.models"
_PARENTS = ("linebot", "linebot.v3", "linebot.v3.webhooks")


def _load_models() -> Any:
    """line-bot-sdk's webhook models package (``linebot.v3.webhooks.models``).

    Loaded under stand-in parent packages: the real ``__init__`` files above it import the SDK's legacy
    v2 client (requests), its aiohttp API clients and the signature helpers (~0.25 s of the ~0.35 s
    here), none of which parsing uses (docs/line.md L12: the LINE function must not pay for what it does
    not use). The stand-ins leave ``sys.modules`` afterwards, so a later ``import linebot.v3.webhooks``
    loads the real packages around the same model classes. The SDK version is pinned
    (``requirements.lock``); tests/line/test_parse.py checks the shortcut in a fresh interpreter.
    """
    if _MODELS in sys.modules or any(name in sys.modules for name in _PARENTS):
        return importlib.import_module(_MODELS)
    spec = importlib.util.find_spec(_PARENTS[0])
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("line-bot-sdk is not installed")
    root, stubs = spec.submodule_search_locations[0], list[types.ModuleType]()
    for name in _PARENTS:
        stub = types.ModuleType(name)
        stub.__path__ = [os.path.join(root, *name.split(".")[1:])]
        if stubs:
            setattr(stubs[-1], name.rsplit(".", 1)[1], stub)
        sys.modules[name] = stub
        stubs.append(stub)
    try:
        return importlib.import_module(_MODELS)
    finally:
        for stub in stubs:
            if sys.modules.get(stub.__name__) is stub:
                del sys.modules[stub.__name__]


models = _load_models()


@dataclass(frozen=True)
class LineInbound:
    """One webhook event: what it means, plus what only LINE needs to answer it.

    ``event_type``: the event's ``type`` as sent (``message``, ``postback``, ``undefined`` …; ``?`` when
    absent), for the log. ``inbound``: ``None`` when the bot has nothing to do with it. ``reply_token``:
    single use, about a minute (``None``: the event has none, or the bot must not answer). ``chat_id``:
    the chat the event came from (``line:C…``, ``line:R…``, ``line:U…``), also for ignored events, or
    ``None``. ``ignored``: why ``inbound`` is ``None`` — ``standby``, ``unknown`` (a type the SDK does not
    know), ``malformed`` (the SDK refused it) or ``unused``. ``key``: the event as LINE would deliver it
    again (its content without the delivery context and reply token, digested), to tell a repeat.
    """

    event_type: str
    inbound: Inbound | None
    reply_token: str | None = None
    chat_id: str | None = None
    ignored: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class _Origin:
    """Where an event happened and who did it (platform-qualified ids)."""

    chat_id: str
    is_private: bool
    user_id: str | None
    delivery_id: str | None
    repeat: bool = False

    def inbound(self, intent: Intent, delivery_id: str | None = None) -> Inbound:
        return Inbound(
            platform=PLATFORM,
            delivery_id=delivery_id or self.delivery_id,
            chat_id=self.chat_id,
            is_private=self.is_private,
            user_id=self.user_id,
            user_name="",
            intent=intent,
            repeat=self.repeat,
        )


def parse_events(body: bytes | dict[str, Any], bot_user_id: str | None = None) -> list[LineInbound]:
    """Every event of a webhook request ``body`` (the raw bytes, or the decoded JSON object), in order;
    a memberLeft event gives one item per member. ``bot_user_id``: the bot's user id (``U…``), to tell a
    mention of the bot when LINE leaves out ``isSelf``; by default the body's ``destination``.

    An event the SDK cannot read becomes an ignored item and never stops the others. Raises
    ``ValueError`` when ``body`` is not JSON or has no ``events`` list (the webhook checks that first).
    """
    payload = json.loads(body) if isinstance(body, bytes) else body
    events = payload.get("events") if isinstance(payload, dict) else None
    if not isinstance(events, list):
        raise ValueError("a LINE webhook body is an object with an events list")
    bot = bot_user_id or payload.get("destination")
    return [item for raw in events for item in _parse_event(raw, bot if isinstance(bot, str) else None)]


def _parse_event(raw: Any, bot_user_id: str | None) -> list[LineInbound]:
    kind = str(raw.get("type", "?")) if isinstance(raw, dict) else "?"
    try:
        event = models.Event.from_dict(_with_legacy_defaults(raw))
    except (ValueError, TypeError, KeyError, AttributeError):  # pydantic's ValidationError is a ValueError
        known = isinstance(raw, dict) and isinstance(raw.get("type"), str)
        known = known and models.Event.get_discriminator_value(raw) is not None
        return [LineInbound(kind, None, ignored="malformed" if known else "unknown")]
    origin = _origin(event.source, raw.get("webhookEventId"))
    if origin is not None and event.delivery_context.is_redelivery:
        origin = replace(origin, repeat=True)
    chat_id = origin.chat_id if origin else None
    if event.mode == models.EventMode.STANDBY:
        return [LineInbound(kind, None, chat_id=chat_id, ignored="standby")]
    token = getattr(event, "reply_token", None)
    read = _READERS.get(kind)
    try:
        found = read(event, origin, bot_user_id) if read is not None and origin is not None else []
    except (ValueError, TypeError, AttributeError):  # e.g. a lone surrogate in a text: UnicodeError
        return [LineInbound(kind, None, token, chat_id, ignored="malformed")]
    if not found:
        return [LineInbound(kind, None, token, chat_id, ignored="unused")]
    key = _key(raw)
    return [LineInbound(kind, inbound, token, chat_id, key=key) for inbound in found]


def _key(raw: dict[str, Any]) -> str:
    """A digest of ``raw`` without what a redelivery changes (``deliveryContext``, ``replyToken``)."""
    kept = {name: value for name, value in raw.items() if name not in ("deliveryContext", "replyToken")}
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()[:32]


def _with_legacy_defaults(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` with what LINE sends today and older payloads lack (the SDK requires them): active mode,
    a first delivery, an event id (not used as the delivery id) and a text message's quote token."""
    event = {"mode": "active", "deliveryContext": {"isRedelivery": False}, "webhookEventId": "", **raw}
    message = event.get("message")
    if isinstance(message, dict) and "quoteToken" not in message:
        event["message"] = {**message, "quoteToken": ""}
    return event


def _origin(source: Any, event_id: Any) -> _Origin | None:
    delivery_id = f"{PREFIX}{event_id}" if isinstance(event_id, str) and event_id else None
    user_id = f"{PREFIX}{source.user_id}" if source is not None and source.user_id else None
    if isinstance(source, models.GroupSource):
        return _Origin(f"{PREFIX}{source.group_id}", False, user_id, delivery_id)
    if isinstance(source, models.RoomSource):
        return _Origin(f"{PREFIX}{source.room_id}", False, user_id, delivery_id)
    if isinstance(source, models.UserSource) and user_id is not None:
        return _Origin(user_id, True, user_id, delivery_id)
    return None


def _message(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    message = event.message
    if not isinstance(message, models.TextMessageContent):
        return []
    text: str = message.text
    if origin.is_private:
        if text.strip() in MY_TURN:
            return [origin.inbound(Nudge(asked=True))]
        intent = typed.command(text) or TextCommand("text", (text,))
        return [origin.inbound(_oversized() if len(text) > MAX_TEXT else intent)]
    rest = typed.after_self_mention(text, message.mention, bot_user_id)
    group_intent: Intent | None = typed.command(text if rest is None else rest)
    if group_intent is None and rest is not None:
        group_intent = typed.words(rest) or Nudge(asked=True)
    if group_intent is None or isinstance(group_intent, Nudge):
        return [origin.inbound(group_intent or Nudge())]
    if origin.user_id is None:
        return [origin.inbound(TextCommand("anonymous"))]
    return [origin.inbound(_oversized() if len(text) > MAX_TEXT else group_intent)]


def _oversized() -> TextCommand:
    return TextCommand("oversized", (str(MAX_TEXT),))


def _postback(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    data: str = event.postback.data
    if data == NUDGE_DATA:
        return [origin.inbound(Nudge(asked=True))]
    if origin.user_id is None:
        return [origin.inbound(TextCommand("anonymous"))]
    if data == ME_DATA:
        return [origin.inbound(TextCommand("me"))]
    try:
        tap = decode(data, max_bytes=POSTBACK_MAX_BYTES)
    except ForgedTap:
        return [origin.inbound(TextCommand("forged"))]
    if tap.action.kind == "join":
        return [origin.inbound(JoinRequest(tap.game_id, reachable=False))]
    return [origin.inbound(tap)]


def _follow(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    """follow (a new friend, or unblocked) / unfollow (blocked) in the user's 1:1 chat."""
    return [origin.inbound(Reachable(event.type == "follow"))] if origin.is_private else []


def _leave(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    return [] if origin.is_private else [origin.inbound(BotLeft())]


def _member_left(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    """One ``MemberLeft`` per member LINE names (a member without ``userId`` cannot be told apart)."""
    if origin.is_private:
        return []
    return [
        origin.inbound(MemberLeft(f"{PREFIX}{member.user_id}"), _member_delivery(origin, index))
        for index, member in enumerate(event.left.members)
        if member.user_id
    ]


def _member_joined(event: Any, origin: _Origin, bot_user_id: str | None) -> list[Inbound]:
    """One ``MemberBack`` per member LINE names (J27, P13, D18, W21: one who left may be back)."""
    if origin.is_private:
        return []
    return [
        origin.inbound(MemberBack(f"{PREFIX}{member.user_id}"), _member_delivery(origin, index))
        for index, member in enumerate(event.joined.members)
        if member.user_id
    ]


def _member_delivery(origin: _Origin, index: int) -> str | None:
    return f"{origin.delivery_id}#{index}" if origin.delivery_id else None


_READERS: dict[str, Callable[[Any, _Origin, str | None], list[Inbound]]] = {
    "message": _message,
    "postback": _postback,
    "follow": _follow,
    "unfollow": _follow,
    "leave": _leave,
    "memberLeft": _member_left,
    "memberJoined": _member_joined,
}
