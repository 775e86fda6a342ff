"""Platform-neutral inbound and outbound message shapes shared by the service and every adapter.

Adapters (handlers/telegram, handlers/line, devtools/local) turn platform input into an :class:`Inbound`
and send :class:`OutMessage` objects; the service (handlers/service.py) does everything in between.
Chat and user ids are platform-qualified strings (``tg:-1001234``, ``tg:55``, ``line:U…``, ``local:3``);
a user's 1:1 chat id equals the user id on every platform.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias, runtime_checkable

from core.engine.notice import Action

#: A full-width slash (U+FF0F, what a Japanese input mode types for ``/``) opening a typed line, with the
#: command's name after it.
_WIDE_SLASH = re.compile(r"\s*／(\S*)(.*)", re.DOTALL)


def slash_folded(text: str) -> str:
    """``text`` with a leading full-width ``／`` read as the command slash and the command's name after it
    NFKC-folded (``／ｗａｔｃｈ`` → ``/watch``), as LINE's parse reads it (``handlers.line.typed``); the
    rest as written (``／t`` relays its words untouched). Any other text unchanged."""
    found = _WIDE_SLASH.fullmatch(text)
    if found is None:
        return text
    return "/" + unicodedata.normalize("NFKC", found[1]) + found[2]


@dataclass(frozen=True)
class TextCommand:
    """A typed command: ``name`` without the slash or bot mention (``newgame``, ``vote``), and its args."""

    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tap:
    """A button press. With ``menu`` set, ``action`` is a prefix to open as the next menu level
    (multi-step choices) rather than an action to submit."""

    game_id: str
    phase_seq: int | None
    action: Action
    menu: bool = False


@dataclass(frozen=True)
class Reachable:
    """The user (un)blocked the bot or opened the 1:1 chat (Telegram ``my_chat_member``, LINE follow)."""

    reachable: bool


@dataclass(frozen=True)
class Nudge:
    """The chat spoke to the bot with a way to answer (LINE: any message, postback or follow, each with a
    reply token, design §4): deliver what waits for this chat, applying an overdue deadline first.
    Changes nothing else. ``asked``: the player pressed a button for it (the group's 「進行」, the 1:1 rich
    menu's 「自分の番」) and expects an answer even when nothing waits; group chatter does not."""

    asked: bool = False


@dataclass(frozen=True)
class JoinRequest:
    """Join the lobby of game ``game_id`` (LINE: the lobby's join postback in the group; Telegram: the
    private ``/start <game id>`` of the join link). ``reachable``: whether the bot can message the user
    1:1 (LINE: ``get_profile`` succeeded, i.e. the user is a friend of the account); an unreachable
    player is seated but named until they become reachable, and the game cannot start meanwhile
    ([ADZ-4.1], ``lobby.unreachable``)."""

    game_id: str
    reachable: bool = True


#: Everything an adapter can hand the service (a string alias: the platform events are defined at the end).
Intent: TypeAlias = (
    "TextCommand | Tap | Reachable | Nudge | JoinRequest | MemberLeft | MemberBack | BotLeft | GroupMoved"
)


@dataclass(frozen=True)
class Inbound:
    """One platform delivery, verified and parsed.

    ``delivery_id``: the platform's redelivery-stable id (``tg:<update_id>``, LINE ``webhookEventId``), or
    ``None`` when the platform gives none. ``is_private``: sent in the user's 1:1 chat. ``repeat``: the
    platform delivers it again (LINE ``deliveryContext.isRedelivery``, or the same event seen before): what
    it does still applies at most once (deduplicated by ``delivery_id`` in the game's write), but it gets
    no answer of its own (no acknowledgement, greeting, refusal or reply): the first delivery had them.
    """

    platform: str
    delivery_id: str | None
    chat_id: str
    is_private: bool
    user_id: str | None
    user_name: str
    intent: Intent
    repeat: bool = False


@dataclass(frozen=True)
class Button:
    """A button: ``label`` (rendered), and the tap it sends back."""

    label: str
    tap: Tap


@dataclass(frozen=True)
class Link:
    """A button that opens ``url`` (https) in the browser: Telegram an inline URL button, LINE a URI
    action."""

    label: str
    url: str


@dataclass(frozen=True)
class OutMessage:
    """A message to send to ``chat_id``; ``buttons`` as rows. ``outbox_id``: the message's identity
    (``<game id>.<version>.<n>`` of the commit that made it; merged messages join theirs with commas),
    kept while it waits and when it is sent again, so a platform's retry key makes one delivery of it
    (LINE's ``X-Line-Retry-Key``). ``edit_of``: platform message id to edit instead
    of sending a new message (status/countdown messages, multi-step menus), when the platform allows it.
    ``silent``: deliver without a notification sound where the platform allows it (Telegram
    ``disable_notification``; DEATH NOTE 人狼's night relay, ``deathnote.md`` §11.4). ``locale``: the
    game's language, for what the adapter adds around the text (LINE's button labels). ``slot``: the
    notice's :attr:`~core.engine.notice.Notice.slot` (e.g. ``"countdown"``): the flush edits the chat's
    previous message of that slot with an :class:`EditingSender` (``handlers.delivery``); others send it
    as a new message. ``game_id``: set on a started game's group messages (``handlers.outbox``): the
    adapter adds the link to that game's player console where one is configured (Telegram's Mini App
    button, LINE's LIFF quick reply). ``alone``: never merged with the chat's other messages (a notice
    of its own, e.g. the reminder of who may speak, ``handlers.telegram.speech``). ``folded``: on the line
    that goes before a cut backlog (``handlers.outgoing.folded_note``), how many messages it stands for;
    when the chat cannot take it after all, that count goes back to the chat's log instead of the line
    waiting as a message (``handlers.followup``). ``photo``: the https URL of a picture the message
    shows, ``text`` its caption (Telegram ``sendPhoto`` by URL, LINE an image message; the recap picture,
    ``handlers.recap``); ``link``: a button that opens a web page (:class:`Link`)."""

    chat_id: str
    text: str
    buttons: tuple[tuple[Button, ...], ...] = ()
    outbox_id: str | None = None
    edit_of: str | None = None
    silent: bool = False
    locale: str = "ja"
    slot: str | None = None
    game_id: str | None = None
    alone: bool = False
    folded: int = 0
    photo: str | None = None
    link: Link | None = None


@dataclass
class Outcome:
    """What the service answers to one inbound delivery.

    ``ack``: a short text for the tap itself (Telegram ``answerCallbackQuery``, LINE reply), or ``None``.
    ``messages``: messages not yet sent (the shell sends them, then reports via ``Service.mark_sent``).

    What the service knows of the input, for the one log line per input (``handlers.observability``;
    never text or names): ``game_id`` and ``phase`` (the phase the input met, when the game was loaded),
    ``command`` (the core command's ``type``, e.g. ``act``, or the shell step, e.g. ``newgame``),
    ``result`` (:data:`RESULTS`) and, when refused, the ``reason`` id (``phase.stale``).
    """

    ack: str | None = None
    messages: list[OutMessage] = field(default_factory=list)
    game_id: str | None = None
    phase: str | None = None
    command: str | None = None
    result: str = "accepted"
    reason: str | None = None


class Unreachable(Exception):
    """Raised by a sender when the platform says the user cannot be messaged (blocked, deactivated,
    never started the bot). ``chat_id`` is the chat that failed."""

    def __init__(self, chat_id: str, reason: str) -> None:
        super().__init__(f"{chat_id}: {reason}")
        self.chat_id = chat_id
        self.reason = reason


class Sender(Protocol):
    """Sends one message; raises :class:`Unreachable` for a user who cannot be messaged,
    :class:`ChatMoved` for a chat that now lives under another id and :class:`RetryLater` when the
    platform asks to wait; other errors are transient (the message stays in the outbox and is retried
    after a backoff, by a flush wake-up or the next event or timer)."""

    async def send(self, message: OutMessage) -> None: ...


@runtime_checkable
class EditingSender(Protocol):
    """A sender that can edit a message it sent (Telegram ``editMessageText``). :meth:`edits`: whether
    it can in ``chat_id`` (then every message to that chat goes through :meth:`deliver`, one per call).
    :meth:`deliver` sends ``message``, or edits message ``edit_of`` in place when it can (an unchanged
    text counts as sent; a message gone or too old to edit is sent anew), raising as :meth:`Sender.send`
    does. Returns the platform message ids that now show ``message`` (one per piece of a long text, the
    last with the buttons)."""

    def edits(self, chat_id: str) -> bool: ...

    async def send(self, message: OutMessage) -> None: ...

    async def deliver(self, message: OutMessage) -> list[str]: ...


@runtime_checkable
class ChatAdmins(Protocol):
    """A sender that can tell a group's administrators (Telegram ``getChatMember``: status ``creator`` or
    ``administrator``, core.telegram.org/bots/api#chatmember). LINE has no such API, so only the host may
    change a LINE group's ``/settings`` (docs/line.md). :meth:`is_chat_admin`: whether ``user_id`` owns or
    administers ``chat_id`` (both platform-qualified); False when the platform cannot say (an error)."""

    async def is_chat_admin(self, chat_id: str, user_id: str) -> bool: ...


@runtime_checkable
class ChatMembers(Protocol):
    """A sender that can tell whether a user is in a group now (Telegram ``getChatMember``,
    core.telegram.org/bots/api#chatmember). :meth:`in_chat`: True for a member, an administrator, the
    owner, or a restricted user still a member (``is_member``); False for one who left or was banned
    (``left``, ``kicked``, restricted and no longer a member); None when the platform cannot say (an
    error): the caller then goes ahead. LINE's join is a tap in the group itself, so it needs no check."""

    async def in_chat(self, chat_id: str, user_id: str) -> bool | None: ...


@runtime_checkable
class PrivateAnswers(Protocol):
    """A sender that can answer a group's input in the sender's 1:1 chat (Telegram ``sendMessage`` to the
    user id of someone who started the bot, core.telegram.org/bots/api#sendmessage). LINE cannot: an
    answer goes only as the reply to the event, in the chat the event came from (a push would spend the
    monthly quota), so there a refusal meant for one person names them in the group instead
    (docs/architecture.md "霊界 and spectators"). :meth:`answers_privately`: True when it can."""

    def answers_privately(self) -> bool: ...


@runtime_checkable
class BatchSender(Protocol):
    """A sender that sends several messages to one chat in one call (LINE: at most 5 message objects per
    reply or push, Messaging API reference "Send reply message"). :meth:`batch_limit`: the most messages
    per call to a chat. :meth:`send_batch` sends ``messages`` (all to one chat, in order), or the first
    of them that fit in one call, and raises as :meth:`Sender.send` does, or :class:`AwaitingReply`.
    ``spent``: what the game has spent so far of the platform's counted messages (LINE: push recipients;
    a push to a group counts every member). Returns ``(sent, cost)``: how many of the first messages
    went (at least 1), and what this call spent (0 for a free reply)."""

    def batch_limit(self, chat_id: str) -> int: ...

    async def send(self, message: OutMessage) -> None: ...

    async def send_batch(self, messages: list[OutMessage], *, spent: int) -> tuple[int, int]: ...


class AwaitingReply(Exception):
    """Raised by a sender when ``chat_id`` can only be answered by a reply to its next event (LINE's free
    mode, or its push budget spent; design §4): the message stays in the outbox, with no wake-up, until an
    event from that chat brings a reply token (:class:`Nudge`). ``limit``: the platform's limit that made
    it so (:data:`LIMITS`; LINE's monthly message quota), ``None`` for the mode or budget."""

    def __init__(self, chat_id: str, *, limit: str | None = None) -> None:
        super().__init__(f"{chat_id}: waits for the chat's next event")
        self.chat_id = chat_id
        self.limit = limit


class Undelivered(Exception):
    """A commit's messages could neither be sent nor kept waiting in the outbox (``handlers.sending``): the
    platform must deliver the input again (its redelivery sends them, ``handlers.runner``)."""


class ChatMoved(Exception):
    """Raised by a sender when the platform says a chat now lives under another id (Telegram: a group
    upgraded to a supergroup, 400 with ``migrate_to_chat_id``). The game must follow: ``chat_id`` →
    ``new_chat_id``."""

    def __init__(self, chat_id: str, new_chat_id: str) -> None:
        super().__init__(f"{chat_id} moved to {new_chat_id}")
        self.chat_id = chat_id
        self.new_chat_id = new_chat_id


class RetryLater(Exception):
    """Raised by a sender when the platform asks to wait ``seconds`` before sending to ``chat_id`` again
    (Telegram 429 ``retry_after`` longer than the sender's short wait in place). The message stays in the
    outbox and that chat's later messages wait with it (``handlers.delivery``). ``limit``: the platform's
    limit to tell the players about (:data:`LIMITS`; LINE's rate limit), ``None`` when it passes unnoticed
    (Telegram's flood waits)."""

    def __init__(self, chat_id: str, seconds: float, *, limit: str | None = None) -> None:
        super().__init__(f"{chat_id}: retry after {seconds} s")
        self.chat_id = chat_id
        self.seconds = seconds
        self.limit = limit


#: A platform's limits that hold messages back and that the host is told about, once per game
#: (``handlers.followup.limit_notes``): ``rate`` (too many calls now: wait), ``monthly`` (the plan's
#: message quota for the month is spent: replies only until it renews, or a bigger plan).
LIMITS = ("rate", "monthly")


@dataclass(frozen=True)
class MemberLeft:
    """Someone left the group or was removed from it (Telegram ``chat_member`` / ``left_chat_member``,
    LINE ``memberLeft``); ``user_id`` is who left (platform-qualified), not who removed them."""

    user_id: str


@dataclass(frozen=True)
class MemberBack:
    """Someone is in the group again (Telegram ``chat_member`` from a gone status to a member one, or a
    ``new_chat_members`` service message; LINE ``memberJoined``); ``user_id`` is who (platform-qualified)."""

    user_id: str


@dataclass(frozen=True)
class BotLeft:
    """The bot itself left or was removed from the group (Telegram ``my_chat_member`` in a group with
    status ``left``/``kicked``, LINE ``leave``): the group can no longer be reached."""


@dataclass(frozen=True)
class GroupMoved:
    """The group now lives under another chat id, ``new_chat_id`` (platform-qualified; Telegram: a group
    upgraded to a supergroup, ``migrate_to_chat_id``). Only the platform says so: a typed ``/migrate`` is
    just an unknown command."""

    new_chat_id: str


#: ``Outcome.result``: what became of an input (``failed``: the entry point caught an error, logged apart).
RESULTS = ("accepted", "refused", "duplicate", "ignored", "failed")
