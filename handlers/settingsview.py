"""What ``/settings`` shows: the group's settings as text and, where the platform has buttons, the
keyboards to change them (``handlers.groupsettings`` decides and saves).

Buttons carry compact tap data (:mod:`handlers.taps`) under the reserved game id :data:`TAP_GAME` (never a
game's id: those are hex) with no phase: ``cfg||cfg.lang|en``, ``cfg||+cfg.game|politician``,
``cfg||+cfg.opt|politician|nightSeconds``, ``cfg||cfg.set|politician|nightSeconds|120`` (the longest, 53
bytes with the longest option name, under Telegram's 64). Menu taps (``+``) only open a level; a value tap
is checked again on the server (who taps, the game, the option, the value through the game's own rules).
"""

from __future__ import annotations

import importlib
from typing import Any

import core.i18n as i18n
from core.engine import clock
from core.engine import lobby as lobby_rules
from core.engine.clock import OFF
from core.engine.notice import Action, Notice
from core.engine.options import OptionTable, folded_value
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games import registry
from core.i18n import guide
from handlers.messages import Button, Tap

#: The game id of every settings button (3 chars; a real game id is 8 hex digits).
TAP_GAME = "cfg"
LANG, GAME, OPTION, SET, HOME = "cfg.lang", "cfg.game", "cfg.opt", "cfg.set", "cfg.home"
#: Buttons per row of the option and value levels.
PER_ROW = 2
#: Most value buttons offered for a number option.
MAX_VALUES = 7
#: The clock times offered as buttons for ``dayEnds`` (any ``HH:MM`` may be typed).
CLOCK_VALUES = ("20:00", "21:00", "22:00", "23:00")

Rows = tuple[tuple[Button, ...], ...]


def options_of(game: str) -> OptionTable | None:
    """The host options of ``game`` (its ``core.games.<game>.settings.OPTIONS``), or ``None``."""
    try:
        module = importlib.import_module(f"core.games.{game}.settings")
    except ModuleNotFoundError:
        return None
    table = getattr(module, "OPTIONS", None)
    return table if isinstance(table, OptionTable) else None


def _tap(kind: str, *args: int | str, menu: bool = False) -> Tap:
    return Tap(game_id=TAP_GAME, phase_seq=None, action=Action(kind=kind, args=args), menu=menu)


def _rows(buttons: list[Button], per_row: int = PER_ROW) -> Rows:
    return tuple(tuple(buttons[i : i + per_row]) for i in range(0, len(buttons), per_row))


def _shown(value: Any) -> str:
    """A preset value as one line: on/off, a list joined by spaces, a mapping as ``key=value`` words."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return " ".join(map(str, value))
    if isinstance(value, dict):
        return " ".join(_shown(v) if isinstance(v, dict) else f"{k}={_shown(v)}" for k, v in value.items())
    return str(value)


def changes(preset: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``(name, value)`` lines of a game's preset: each host option set, then the other entries
    (``pool``, ``cast`` …)."""
    lines = [(name, _shown(value)) for name, value in preset.get("options", {}).items()]
    return lines + [(name, _shown(value)) for name, value in preset.items() if name != "options"]


def overview(settings: dict[str, Any], locale: str) -> tuple[str, Rows]:
    """``/settings``: the group's language and each game's changed settings, with the language buttons
    and one button per game (opens its options)."""
    games = []
    for game in registry():
        pairs = changes(preset_in(settings, game))
        lines = [i18n.text("option.line", locale, game, option=n, value=v) for n, v in pairs]
        body = "\n".join(lines) or i18n.text("settings.game.default", locale, game)
        name = i18n.text("game.name", locale, game)
        games.append(i18n.text("settings.game", locale, game, game=name, changes=body))
    language = i18n.text(f"settings.language.{locale}", locale, "common")
    lifetime = lobby_rules.lobby_seconds(settings)
    zone = clock.zone_of(settings)
    text = i18n.text(
        "settings.overview", locale, "common", language=language, zone=zone, lobby=lifetime,
        games="\n".join(games),
    )  # fmt: skip
    languages = [
        Button(i18n.text(f"settings.language.{lang}", lang, "common"), _tap(LANG, lang))
        for lang in i18n.locales()
    ]
    games_row = [Button(i18n.text("game.name", locale, g), _tap(GAME, g, menu=True)) for g in registry()]
    return text, (tuple(languages), *_rows(games_row))


def preset_in(settings: dict[str, Any], game: str) -> dict[str, Any]:
    """The preset of ``game`` in the group's ``settings`` (empty when none)."""
    preset: dict[str, Any] = settings.get("games", {}).get(game, {})
    return preset


def game_view(game: str, lobby: TableState, shown: list[Notice], locale: str) -> tuple[str, Rows]:
    """``/settings <game>``: the game's own view of its settings (``shown``: the notices of ``/option``
    without a name on a lobby built from the preset) and a button per host option (opens its values)."""
    body = "\n".join(i18n.render(notice, locale, game) for notice in shown)
    name = i18n.text("game.name", locale, game)
    text = i18n.text("settings.game.view", locale, "common", game=name, id=game, options=body)
    table = options_of(game)
    buttons = []
    for option in table.defaults if table else ():
        label = f"{option} = {_shown(table.get(lobby, option)) if table else ''}"
        buttons.append(Button(label, _tap(OPTION, game, option, menu=True)))
    back = Button(i18n.text("settings.button.back", locale, "common"), _tap(HOME, menu=True))
    return text, (*_rows(buttons), (back,))


