"""Sending to LINE chats: reply-token first, pushes only where the operator's mode and budget allow (design
§4; docs/line.md L01, L06).

A webhook event's reply token answers the event's own chat, once, within about a minute, free of charge
(Messaging API reference, "Send reply message"). The webhook opens a :class:`ReplySlot` for it with
:meth:`LineSender.reply_to` while the service handles the event; what is sent to that chat meanwhile goes
as the reply, the direct answers (a refusal, ``/status``) first and then what waited for the chat, in one
call (at most 5 message objects; answers that need more are folded into fewer, :meth:`LineSender.send`,
and what waited goes with the chat's next event). Without an unused token for the chat:

- free mode (``LINE_DELIVERY=free``, the default): :class:`~handlers.messages.AwaitingReply`: the message
  waits in the outbox for the chat's next event, nothing is pushed;
- push mode: one push ("Send push message") with an ``X-Line-Retry-Key`` derived from the batch's outbox
  ids, so a retried push is delivered once (409 = already accepted = sent, "Retrying a failed API
  request"). A push costs one counted message per recipient: 1 for a user, the member count for a group
  or room. When the game's ``push_budget`` cannot pay for it, :class:`AwaitingReply` as in free mode.

Errors (from :mod:`handlers.line.api`): "Invalid reply token" (expired or used) → the slot is spent,
then as without a token; 429 → :class:`~handlers.messages.RetryLater` (60 s: LINE sends no Retry-After),
but the month's quota spent ("You have reached your monthly limit.") or a channel that may not push (403)
→ :class:`AwaitingReply` (deliver by reply instead; logged); a push to a user who is not a friend (400
"Failed to send messages", 404) → :class:`~handlers.messages.Unreachable`; anything else (other 4xx, 5xx,
network, timeouts) propagates: the message stays in the outbox and is retried after a backoff.

Chat ids are the project's: ``line:U…`` (a user's 1:1 chat), ``line:C…`` (group), ``line:R…`` (room).
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from handlers.line import render
from handlers.line.api import FailedToSend, Forbidden, InvalidReplyToken, LineApi, NotFound, RateLimited
from handlers.messages import AwaitingReply, OutMessage, RetryLater, Unreachable

log = logging.getLogger(__name__)

PREFIX = "line:"
FREE, PUSH = "free", "push"
#: Seconds to hold a chat after a 429: LINE gives no Retry-After; its rate limits are per second or
#: minute ("Rate limits"), so a minute always clears them.
RATE_LIMIT_WAIT = 60.0
#: Namespace of the push retry keys (uuid5 over the chat and the batch's outbox ids).
RETRY_KEYS = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/jinro-gm/line/push-retry-key")


@dataclass
class ReplySlot:
    """The reply token of the event being handled: it answers ``chat_id`` once (``used`` after that, or
    after LINE refused it as expired). ``answers``: the direct answers (:meth:`LineSender.send`) kept for
    the reply, so what waits for the chat can go in the same one."""

    chat_id: str
    token: str
    used: bool = False
    answers: list[OutMessage] = field(default_factory=list)

    @property
    def spoken_for(self) -> bool:
        """Whether the token has carried, or will carry, something."""
        return self.used or bool(self.answers)


_slot: ContextVar[ReplySlot | None] = ContextVar("line_reply_slot", default=None)


class LineSender:
    """Implements :class:`handlers.messages.Sender` and :class:`handlers.messages.BatchSender` for LINE.

    ``api``: the REST client; ``mode``: ``"free"`` or ``"push"`` (``LINE_DELIVERY``); ``push_budget``:
    counted pushes one game may spend (``LINE_PUSH_BUDGET``; ``None``: no limit); ``basic_id``: the bot's
    basic id (``LINE_BOT_BASIC_ID``), else asked once from ``GET /v2/bot/info``; ``liff_id``: the player
    console's LIFF app (``LINE_LIFF_ID``), linked from a started game's group messages. Raises
    ``ValueError`` for another mode.
    """

    def batch_limit(self, chat_id: str) -> int:
        """Most messages per call: 5 message objects per reply or push ("Send reply message")."""
        return render.MAX_OBJECTS

    def __init__(
        self,
        api: LineApi,
        *,
        mode: str = FREE,
        push_budget: int | None = None,
        basic_id: str | None = None,
        liff_id: str | None = None,
    ) -> None:
        if mode not in (FREE, PUSH):
            raise ValueError(f"LINE delivery mode {mode!r}: use {FREE!r} or {PUSH!r}")
        self.api = api
        self.mode = mode
        self.push_budget = push_budget
        self._basic_id = basic_id
        self.liff_id = liff_id

    @contextlib.asynccontextmanager
    async def reply_to(self, chat_id: str, reply_token: str) -> AsyncIterator[ReplySlot]:
        """Within the block (this task and the tasks it starts), ``reply_token`` answers ``chat_id`` once;
        the slot tells whether it was used. Direct answers still kept when the block ends are sent then
        (a failure is logged: they are answers the player can ask for again, not game messages)."""
        slot = ReplySlot(chat_id, reply_token)
        reset = _slot.set(slot)
        try:
            yield slot
            if slot.answers and not slot.used:
                try:
                    await self._reply(slot, slot.answers, free_links=self.mode == FREE)
                except Exception:
                    log.warning("LINE reply failed", exc_info=True)
        finally:
            _slot.reset(reset)

    def budgeted(self, chat_id: str) -> bool:
        """Whether a message for ``chat_id`` may draw on the game's push budget (push mode with a budget):
        such calls go one at a time (``handlers.delivery``)."""
        return self.mode == PUSH and self.push_budget is not None

    def sendable(self, chat_id: str) -> bool:
        """Whether a message for ``chat_id`` can go now: in push mode always (the budget is checked when it
        goes), in free mode only as the reply of the event being handled (its chat, token unused)."""
        return self.mode == PUSH or _open_slot(chat_id) is not None

    def fit(self, messages: list[OutMessage]) -> int:
        """How many leading ``messages`` (one chat's) go in one call (``render.fit``): fewer than all when
        a long text needs several message objects."""
        return render.fit(messages)

    async def send(self, message: OutMessage) -> None:
        """Answer with ``message`` (refusals, help, menus, ``/recap``: never pushed) in the reply of the
        event being handled: kept in its slot until what waits for the chat goes (:meth:`send_batch`, the
        same reply) or the block ends. Answers that need more than the reply's 5 message objects have their
        plain texts folded into fewer messages (``render.fold``), so a long answer's tail is not dropped.
        Raises :class:`AwaitingReply` when no unused reply token answers its chat."""
        slot = _open_slot(message.chat_id)
        if slot is None:
            raise AwaitingReply(message.chat_id)
        slot.answers.append(message)
        if render.fit(slot.answers) < len(slot.answers):  # more than one reply holds: fold the texts
            slot.answers[:] = render.fold(slot.answers)

    async def send_batch(self, messages: list[OutMessage], *, spent: int) -> tuple[int, int]:
        """Send the first of ``messages`` (one chat's, in order) that fit in one call (:meth:`fit`; all
        unless a long text needs several message objects) as one reply after the direct answers kept for
        it, else one push (push mode, within the budget: ``spent`` counted pushes so far this game).
        Returns how many messages went and the counted pushes this call spent (0 for a reply). Raises
        :class:`AwaitingReply` (nothing of ``messages`` sent) and the errors of the module docstring."""
        chat = _chat_of(messages)
        slot = _open_slot(chat)
        answers = slot.answers if slot is not None else []
        count = render.fit(answers + messages) - len(answers)
        if count < 1:  # the answers fill the reply by themselves: the messages wait for the next one
            raise AwaitingReply(chat)
        return count, await self._deliver(chat, messages[:count], spent=spent)

    async def _deliver(self, chat: str, batch: list[OutMessage], *, spent: int) -> int:
        """One call: the reply if the chat's token is unused, else a push; its cost."""
        slot = _open_slot(chat)
        exhausted = self.push_budget is not None and spent >= self.push_budget
        if slot is not None:
            answered = [*slot.answers, *batch]
            if await self._reply(slot, answered, free_links=self.mode == FREE or exhausted):
                slot.answers.clear()
                return 0
        if self.mode != PUSH:
            raise AwaitingReply(chat)
        cost = await self._cost(chat)
        if self.push_budget is not None and spent + cost > self.push_budget:
            raise AwaitingReply(chat)
        await self._push(chat, batch)
        return cost

    async def _reply(self, slot: ReplySlot, batch: list[OutMessage], *, free_links: bool) -> bool:
        """Reply with ``batch`` on ``slot``; False when LINE refused the token as expired or used."""
        objects = render.messages(batch, await self._links(free_links))
        if not objects:
            return True  # nothing a player would see: done, the token stays for what follows
        try:
            await self.api.reply(slot.token, objects, silent=all(m.silent for m in batch))
        except InvalidReplyToken:
            slot.used = True
            return False
        except RateLimited as exc:
            raise RetryLater(slot.chat_id, RATE_LIMIT_WAIT, limit="rate") from exc
        slot.used = True
        return True

    async def _push(self, chat: str, batch: list[OutMessage]) -> None:
        objects = render.messages(batch, await self._links(False))
        if not objects:
            return
        try:
            await self.api.push(
                chat.removeprefix(PREFIX), objects, retry_key=retry_key(chat, batch),
                silent=all(m.silent for m in batch),
            )  # fmt: skip
        except (FailedToSend, NotFound) as exc:
            if not _is_user(chat):
                raise
            raise Unreachable(chat, "not_friend" if isinstance(exc, FailedToSend) else "not_found") from exc
        except Forbidden as exc:
            log.error("LINE refuses pushes for this channel (plan?): delivering by reply instead")
            raise AwaitingReply(chat) from exc
        except RateLimited as exc:
            if not exc.monthly_limit:
                raise RetryLater(chat, RATE_LIMIT_WAIT, limit="rate") from exc
            log.error("LINE monthly message limit reached: delivering by reply instead")
            raise AwaitingReply(chat, limit="monthly") from exc

    async def _cost(self, chat: str) -> int:
        """Counted messages of one push to ``chat``: 1 for a user, every member of a group or room."""
        if _is_user(chat):
            return 1
        return await self.api.get_group_member_count(chat.removeprefix(PREFIX))

    async def _links(self, free_mode: bool) -> render.Links:
        return render.Links(basic_id=await self.basic_id(), free_mode=free_mode, liff_id=self.liff_id)

    async def basic_id(self) -> str | None:
        """The bot's basic id: the configured one, else ``GET /v2/bot/info`` (asked until it answers, then
        kept). ``None`` while LINE cannot tell (logged): messages go without add-friend and 1:1 links."""
        if self._basic_id is None:
            try:
                self._basic_id = (await self.api.get_bot_info()).basic_id
            except Exception:
                log.warning("LINE bot info unavailable: links left out", exc_info=True)
        return self._basic_id


def retry_key(chat_id: str, batch: list[OutMessage]) -> str:
    """The ``X-Line-Retry-Key`` of a push of ``batch`` to ``chat_id``: a uuid5 over the chat and each
    message's outbox id (its text when it has none), so the same batch retried gets the same key."""
    parts = [chat_id, *(message.outbox_id or message.text for message in batch)]
    return str(uuid.uuid5(RETRY_KEYS, "\x1f".join(parts)))


def _open_slot(chat_id: str) -> ReplySlot | None:
    """The current event's reply slot if it answers ``chat_id`` and is unused."""
    slot = _slot.get()
    return slot if slot is not None and slot.chat_id == chat_id and not slot.used else None


def _chat_of(messages: list[OutMessage]) -> str:
    """The one LINE chat of a non-empty batch; ``ValueError`` otherwise."""
    chats = {message.chat_id for message in messages}
    if len(chats) != 1:
        raise ValueError(f"a LINE batch goes to exactly one chat, not {sorted(chats)}")
    chat = chats.pop()
    if not chat.startswith(PREFIX) or chat[len(PREFIX) : len(PREFIX) + 1] not in ("U", "C", "R"):
        raise ValueError(f"{chat!r} is not a LINE chat id (line:U…, line:C…, line:R…)")
    return chat


def _is_user(chat_id: str) -> bool:
    return chat_id.startswith(f"{PREFIX}U")
