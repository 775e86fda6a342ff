"""Render notices, refusals and action buttons into text in the chat's language.

The core hands over catalog keys with typed params (``core.engine.notice``); this module picks the
template (the game's namespace, then ``common``) and renders each param by its kind:

- ``PlayerRef`` → ``ref.player`` ("3番 Alice" / "seat 3 (Alice)");
- ``RoleRef`` → ``role.<id>.name``; ``FactionRef`` → ``faction.<id>``; ``CardRef`` → ``card.<id>``;
- ``KeyRef`` → its key, rendered recursively with its own params;
- a list → its items joined by ``list.separator`` ("、" / ", "), except a list of ``KeyRef`` only, whose
  items are whole lines (night results, end-of-game seats) and are joined by line breaks;
- ``bool``/``int``/``str`` → ``str()``;
- an ``int`` in a field the template marks ``{name:duration}`` → a span of time (:func:`duration`).

Only the fields a template names are rendered. A missing key or a missing param raises ``KeyError``.

A wording variant (``variant="console"``: the player console is the primary private channel) renders
every key that has a ``<key>.<variant>`` text with that text instead, nested ``KeyRef`` params included,
and every other key as usual (:func:`core.i18n.catalog.worded`). A variant keeps its key's placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from core.engine.notice import Action, CardRef, FactionRef, KeyRef, Notice, Param, PlayerRef, RoleRef
from core.i18n.catalog import (
    durations,
    has_key,
    locales,
    lookup,
    placeholders,
    resolve_locale,
    shape,
    unmarked,
    worded,
)


def render(notice: Notice, locale: str, game: str, *, variant: str | None = None) -> str:
    """The text of ``notice`` (its key and params; its actions are buttons, see :func:`render_action`).

    ``locale``: a platform language tag (``ja``, ``en-US`` …; unknown → ``ja``). ``game``: the game id,
    whose catalog is searched before ``common``. ``variant``: a wording variant (module docstring).
    Raises ``KeyError`` for a missing key or param. Leading and trailing blank space is dropped, so a
    template may end with optional lines (an empty list).
    """
    return render_key(notice.key, notice.params, locale, game, variant=variant).strip()


def render_key(
    key: str, params: Mapping[str, Param], locale: str, game: str, *, variant: str | None = None
) -> str:
    """Render catalog ``key`` (its ``variant`` text where the catalog has one, see the module docstring)
    with ``params``; raises ``KeyError`` for a missing key or a missing param.

    Params the template does not name are ignored (never rendered, so never looked up). A template line
    that is a single placeholder whose value renders empty (an optional part: no missing voters, no
    warning) is left out, so optional parts never leave blank lines.
    """
    resolved = resolve_locale(locale)
    marked = lookup(worded(key, variant, resolved, game), resolved, game)
    spans = durations(marked)
    template = unmarked(marked)
    values: dict[str, str] = {}
    for name in placeholders(template):
        if name not in params:
            raise KeyError(f"{key!r} needs param {name!r}")
        value = params[name]
        if name in spans:
            if type(value) is not int:
                raise TypeError(f"{key!r} shows {name!r} as a duration of whole seconds, not {value!r}")
            values[name] = duration(value, resolved, game)
        else:
            values[name] = render_param(value, resolved, game, variant=variant)
    if "\n" in template:
        lines = template.split("\n")
        template = "\n".join(line for line in lines if not _empty_line(line, values))
    return template.format_map(values)


#: The units of a span of time, largest first: (seconds in one, catalog key of "{n} of them").
_UNITS = (
    (86400, "duration.days"),
    (3600, "duration.hours"),
    (60, "duration.minutes"),
    (1, "duration.seconds"),
)


@lru_cache(maxsize=4096)
def duration(seconds: int, locale: str, game: str = "common") -> str:
    """A span of ``seconds`` as people read it: its largest unit and, when not zero, the next one down,
    the rest dropped (rounded down). ja 「45秒」「2分」「2分30秒」「1時間」「12時間30分」「2日」「1日12時間」;
    en "45 s", "2 min", "2 min 30 s", "1 h", "12 h 30 min", "2 d", "1 d 12 h". ``0`` → 「0秒」/"0 s".

    The words are the catalog's ``duration.days|hours|minutes|seconds`` (``{n}``), two of them joined by
    ``duration.pair`` (``{larger}``, ``{smaller}``), looked up in ``game``'s catalog then ``common``, for
    any locale tag (unknown → ``ja``). Raises ``ValueError`` for a negative span. Source: the catalog's
    ``:duration`` fields (:mod:`core.i18n.catalog`); a phase lasts at most 48 hours (``core.engine.clock``).
    """
    if seconds < 0:
        raise ValueError(f"a span of time cannot be negative: {seconds}")
    index = next((i for i, (size, _) in enumerate(_UNITS) if seconds >= size), len(_UNITS) - 1)
    size, key = _UNITS[index]
    larger = render_key(key, {"n": seconds // size}, locale, game)
    if index + 1 == len(_UNITS) or seconds % size < _UNITS[index + 1][0]:
        return larger
    small_size, small_key = _UNITS[index + 1]
    smaller = render_key(small_key, {"n": seconds % size // small_size}, locale, game)
    return render_key("duration.pair", {"larger": larger, "smaller": smaller}, locale, game)


def _empty_line(line: str, values: Mapping[str, str]) -> bool:
    """Whether a template ``line`` is one ``{placeholder}`` whose value is empty."""
    name = line[1:-1]
    return line.startswith("{") and line.endswith("}") and name.isidentifier() and values.get(name) == ""


def render_param(
    value: Param | tuple[Param, ...], locale: str, game: str, *, variant: str | None = None
) -> str:
    """One param as text, by kind (see the module docstring); a ``KeyRef`` in its ``variant`` wording
    where the catalog has one. Raises ``KeyError`` for a missing key."""
    if isinstance(value, _NAMED):
        return _render_ref(value, locale, game)
    if isinstance(value, KeyRef):
        return render_key(value.key, value.params, locale, game, variant=variant)
    if isinstance(value, (list, tuple)):
        lines = bool(value) and all(isinstance(item, KeyRef) for item in value)
        separator = "\n" if lines else lookup("list.separator", locale, game)
        return separator.join(render_param(item, locale, game, variant=variant) for item in value)
    return str(value)


#: The references rendered by name alone, never in a wording variant (:func:`_render_ref`).
_NAMED = (PlayerRef, RoleRef, FactionRef, CardRef)


@lru_cache(maxsize=4096)
def _render_ref(value: PlayerRef | RoleRef | FactionRef | CardRef, locale: str, game: str) -> str:
    """A player, role, faction or card by name. Memoised: a reference is frozen and the catalogs never
    change while the code runs (:mod:`core.i18n.catalog`), so its text in a locale and game is always the
    same; a recap or a vote's ballots name the same few players line after line."""
    if isinstance(value, PlayerRef):
        return render_key("ref.player", {"seat": value.seat, "name": value.name}, locale, game)
    if isinstance(value, RoleRef):
        return render_key(f"role.{value.id}.name", {}, locale, game)
    if isinstance(value, FactionRef):
        return render_key(f"faction.{value.id}", {}, locale, game)
    return render_key(f"card.{value.id}", {}, locale, game)


