"""Help texts chosen from the catalogs: ``/help`` for a phase, ``/rules`` of a game and
``/role`` of any role, Megami, identity card or card, in one locale.

Pure: every text comes from ``core/i18n/<locale>/*.toml``; nothing here knows the rules. What a name can
be looked up by is read from the catalogs too: ``role.<id>.name`` (徒桜戦争's Megami, 政治家人狼's roles,
DEATH NOTE 人狼's roles), ``identity.<ID>`` and ``card.<TYPE>`` (DEATH NOTE 人狼), each in every locale,
each id itself, the part of a printed name in brackets (``キラ（夜神月）`` → ``夜神月``), and the other
spellings (romaji, other usual names) of each game's catalogs, ``<key>.aliases`` (:func:`aliases`). Names
are matched after :func:`fold` with only letters and
digits kept and a printed card number dropped, so ``にんげんの党 党員``, ``ニンゲンノ党党員`` and
``交換(5)``/``交換`` match.

Keys used (game namespace first, then ``common``): ``help.phase.<phase>`` and ``help``; ``rules.summary``,
``rules.text``, ``rules.choose(.line)``, ``rules.unknown``; ``guide.title.<kind>``, ``guide.variant.<v>``
(labels of ``role.<id>.text.<v>``), ``guide.side.<role>``, ``guide.identity.<ID>``, ``guide.card.<TYPE>``,
``guide.ambiguous``, ``guide.candidate``, ``guide.unknown``, ``guide.list(.game)``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal

from core.i18n.catalog import COMMON, REFERENCE, catalog, fold, has_key, locales, namespaces
from core.i18n.render import text

Kind = Literal["role", "identity", "card"]

#: What separates the spellings of an ``<key>.aliases`` text (Japanese or Latin commas).
_ALIAS_SPLIT = re.compile(r"[、,]")
#: Characters of a player's input a reply repeats at most (``/role``, ``/rules``, ``/pool``), and the mark
#: of a cut.
ECHO, CUT = 24, "…"
_NUMBER = re.compile(r"\(\d+\)$")
_BRACKETED = re.compile(r"\((.+)\)$")


@dataclass(frozen=True)
class Topic:
    """What ``/role`` explains: a ``role`` (Megami, role), an ``identity`` card or a ``card`` of ``game``."""

    game: str
    kind: Kind
    id: str

    @property
    def key(self) -> str:
        """The catalog key of its name: ``role.<id>.name``, ``identity.<ID>`` or ``card.<TYPE>``."""
        return f"role.{self.id}.name" if self.kind == "role" else f"{self.kind}.{self.id}"


def match_key(name: str) -> str:
    """``name`` reduced for matching: :func:`fold`, a trailing printed number dropped, letters and digits
    only (``"捜査（左）(4)"`` → ``"捜査左"``, ``"Near/Mello"`` → ``"nearmello"``)."""
    return "".join(c for c in _NUMBER.sub("", fold(name)) if c.isalnum())


def echoed(typed: str) -> str:
    """``typed`` as a reply repeats it: blank space collapsed, cut to :data:`ECHO` characters ending in
    :data:`CUT` when longer (a pasted essay is not sent back to the group)."""
    words = " ".join(typed.split())
    return words if len(words) <= ECHO else words[: ECHO - 1] + CUT


def aliases(game: str, key: str) -> tuple[str, ...]:
    """The other spellings of the thing named by catalog ``key`` of ``game`` (``game``, ``role.<id>``,
    ``identity.<ID>``, ``card.<TYPE>``): its ``<key>.aliases`` text in every locale, split at commas
    (``、`` or ``,``); ``()`` when there is none."""
    found: list[str] = []
    for locale in locales():
        typed = catalog(locale, game).get(f"{key}.aliases", "") if game in namespaces(locale) else ""
        found += [part.strip() for part in _ALIAS_SPLIT.split(typed) if part.strip()]
    return tuple(dict.fromkeys(found))


def games() -> tuple[str, ...]:
    """The game ids with a catalog (``game.name``) in the reference locale, sorted."""
    return tuple(ns for ns in namespaces(REFERENCE) if ns != COMMON and "game.name" in catalog(REFERENCE, ns))


@cache
def _game_names() -> dict[str, str]:
    found: dict[str, str] = {}
    for game in games():
        names = [game, *aliases(game, "game")]
        names += [catalog(locale, game).get("game.name", "") for locale in locales()]
        found.update({match_key(name): game for name in names if match_key(name)})
    return found


def game_named(typed: str) -> str | None:
    """The game id typed as ``typed``: an id, ``game.name`` in any locale or one of its ``game.aliases``
    (``政治家人狼``, ``DEATH NOTE 人狼``, ``seijika jinrou``); None when none matches."""
    return _game_names().get(match_key(typed)) if typed.strip() else None


def _topic_of(game: str, key: str) -> Topic | None:
    parts = key.split(".")
    if len(parts) == 3 and parts[0] == "role" and parts[2] == "name":
        return Topic(game, "role", parts[1])
    if len(parts) == 2 and parts[0] in ("identity", "card") and parts[1].isupper():
        return Topic(game, "identity" if parts[0] == "identity" else "card", parts[1])
    return None


@cache
def topics(game: str) -> dict[Topic, tuple[str, ...]]:
    """Every topic of ``game`` (catalog order) with the names it is found by: its name in every locale,
    its id, the bracketed part of a printed name and its :func:`aliases`."""
    found: dict[Topic, list[str]] = {}
    for locale in locales():
        for key, name in catalog(locale, game).items():
            topic = _topic_of(game, key)
            if topic is None:
                continue
            names = found.setdefault(topic, [topic.id, *aliases(game, key.removesuffix(".name"))])
            bracketed = _BRACKETED.search(unicodedata.normalize("NFKC", name))
            names += [name, bracketed[1]] if bracketed else [name]
    return {topic: tuple(dict.fromkeys(names)) for topic, names in found.items()}


@cache
def _index(game: str) -> dict[str, tuple[Topic, ...]]:
    """``{match key: topics}``; a role keeps a key alone (DEATH NOTE 人狼's ``L`` is the role, not the
    identity card printed ``L``)."""
    index: dict[str, list[Topic]] = {}
    ranked = sorted(topics(game).items(), key=lambda item: item[0].kind != "role")
    for topic, names in ranked:
        for key in {match_key(name) for name in names} - {""}:
            held = index.setdefault(key, [])
            if topic not in held and not (held and held[0].kind == "role" and topic.kind != "role"):
                held.append(topic)
    return {key: tuple(found) for key, found in index.items()}


def find(typed: str, game: str | None = None) -> list[Topic]:
    """The topics ``typed`` names: an exact name in ``game`` (the chat's game), then in every game, then a
    part of a name (two letters or more) in ``game``, then in every game; ``[]`` when nothing matches."""
    key = match_key(typed)
    scopes: list[tuple[str, ...]] = [(game,)] if game is not None and game in games() else []
    scopes.append(games())
    for partial in (False, True):
        for scope in scopes:
            found = [t for g in scope for t in _matches(key, g, partial)]
            if found:
                return list(dict.fromkeys(found))
    return []


def _matches(key: str, game: str, partial: bool) -> list[Topic]:
    index = _index(game)
    if not partial:
        return list(index.get(key, ()))
    if len(key) < 2:
        return []
    return [t for name, found in index.items() if key in name for t in found]


def name_of(topic: Topic, locale: str) -> str:
    """The topic's name as the catalogs print it."""
    return text(topic.key, locale, topic.game)


def describe(topic: Topic, locale: str) -> str:
    """What ``topic`` is and does: a title (``guide.title.<kind>``) and its texts. A role: its
    ``role.<id>.text`` and each labelled version (``role.<id>.text.<v>`` with a ``guide.variant.<v>``:
    the Sakura and Adazakura versions of a Megami with two); an identity card: its note
    (``guide.identity.<ID>``) and its role's text; a card: ``guide.card.<TYPE>``."""
    game, role = topic.game, topic.id
    if topic.kind == "identity":
        role = _identity_role(topic) or ""
        body = [_text(f"guide.identity.{topic.id}", locale, game), *_role_texts(game, role, locale)]
    elif topic.kind == "card":
        body = [_text(f"guide.card.{topic.id}", locale, game)]
    else:
        body = _role_texts(game, role, locale)
    title = text(
        f"guide.title.{topic.kind}",
        locale,
        game,
        name=name_of(topic, locale),
        role=_text(f"role.{role}.name", locale, game),
        side=_text(f"guide.side.{role}", locale, game),
    )
    return "\n".join(part for part in (title, *body) if part)


def _text(key: str, locale: str, game: str) -> str:
    return text(key, locale, game) if has_key(key, locale, game) else ""


def _role_texts(game: str, role: str, locale: str) -> list[str]:
    """``role.<role>.text``, then each ``role.<role>.text.<v>`` that has a label ``guide.variant.<v>``."""
    prefix = f"role.{role}.text."
    versions = [k.removeprefix(prefix) for k in catalog(REFERENCE, game) if k.startswith(prefix)]
    labelled = [
        text(
            "guide.variant",
            locale,
            game,
            label=text(f"guide.variant.{v}", locale, game),
            text=_text(prefix + v, locale, game),
        )
        for v in versions
        if has_key(f"guide.variant.{v}", locale, game)
    ]
    return [t for t in (_text(f"role.{role}.text", locale, game), *labelled) if t]


def _identity_role(topic: Topic) -> str | None:
    """The role of an identity card, named before its brackets (``警察（夜神総一郎）`` → ``POLICE``)."""
    printed = unicodedata.normalize("NFKC", text(topic.key, REFERENCE, topic.game)).split("(")[0]
    found = _index(topic.game).get(match_key(printed), ())
    return next((t.id for t in found if t.kind == "role"), None)


def role_answer(typed: str, locale: str, game: str | None = None) -> str:
    """The answer to ``/role <typed>`` in a chat of ``game`` (None: no game there): the one topic's
    :func:`describe`, the candidates when several match, ``guide.unknown`` when none does, and the list
    of names (``guide.list``) when ``typed`` is empty."""
    if not match_key(typed):
        return _name_list(locale, game)
    found = find(typed, game)
    if len(found) == 1:
        return describe(found[0], locale)
    if not found:
        return text("guide.unknown", locale, COMMON, typed=echoed(typed))
    lines = [
        text(
            "guide.candidate", locale, COMMON, name=name_of(t, locale), game=text("game.name", locale, t.game)
        )
        for t in found
    ]
    return text("guide.ambiguous", locale, COMMON, typed=echoed(typed), lines="\n".join(lines))


def _name_list(locale: str, game: str | None) -> str:
    lines = [
        text(
            "guide.list.game",
            locale,
            g,
            game=text("game.name", locale, g),
            names=text("list.separator", locale, g).join(
                dict.fromkeys(name_of(t, locale) for t in _by_kind(g))
            ),
        )
        for g in ((game,) if game in games() else games())
    ]
    return text("guide.list", locale, COMMON, lines="\n".join(lines))


def _by_kind(game: str) -> list[Topic]:
    """The topics of ``game``: roles, then identity cards, then cards, each in catalog order."""
    order: tuple[Kind, ...] = ("role", "identity", "card")
    return sorted(topics(game), key=lambda t: order.index(t.kind))


def rules_answer(typed: str, locale: str, game: str | None = None) -> str:
    """The answer to ``/rules [typed]``: the named game's ``rules.summary`` in ``rules.text``; without a
    name the chat's ``game``'s, else the list of games (``rules.choose``); ``rules.unknown`` for a name
    that is no game."""
    chosen = game_named(typed) if typed.strip() else game
    if chosen is not None:
        summary = text("rules.summary", locale, chosen)
        return text("rules.text", locale, chosen, game=text("game.name", locale, chosen), summary=summary)
    lines = "\n".join(
        text("rules.choose.line", locale, g, game=text("game.name", locale, g), id=g) for g in games()
    )
    if typed.strip():
        return text("rules.unknown", locale, COMMON, typed=echoed(typed), lines=lines)
    return text("rules.choose", locale, COMMON, lines=lines)


def phase_help(game: str, phase: str, locale: str) -> str:
    """``/help`` in a game: what can be done in ``phase`` (``help.phase.<phase>``, when the game has it),
    then every command of the game (``help``)."""
    now = _text(f"help.phase.{phase}", locale, game)
    return "\n\n".join(part for part in (now, text("help", locale, game)) if part)
