"""Muting and releasing group members through the Bot API, with Telegram's refusals sorted out.

- ``restrictChatMember`` (core.telegram.org/bots/api#restrictchatmember) works in supergroups only, for a
  bot that is an administrator with ``can_restrict_members``. A mute denies every ``can_send_*`` permission
  (and link previews) and nothing else; a release passes ``True`` for every permission, which lifts the
  member's own restriction (the group's default permissions still apply). Both set
  ``use_independent_chat_permissions`` so each flag means exactly itself.
- ``getChatMember(chat, bot)`` (…#getchatmember) tells whether the bot may restrict: a
  ``ChatMemberAdministrator`` with ``can_restrict_members`` (…#chatmemberadministrator).

Errors (descriptions from tdlib/telegram-bot-api ``Client.cpp`` and TDLib, compared in lower case):

- 400 "user is an administrator of the chat", "can't remove chat owner" and any other 400 about the
  member → :class:`Immune`: Telegram will not restrict this one; carry on with the others;
- 400 "not enough rights …", "method is available only for supergroups", "CHAT_ADMIN_REQUIRED", and 403
  (the bot was removed) → :class:`NoRights`: stop, the bot cannot mute in this chat now;
- 429 ``RetryAfter`` of at most ``max_wait`` (5 s) is sat out once and the call made again (a phase change
  restricts up to one call per player at once); a longer one, or a second, propagates;
- anything else (network, 5xx) propagates: transient, retried after the next change of the game.
"""

from __future__ import annotations

import asyncio

from telegram import Bot, ChatMemberAdministrator, ChatPermissions
from telegram.error import BadRequest, Forbidden, RetryAfter

from handlers.telegram.sender import Sleep, wait_of

SENDING = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
)
FREE = ChatPermissions.all_permissions()
MUTED = ChatPermissions(**{**FREE.to_dict(), **dict.fromkeys(SENDING, False)})
_NO_RIGHTS = ("not enough rights", "only for supergroups", "chat_admin_required", "have no rights")


class Immune(Exception):
    """Telegram refuses to restrict this member (a group admin or the owner); ``reason``: its words."""


class NoRights(Exception):
    """The bot cannot restrict members of this chat (not an admin with the right, or not a supergroup)."""


class Rights:
    """The Bot API calls of :mod:`handlers.telegram.speech` on ``bot`` (its id is asked once, ``getMe``).
    ``max_wait``: longest 429 wait (seconds) sat out; ``sleep`` is injectable so tests never wait."""

    def __init__(self, bot: Bot, *, max_wait: float = 5.0, sleep: Sleep = asyncio.sleep) -> None:
        self._bot = bot
        self._bot_id: int | None = None
        self._max_wait = max_wait
        self._sleep = sleep

    async def may_restrict(self, chat: int) -> bool:
        """True if the bot is an administrator of ``chat`` with ``can_restrict_members``.

        A 400/403 answer (chat not found, bot not a member) is False; other errors propagate.
        """
        if self._bot_id is None:
            self._bot_id = (await self._bot.get_me()).id
        try:
            member = await self._bot.get_chat_member(chat, self._bot_id)
        except (BadRequest, Forbidden):
            return False
        return isinstance(member, ChatMemberAdministrator) and member.can_restrict_members

    async def mute(self, chat: int, user: int, *, until: int) -> None:
        """Deny ``user`` every way to post in ``chat`` until ``until`` (UTC epoch seconds; Telegram lifts the
        restriction by itself then). Raises :class:`Immune`, :class:`NoRights` or a transient error."""
        await self._restrict(chat, user, MUTED, until)

    async def release(self, chat: int, user: int) -> None:
        """Lift the restriction of ``user`` in ``chat``. Raises like :meth:`mute`."""
        await self._restrict(chat, user, FREE, None)

    async def _restrict(self, chat: int, user: int, permissions: ChatPermissions, until: int | None) -> None:
        try:
            await self._call(chat, user, permissions, until)
        except BadRequest as exc:
            if any(words in exc.message.lower() for words in _NO_RIGHTS):
                raise NoRights(exc.message) from exc
            raise Immune(exc.message) from exc
        except Forbidden as exc:
            raise NoRights(exc.message) from exc

    async def _call(self, chat: int, user: int, permissions: ChatPermissions, until: int | None) -> None:
        try:
            await self._bot.restrict_chat_member(
                chat, user, permissions, until_date=until, use_independent_chat_permissions=True
            )
        except RetryAfter as exc:
            if wait_of(exc) > self._max_wait:
                raise
            await self._sleep(wait_of(exc))
            await self._bot.restrict_chat_member(
                chat, user, permissions, until_date=until, use_independent_chat_permissions=True
            )
