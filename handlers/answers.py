"""Answers that change no game (help, a refusal, a menu, a read-only query): sent without a write (design
§1: read-only answers cost no write), once per delivery in a container, and a failure is only logged (the
player can ask again).
"""

from __future__ import annotations

import logging
from collections import OrderedDict

from handlers.messages import AwaitingReply, OutMessage, Sender

log = logging.getLogger(__name__)

#: Delivery ids of answers a container remembers.
ANSWERS_KEPT = 512


class Answers:
    """The answers of one container through ``sender``."""

    def __init__(self, sender: Sender) -> None:
        self.sender = sender
        self._answered: OrderedDict[str, None] = OrderedDict()

    async def send_all(self, messages: list[OutMessage], *, delivery_id: str | None) -> None:
        """Send ``messages`` (an answer to ``delivery_id``) unless this container answered that delivery
        already; each failure is logged."""
        if not self.first(delivery_id):
            return
        for message in messages:
            try:
                await self.sender.send(message)
            except AwaitingReply:  # LINE: this event's reply is spent; the player can ask again
                log.info("reply not sent: the chat's reply is spent")
            except Exception:
                log.exception("reply failed")

    async def send_private(self, message: OutMessage, *, delivery_id: str | None) -> bool:
        """Send ``message`` to a 1:1 chat as the answer to ``delivery_id`` (a group's input); False, with
        nothing sent, when the platform refused it (Telegram 403: the user never started the bot, or
        blocked it) or failed, so the caller answers in the group instead. True also for a delivery this
        container answered already (nothing sent again)."""
        if delivery_id is not None and delivery_id in self._answered:
            return True
        try:
            await self.sender.send(message)
        except Exception:
            log.info("private answer not sent; answered in the group", exc_info=True)
            return False
        self.first(delivery_id)
        return True

    def first(self, delivery_id: str | None) -> bool:
        """True the first time this container answers ``delivery_id`` (remembered for the last
        :data:`ANSWERS_KEPT`): a platform's redelivery, or three copies of one update at once, reaching the
        same container get one answer. Another container may answer a copy again: a read-only answer
        repeated is harmless, and a write to prevent it would cost every query one."""
        if delivery_id is None:
            return True
        if delivery_id in self._answered:
            return False
        self._answered[delivery_id] = None
        while len(self._answered) > ANSWERS_KEPT:
            self._answered.popitem(last=False)
        return True