def length_bound(key: str, params: Mapping[str, Param], game: str) -> int:
    """At least the length of ``render_key(key, params, locale, game)`` in every catalog locale (no wording
    variant), counted from lengths without building the text: a caller that only needs to know a text is
    short enough (the 徒桜戦争 recap's message splitting) is spared rendering it in every locale. Raises
    ``KeyError`` for a key or a param missing in any locale.

    Why it is a bound: in each locale a rendered text is its template's characters outside the fields
    plus each field's text once per appearance (:func:`~core.i18n.catalog.shape`), less any line dropped
    for an empty optional value; :func:`_widest` takes the most of each over the locales, and each
    field's text is at most :func:`_param_bound` of its param, which bounds :func:`render_param` in every
    locale the same way, down to names (the longest locale's) and plain values (exact). A key with a
    ``:duration`` field is rendered (rare, and a span of time's words are the locale's).
    """
    widest = _widest(key, game)
    if widest is None:
        return max(len(render_key(key, params, locale, game)) for locale in locales())
    size, fields = widest
    for name, count in fields:
        if name not in params:
            raise KeyError(f"{key!r} needs param {name!r}")
        size += count * _param_bound(params[name], game)
    return size


@cache
def _widest(key: str, game: str) -> tuple[int, tuple[tuple[str, int], ...]] | None:
    """``key``'s :func:`~core.i18n.catalog.shape` at its widest over the locales: the most characters
    outside the fields, and each field's most appearances; ``None`` when a template has a ``:duration``
    field. Raises ``KeyError`` when a locale lacks ``key``."""
    templates = [lookup(key, locale, game) for locale in locales()]
    if any(durations(template) for template in templates):
        return None
    shapes = [shape(template) for template in templates]
    counts: dict[str, int] = {}
    for _, fields in shapes:
        for name, count in fields:
            counts[name] = max(counts.get(name, 0), count)
    return max(literal for literal, _ in shapes), tuple(counts.items())


