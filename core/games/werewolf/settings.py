"""Host options of a classic 人狼 game (``werewolf.md`` §11) and the lobby's ``/option`` command.

``settings["options"]`` holds the §11 keys by their spec names; ``settings["cast"]`` a host cast
(``{role id: cards}``, §4.3) and ``settings["modifiers"]`` the cast modifiers (§4.2); ``settings["setup"]``
is the test mode's injected deal (:func:`core.games.werewolf.setup.injected`). Options may also be typed
by the names and words of the catalogs (``/option 初日占い 白通知``, 人狼GMbot's menu words): see
:func:`typed_option` and :func:`typed_value`.
"""

from __future__ import annotations

from typing import Any, Final

from core.engine import clock
from core.engine.clock import MAX_PHASE_SECONDS as MAX
from core.engine.notice import PUBLIC, KeyRef, Notice, Param, RoleRef, Scalar
from core.engine.options import PRESET, OptionTable
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games.werewolf import casts
from core.games.werewolf.roles import order, roles
from core.i18n.catalog import catalog, fold, locales

#: [WW-11] defaults, in the table's order; seconds for timers; ``discussionSeconds`` ``auto`` = AMB-33.
DEFAULTS: Final[dict[str, int | bool | str]] = {
    "scapegoat": False,
    "firstNightDivination": "random_white",
    "consecutiveGuard": False,
    "selfGuard": False,
    "tieBreak": "none",
    "votePublic": True,
    "discussionSeconds": "auto",
    "voteSeconds": 60,
    "nightSeconds": 90,
    "lastWords": True,
    "lastWordsSeconds": 60,
    "suddenDeathMisses": 2,
    "graveyardReveal": False,
    "afterlife": True,
    "teamChat": "wolves",
    "suspicionReport": False,
    "quietCycleDrawLimit": 3,
    "strictMute": False,
    "dayEnds": "off",
}
#: The shortest fixed discussion (seconds).
MIN_DISCUSSION: Final = 120
#: The numbers an option takes; ``discussionSeconds`` takes ``auto`` or seconds (:data:`DISCUSSION`).
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "voteSeconds": (15, MAX),
    "nightSeconds": (15, MAX),
    "lastWordsSeconds": (10, MAX),
    "suddenDeathMisses": (0, 5),
    "quietCycleDrawLimit": (0, 10),
    "discussionSeconds": (MIN_DISCUSSION, MAX),
}
#: 人狼GMbot's 議論時間: 自動 or 2-15 minutes (SRC-2; AMB-33); any number of seconds from the shortest of
#: them up to the 48-hour cap is taken too (long games, docs/architecture.md "Long games").
DISCUSSION: Final = ("auto", *(str(m * 60) for m in range(2, 16)))
#: The ``long`` preset (docs/rules/werewolf-decisions.md "Long games"): a discussion of 12
#: hours, a vote of 2 hours, a night of 10 hours (overnight), last words of 1 hour.
LONG: Final[dict[str, int | bool | str]] = {
    "discussionSeconds": "43200", "voteSeconds": 7200, "nightSeconds": 36000, "lastWordsSeconds": 3600,
}  # fmt: skip
_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "firstNightDivination": ("none", "free", "random_white"),
    "tieBreak": ("none", "random"),
    "discussionSeconds": DISCUSSION,
    "teamChat": ("none", "wolves", "all"),
}
OPTIONS: Final = OptionTable(DEFAULTS, _BOUNDS, _CHOICES, long=LONG, clocks=frozenset({"dayEnds"}))
#: Settings set by ``/option`` besides the §11 table.
EXTRA: Final = ("cast", "modifiers")


def option(state: TableState, name: str) -> Any:
    """The value of option ``name`` (a key of :data:`DEFAULTS`): the host's, else the default."""
    return OPTIONS.get(state, name)


def discussion_seconds(state: TableState, living: int) -> int:
    """[WW-6.5] the discussion's length: the fixed value, or ``auto`` = 120 + 30 × living, at most 900."""
    value = option(state, "discussionSeconds")
    return min(900, 120 + 30 * living) if value == "auto" else int(value)


