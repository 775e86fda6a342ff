"""Routing of platform inputs: chat commands, button taps and reachability → core commands for the
write path (:mod:`handlers.runner`). See docs/architecture.md.

Platform adapters give an :class:`Inbound`; the service answers with an :class:`Outcome` (the tap's
acknowledgement, and what became of the input for the log line: game, phase, command, result) and sends
messages through the injected :class:`Sender`. Times are UTC epoch seconds.

Platform events (issue 4 item 5): a group upgraded to a supergroup moves the game and its chat pointer
(``MoveChat``); a member who left the group is ``LeftChat``; the bot removed from the group ends the game
(``BotRemoved``) and drops the chat pointer; a player who blocked the bot is ``SetReachable(False)``.
They never answer in the chat: a refusal (not a member, no game there) is only logged.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import core.i18n as i18n
from core.engine.commands import Act, Command, Join, Query, SetReachable, Timeout
from core.engine.context import REMATCH
from core.engine.notice import Action
from core.engine.result import Rejected
from core.engine.table import CANCELLED
from core.games import GameRules
from handlers import groupsettings, helpdesk, lobbies, menu, platform_events, presets, rematch, removal, stats
from handlers.lobbies import DEFAULT_GAME
from handlers.messages import (
    AwaitingReply,
    Button,
    GroupMoved,
    Inbound,
    JoinRequest,
    Nudge,
    Outcome,
    OutMessage,
    Tap,
    TextCommand,
)
from handlers.observability import DUPLICATE, outcome_of, traced
from handlers.runner import GameRunner
from handlers.textcommands import to_command

log = logging.getLogger(__name__)


def _catalog_text(key: str, locale: str, game: str, /, **params: Any) -> str:
    """A shell text from the catalogs; a missing key (a defect the catalog tests catch) degrades to
    ``[key]`` like a notice does (``outbox``), so the player still gets an answer."""
    try:
        return i18n.text(key, locale, game, **params)
    except KeyError as err:
        log.warning("missing catalog text: %s", err)
        return f"[{key}]"


#: A Megami every game of 徒桜戦争 has, used to ask the rules why a bare ``/co`` offers nothing.
CO_PROBE = "yatsuha"


class Service(GameRunner):
    """The game service of one platform: ``Service(store, sender, new_id=, new_seed=, settings_for=)``
    (see :class:`GameRunner`); ``handle`` takes every inbound delivery, ``fire_timer`` the timer's."""

    # -- entry points ---------------------------------------------------------------------------------
    async def handle(self, inbound: Inbound, *, now: int) -> Outcome:
        """Apply one inbound delivery; never raises for player input."""
        intent = inbound.intent
        if isinstance(intent, Tap):
            return await self._tap(inbound, intent, now)
        if isinstance(intent, TextCommand):
            return await self._text(inbound, intent, now)
        if isinstance(intent, JoinRequest):
            return await self._join(inbound, intent, now)
        if isinstance(intent, Nudge):
            return await self._nudge(inbound, intent, now)
        game_id = self._game_of(inbound)
        if isinstance(intent, GroupMoved):
            if game_id is None:
                return Outcome(result="ignored", command="move")
            old, new = inbound.chat_id, intent.new_chat_id
            return await self.move_chat(game_id, old, new, delivery_id=inbound.delivery_id, now=now)
        return await platform_events.apply_event(self, inbound, intent, game_id, now=now)

    async def move_chat(
        self, game_id: str, old_chat: str, new_chat: str, *, delivery_id: str | None, now: int
    ) -> Outcome:
        """The group ``old_chat`` now lives at ``new_chat`` (Telegram ``migrate_to_chat_id``, in an update
        or a 400 error): the game and its chat pointer follow (:func:`platform_events.move_chat`)."""
        return await platform_events.move_chat(
            self, game_id, old_chat, new_chat, delivery_id=delivery_id, now=now
        )

    # -- routing --------------------------------------------------------------------------------------
    def _game_of(self, inbound: Inbound) -> str | None:
        if inbound.is_private:
            return self.store.get_pointer("user", inbound.user_id) if inbound.user_id else None
        return self.store.get_pointer("chat", inbound.chat_id)

    async def _refuse(
        self, inbound: Inbound, reason: Rejected | str, locale: str | None = None, game: str = DEFAULT_GAME
    ) -> Outcome:
        """Answer ``reason`` in ``locale`` (default: the chat's language without a game, the group's)."""
        rejected = reason if isinstance(reason, Rejected) else Rejected(reason=reason)
        outcome = outcome_of(rejected)
        if rejected.reason == DUPLICATE:
            return outcome
        locale = locale or presets.group_locale(self, inbound.chat_id)
        body = _catalog_text(f"reason.{rejected.reason}", locale, game, **rejected.params)
        # A forged button press is still a press: the refusal is its answer (a toast), not a message.
        if isinstance(inbound.intent, Tap) or inbound.intent == TextCommand("forged"):
            return replace(outcome, ack=body)
        await self._send_plain(inbound, body)
        return outcome

    async def _run(
        self, inbound: Inbound, game_id: str, command: Command, state: Any, now: int, ack: str | None = None
    ) -> Outcome:
        """Apply ``command`` from ``inbound`` to the game ``state`` was loaded from; answer a refusal."""
        refusal = await self.apply(game_id, command, delivery_id=inbound.delivery_id, now=now)
        if refusal:
            outcome = await self._refuse(inbound, refusal, state.locale, state.game)
        else:
            outcome = Outcome(ack=ack)
        return traced(outcome, game_id, state.phase, command.type)

    async def _send_plain(
        self, inbound: Inbound, body: str, buttons: tuple[tuple[Button, ...], ...] = ()
    ) -> None:
        """A reply that changes no game: sent once per delivery (``GameStore.claim_reply``), so a
        redelivered update does not repeat it; a failed send is logged (the player can ask again)."""
        if inbound.delivery_id and not self.store.claim_reply(inbound.delivery_id):
            return
        try:
            await self.sender.send(OutMessage(chat_id=inbound.chat_id, text=body, buttons=buttons))
        except AwaitingReply:
            log.info("reply not sent: the chat's reply is spent")
        except Exception:
            log.exception("reply failed")

    async def _text(self, inbound: Inbound, cmd: TextCommand, now: int) -> Outcome:
        name = cmd.name.lower()
        if name == "oversized":  # args: the platform's limit, in characters
            limit = {"max": cmd.args[0]} if cmd.args else {}
            return await self._refuse(inbound, Rejected(reason="input.too_long", params=limit))
        if name in ("forged", "anonymous"):
            return await self._refuse(inbound, {"forged": "action.forged", "anonymous": "anonymous"}[name])
        if name == "stats":
            return await stats.answer(self, inbound)
        if name == "settings":
            return await self._settings(inbound, await groupsettings.command(self, inbound, cmd))
        if name == "newgame" and not inbound.is_private:
            return await lobbies.new_game(self, inbound, cmd, now)
        if name == "start" and inbound.is_private:
            if not cmd.args:
                locale = presets.group_locale(self, inbound.chat_id)
                await self._send_plain(inbound, _catalog_text("help.general", locale, DEFAULT_GAME))
                return Outcome(command="help")
            return await self._join(inbound, JoinRequest(cmd.args[0]), now)
        if name in helpdesk.WORDS:  # /help, /rules, /role: read-only answers
            return await helpdesk.answer(self, inbound, cmd)
        game_id = self._game_of(inbound)
        if game_id is None or inbound.user_id is None:
            return await self._refuse(inbound, "game.none" if name != "text" else "command.unknown")
        loaded = self._load_state(game_id)
        assert loaded is not None
        rules, state = loaded
        if name == "co" and not cmd.args and not inbound.is_private:
            return traced(await self._co_menu(inbound, rules, state, now), game_id, state.phase, "co_menu")
        typed = TextCommand("unknown") if name == "text" else cmd
        command = to_command(typed, inbound.user_id, private=inbound.is_private, game=state.game)
        if isinstance(command, str) or (state.phase == CANCELLED and isinstance(command, Query)):
            # A closed lobby or a cancelled game is no game: /status names nobody (a result stays shown).
            reason = command if isinstance(command, str) else "game.none"
            refused = await self._refuse(inbound, reason, state.locale, state.game)
            return traced(refused, game_id, state.phase, None)
        outcome = await self._run(inbound, game_id, command, state, now)
        if command.type == "configure" and outcome.result == "accepted":
            presets.remember(self, game_id)  # an /option in the lobby is the group's preset too
        if command.type in ("kick", "leave") and outcome.result == "accepted":
            removal.release_removed(self, game_id, state)  # a lobby member's 1:1 chat is free again
        return outcome

    async def _co_menu(self, inbound: Inbound, rules: GameRules, state: Any, now: int) -> Outcome:
        """``/co`` alone in the group: the sender's CO choices as buttons [ADZ-3.6]; none → the rules'
        reason a claim would be refused now (``co.limit``, ``speech.denied``, ``phase.wrong`` …)."""
        user = inbound.user_id or ""
        seat = rules.seat_of(state, user)
        actions = [a for a in rules.legal_actions(state, seat) if a.kind == "co"] if seat else []
        if not actions:
            claim = Act(user_id=user, action=Action(kind="co", args=(CO_PROBE,)))
            probe = rules.decide(state, claim, now=now)
            reason = probe.reason if isinstance(probe, Rejected) else "speech.denied"
            return await self._refuse(inbound, reason, state.locale, state.game)
        body = _catalog_text("co.menu", state.locale, state.game)
        buttons = _keyboard(rules, state, actions, None)
        await self._send_plain(inbound, body, buttons)
        return Outcome()

    async def _join(self, inbound: Inbound, request: JoinRequest, now: int) -> Outcome:
        """Join game ``request.game_id`` (Telegram: the private ``/start <game id>`` of the join link; LINE:
        the lobby's join postback) and count as reachable or not (LINE: a friend of the account or not;
        [ADZ-4.1]). A seated player who comes back (after unblocking the bot) is reachable again and gets
        the role card."""
        user, game_id = inbound.user_id or "", request.game_id
        joined = Join(user_id=user, name=inbound.user_name, reachable=request.reachable)
        refusal = await self.apply(game_id, joined, delivery_id=inbound.delivery_id, now=now)
        if refusal is not None and refusal.reason in ("lobby.already_joined", "game.running"):
            reach = SetReachable(user_id=user, reachable=request.reachable)
            if await self.apply(game_id, reach, delivery_id=None, now=now) is None:
                self.store.set_pointer("user", user, game_id)
                if refusal.reason == "game.running" and request.reachable:
                    await self.apply(game_id, Query(user_id=user, what="me"), delivery_id=None, now=now)
                return traced(outcome_of(refusal), game_id, None, "join")
        elif refusal is None:
            self.store.set_pointer("user", user, game_id)
            return traced(Outcome(), game_id, None, "join")
        outcome = await self._refuse(inbound, refusal) if refusal else Outcome()
        # The payload is typed by whoever opened the link: only a game that exists is named in the log.
        known = None if refusal is not None and refusal.reason == "game.none" else game_id
        return traced(outcome, known, None, "join")

    async def _nudge(self, inbound: Inbound, nudge: Nudge, now: int) -> Outcome:
        """Deliver what waits for the chat of ``inbound`` (LINE: as the reply to this event), after an
        overdue deadline (design §5: every input catches up). ``Outcome.ack`` is what to answer when
        nothing was waiting and the player asked (``nudge.asked``)."""
        game_id = self._game_of(inbound)
        loaded = self._load_state(game_id) if game_id else None
        if game_id is None or loaded is None:
            locale = presets.group_locale(self, inbound.chat_id)
            ack = _catalog_text("reason.game.none", locale, DEFAULT_GAME) if nudge.asked else None
            return Outcome(ack=ack, result="ignored", command="nudge")
        _, state = loaded
        if not state.is_over and state.deadline_at is not None and now >= state.deadline_at:
            await self.apply(game_id, Timeout(phase_seq=state.phase_seq), delivery_id=None, now=now)
        else:
            await self.flush(game_id, now=now)
        ack = _catalog_text("nudge.nothing", state.locale, state.game) if nudge.asked else None
        return traced(Outcome(ack=ack), game_id, state.phase, "nudge")

    async def _tap(self, inbound: Inbound, tap: Tap, now: int) -> Outcome:
        """A button: open a menu level, or submit the action (re-validated by the core)."""
        if tap.game_id == groupsettings.TAP_GAME:
            return await self._settings(inbound, await groupsettings.tap(self, inbound, tap))
        loaded = self._load_state(tap.game_id)
        if loaded is None or inbound.user_id is None:
            return await self._refuse(inbound, "game.none")
        rules, state = loaded
        if tap.action.kind == REMATCH:
            return await rematch.tap(self, inbound, rules, state, now)
        if tap.action.kind == "join":
            refused = await self._refuse(inbound, "lobby.use_link", state.locale, state.game)
            return traced(refused, tap.game_id, state.phase, "join")
        if tap.menu:
            return traced(self._open_level(inbound, rules, state, tap), tap.game_id, state.phase, "menu")
        command = Act(user_id=inbound.user_id, action=tap.action, phase_seq=tap.phase_seq)
        return await self._run(
            inbound, tap.game_id, command, state, now, ack=_catalog_text("tap.ok", state.locale, state.game)
        )

    def _open_level(self, inbound: Inbound, rules: GameRules, state: Any, tap: Tap) -> Outcome:
        """A menu tap: the next level of the tapper's legal actions, replacing the tapped message."""
        seat = rules.seat_of(state, inbound.user_id or "")
        legal = rules.legal_actions(state, seat) if seat else []
        if tap.phase_seq != state.phase_seq or not menu.opens_level(tap.action, legal):
            return Outcome(
                ack=_catalog_text("reason.phase.stale", state.locale, state.game),
                result="refused",
                reason="phase.stale",
            )
        prefix = None if tap.action.kind == menu.BACK else tap.action
        buttons = _keyboard(rules, state, legal, prefix)
        body = _catalog_text("menu.choose", state.locale, state.game)
        message = OutMessage(chat_id=inbound.chat_id, text=body, buttons=buttons, edit_of="tap")
        return Outcome(messages=[message])

    async def _settings(self, inbound: Inbound, answer: groupsettings.Answer) -> Outcome:
        """Deliver what ``/settings`` or a settings button answered (:mod:`handlers.groupsettings`): a
        refusal, a tap's toast and the menu level in place of the tapped message, or a reply."""
        if answer.refusal is not None:
            refused = await self._refuse(inbound, answer.refusal, answer.locale, answer.game)
            return replace(refused, command="settings")
        if isinstance(inbound.intent, Tap):
            shown = OutMessage(inbound.chat_id, answer.text, answer.buttons, edit_of="tap")
            return Outcome(ack=answer.ack, messages=[shown], command="settings")
        await self._send_plain(inbound, answer.text, answer.buttons)
        return Outcome(command="settings")


def _keyboard(
    rules: GameRules, state: Any, actions: list[Action], prefix: Action | None
) -> tuple[tuple[Button, ...], ...]:
    """Buttons for ``actions`` at menu level ``prefix``, for the current phase of ``state``."""
    names = {s: m.name for s, m in rules.seats(state).items()}
    return menu.build(
        actions, prefix, game_id=state.game_id, phase_seq=state.phase_seq,
        locale=state.locale, game=state.game, names=names,
    )  # fmt: skip
