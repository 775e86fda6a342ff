"""What every handler of an input needs besides the write path: which game a chat is in (the ``chat#`` and
``user#`` pointers), answering without a game write (a refusal, help, a menu) in the chat's language, and
the runner itself. :class:`handlers.service.Service` builds one :class:`Desk` and hands it to its helpers
(:mod:`handlers.lobbies`, :mod:`handlers.rematch`, :mod:`handlers.stats`, :mod:`handlers.helpdesk`), so
they use this public interface and never the service's own names.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

import core.i18n as i18n
from core.engine.result import Rejected
from handlers import presets
from handlers.decision import Loaded
from handlers.messages import Button, Inbound, Outcome, OutMessage, PrivateAnswers, Tap, TextCommand
from handlers.observability import outcome_of
from handlers.runner import GameRunner

log = logging.getLogger(__name__)

#: Refusals that concern only the one who typed the command (their own watching, seat or standing in the
#: game) and mean nothing to the rest of the group: typed in the group, they are answered in the sender's
#: 1:1 chat where the bot can reach them there, else in the group naming them (``reason.to``).
PERSONAL = frozenset(
    {"watch.seated", "watch.already", "watch.not_watching", "watch.full", "not_player", "not_alive"}
)

#: The game of ``/newgame`` without a name, and whose catalog answers texts outside any game.
DEFAULT_GAME = "adazakura"


def catalog_text(key: str, locale: str, game: str, /, **params: Any) -> str:
    """A shell text from the catalogs; a missing key (a defect the catalog tests catch) degrades to
    ``[key]`` like a notice does (``outbox``), so the player still gets an answer."""
    try:
        return i18n.text(key, locale, game, **params)
    except KeyError as err:
        log.warning("missing catalog text: %s", err)
        return f"[{key}]"


@dataclass(frozen=True)
class Desk:
    """The service's front desk over ``runner`` (see the module docstring)."""

    runner: GameRunner

    def game_of(self, inbound: Inbound) -> str | None:
        """The game the chat of ``inbound`` is in: the sender's (``user#``) in a 1:1 chat, the group's
        (``chat#``) in a group; None when there is none (one pointer read)."""
        store = self.runner.store
        if inbound.is_private:
            return store.get_pointer("user", inbound.user_id) if inbound.user_id else None
        return store.get_pointer("chat", inbound.chat_id)

    def loaded_of(self, inbound: Inbound) -> Loaded | None:
        """The game of :meth:`game_of`, loaded (None when there is none). A 1:1 chat whose game is over
        is free again (the next game's join repoints it), unless messages of that game still wait for the
        player there (LINE's free mode: its result goes as the reply to their next event)."""
        game_id = self.game_of(inbound)
        loaded = self.runner.load(game_id) if game_id else None
        if loaded is None or not inbound.is_private or not loaded.state.is_over:
            return loaded
        waiting = any(
            f'"chat_id":"{inbound.chat_id}"' in payload for payload in loaded.stored.pending.values()
        )
        return loaded if waiting else None

    def locale_of(self, chat_id: str) -> str:
        """The language of ``chat_id`` without a game (:func:`handlers.presets.group_locale`)."""
        return presets.group_locale(self.runner, chat_id)

    def known_locale(self, inbound: Inbound) -> str | None:
        """The language of the chat of ``inbound`` where one is known: its game's (:meth:`loaded_of`: the
        sender's in a 1:1 chat), else the chat's own (:func:`handlers.presets.chat_locale`); None when
        neither says (a new friend of the account with no game and no setting)."""
        loaded = self.loaded_of(inbound)
        return (
            loaded.state.locale if loaded is not None else presets.chat_locale(self.runner, inbound.chat_id)
        )

    async def refuse(
        self,
        inbound: Inbound,
        reason: Rejected | str,
        locale: str | None = None,
        game: str = DEFAULT_GAME,
        *,
        reachable: bool = True,
        name: str = "",
    ) -> Outcome:
        """Answer ``reason`` in ``locale`` (default: the chat's language without a game). A button's
        refusal is its answer (a toast: ``Outcome.ack``), anything else a message; a redelivery gets no
        answer. A :data:`PERSONAL` refusal of a command typed in a group goes to the sender's 1:1 chat
        when the platform can answer there (:class:`~handlers.messages.PrivateAnswers`: Telegram) and
        the bot may reach them (``reachable``: False for one the game found unreachable); otherwise, or
        when that send fails (never started the bot), it is said in the group after the sender's name
        (``reason.to``; ``name``, the game's name for them, else the platform's), so no ``あなた`` is left
        unnamed."""
        rejected = reason if isinstance(reason, Rejected) else Rejected(reason=reason)
        outcome = outcome_of(rejected)
        if outcome.result == "duplicate" or inbound.repeat:
            return outcome
        locale = locale or self.locale_of(inbound.chat_id)
        body = catalog_text(f"reason.{rejected.reason}", locale, game, **rejected.params)
        # A forged button press is still a press: the refusal is its answer (a toast), not a message.
        if isinstance(inbound.intent, Tap) or inbound.intent == TextCommand("forged"):
            return replace(outcome, ack=body)
        if not inbound.is_private and inbound.user_id and rejected.reason in PERSONAL:
            sender = self.runner.sender
            if reachable and isinstance(sender, PrivateAnswers) and sender.answers_privately():
                private = OutMessage(chat_id=inbound.user_id, text=body)
                if await self.runner.send_private(private, delivery_id=inbound.delivery_id):
                    return outcome
            if name or inbound.user_name:
                body = catalog_text("reason.to", locale, game, name=name or inbound.user_name, text=body)
        await self.reply(inbound, body)
        return outcome

    async def reply(
        self,
        inbound: Inbound,
        body: str,
        buttons: tuple[tuple[Button, ...], ...] = (),
        *,
        to: str | None = None,
    ) -> None:
        """Answer in the chat of ``inbound`` (``to``: that chat id instead, a 1:1 chat) without a game write
        (help, a menu, a refusal), once per delivery in this container (none for a delivery made again,
        ``Inbound.repeat``); a failed send is logged (the player can ask again)."""
        if inbound.repeat:
            return
        message = OutMessage(chat_id=to or inbound.chat_id, text=body, buttons=buttons)
        await self.runner.send_plain(message, delivery_id=inbound.delivery_id)