def _param_bound(value: Param | tuple[Param, ...], game: str) -> int:
    """At least the length of ``render_param(value, locale, game)`` in every locale (:func:`length_bound`).

    The kinds in another order than :func:`render_param`'s (each value is of one kind only, so the text is
    the same), plain values first: ``isinstance`` against a reference class goes through ``ABCMeta``, about
    0.1 us for each class it is not (measured), and most values of a recap line are numbers and seats."""
    if isinstance(value, (int, str)):
        return len(str(value))
    if isinstance(value, (list, tuple)):
        lines = bool(value) and all(isinstance(item, KeyRef) for item in value)
        separator = 1 if lines else _separator_length(game)
        return sum(_param_bound(item, game) for item in value) + separator * max(len(value) - 1, 0)
    if isinstance(value, KeyRef):
        return length_bound(value.key, value.params, game)
    return _ref_length(value, game)  # the one kind left: a reference by name (_NAMED)


@cache
def _separator_length(game: str) -> int:
    """The length of ``list.separator`` in its longest locale."""
    return max(len(lookup("list.separator", locale, game)) for locale in locales())


@lru_cache(maxsize=4096)
def _ref_length(value: PlayerRef | RoleRef | FactionRef | CardRef, game: str) -> int:
    """The length of a name in its longest locale (memoised like :func:`_render_ref`)."""
    return max(len(_render_ref(value, locale, game)) for locale in locales())


def render_action(action: Action, locale: str, game: str, names: Mapping[int, str]) -> str:
    """The button label of ``action``: key ``action.<kind>`` with its args as ``{a0}``, ``{a1}`` ….

    Two more specific keys win when they exist, so one kind can word its variants well: for a str first
    arg, ``action.<kind>.<arg>`` (``action.vote.none`` "棄権する", ``action.night.shinra.deck``); then, by
    the number of args, ``action.<kind>.<n>`` (``action.night.yatsuha.2`` for a look at two players).

    An int arg found in ``names`` (``{seat: display name}``) renders as a player ("3番 Alice"), any
    other int as the number. A str arg renders as ``option.<kind>.<arg>`` if that key exists, else as the
    role name if ``role.<arg>.name`` exists (Megami ids), else as the card name if ``card.<arg>`` exists
    (DEATH NOTE 人狼's card types), else as the raw id. Raises ``KeyError`` when
    ``action.<kind>`` is missing.
    """
    params: dict[str, Param] = {
        f"a{index}": _action_arg(action.kind, arg, locale, game, names)
        for index, arg in enumerate(action.args)
    }
    return render_key(_action_key(action, locale, game), params, locale, game)


def _action_key(action: Action, locale: str, game: str) -> str:
    first = action.args[0] if action.args else None
    specific = [f"action.{action.kind}.{first}"] if isinstance(first, str) else []
    specific.append(f"action.{action.kind}.{len(action.args)}")
    return next((key for key in specific if has_key(key, locale, game)), f"action.{action.kind}")


def _action_arg(kind: str, arg: int | str, locale: str, game: str, names: Mapping[int, str]) -> Param:
    if isinstance(arg, int):
        return PlayerRef(seat=arg, name=names[arg]) if arg in names else arg
    if has_key(f"option.{kind}.{arg}", locale, game):
        return KeyRef(key=f"option.{kind}.{arg}")
    if has_key(f"role.{arg}.name", locale, game):
        return RoleRef(id=arg)
    if has_key(f"card.{arg}", locale, game):
        return CardRef(id=arg)
    return arg


def text(key: str, locale: str, game: str, /, **params: Param) -> str:
    """Shorthand for shells: ``text("reason.lobby.full", "ja", "adazakura", max=16)``.

    The first three arguments are positional-only, so ``key``, ``locale`` and ``game`` stay usable as
    param names. Raises ``KeyError`` like :func:`render_key`.
    """
    return render_key(key, params, locale, game)
