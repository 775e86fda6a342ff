"""Routing of platform inputs: chat commands, button taps and platform events → core commands for the
write path (:class:`handlers.runner.GameRunner`, which the service composes). See docs/architecture.md.

Platform adapters give an :class:`Inbound`; the service answers with an :class:`Outcome` (the tap's
acknowledgement, what to show in place of the tapped message, and what became of the input for the log
line: game, phase, command, result). The game is loaded once per input and handed to the runner. Answers
that change no game (refusals, help, menus, read-only queries) are sent without a write. Times are UTC
epoch seconds.

Platform events (:mod:`handlers.platform_events`): a group upgraded to a supergroup moves the game and its
chat pointer; a member who left is ``LeftChat``; the bot removed from the group ends the game; a player
who blocked the bot is ``SetReachable(False)``. They never answer in the chat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.engine.commands import Act, Command, Query, SetReachable, Timeout
from core.engine.context import REMATCH
from core.engine.notice import Action
from core.engine.result import Rejected
from core.engine.table import CANCELLED, LOBBY, TableState
from core.games import GameRules
from handlers import (
    groupsettings,
    helpdesk,
    joining,
    lobbies,
    menu,
    platform_events,
    presets,
    rematch,
    removal,
    spectators,
    stats,
    wakeups,
)
from handlers.decision import Loaded
from handlers.desk import DEFAULT_GAME, Desk, catalog_text
from handlers.messages import (
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
from handlers.observability import traced
from handlers.recap import answer as recap_answer
from handlers.runner import GameRunner
from handlers.textcommands import to_command
from infra.store import GameStore
from infra.timers import WakeUp

#: A Megami every game of 徒桜戦争 has, used to ask the rules why a bare ``/co`` offers nothing.
CO_PROBE = "yatsuha"


class Service:
    """The game service of one platform: ``Service(store, sender, **options)`` builds its
    :class:`~handlers.runner.GameRunner` from them (``new_id``, ``new_seed``, ``settings_for``,
    ``after_commit``, ``scheduler``, ``reminds``, ``throttle``); :meth:`handle` takes every inbound
    delivery, :meth:`wake` the timer's."""

    def __init__(self, store: GameStore, sender: Any, **options: Any) -> None:
        self.runner = GameRunner(store, sender, **options)
        self.desk = Desk(self.runner)

    @property
    def store(self) -> GameStore:
        return self.runner.store

    @property
    def sender(self) -> Any:
        return self.runner.sender

    # -- entry points ---------------------------------------------------------------------------------
    async def handle(self, inbound: Inbound, *, now: int) -> Outcome:
        """Apply one inbound delivery; never raises for player input."""
        intent = inbound.intent
        if isinstance(intent, Tap):
            return await self._tap(inbound, intent, now)
        if isinstance(intent, TextCommand):
            return await self._text(inbound, intent, now)
        if isinstance(intent, JoinRequest):
            return await joining.join(self.runner, self.desk, inbound, intent, now)
        if isinstance(intent, Nudge):
            return await self._nudge(inbound, intent, now)
        game_id = self.desk.game_of(inbound)
        if isinstance(intent, GroupMoved):
            if game_id is None:
                return Outcome(result="ignored", command="move")
            old, new = inbound.chat_id, intent.new_chat_id
            return await platform_events.move_chat(self.runner, game_id, old, new, inbound.delivery_id, now)
        return await platform_events.apply_event(self.runner, inbound, intent, game_id, now=now)

    def known_locale(self, inbound: Inbound) -> str | None:
        """The language of the chat of ``inbound`` where one is known (:meth:`Desk.known_locale`)."""
        return self.desk.known_locale(inbound)

    async def wake(self, wake_up: WakeUp, *, now: int, delivery_id: str | None = None) -> Rejected | None:
        """A due timer wake-up (:meth:`GameRunner.wake`)."""
        return await self.runner.wake(wake_up, now=now, delivery_id=delivery_id)

    def still_wanted(self, wake_up: WakeUp) -> bool:
        """Whether an early ``wake_up`` should hop on towards its ``at`` (:func:`handlers.wakeups.wanted`,
        one read of the game's hot item; only its envelope is parsed)."""
        if wake_up.kind == "flush":
            return True
        stored = self.store.load(wake_up.game_id)
        state = None if stored is None else TableState.model_validate_json(stored.state)
        return wakeups.wanted(state, wake_up)

    async def fire_timer(self, game_id: str, phase_seq: int, *, now: int) -> None:
        """The deadline of phase ``phase_seq`` of ``game_id`` (:meth:`GameRunner.fire_timer`)."""
        await self.runner.fire_timer(game_id, phase_seq, now=now)

    # -- inputs ---------------------------------------------------------------------------------------
    async def _run(
        self, inbound: Inbound, loaded: Loaded, command: Command, now: int, ack: str | None = None
    ) -> Outcome:
        """Apply ``command`` from ``inbound`` to the game as ``loaded``; answer a refusal."""
        refusal = await self.runner.apply(loaded, command, delivery_id=inbound.delivery_id, now=now)
        state = loaded.state
        if refusal:
            reach, name = _reachable(state, inbound.user_id), _name_of(loaded, inbound.user_id)
            outcome = await self.desk.refuse(
                inbound, refusal, state.locale, state.game, reachable=reach, name=name
            )
        else:
            outcome = Outcome(ack=ack)
        return traced(outcome, loaded.game_id, state.phase, command.type)

    async def _text(self, inbound: Inbound, cmd: TextCommand, now: int) -> Outcome:
        name = cmd.name.lower()
        desk = self.desk
        if name == "oversized":  # args: the platform's limit, in characters
            limit = {"max": cmd.args[0]} if cmd.args else {}
            return await desk.refuse(inbound, Rejected(reason="input.too_long", params=limit))
        if name in ("forged", "anonymous"):
            return await desk.refuse(inbound, {"forged": "action.forged", "anonymous": "anonymous"}[name])
        if name == "stats":
            return await stats.answer(desk, inbound)
        if name == "settings":
            return await self._settings(inbound, await groupsettings.command(self.runner, inbound, cmd))
        if name == "newgame" and not inbound.is_private:
            return await lobbies.new_game(desk, inbound, cmd, now)
        if name == "start" and inbound.is_private:
            if not cmd.args:
                back = await self._back(inbound, now)
                if back is not None:
                    return back
                help_text = catalog_text("help.general", desk.locale_of(inbound.chat_id), DEFAULT_GAME)
                await desk.reply(inbound, help_text)
                return Outcome(command="help")
            return await joining.join(self.runner, self.desk, inbound, JoinRequest(cmd.args[0]), now)
        if name == recap_answer.WORD:  # the finished game's text recap and its page: read-only
            return await recap_answer.answer(desk, inbound, now)
        if name in helpdesk.WORDS:  # /help, /rules, /role: read-only answers
            return await helpdesk.answer(desk, inbound, cmd)
        loaded = desk.loaded_of(inbound) if inbound.user_id is not None else None
        if loaded is None or inbound.user_id is None:
            reason = {"text": "command.unknown", "join": "join.none"}.get(name, "game.none")
            return await desk.refuse(inbound, reason)
        state = loaded.state
        if name == "co" and not cmd.args and not inbound.is_private:
            return traced(await self._co_menu(inbound, loaded, now), loaded.game_id, state.phase, "co_menu")
        if name == "option" and state.phase == LOBBY and not inbound.is_private:
            shown = groupsettings.lobby_option(state, cmd)
            if shown is not None:
                return traced(await self._settings(inbound, shown), loaded.game_id, state.phase, "configure")
        typed = TextCommand("unknown") if name == "text" else cmd
        command = to_command(
            typed, inbound.user_id, private=inbound.is_private, game=state.game, user_name=inbound.user_name
        )
        if isinstance(command, str) or (state.phase == CANCELLED and isinstance(command, Query)):
            # A closed lobby or a cancelled game is no game: /status names nobody (a result stays shown).
            reason = command if isinstance(command, str) else "join.none" if name == "join" else "game.none"
            refused = await desk.refuse(inbound, reason, state.locale, state.game)
            return traced(refused, loaded.game_id, state.phase, None)
        outcome = await self._run(inbound, loaded, command, now)
        if command.type == "configure" and outcome.result == "accepted":
            presets.remember(self.runner, loaded.game_id)  # an /option in the lobby is the group's preset too
        if command.type in ("kick", "leave") and outcome.result == "accepted":
            removal.release_removed(self.runner, loaded.game_id, state)  # a lobby member's 1:1 chat is free
        if command.type in ("watch", "unwatch") and outcome.result == "accepted":
            spectators.point(self.runner, loaded.game_id, inbound.user_id, watching=command.type == "watch",
                             expires_at=now + joining.USER_POINTER_KEPT)  # fmt: skip
        return outcome

    async def _back(self, inbound: Inbound, now: int) -> Outcome | None:
        """A plain ``/start`` in the 1:1 chat of a player of a running game whom the bot could not message
        (what ``game.unreachable`` asks for after unblocking the bot): reachable again, and the role card
        with the current prompt sent again (:func:`handlers.platform_events.resend`). None (the help
        answers) when the sender plays no running game or was reachable already (``/me`` shows the card)."""
        loaded = self.desk.loaded_of(inbound)
        user = inbound.user_id
        if loaded is None or user is None or loaded.state.is_over or not loaded.state.players:
            return None
        if loaded.rules.seat_of(loaded.state, user) is None or user not in loaded.state.unreachable:
            return None
        runner, game_id = self.runner, loaded.game_id
        await runner.apply(game_id, SetReachable(user_id=user, reachable=True), delivery_id=None, now=now)
        await platform_events.resend(runner, game_id, user, now=now)
        return traced(Outcome(), game_id, loaded.state.phase, "reach")

    async def _co_menu(self, inbound: Inbound, loaded: Loaded, now: int) -> Outcome:
        """``/co`` alone in the group: the sender's CO choices as buttons [ADZ-3.6]; none → the rules'
        reason a claim would be refused now (``co.limit``, ``speech.denied``, ``phase.wrong`` …)."""
        rules, state = loaded.rules, loaded.state
        user = inbound.user_id or ""
        seat = rules.seat_of(state, user)
        actions = [a for a in rules.legal_actions(state, seat) if a.kind == "co"] if seat else []
        if not actions:
            claim = Act(user_id=user, action=Action(kind="co", args=(CO_PROBE,)))
            probe = rules.decide(state, claim, now=now)
            reason = probe.reason if isinstance(probe, Rejected) else "speech.denied"
            return await self.desk.refuse(inbound, reason, state.locale, state.game)
        body = catalog_text("co.menu", state.locale, state.game)
        await self.desk.reply(inbound, body, _keyboard(rules, state, actions, None))
        return Outcome()

    async def _nudge(self, inbound: Inbound, nudge: Nudge, now: int) -> Outcome:
        """Deliver what waits for the chat of ``inbound`` (LINE: as the reply to this event), after an
        overdue deadline (design §5: every input catches up). ``Outcome.ack`` is what to answer when
        nothing was waiting and the player asked (``nudge.asked``)."""
        loaded = self.desk.loaded_of(inbound)
        if loaded is None:
            locale = self.desk.locale_of(inbound.chat_id)
            ack = catalog_text("reason.game.none", locale, DEFAULT_GAME) if nudge.asked else None
            return Outcome(ack=ack, result="ignored", command="nudge")
        state = loaded.state
        if not state.is_over and state.deadline_at is not None and now >= state.deadline_at:
            await self.runner.apply(loaded, Timeout(phase_seq=state.phase_seq), delivery_id=None, now=now)
        else:
            await self.runner.flush(loaded, now=now, chat_id=inbound.chat_id, delivery_id=inbound.delivery_id)
        ack = catalog_text("nudge.nothing", state.locale, state.game) if nudge.asked else None
        return traced(Outcome(ack=ack), loaded.game_id, state.phase, "nudge")

    async def _tap(self, inbound: Inbound, tap: Tap, now: int) -> Outcome:
        """A button: open a menu level, or submit the action (re-validated by the core)."""
        if tap.game_id == groupsettings.TAP_GAME:
            return await self._settings(inbound, await groupsettings.tap(self.runner, inbound, tap))
        loaded = self.runner.load(tap.game_id)
        if loaded is None or inbound.user_id is None:
            return await self.desk.refuse(inbound, "game.none")
        state = loaded.state
        if tap.action.kind == REMATCH:
            return await rematch.tap(self.desk, inbound, loaded, now)
        if tap.action.kind == "join":
            refused = await self.desk.refuse(inbound, "lobby.use_link", state.locale, state.game)
            return traced(refused, tap.game_id, state.phase, "join")
        if tap.menu and not (inbound.is_private and inbound.chat_id == inbound.user_id):
            # A menu level is a seat's private choice: opened anywhere but that player's 1:1 chat it would
            # be the bot's proof of a role in front of others. No button of ours carries it there.
            refused = await self.desk.refuse(inbound, "action.forged", state.locale, state.game)
            return traced(refused, tap.game_id, state.phase, "menu")
        if tap.menu:
            return traced(self._open_level(inbound, loaded, tap), tap.game_id, state.phase, "menu")
        command = Act(user_id=inbound.user_id, action=tap.action, phase_seq=tap.phase_seq)
        ack = catalog_text("tap.ok", state.locale, state.game)
        return await self._run(inbound, loaded, command, now, ack=ack)

    def _open_level(self, inbound: Inbound, loaded: Loaded, tap: Tap) -> Outcome:
        """A menu tap: the next level of the tapper's legal actions, replacing the tapped message."""
        rules, state = loaded.rules, loaded.state
        seat = rules.seat_of(state, inbound.user_id or "")
        legal = rules.legal_actions(state, seat) if seat else []
        if tap.phase_seq != state.phase_seq or not menu.opens_level(tap.action, legal):
            ack = catalog_text("reason.phase.stale", state.locale, state.game)
            return Outcome(ack=ack, result="refused", reason="phase.stale")
        prefix = None if tap.action.kind == menu.BACK else tap.action
        buttons = _keyboard(rules, state, legal, prefix)
        body = catalog_text("menu.choose", state.locale, state.game)
        message = OutMessage(chat_id=inbound.chat_id, text=body, buttons=buttons, edit_of="tap")
        return Outcome(messages=[message])

    async def _settings(self, inbound: Inbound, answer: groupsettings.Answer) -> Outcome:
        """Deliver what ``/settings`` or a settings button answered (:mod:`handlers.groupsettings`): a
        refusal, a tap's toast and the menu level in place of the tapped message, or a reply."""
        if answer.refusal is not None:
            refused = await self.desk.refuse(inbound, answer.refusal, answer.locale, answer.game)
            return replace(refused, command="settings")
        if isinstance(inbound.intent, Tap):
            shown = OutMessage(inbound.chat_id, answer.text, answer.buttons, edit_of="tap")
            return Outcome(ack=answer.ack, messages=[shown], command="settings")
        await self.desk.reply(inbound, answer.text, answer.buttons)
        return Outcome(command="settings")


