"""Telegram updates → platform-neutral :class:`~handlers.messages.Inbound` (Bot API ``Update`` object).

What becomes what (core.telegram.org/bots/api#update):

- ``message`` with text ``/cmd[@bot] args…`` → ``TextCommand(cmd, args)``; a command addressed to another
  bot is ignored. Non-command text is ignored in groups and becomes ``TextCommand("text", (text,))`` in the
  private chat (team chat and the like). Text over 4096 characters → ``TextCommand("oversized", ("4096",))``
  (the limit, for the refusal).
- A command posted under a chat's identity (``sender_chat``: an anonymous admin, or a user writing as a
  channel) → ``TextCommand("anonymous")``: nobody can be told apart, so the service asks them to post as
  themselves. Their non-command text is ignored like anyone's.
- ``migrate_to_chat_id`` (group upgraded to a supergroup) → :class:`~handlers.messages.GroupMoved` to
  ``tg:<new id>`` in the old group's chat; its twin in the new chat (``migrate_from_chat_id``) is ignored.
- A member leaving a group or removed from it → :class:`~handlers.messages.MemberLeft` with who left: a
  ``chat_member`` update whose new status is ``left``/``kicked`` or ``restricted`` without ``is_member`` (a
  muted player who leaves), or a ``left_chat_member`` service message (users only, not bots).
- A member back in the group → :class:`~handlers.messages.MemberBack`: a ``chat_member`` update from a
  gone status to a member one, or a ``new_chat_members`` service message (its first user, not a bot).
- ``callback_query`` → the decoded :class:`~handlers.messages.Tap`, or ``TextCommand("forged")``.
- ``my_chat_member`` in a private chat → ``Reachable(False)`` when the user blocked the bot, else
  ``Reachable(True)``; in a group, the bot removed (``kicked``) or gone (``left``) →
  :class:`~handlers.messages.BotLeft`.
- Everything else is ignored (``None``): ``edited_message`` (a game never re-applies an edited command),
  other service messages, the bot joining a group or its rights changing, channel posts, polls.

Ids are platform-qualified: chat ``tg:<chat.id>``, user ``tg:<from.id>``, delivery ``tg:<update_id>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from telegram import (
    Bot,
    CallbackQuery,
    Chat,
    ChatMember,
    ChatMemberRestricted,
    ChatMemberUpdated,
    MaybeInaccessibleMessage,
    Message,
    Update,
    User,
)
from telegram.constants import ChatType, MessageLimit

from handlers.messages import (
    BotLeft,
    GroupMoved,
    Inbound,
    Intent,
    MemberBack,
    MemberLeft,
    Reachable,
    TextCommand,
    slash_folded,
)
from handlers.telegram.callback import ForgedCallback, decode

PLATFORM = "telegram"
PREFIX = "tg:"
MAX_TEXT = int(MessageLimit.MAX_TEXT_LENGTH)
#: Above any Telegram chat or user id (at most 52 significant bits, Bot API "Chat", "User").
MAX_ID = 2**53
# "/" + 1-32 of [A-Za-z0-9_], optionally "@botusername" (core.telegram.org/bots/features#commands).
_COMMAND = re.compile(r"/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]+))?(?:\s+(.*))?", re.DOTALL)
_GONE = (ChatMember.BANNED, ChatMember.LEFT)


@dataclass(frozen=True)
class TelegramInbound:
    """A parsed update plus what only Telegram needs to answer it.

    ``callback_query_id``: to answer the tap (``answerCallbackQuery``); ``message_id``: the message that
    carried the tapped keyboard (to edit it); ``thread_id``: the forum topic the message was posted in.
    """

    inbound: Inbound
    callback_query_id: str | None = None
    message_id: int | None = None
    thread_id: int | None = None


def parse_update(data: dict[str, Any], bot: Bot | None, bot_username: str) -> TelegramInbound | None:
    """Parse one webhook ``Update`` (a JSON object); ``None`` when the bot has nothing to do with it.

    ``bot_username`` is the bot's username, with or without ``@``, compared case-insensitively.
    Raises ``KeyError``/``TypeError``/``ValueError`` when ``data`` is not an Update (PTB ``de_json``).
    """
    update = Update.de_json(_with_is_bot(data), bot)
    delivery_id = f"{PREFIX}{update.update_id}"
    if update.callback_query is not None:
        return _from_callback(update.callback_query, delivery_id)
    if update.my_chat_member is not None:
        return _from_my_chat_member(update.my_chat_member, delivery_id)
    if update.chat_member is not None:
        return _from_chat_member(update.chat_member, delivery_id)
    if update.message is not None:
        return _from_message(update.message, delivery_id, bot_username.removeprefix("@").lower())
    return None


def _with_is_bot(value: Any) -> Any:
    """A copy of ``value`` where every User object has ``is_bot``: payloads recorded before Bot API 3.0
    (2017) lack it and PTB requires it. Users are the objects with ``id`` and ``first_name`` but no
    ``type`` (which private Chat objects have); bot usernames must end in "bot"."""
    if isinstance(value, list):
        return [_with_is_bot(item) for item in value]
    if not isinstance(value, dict):
        return value
    copied = {key: _with_is_bot(item) for key, item in value.items()}
    if "id" in copied and "first_name" in copied and "type" not in copied and "is_bot" not in copied:
        copied["is_bot"] = str(copied.get("username", "")).lower().endswith("bot")
    return copied


def user_name(user: User) -> str:
    """A display name: first and last name, else the username, else the numeric id."""
    return user.full_name.strip() or user.username or str(user.id)


def _from_message(message: Message, delivery_id: str, bot_username: str) -> TelegramInbound | None:
    if message.migrate_to_chat_id is not None:
        return _wrap(message, delivery_id, GroupMoved(f"{PREFIX}{message.migrate_to_chat_id}"))
    gone = message.left_chat_member
    if gone is not None:
        return None if gone.is_bot else _wrap(message, delivery_id, MemberLeft(f"{PREFIX}{gone.id}"))
    back = next((u for u in message.new_chat_members if not u.is_bot), None)
    if back is not None:  # J27, P13, D18, W21: one who left may be back (the first user of the message)
        return _wrap(message, delivery_id, MemberBack(f"{PREFIX}{back.id}"))
    text, user = message.text, message.from_user
    if text is None or user is None:
        return None
    intent: Intent
    command = _COMMAND.fullmatch(slash_folded(text))  # 「／watch」 typed in Japanese input mode too
    if command is None:
        if message.chat.type != ChatType.PRIVATE:
            return None
        intent = (
            TextCommand("oversized", (str(MAX_TEXT),))
            if len(text) > MAX_TEXT
            else TextCommand("text", (text,))
        )
    elif command[2] is not None and command[2].lower() != bot_username:
        return None
    elif message.sender_chat is not None:
        intent = TextCommand("anonymous")
    elif len(text) > MAX_TEXT:
        intent = TextCommand("oversized", (str(MAX_TEXT),))
    else:
        intent = TextCommand(command[1].lower(), tuple((command[3] or "").split()))
    return _wrap(message, delivery_id, intent)


def _wrap(message: Message, delivery_id: str, intent: Intent) -> TelegramInbound:
    # Under a chat's identity ``from`` is a placeholder (GroupAnonymousBot, Channel_Bot), not a person.
    user = None if message.sender_chat is not None else message.from_user
    inbound = _inbound(delivery_id, message.chat, user, intent)
    return TelegramInbound(inbound, message_id=message.message_id, thread_id=_topic(message))


def _inbound(delivery_id: str, chat: Chat, user: User | None, intent: Intent) -> Inbound:
    for ident in (chat.id, None if user is None else user.id):
        if ident is not None and not (type(ident) is int and abs(ident) < MAX_ID):
            raise ValueError("a chat or user id that is not a Telegram id")  # no store key is made of it
    return Inbound(
        platform=PLATFORM,
        delivery_id=delivery_id,
        chat_id=f"{PREFIX}{chat.id}",
        is_private=chat.type == ChatType.PRIVATE,
        user_id=None if user is None else f"{PREFIX}{user.id}",
        user_name="" if user is None else user_name(user),
        intent=intent,
    )


def _topic(message: MaybeInaccessibleMessage) -> int | None:
    """The forum topic of ``message`` (``None`` outside forums: replies carry a thread id there too)."""
    if isinstance(message, Message) and message.is_topic_message:
        return message.message_thread_id
    return None


def _from_callback(query: CallbackQuery, delivery_id: str) -> TelegramInbound | None:
    message = query.message
    if message is None:
        # Only inline-mode messages lack one; this bot posts no inline results.
        return None
    intent: Intent
    try:
        intent = decode(query.data or "")
    except ForgedCallback:
        intent = TextCommand("forged")
    inbound = _inbound(delivery_id, message.chat, query.from_user, intent)
    return TelegramInbound(
        inbound, callback_query_id=query.id, message_id=message.message_id, thread_id=_topic(message)
    )


def _from_my_chat_member(change: ChatMemberUpdated, delivery_id: str) -> TelegramInbound | None:
    gone = _is_gone(change.new_chat_member)
    intent: Intent
    if change.chat.type == ChatType.PRIVATE:
        intent = Reachable(not gone)
    elif gone:
        intent = BotLeft()
    else:
        return None
    return TelegramInbound(_inbound(delivery_id, change.chat, change.from_user, intent))


def _from_chat_member(change: ChatMemberUpdated, delivery_id: str) -> TelegramInbound | None:
    """A group member's status changed (``chat_member``, sent only when ``allowed_updates`` asks for it
    and the bot is an administrator): leaving, whoever caused it (``from`` may be an admin), and coming
    back from a gone status (J27, P13, D18, W21); nothing else matters."""
    member = change.new_chat_member
    if change.chat.type == ChatType.PRIVATE or member.user.is_bot:
        return None
    intent: Intent
    if _is_gone(member):
        intent = MemberLeft(f"{PREFIX}{member.user.id}")
    elif _is_gone(change.old_chat_member):
        intent = MemberBack(f"{PREFIX}{member.user.id}")
    else:
        return None
    return TelegramInbound(_inbound(delivery_id, change.chat, change.from_user, intent))


def _is_gone(member: ChatMember) -> bool:
    """Not in the chat any more: left, banned (``kicked``), or restricted and no longer a member
    (core.telegram.org/bots/api#chatmemberrestricted ``is_member``)."""
    if isinstance(member, ChatMemberRestricted):
        return not member.is_member
    return member.status in _GONE
