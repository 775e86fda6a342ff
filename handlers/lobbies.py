"""Opening a lobby in a group: ``/newgame [game] [ja|en]`` and the rematch button (:mod:`handlers.rematch`)
share :func:`open_lobby`, which commits the fresh lobby with its announcement (game, host, player range,
expiry, current settings), schedules its expiry and points the group at it. Times are UTC
epoch seconds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import core.i18n as i18n
from core.engine import lobby
from core.engine.notice import PUBLIC, Action, KeyRef, Notice, Param
from core.engine.result import Rejected
from core.engine.table import LOBBY, Member
from core.games import GameRules, registry, rules_for
from handlers import helpdesk, presets
from handlers.desk import DEFAULT_GAME, Desk
from handlers.messages import Inbound, Outcome, TextCommand
from handlers.observability import DUPLICATE, outcome_of, traced

#: Languages a game can be played in (catalogs ``core/i18n/<locale>/``).
LOCALES = ("ja", "en")


async def open_lobby(
    desk: Desk,
    rules: GameRules,
    state: Any,
    key: str,
    host: Member,
    *,
    delivery_id: str | None,
    now: int,
) -> None:
    """Commit the lobby ``state`` (version 1) with its group notice ``key`` (``lobby.opened`` or
    ``lobby.rematch``: params ``game``, ``host``, ``min``/``max`` players, ``expires`` in seconds,
    ``settings`` (the game's ``lobby.options``), ``count``/``names`` of the members already seated) and
    its join button; schedule its expiry ([core.engine.lobby] ``lobby_seconds``) and point the group at
    it; ``host`` is the member who opened it. Raises ``VersionConflict`` only if the game id was taken
    (ids are random)."""
    params: dict[str, Param] = {
        "game": KeyRef(key="game.name"), "host": host.name, "min": rules.min_players,
        "max": rules.max_players, "expires": lobby.lobby_seconds(state.settings),
        "settings": rules.settings_lines(state), "count": len(state.members),
        "names": [m.name for m in state.members],
    }  # fmt: skip
    opened = Notice(
        key=key, to=PUBLIC, actions=[Action(kind="join")], phase_seq=state.phase_seq, params=params
    )
    await desk.runner.open_game(rules, state, [opened], delivery_id=delivery_id, now=now)
    desk.runner.store.set_pointer("chat", state.chat_id, state.game_id)


async def new_game(desk: Desk, inbound: Inbound, cmd: TextCommand, now: int) -> Outcome:
    """``/newgame [game] [ja|en]`` in a group: open a lobby unless a game is running there. The game is
    an id or a name in any catalog language (``/newgame 政治家人狼``); the language overrides the group's
    setting for this game; the group's preset of that game (``/settings``) is its starting settings."""
    words = [a.lower() for a in cmd.args]
    locale = next((w for w in words if w in LOCALES), None)
    typed = " ".join(w for w in words if w not in LOCALES)
    game = (helpdesk.game_named(typed) or typed) if typed else DEFAULT_GAME
    if game not in registry():
        unknown = Rejected(reason="game.unknown", params={"games": ", ".join(registry())})
        return replace(await desk.refuse(inbound, unknown), command="newgame")
    blocked = await _previous_game(desk, inbound, now)
    if blocked is not None:
        return blocked
    rules, runner = rules_for(game), desk.runner
    settings = presets.lobby_settings(runner, inbound.chat_id, game)
    if locale:
        settings["locale"] = locale
    if runner.settings_for(inbound.chat_id).get("mutes") is False:
        settings["mutes"] = False  # the platform cannot mute the dead: no 霊界表示 (core.engine.afterlife)
    host = Member(user_id=inbound.user_id or "", name=inbound.user_name)
    state = rules.new_game(
        game_id=runner.new_id(), chat_id=inbound.chat_id, host=host, settings=settings,
        seed=runner.new_seed(), now=now,
    )  # fmt: skip
    # The announcement names the host as the lobby will (an empty or invisible name reads as a fallback).
    shown = lobby.readable_name(host.name, [], 1, state.locale, state.game)
    host = host.model_copy(update={"name": shown})
    await open_lobby(desk, rules, state, "lobby.opened", host, delivery_id=inbound.delivery_id, now=now)
    return Outcome(game_id=state.game_id, phase=state.phase, command="newgame")


async def _previous_game(desk: Desk, inbound: Inbound, now: int) -> Outcome | None:
    """The answer to ``/newgame`` when the group's previous game stands in the way (still running, or
    recruiting: ``newgame.lobby_open``; or this is a redelivery of the ``/newgame`` that opened it), else
    ``None`` after sending what a finished one still holds (LINE free mode: its result may wait for this
    very message) and settling it (:meth:`GameRunner.settle`)."""
    runner = desk.runner
    current = runner.store.get_pointer("chat", inbound.chat_id)
    loaded = runner.load(current) if current else None
    if loaded is None:
        return None
    if inbound.delivery_id and runner.store.has_delivery(loaded.stored, inbound.delivery_id):
        await runner.flush(loaded, now=now)  # what a failed first attempt left
        return traced(outcome_of(Rejected(reason=DUPLICATE)), loaded.game_id, None, "newgame")
    running = loaded.state
    if not running.is_over:
        name = i18n.text("game.name", running.locale, running.game)
        reason = Rejected(reason="newgame.lobby_open", params={"game": name})
        refused = await desk.refuse(
            inbound, reason if running.phase == LOBBY else "game.running", running.locale, running.game
        )
        return traced(refused, loaded.game_id, running.phase, "newgame")
    await runner.flush(loaded, now=now)  # its last messages first (LINE: they may still wait)
    await runner.settle(loaded, now=now)  # what its end could not undo yet (e.g. mutes)
    return None