def day_seconds(state: TableState, living: int, now: int) -> int:
    """The day's discussion from ``now``: :func:`discussion_seconds`, or until the next ``dayEnds`` clock
    time of the group's zone when that option is set (:func:`core.engine.clock.ending_at`)."""
    seconds = discussion_seconds(state, living)
    return clock.ending_at(seconds, now=now, settings=state.settings, ends=option(state, "dayEnds"))


# -- typed names ------------------------------------------------------------------------------------
def _names(key: str) -> set[str]:
    """The folded texts of catalog ``key`` in every locale (empty where a locale has none)."""
    return {fold(text) for locale in locales() if (text := catalog(locale, "werewolf").get(key))}


def typed_option(typed: str) -> str | None:
    """The option (or ``cast``/``modifiers``) named ``typed``: its id in any case, or its catalog name
    ``option.name.<id>`` in any locale (``初日占い``)."""
    found = OPTIONS.find(typed) or next((e for e in EXTRA if e == typed.lower()), None)
    if found:
        return found
    return next((k for k in (*DEFAULTS, *EXTRA) if fold(typed) in _names(f"option.name.{k}")), None)


def _words(name: str) -> list[str]:
    default = DEFAULTS[name]
    return ["on", "off"] if isinstance(default, bool) else list(_CHOICES.get(name, ()))


def typed_value(name: str, typed: str) -> str:
    """The value word of option ``name`` typed as ``typed``: a catalog word ``option.value.<name>.<v>``
    or ``option.value.<v>`` in any locale (``白通知``, ``あり``, ``自動``) becomes ``v``; anything else
    is kept as typed (for :meth:`OptionTable.set` to judge)."""
    for word in _words(name):
        if fold(typed) in _names(f"option.value.{name}.{word}") | _names(f"option.value.{word}"):
            return word
    return typed


