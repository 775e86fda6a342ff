"""Sends :class:`~handlers.messages.OutMessage` objects through the Bot API (the Telegram ``Sender``).

Plain text only (no ``parse_mode``: player names may contain ``<`` or ``*``). Buttons become an inline
keyboard whose callback data comes from :mod:`handlers.telegram.callback`, except the lobby's join button
(action kind ``join``): a URL button ``https://t.me/<bot username>?start=<game id>`` (deep linking,
core.telegram.org/bots/features#deep-linking), so every player opens the private chat with
``/start <game id>`` before the game starts (design §4). With the Mini App's short name (``miniapp``,
env ``TELEGRAM_MINIAPP``), a started game's group message (``OutMessage.game_id``) gets one more row: a
URL button (catalog ``console.open``) to the player console, ``https://t.me/<bot username>/<app>?startapp=
<game id>`` (core.telegram.org/bots/webapps, "Direct link Mini Apps"; ``web_app`` buttons are refused in
groups, core.telegram.org/bots/api#inlinekeyboardbutton). A message with a ``photo`` (the recap picture)
goes by ``sendPhoto`` with the picture's URL, its text the caption; a ``link`` is one more row, a URL
button. Text over 4096 UTF-16 units
(``MessageLimit.MAX_TEXT_LENGTH``, core.telegram.org/bots/api#sendmessage) is split into several messages,
at a line break where possible, with the keyboard on the last one. A silent message
(:attr:`~handlers.messages.OutMessage.silent`) is sent with ``disable_notification`` (every piece of it):
"Users will receive a notification with no sound" (core.telegram.org/bots/api#sendmessage).

Errors (core.telegram.org/bots/api#making-requests, ``ResponseParameters``):

- 403 ``Forbidden`` (blocked, deactivated, never started the bot, kicked) → :class:`Unreachable`;
- 429 ``RetryAfter``: wait the given seconds once if that is at most ``max_wait`` (5 s), retry once;
  otherwise :class:`RetryLater` with the seconds to wait (the message stays in the outbox and a flush
  wake-up comes back then, ``handlers.delivery``);
- 400 ``ChatMigrated`` (group upgraded to a supergroup) → :class:`ChatMoved` to ``tg:<migrate_to_chat_id>``
  (the game follows the group and its pending messages go there);
- any other error (5xx, network, timeout) propagates: transient, retried after a backoff.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
import warnings
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar
from urllib.parse import quote

from telegram import Bot, ChatMemberRestricted, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import CallbackQueryLimit, ChatMemberStatus, MessageLimit
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError
from telegram.helpers import create_deep_linked_url

import core.i18n as i18n
from handlers.messages import Button, ChatMoved, OutMessage, RetryLater, Unreachable
from handlers.telegram.callback import encode
from handlers.textunits import head, units

PREFIX = "tg:"
JOIN = "join"
MAX_TEXT = int(MessageLimit.MAX_TEXT_LENGTH)
MAX_ACK = int(CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH)
# Substrings of 403 descriptions (tdlib/telegram-bot-api Client.cpp) → Unreachable.reason.
REASONS = (
    ("blocked", "blocked"),
    ("deactivated", "deactivated"),
    ("initiate", "not_started"),
    ("kicked", "kicked"),
)
_NOT_MODIFIED = "message is not modified"
_CANNOT_EDIT = ("message to edit not found", "message can't be edited")

log = logging.getLogger(__name__)
T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]


class TelegramSender:
    """The Telegram :class:`~handlers.messages.Sender`. ``bot_username`` (with or without ``@``) makes the
    join links; without it a join button stays a callback button (the service then points to the link).
    ``miniapp``: the Mini App's short name (BotFather ``/newapp``); with it and the username, group
    messages of a started game link to its console. ``max_wait``: longest 429 wait (seconds) it sits out
    before its single retry; ``sleep`` is injectable so tests never wait."""

    def __init__(
        self,
        bot: Bot,
        *,
        bot_username: str | None = None,
        miniapp: str | None = None,
        max_wait: float = 5.0,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._bot = bot
        self._username = (bot_username or "").removeprefix("@") or None
        self._miniapp = miniapp or None
        self._max_wait = max_wait
        self._sleep = sleep

    @property
    def bot(self) -> Bot:
        return self._bot

    def edits(self, chat_id: str) -> bool:
        """Whether :meth:`deliver` can edit messages in ``chat_id``: every Telegram chat (the
        :class:`~handlers.messages.EditingSender` capability; ``handlers.delivery`` edits slot messages)."""
        return chat_id.startswith(PREFIX)

    async def is_chat_admin(self, chat_id: str, user_id: str) -> bool:
        """Whether ``user_id`` owns or administers group ``chat_id`` (``getChatMember`` status ``creator``
        or ``administrator``, core.telegram.org/bots/api#chatmember; the
        :class:`~handlers.messages.ChatAdmins` capability). An error (not a member, chat not found, a
        network failure) is False: the caller then allows only the host."""
        try:
            member = await self._bot.get_chat_member(
                int(chat_id.removeprefix(PREFIX)), int(user_id.removeprefix(PREFIX))
            )
        except (TelegramError, ValueError):
            log.warning("getChatMember failed; not counted as an administrator", exc_info=True)
            return False
        return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)

    async def in_chat(self, chat_id: str, user_id: str) -> bool | None:
        """Whether ``user_id`` is in group ``chat_id`` now (``getChatMember``; the
        :class:`~handlers.messages.ChatMembers` capability): a member, administrator or owner, or
        restricted and still a member; not one who left or was banned. None on an error (the caller
        goes ahead)."""
        try:
            member = await self._bot.get_chat_member(
                int(chat_id.removeprefix(PREFIX)), int(user_id.removeprefix(PREFIX))
            )
        except (TelegramError, ValueError):
            log.warning("getChatMember failed; membership not checked", exc_info=True)
            return None
        if isinstance(member, ChatMemberRestricted):
            return bool(member.is_member)
        return member.status not in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)

    def answers_privately(self) -> bool:
        """A group's input may be answered in the sender's 1:1 chat (the
        :class:`~handlers.messages.PrivateAnswers` capability)."""
        return True

    async def send(self, message: OutMessage) -> None:
        """Send (or edit) ``message``; raises :class:`Unreachable`, :class:`ChatMoved`, :class:`RetryLater`
        or a ``telegram.error`` (see module)."""
        await self.deliver(message)

    async def deliver(self, message: OutMessage) -> list[str]:
        """Like :meth:`send`, and return the Telegram message ids that now show ``message``.

        ``edit_of`` edits that message (``editMessageText``) when the text fits in one message; if the
        message is gone or too old to edit, or the text is too long, new messages are sent instead.
        """
        markup = keyboard(message.buttons, self._username, console=self._console(message))
        if message.link is not None:
            link = InlineKeyboardButton(message.link.label, url=message.link.url)
            markup = InlineKeyboardMarkup([*(markup.inline_keyboard if markup else ()), [link]])
        if message.photo is not None:
            return [await self._photo(message, message.photo, markup)]
        chunks = split_text(message.text)
        if message.edit_of is not None and len(chunks) == 1 and await self._edit(message, markup):
            return [message.edit_of]
        sent = []
        quiet = True if message.silent else None  # None: not sent, the chat's default sound
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            request = partial(
                self._bot.send_message,
                text=chunk,
                reply_markup=markup if last else None,
                disable_notification=quiet,
            )
            reply = await self._call(message.chat_id, request)
            sent.append(str(reply.message_id))
        return sent

    async def _photo(self, message: OutMessage, url: str, markup: InlineKeyboardMarkup | None) -> str:
        """``sendPhoto`` of the picture at ``url`` (Telegram fetches it; core.telegram.org/bots/api#sendphoto)
        with the text as its caption, cut to ``MessageLimit.CAPTION_LENGTH`` (1024)."""
        quiet = True if message.silent else None
        request = partial(
            self._bot.send_photo, photo=url, caption=message.text[: MessageLimit.CAPTION_LENGTH] or None,
            reply_markup=markup, disable_notification=quiet,
        )  # fmt: skip
        reply = await self._call(message.chat_id, request)
        return str(reply.message_id)

    def _console(self, message: OutMessage) -> InlineKeyboardButton | None:
        """The console button of ``message``: a started game's group message, with a Mini App."""
        if message.game_id is None or self._miniapp is None or self._username is None:
            return None
        label = i18n.text("console.open", message.locale, "common")
        return InlineKeyboardButton(label, url=console_link(self._username, self._miniapp, message.game_id))

    @staticmethod
    def callback_answer(query_id: str, text: str | None) -> dict[str, Any]:
        """The webhook reply that answers a button press: ``{"method": "answerCallbackQuery",
        "callback_query_id": …, "text": …}`` showing ``text`` (cut to 200 characters) as a toast, no
        ``text`` for none. Telegram carries it out when the webhook answers 200 with it as a JSON body
        (core.telegram.org/bots/api#making-requests-when-getting-updates), which saves a Bot API call per
        press: its result is never known, and a press answered too late is only a lost spinner."""
        answer: dict[str, Any] = {"method": "answerCallbackQuery", "callback_query_id": query_id}
        if text is not None:
            answer["text"] = text[:MAX_ACK]
        return answer

    async def _edit(self, message: OutMessage, markup: InlineKeyboardMarkup | None) -> bool:
        assert message.edit_of is not None
        request = partial(self._edit_text, message.text, int(message.edit_of), markup)
        try:
            await self._call(message.chat_id, request)
        except BadRequest as exc:
            description = exc.message.lower()
            if _NOT_MODIFIED in description:
                return True
            if any(reason in description for reason in _CANNOT_EDIT):
                return False
            raise
        return True

    async def _edit_text(
        self, text: str, message_id: int, markup: InlineKeyboardMarkup | None, chat: int
    ) -> object:
        return await self._bot.edit_message_text(
            text, chat_id=chat, message_id=message_id, reply_markup=markup
        )

    async def _call(self, chat_id: str, request: Callable[[int], Awaitable[T]]) -> T:
        """Run ``request(telegram chat id)`` with the error mapping of the module docstring."""
        if not chat_id.startswith(PREFIX):
            raise ValueError(f"{chat_id!r} is not a Telegram chat id (tg:<number>)")
        number = int(chat_id.removeprefix(PREFIX))
        retried = False
        while True:
            try:
                return await request(number)
            except Forbidden as exc:
                raise Unreachable(chat_id, _reason(exc.message)) from exc
            except RetryAfter as exc:
                wait = wait_of(exc)
                if retried or wait > self._max_wait:
                    raise RetryLater(chat_id, wait) from exc
                retried = True
                await self._sleep(wait)
            except ChatMigrated as exc:
                raise ChatMoved(chat_id, f"{PREFIX}{exc.new_chat_id}") from exc


def keyboard(
    rows: tuple[tuple[Button, ...], ...],
    bot_username: str | None = None,
    *,
    console: InlineKeyboardButton | None = None,
) -> InlineKeyboardMarkup | None:
    """The inline keyboard for ``rows`` of buttons, then ``console`` in a row of its own (``None`` for no
    buttons at all); with ``bot_username``, a join button becomes the game's join link (see
    :func:`join_link`)."""
    grid = [[_button(button, bot_username) for button in row] for row in rows]
    if console is not None:
        grid.append([console])
    return InlineKeyboardMarkup(grid) if grid else None


def console_link(bot_username: str, miniapp: str, game_id: str) -> str:
    """The direct link that opens Mini App ``miniapp`` of the bot with ``start_param`` ``game_id``
    (core.telegram.org/bots/webapps, "Direct link Mini Apps": ``startapp`` up to 512 characters of
    ``A-Z a-z 0-9 _ -``; game ids are hex)."""
    return f"https://t.me/{bot_username}/{quote(miniapp, safe='')}?startapp={quote(game_id, safe='')}"


def join_link(bot_username: str, game_id: str) -> str:
    """The deep link that opens the bot's private chat and sends ``/start <game_id>``
    (core.telegram.org/bots/features#deep-linking). Raises ``ValueError`` for a username of 3 chars or
    fewer, or a game id that is not 1-64 chars of ``A-Z a-z 0-9 _ -``."""
    return create_deep_linked_url(bot_username, game_id)


def _button(button: Button, bot_username: str | None) -> InlineKeyboardButton:
    if button.tap.action.kind == JOIN and bot_username:
        return InlineKeyboardButton(button.label, url=join_link(bot_username, button.tap.game_id))
    return InlineKeyboardButton(button.label, callback_data=encode(button.tap))


def split_text(text: str, limit: int = MAX_TEXT) -> list[str]:
    """``text`` in pieces of at most ``limit`` UTF-16 code units, cut after the last line break (else
    space) that fits; the break itself is dropped. Never splits a surrogate pair."""
    chunks = []
    while units(text) > limit:
        end = len(head(text, limit))
        cut = max(text.rfind("\n", 0, end), 0) or max(text.rfind(" ", 0, end), 0)
        if cut:
            chunks.append(text[:cut])
            text = text[cut + 1 :]
        else:
            chunks.append(text[:end])
            text = text[end:]
    chunks.append(text)
    return chunks


def _reason(description: str) -> str:
    lowered = description.lower()
    return next((reason for needle, reason in REASONS if needle in lowered), "forbidden")


def wait_of(exc: RetryAfter) -> float:
    """The seconds a 429 ``RetryAfter`` asks to wait (int or timedelta, by PTB version and setting)."""
    with warnings.catch_warnings():
        # PTB ≥ 22.2 warns that retry_after will become a timedelta; both shapes are handled here.
        warnings.simplefilter("ignore")
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)