def option_view(game: str, option: str, lobby: TableState, locale: str) -> tuple[str, Rows] | None:
    """The values offered for ``option`` of ``game`` (``None`` when the game has no such option)."""
    table = options_of(game)
    if table is None or option not in table.defaults:
        return None
    name = i18n.text("game.name", locale, game)
    shown = _shown(table.get(lobby, option))
    text = i18n.text("settings.option.view", locale, "common", game=name, option=option, value=shown)
    return text, _value_rows(table, game, option, lobby, locale)


def option_now(game: str, option: str, lobby: TableState, locale: str) -> tuple[str, Rows]:
    """``/settings <game> <option>``: the value of ``option`` (a name of the game's :class:`OptionTable`)
    in the preset ``lobby``, the values it allows (``on / off``, the words, ``low-high``) and its value
    buttons."""
    table = options_of(game)
    assert table is not None, "option_now needs a game with options"
    params = {
        "game": i18n.text("game.name", locale, game), "id": game, "option": option,
        "value": _shown(table.get(lobby, option)), "allowed": allowed(table, option),
    }  # fmt: skip
    return i18n.text("settings.option.now", locale, "common", **params), _value_rows(
        table, game, option, lobby, locale
    )


def lobby_option_now(game: str, option: str, lobby: TableState, locale: str) -> str:
    """``/option <option>`` alone in a lobby: the value of ``option`` (a name of the game's
    :class:`OptionTable`) in ``lobby`` and the values it allows, and how to change it there
    (``option.now``)."""
    table = options_of(game)
    assert table is not None, "lobby_option_now needs a game with options"
    value = _shown(table.get(lobby, option))
    return i18n.text(
        "option.now", locale, "common", option=option, value=value, allowed=allowed(table, option)
    )


def _value_rows(table: OptionTable, game: str, option: str, lobby: TableState, locale: str) -> Rows:
    current = table.get(lobby, option)
    values = [Button(_shown(v), _tap(SET, game, option, _arg(v))) for v in values_for(table, option, current)]
    back = Button(i18n.text("settings.button.back", locale, "common"), _tap(GAME, game, menu=True))
    return (*_rows(values, 3), (back,))


def allowed(table: OptionTable, option: str) -> str:
    """The values ``option`` takes as ``option.invalid`` words them (:meth:`OptionTable.allowed`)."""
    return table.allowed(option)


def game_prefix(args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The game the first words of ``args`` name (an id, or ``game.name`` in any language or romaji:
    ``徒桜戦争``, ``Politician Werewolf``; :func:`core.i18n.guide.game_named`) and the words after it;
    ``(None, args)`` when they name none."""
    for n in range(len(args), 0, -1):
        game = guide.game_named(" ".join(args[:n]))
        if game in registry():
            return game, args[n:]
    return None, args


def lobby_minutes(typed: str) -> int | Rejected:
    """``/settings lobby <minutes>``: the whole minutes typed, within :data:`core.engine.lobby.LOBBY_BOUNDS`
    (1-1440; read as every option value is, :func:`core.engine.options.folded_value`), else
    ``option.invalid`` with that range."""
    low, high = (bound // 60 for bound in lobby_rules.LOBBY_BOUNDS)
    typed = folded_value(typed)
    if not typed.isdigit() or not low <= int(typed) <= high:
        return Rejected(reason="option.invalid", params={"option": "lobby", "allowed": f"{low}-{high}"})
    return int(typed)


def timezone_view(settings: dict[str, Any], locale: str) -> str:
    """``/settings timezone``: the group's time zone (:func:`core.engine.clock.zone_of`) and how to
    change it."""
    return i18n.text("settings.timezone", locale, "common", zone=clock.zone_of(settings))


def lobby_view(settings: dict[str, Any], locale: str) -> str:
    """``/settings lobby``: how long every game's lobby stays open (``seconds``, shown as a span of time)
    and how to change it (in minutes, ``min``/``max``)."""
    low, high = (bound // 60 for bound in lobby_rules.LOBBY_BOUNDS)
    seconds = lobby_rules.lobby_seconds(settings)
    return i18n.text("settings.lobby", locale, "common", seconds=seconds, min=low, max=high)


def _arg(value: int | bool | str) -> int | str:
    """A value as a button carries it: on/off, a clock time without its colon (``2100``), else itself."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return value.replace(":", "") if isinstance(value, str) else value


def values_for(table: OptionTable, option: str, current: Any) -> list[int | bool | str]:
    """The values a button offers for ``option``: on/off, each word, or for a number the bounds, the
    default, half, one and a half and twice it, and the current value (within the bounds); for a word
    option its words and the current value (a number of 人狼's ``discussionSeconds``); for a clock time
    (``dayEnds``) ``off``, :data:`CLOCK_VALUES` and the current one."""
    default = table.defaults[option]
    if isinstance(default, bool):
        return [True, False]
    if option in table.clocks:
        return list(dict.fromkeys([OFF, *CLOCK_VALUES, str(current)]))
    if isinstance(default, str):
        return list(dict.fromkeys([*table.choices[option], str(current)]))
    low, high = table.bounds[option]
    if high - low < MAX_VALUES:
        return [*range(low, high + 1)]
    picks = {low, high, default, default // 2, default * 3 // 2, default * 2, int(current)}
    return [*sorted(v for v in picks if low <= v <= high)[: MAX_VALUES + 1]]
