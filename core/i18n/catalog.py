"""Message catalogs: TOML files ``core/i18n/<locale>/<namespace>.toml`` read as package data.

Each file maps dotted keys (``night.inspect.result``) to ``str.format`` templates with named fields only.
Locales and namespaces are discovered from the files present (no central list): a new game adds its
``<game>.toml`` to every locale directory. Japanese (``ja``) is the reference locale and the fallback for
an unknown locale. Reading package data is not world I/O: the files ship with the code and never change
while it runs, so every catalog is parsed once and cached.

File format: keys are the table path plus the key, joined by dots, so ``"night.prompt" = "…"`` at the top
level and ``prompt = "…"`` under ``[night]`` both define ``night.prompt``. A key defined twice (in any
spelling), a non-string value or a positional/attribute field (``{}``, ``{0}``, ``{a.b}``) is an error.

A field may carry one format spec, ``duration`` (``{left:duration}``): its param is a span of time in
whole seconds (an ``int``), rendered in the locale's words (``core.i18n.render.duration``: 「12時間30分」,
"12 h 30 min"); the template writes no unit of its own. Any other spec or a conversion (``{a!r}``) is an
error, and a field is marked in every place it appears or in none.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from string import Formatter
from types import MappingProxyType

REFERENCE = "ja"
#: The one format spec a field may carry: its param is a number of seconds shown as a span of time.
DURATION = "duration"
COMMON = "common"
_PACKAGE = "core.i18n"


class CatalogError(ValueError):
    """A catalog file breaks the format above (duplicate key, non-string value, unnamed field)."""


@cache  # every render asks, for the same few hundred templates
def placeholders(template: str) -> frozenset[str]:
    """The named fields of a ``str.format`` template: ``"{a0}に投票"`` → ``{"a0"}``,
    ``"残り{left:duration}"`` → ``{"left"}``.

    Raises :class:`CatalogError` for a positional (``{}``, ``{0}``) or compound (``{a.b}``, ``{a[0]}``)
    field, a conversion, a format spec other than ``duration`` (module docstring), a field marked in one
    place and not another, or a malformed template (unbalanced braces).
    """
    return frozenset(_fields(template))


@cache
def durations(template: str) -> frozenset[str]:
    """The fields of ``template`` marked ``:duration`` (seconds shown as a span of time):
    ``"夜{n} (残り{left:duration})"`` → ``{"left"}``. Raises :class:`CatalogError` as :func:`placeholders`."""
    return frozenset(name for name, spec in _fields(template).items() if spec == DURATION)


@cache
def unmarked(template: str) -> str:
    """``template`` with its ``:duration`` marks removed, ready for ``str.format_map`` with text values:
    ``"残り{left:duration}"`` → ``"残り{left}"``. Raises :class:`CatalogError` as :func:`placeholders`."""
    if not durations(template):
        return template
    return "".join(
        literal.replace("{", "{{").replace("}", "}}") + ("" if name is None else f"{{{name}}}")
        for literal, name, _, _ in Formatter().parse(template)
    )


@cache
def shape(template: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """``(characters outside the fields, ((field name, how many times it appears), …))``: the text made
    from ``template`` by ``str.format`` is that many characters plus each field's text once per appearance
    (``"{a}と{b}、{a}"`` → ``(2, (("a", 2), ("b", 1)))``; ``{{`` counts as the one ``{`` it makes). Raises
    :class:`CatalogError` as :func:`placeholders`."""
    _fields(template)  # its errors
    literal = 0
    counts: dict[str, int] = {}
    for text, name, _, _ in Formatter().parse(template):
        literal += len(text)
        if name is not None:
            counts[name] = counts.get(name, 0) + 1
    return literal, tuple(counts.items())


@cache
def _fields(template: str) -> dict[str, str]:
    """``{field name: its format spec}`` (``""`` when unmarked); see :func:`placeholders` for the errors."""
    try:
        parsed = [(name, spec, conv) for _, name, spec, conv in Formatter().parse(template)]
    except ValueError as exc:
        raise CatalogError(f"malformed template {template!r}: {exc}") from exc
    fields: dict[str, str] = {}
    for name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier():
            raise CatalogError(f"field {{{name}}} in {template!r} is not a plain name")
        if conversion is not None or spec not in ("", DURATION):
            raise CatalogError(f"field {{{name}}} in {template!r} may only be marked :{DURATION}")
        if fields.setdefault(name, spec) != spec:
            raise CatalogError(f"field {{{name}}} in {template!r} is marked :{DURATION} in one place only")
    return fields


def flatten(table: Mapping[str, object], source: str) -> dict[str, str]:
    """Flatten parsed TOML into ``{dotted key: template}``; ``source`` names the file in errors.

    Raises :class:`CatalogError` for a duplicate dotted key, a non-string leaf or a bad template.
    """
    out: dict[str, str] = {}
    _flatten_into(table, "", out, source)
    return out


def _flatten_into(table: Mapping[str, object], prefix: str, out: dict[str, str], source: str) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            _flatten_into(value, f"{key}.", out, source)
            continue
        if not isinstance(value, str):
            raise CatalogError(f"{source}: {key} must be a string, not {type(value).__name__}")
        if key in out:
            raise CatalogError(f"{source}: {key} is defined twice")
        placeholders(value)
        out[key] = value


def _root() -> Traversable:
    return files(_PACKAGE)


def _is_locale_dir(entry: Traversable) -> bool:
    return (
        entry.is_dir()
        and not entry.name.startswith(("_", "."))
        and any(child.name.endswith(".toml") for child in entry.iterdir())
    )


@cache
def locales() -> tuple[str, ...]:
    """Every locale with a catalog directory, reference first: ``("ja", "en")``."""
    found = sorted(entry.name for entry in _root().iterdir() if _is_locale_dir(entry))
    return tuple(sorted(found, key=lambda name: name != REFERENCE))


@cache
def namespaces(locale: str) -> tuple[str, ...]:
    """The namespaces (file stems: ``common``, ``adazakura`` …) of ``locale``, sorted; ``()`` if none."""
    if locale not in locales():
        return ()
    folder = _root().joinpath(locale)
    return tuple(sorted(e.name.removesuffix(".toml") for e in folder.iterdir() if e.name.endswith(".toml")))


@cache
def catalog(locale: str, namespace: str) -> Mapping[str, str]:
    """The read-only ``{key: template}`` of one file; empty if the file does not exist.

    Raises :class:`CatalogError` (or ``tomllib.TOMLDecodeError``) for a malformed file.
    """
    if namespace not in namespaces(locale):
        return MappingProxyType({})
    source = f"{locale}/{namespace}.toml"
    data = tomllib.loads(_root().joinpath(locale, f"{namespace}.toml").read_text(encoding="utf-8"))
    return MappingProxyType(flatten(data, source))


@cache  # every render asks, for the same few language tags
def resolve_locale(locale: str) -> str:
    """A catalog locale for a platform language tag: ``"en-US"`` → ``"en"``; unknown or empty → ``"ja"``."""
    primary = locale.strip().lower().replace("_", "-").split("-")[0]
    return primary if primary in locales() else REFERENCE


def find(key: str, locale: str, game: str) -> str | None:
    """The template of ``key`` for an already resolved ``locale``: the game's namespace, then ``common``."""
    for namespace in (game, COMMON):
        template = catalog(locale, namespace).get(key)
        if template is not None:
            return template
    return None


def lookup(key: str, locale: str, game: str) -> str:
    """Like :func:`find`, for any locale tag; raises ``KeyError`` when neither namespace has ``key``."""
    resolved = resolve_locale(locale)
    template = find(key, resolved, game)
    if template is None:
        raise KeyError(f"{key!r} is in neither {resolved}/{game}.toml nor {resolved}/{COMMON}.toml")
    return template


def texts(prefix: str, locale: str, game: str) -> dict[str, str]:
    """Every template whose key starts with ``prefix`` (``"console.ui."``), keyed without the prefix: the
    ``common`` ones overridden by the game's own, for any locale tag (unknown → ``ja``). Templates are
    returned unrendered (their ``{fields}`` kept)."""
    resolved = resolve_locale(locale)
    found: dict[str, str] = {}
    for namespace in (COMMON, game):
        for key, template in catalog(resolved, namespace).items():
            if key.startswith(prefix):
                found[key.removeprefix(prefix)] = template
    return found


def has_key(key: str, locale: str, game: str) -> bool:
    """Whether :func:`lookup` would find ``key``."""
    return find(key, resolve_locale(locale), game) is not None


def worded(key: str, variant: str | None, locale: str, game: str) -> str:
    """``<key>.<variant>`` when the catalog has that text for ``locale`` (any tag) and ``game``, else
    ``key``: the key a wording variant renders (``worded("night.start", "console", "ja", "adazakura")`` →
    ``"night.start.console"``). ``variant`` None → ``key``."""
    if variant is None:
        return key
    specific = f"{key}.{variant}"
    return specific if has_key(specific, locale, game) else key


#: Old kana a player rarely types: カナヱ and カムヰ are found as カナエ and カムイ too.
_OLD_KANA = str.maketrans({"ヱ": "エ", "ヰ": "イ"})
_HIRAGANA = range(ord("ぁ"), ord("ゖ") + 1)


def fold(name: str) -> str:
    """A typed name reduced for matching (Unicode NFKC, case, hiragana as katakana, old kana ヱ ヰ as エ イ,
    no spaces or underscores): ``"ゆりな"``, ``"ユリナ"`` and ``"ﾕﾘﾅ"`` all fold to ``"ユリナ"``, and
    ``"にんげんの党党員"`` matches ``"にんげんの党 党員"`` (a chat command splits words at spaces)."""
    text = "".join(unicodedata.normalize("NFKC", name).lower().replace("_", " ").split())
    text = "".join(chr(ord(c) + 0x60) if ord(c) in _HIRAGANA else c for c in text)
    return text.translate(_OLD_KANA)


@cache
def role_names(game: str) -> dict[str, str]:
    """``{folded name: role id}`` for typed commands: every ``role.<id>.name`` of ``game`` in every locale,
    plus each id itself (``/co ユリナ``, ``/co ゆりな``, ``/co Yurina``, ``/co yurina``); see :func:`fold`."""
    found: dict[str, str] = {}
    for locale in locales():
        for key, name in catalog(locale, game).items() if game in namespaces(locale) else ():
            parts = key.split(".")
            if len(parts) == 3 and parts[0] == "role" and parts[2] == "name":
                found[fold(parts[1])] = parts[1]
                found[fold(name)] = parts[1]
    return found


def role_id(game: str, typed: str) -> str | None:
    """The role id a player typed by name or id in any catalog language, or None."""
    return role_names(game).get(fold(typed))


#: A printed card number at the end of a card name: ``"交換(5)"``, ``"Exchange (5)"`` (after :func:`fold`).
_CARD_NUMBER = re.compile(r"\(\d+\)$")


def _card_fold(name: str) -> str:
    """:func:`fold` without a trailing printed number, then only letters and digits: ``"捜査（左）(4)"``,
    ``"捜査 左"`` and ``"捜査(左)"`` all fold to ``"捜査左"``; ``"Investigation Left (4)"`` and
    ``"investigation_left"`` to ``"investigationleft"``."""
    return "".join(c for c in _CARD_NUMBER.sub("", fold(name)) if c.isalnum())


@cache
def card_names(game: str) -> dict[str, str]:
    """``{folded name: card type id}`` for typed commands: every ``card.<TYPE>`` of ``game`` (``TYPE`` in
    capitals, as DEATH NOTE 人狼's ``card.EXCHANGE``) in every locale, plus each type id itself
    (``/play 交換``, ``/play Exchange``, ``/play exchange``); ``{}`` for a game without cards."""
    found: dict[str, str] = {}
    for locale in locales():
        for key, name in catalog(locale, game).items() if game in namespaces(locale) else ():
            parts = key.split(".")
            if len(parts) == 2 and parts[0] == "card" and parts[1].isupper():
                found[_card_fold(parts[1])] = parts[1]
                found[_card_fold(name)] = parts[1]
    return found


def card_id(game: str, typed: str) -> str | None:
    """The card type id a player typed by name or id in any catalog language, or None."""
    return card_names(game).get(_card_fold(typed))
