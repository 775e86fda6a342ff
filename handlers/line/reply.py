"""One LINE webhook event answered while its reply token is good (step 3 of :mod:`handlers.line.webhook`;
LINE Messaging API reference, "Send reply message": a token answers its chat once, within about a minute).

:func:`answer` hands the event to the service inside :meth:`LineSender.reply_to`, so that the service's
direct answers (a refusal with its reason, ``/status``, a menu level) and then what waits for that chat
(a ``Nudge``: announcements a timer made, private prompts; LINE's free mode pushes nothing) go in the one
reply; when it carries nothing else, the tap's short acknowledgement (for a follow: a greeting,
``line.followed``; for 「自分の番」: that nothing waits).

Before that, the join handshake: a lobby join postback asks ``get_profile`` whether the user is a friend of
the account (else the bot cannot message them 1:1) and takes the display name from the group member
profile; so does ``/newgame`` for the host's name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from aws_lambda_powertools import Logger

import core.i18n as i18n
from handlers.messages import (
    AwaitingReply,
    Inbound,
    JoinRequest,
    Nudge,
    Outcome,
    OutMessage,
    Reachable,
    TextCommand,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from handlers.line.api import LineApi
    from handlers.line.sender import LineSender

PREFIX = "line:"

logger = Logger(child=True)


class Handles(Protocol):
    """The part of ``handlers.service.Service`` the webhook calls."""

    async def handle(self, inbound: Inbound, *, now: int) -> Outcome: ...

    def known_locale(self, inbound: Inbound) -> str | None: ...


async def answer(
    service: Handles,
    sender: LineSender,
    api: LineApi,
    inbound: Inbound,
    reply_token: str | None,
    *,
    clock: Callable[[], float],
) -> Outcome:
    """Handle ``inbound`` with ``service`` while ``reply_token`` answers its chat, then spend what the token
    can still carry (see the module docstring). ``clock`` gives UTC epoch seconds, read once the profiles
    LINE gives only on request are in."""
    inbound = await _introduced(api, inbound)
    now = int(clock())
    if reply_token is None:
        return await service.handle(inbound, now=now)
    async with sender.reply_to(inbound.chat_id, reply_token) as slot:
        outcome = await service.handle(inbound, now=now)
        if inbound.repeat:  # answered when first delivered: only what waits for the chat may go
            if not slot.used and not isinstance(inbound.intent, Nudge):
                await service.handle(replace(inbound, delivery_id=None, intent=Nudge()), now=now)
            return outcome
        for message in outcome.messages:
            await _reply(sender, replace(message, edit_of=None))
        if outcome.result == "refused" and outcome.ack:  # a refused tap says why, before what waits
            await _reply(sender, OutMessage(chat_id=inbound.chat_id, text=outcome.ack))
        if not slot.used and not isinstance(inbound.intent, Nudge):
            waiting = replace(inbound, delivery_id=None, intent=Nudge())
            await service.handle(waiting, now=now)
        ack = None if slot.spoken_for else outcome.ack or _greeting(service, inbound)
        if ack:
            await _reply(sender, OutMessage(chat_id=inbound.chat_id, text=ack))
    return outcome


def _greeting(service: Handles, inbound: Inbound) -> str | None:
    """The answer to a follow (the bot added as a friend) when nothing waited for the user: what the bot
    is and how to play (``line.followed``; the console's own greeting is off, docs/deploy.md §7), in the
    user's language where the service knows one (their game's, or their chat's setting), else in every
    language, Japanese first."""
    if inbound.intent != Reachable(True):
        return None
    known = service.known_locale(inbound)
    return "\n\n".join(
        i18n.text("line.followed", locale, "adazakura") for locale in ((known,) if known else i18n.locales())
    )


async def _introduced(api: LineApi, inbound: Inbound) -> Inbound:
    """``inbound`` with what LINE tells only on request: for a join, whether the user is a friend of the
    account (``get_profile``; an error counts as not yet: tapping join again asks again) and their name
    in the group; for ``/newgame``, the host's name; for ``/watch``, the spectator's. A name LINE does
    not give is ``line.unnamed``."""
    intent, user = inbound.intent, inbound.user_id
    joining = isinstance(intent, JoinRequest)
    opening = (
        isinstance(intent, TextCommand) and intent.name in ("newgame", "watch") and not inbound.is_private
    )
    if user is None or not (joining or opening):
        return inbound
    raw_user = user.removeprefix(PREFIX)
    name = ""
    try:
        member = await api.get_group_member_profile(inbound.chat_id.removeprefix(PREFIX), raw_user)
        name = "" if member is None else member.display_name
        if isinstance(intent, JoinRequest):
            friend = await api.get_profile(raw_user)
            intent = replace(intent, reachable=friend is not None)
            name = name or ("" if friend is None else friend.display_name)
    except Exception:
        logger.warning("profile not read", extra={"intent": type(intent).__name__})
    return replace(inbound, intent=intent, user_name=name or i18n.text("line.unnamed", "ja", "adazakura"))


async def _reply(sender: LineSender, message: OutMessage) -> None:
    """Send ``message`` with what is left of the reply token; a failure is logged (nothing is lost: it was
    an answer the player can ask for again, not a game message)."""
    try:
        await sender.send(message)
    except AwaitingReply:
        pass
    except Exception:
        logger.exception("reply failed")