# -- /option -----------------------------------------------------------------------------------------
def configure(state: TableState, name: str, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/option <name> [values…]`` in the lobby: without a name or values, show the settings; ``cast
    default`` or ``cast role=count …`` (a host cast, checked by :func:`casts.shape`); ``modifiers none``
    or ``modifiers fanatic nekomata …`` (§4.2); any §11 key sets that option. Refuses ``option.unknown``,
    ``option.invalid`` (with the allowed words or range), ``cast.syntax``, ``cast.*`` and
    ``cast.modifier_unknown``."""
    if name in ("", "show"):
        return [_shown(state)]
    if name.lower() == PRESET:
        refused = OPTIONS.configure(state, name, values)
        return refused or [_shown(state)]
    key = typed_option(name)
    if key is None:
        return Rejected(reason="option.unknown", params={"options": ", ".join([*EXTRA, PRESET, *DEFAULTS])})
    if values:
        refused = _set(state, key, values)
        if refused:
            return refused
    return [_shown(state)]


def _set(state: TableState, key: str, values: tuple[str, ...]) -> Rejected | None:
    if key == "cast":
        return _set_cast(state, values)
    if key == "modifiers":
        return _set_modifiers(state, values)
    return OPTIONS.set(state, key, typed_value(key, values[0]))


def _set_cast(state: TableState, values: tuple[str, ...]) -> Rejected | None:
    if values[0].lower() in ("default", "standard", "標準"):
        state.settings.pop("cast", None)
        return None
    cast: dict[str, int] = {}
    for word in values:
        name, _, count = word.partition("=")
        if not count.isdigit() or name not in roles():
            return Rejected(reason="cast.syntax", params={"word": word, "roles": _role_list()})
        if int(count):
            cast[name] = int(count)
    refused = casts.shape(cast)
    if refused:
        return refused
    state.settings["cast"] = cast
    return None


def _set_modifiers(state: TableState, values: tuple[str, ...]) -> Rejected | None:
    chosen: list[str] = []
    for word in values:
        found = next((m for m in casts.MODIFIERS if fold(word) in {m, *_names(f"modifier.{m}")}), None)
        if found is None and word.lower() not in ("none", "なし"):
            names: list[Scalar] = [KeyRef(key=f"modifier.{m}") for m in casts.MODIFIERS]
            return Rejected(reason="cast.modifier_unknown", params={"word": word, "modifiers": names})
        if found and found not in chosen:
            chosen.append(found)
    if chosen:
        state.settings["modifiers"] = [m for m in casts.MODIFIERS if m in chosen]
    else:
        state.settings.pop("modifiers", None)
    return None


def _role_list() -> list[Scalar]:
    return [RoleRef(id=r) for r in order()]


# -- what the lobby shows -----------------------------------------------------------------------------
def cast_for(state: TableState, humans: int) -> dict[str, int] | Rejected:
    """The cast dealt to ``humans`` players now: the host cast, else the [WW-4.1] cast of ``S`` seats
    with the modifiers; then V1-V8 (:func:`casts.check`)."""
    scapegoat = bool(option(state, "scapegoat"))
    custom = state.settings.get("cast")
    if custom:
        cast: dict[str, int] | Rejected = dict(custom)
    else:
        base = casts.standard(humans + int(scapegoat))
        if base is None:
            return Rejected(
                reason="cast.v8", params={"min": casts.MIN_PLAYERS, "max": casts.MAX_PLAYERS,
                                          "seats": casts.MAX_SEATS},
            )  # fmt: skip
        cast = casts.modified(base, list(state.settings.get("modifiers", [])))
    if isinstance(cast, Rejected):
        return cast
    return casts.check(cast, humans, scapegoat) or cast


def composition(cast: dict[str, int]) -> list[Scalar]:
    """One ``composition.line`` per role of ``cast`` (role and count), in §3.1 order [WW-6.2]."""
    return [
        KeyRef(key="composition.line", params={"role": RoleRef(id=r), "count": cast[r]})
        for r in order()
        if cast.get(r)
    ]


def option_lines(state: TableState) -> list[Scalar]:
    """One ``option.shown`` line per §11 option with its value now, by catalog name and word; ``dayEnds``
    (long games, docs/architecture.md "Long games") only when it is set."""
    return [
        KeyRef(key="option.shown", params={
            "option": KeyRef(key=f"option.name.{name}"), "value": value_ref(name, option(state, name)),
        })
        for name in DEFAULTS
        if name != "dayEnds" or option(state, name) != "off"
    ]  # fmt: skip


def value_ref(name: str, value: Any) -> Scalar:
    """An option value as the lobby shows it: its catalog word, or ``option.seconds`` for a number of
    seconds (a span of time in the locale's words, 「12時間」), or the number."""
    if isinstance(value, bool):
        word = "on" if value else "off"
        specific = f"option.value.{name}.{word}"
        return KeyRef(key=specific if _names(specific) else f"option.value.{word}")
    if isinstance(value, str) and _names(f"option.value.{name}.{value}"):
        return KeyRef(key=f"option.value.{name}.{value}")
    if name.endswith("Seconds"):
        return KeyRef(key="option.seconds", params={"n": int(value)})
    return int(value) if isinstance(value, int) else str(value)


def summary(state: TableState) -> dict[str, Param]:
    """The lobby's view (the params of ``lobby.options``): the cast for the players now (4 while fewer
    have joined) or why it cannot be dealt, whether it is the host's, the modifiers, the warning, and every
    option."""
    humans = min(max(len(state.members), casts.MIN_PLAYERS), casts.MAX_PLAYERS)
    cast = cast_for(state, humans)
    problem: Scalar = ""
    shown = cast if not isinstance(cast, Rejected) else {}
    if isinstance(cast, Rejected):
        problem = KeyRef(key=f"reason.{cast.reason}", params=cast.params)
    return {
        "players": humans,
        "seats": humans + int(bool(option(state, "scapegoat"))),
        "cast": composition(shown),
        "custom": KeyRef(key="lobby.cast.custom") if state.settings.get("cast") else "",
        "modifiers": _modifiers(state),
        "problem": problem,
        "warning": KeyRef(key="cast.warning") if shown and casts.warns(shown) else "",
        "options": option_lines(state),
    }


def _modifiers(state: TableState) -> Scalar:
    """``lobby.modifiers`` naming the chosen modifiers, or "" without any."""
    chosen: list[Scalar] = [KeyRef(key=f"modifier.{m}") for m in state.settings.get("modifiers", [])]
    return KeyRef(key="lobby.modifiers", params={"modifiers": chosen}) if chosen else ""


def _shown(state: TableState) -> Notice:
    return Notice(key="lobby.options", to=PUBLIC, params=summary(state), phase_seq=state.phase_seq)