def _reachable(state: Any, user_id: str | None) -> bool:
    """Whether the bot may message ``user_id`` in the 1:1 chat, as far as the game knows: not one it found
    unreachable (blocked the bot, ``TableState.unreachable``); anyone else is tried."""
    return bool(user_id) and user_id not in state.unreachable


def _name_of(loaded: Loaded, user_id: str | None) -> str:
    """The game's name for ``user_id``: their seat's, lobby place's or spectator's ("" for anyone else;
    LINE gives a name only on request)."""
    state = loaded.state
    seat = loaded.rules.seat_of(state, user_id) if user_id and state.players else None
    if seat is not None:
        return str(loaded.rules.seats(state)[seat].name)
    member = state.member(user_id or "") or next((m for m in state.spectators if m.user_id == user_id), None)
    return member.name if member is not None else ""


def _keyboard(
    rules: GameRules, state: Any, actions: list[Action], prefix: Action | None
) -> tuple[tuple[Button, ...], ...]:
    """Buttons for ``actions`` at menu level ``prefix``, for the current phase of ``state``."""
    names = {s: m.name for s, m in rules.seats(state).items()}
    return menu.build(
        actions, prefix, game_id=state.game_id, phase_seq=state.phase_seq,
        locale=state.locale, game=state.game, names=names,
    )  # fmt: skip
