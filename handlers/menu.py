"""Buttons from legal actions, as multi-step menus when an action has several arguments.

Top level: every kind whose actions take at most one argument is shown action by action (a ballot per
player); a kind with longer actions (Oboro: function then player) gets one button that opens its next
level. A level lists the distinct next arguments; a complete legal action is a final button. Only legal
actions are ever shown, so every button is legal when drawn (taps are re-validated anyway).
"""

from __future__ import annotations

from collections.abc import Mapping

import core.i18n as i18n
from core.engine.notice import Action, PlayerRef
from handlers.messages import Button, Tap
from handlers.textunits import units

#: Action kind of the "back to the first level" button; never a game action.
BACK = "menu"
PER_ROW = 2
#: The longest display name on a button (UTF-16 code units), so a label stays readable within the
#: platforms' label limits (LINE: 20 in a quick reply, 40 on a button); longer ones end in "…".
NAME_UNITS = 12
ELLIPSIS = "…"


def short_name(name: str) -> str:
    """``name`` as a button shows it: at most :data:`NAME_UNITS` UTF-16 code units, cut between whole
    characters (never inside a surrogate pair or after a zero-width joiner) and ended by "…"."""
    if units(name) <= NAME_UNITS:
        return name
    kept, used = [], units(ELLIPSIS)
    for char in name:
        used += units(char)
        if used > NAME_UNITS:
            break
        kept.append(char)
    return "".join(kept).rstrip("\u200d\ufe0f ") + ELLIPSIS


def _label(action: Action, locale: str, game: str, names: Mapping[int, str]) -> str:
    try:
        return i18n.render_action(action, locale, game, names)
    except KeyError:
        return " ".join([action.kind, *map(str, action.args)])


def _element_label(kind: str, element: int | str, locale: str, game: str, names: Mapping[int, str]) -> str:
    if isinstance(element, int):
        return i18n.render_param(PlayerRef(seat=element, name=names.get(element, "?")), locale, game)
    for key in (f"option.{kind}.{element}", f"role.{element}.name"):
        try:
            return i18n.text(key, locale, game)
        except KeyError:
            continue
    return element


def _group_label(kind: str, locale: str, game: str) -> str:
    try:
        return i18n.text(f"menu.{kind}", locale, game)
    except KeyError:
        return _label(Action(kind=kind), locale, game, {})


def _rows(buttons: list[Button]) -> tuple[tuple[Button, ...], ...]:
    return tuple(tuple(buttons[i : i + PER_ROW]) for i in range(0, len(buttons), PER_ROW))


def build(
    actions: list[Action],
    prefix: Action | None,
    *,
    game_id: str,
    phase_seq: int | None,
    locale: str,
    game: str,
    names: Mapping[int, str],
) -> tuple[tuple[Button, ...], ...]:
    """The keyboard for ``actions`` at menu level ``prefix`` (``None``: the first level)."""

    def tap(action: Action, menu: bool = False) -> Tap:
        return Tap(game_id=game_id, phase_seq=phase_seq, action=action, menu=menu)

    names = {seat: short_name(name) for seat, name in names.items()}
    buttons: list[Button] = []
    if prefix is None or prefix.kind == BACK:
        seen: list[str] = []
        for action in actions:
            group = [a for a in actions if a.kind == action.kind]
            if all(len(a.args) <= 1 for a in group):
                buttons.append(Button(_label(action, locale, game, names), tap(action)))
            elif action.kind not in seen:
                seen.append(action.kind)
                buttons.append(
                    Button(_group_label(action.kind, locale, game), tap(Action(kind=action.kind), menu=True))
                )
        return _rows(buttons)
    depth = len(prefix.args)
    matching = [a for a in actions if a.kind == prefix.kind and a.args[:depth] == prefix.args]
    if prefix in matching:
        buttons.append(Button(_label(prefix, locale, game, names), tap(prefix)))
    elements: list[int | str] = []
    for a in matching:
        if len(a.args) > depth and a.args[depth] not in elements:
            elements.append(a.args[depth])
    for element in elements:
        step = Action(kind=prefix.kind, args=(*prefix.args, element))
        longer = [a for a in matching if len(a.args) > depth + 1 and a.args[depth] == element]
        label = _element_label(prefix.kind, element, locale, game, names)
        buttons.append(
            Button(label, tap(step, menu=True))
            if longer
            else Button(_label(step, locale, game, names), tap(step))
        )
    rows = _rows(buttons)
    back = Button(_group_label(BACK, locale, game), tap(Action(kind=BACK), menu=True))
    return (*rows, (back,))


def opens_level(action: Action, actions: list[Action]) -> bool:
    """Whether a menu tap on ``action`` opens a level of ``actions`` now (or is the back button)."""
    if action.kind == BACK:
        return True
    depth = len(action.args)
    return any(
        a.kind == action.kind and len(a.args) > depth and a.args[:depth] == action.args for a in actions
    )
