"""The person's inputs in the local playground as text and as what they send: a button pressed
(:func:`pressed`), a move made for the person as their chat shows it (:func:`describe`), an input as the
``--verbose`` log shows it (:func:`logged`)."""

from __future__ import annotations

from typing import Any

import core.i18n as i18n
from core.engine.notice import Action
from core.games import GameRules
from handlers.messages import Intent, Reachable, Tap, TextCommand


def pressed(tap: Tap, private: bool) -> tuple[Intent, bool]:
    """What pressing ``tap`` sends, and whether in the 1:1 chat: a lobby's join button is a link to the
    bot's 1:1 chat on the platforms (Telegram's deep link), so pressing it here sends the private
    ``/start <game id>`` the link would; any other button is its tap."""
    if tap.action.kind == "join" and tap.game_id:
        return TextCommand("start", (tap.game_id,)), True
    return tap, private


def describe(rules: GameRules, state: Any, intent: Intent) -> str:
    """What the person's chat shows for a move made for them (``auto``): the label of the button that
    does the same (``/co raira`` shows as "ライラとしてCOする" in Japanese), else the command."""
    if isinstance(intent, TextCommand):
        action = Action(kind=intent.name, args=intent.args)
    elif isinstance(intent, Tap):
        action = intent.action
    else:
        return ""
    names = {seat: member.name for seat, member in rules.seats(state).items()}
    try:
        return i18n.render_action(action, state.locale, state.game, names)
    except KeyError:
        return "/" + " ".join([action.kind, *map(str, action.args)])


def logged(intent: Intent) -> str:
    """One input as the ``--verbose`` log shows it: ``/co raira``, ``tap 12 vote 3``, ``reachable``."""
    if isinstance(intent, TextCommand):
        return "/" + " ".join((intent.name, *intent.args))
    if isinstance(intent, Tap):
        action = " ".join([intent.action.kind, *map(str, intent.action.args)])
        return f"tap {intent.phase_seq} {action}" + (" (menu)" if intent.menu else "")
    if isinstance(intent, Reachable):
        return f"reachable={intent.reachable}"
    return type(intent).__name__
