"""The playground's own words (headers, hints, its /help, names), from the ``local.*`` keys of
``core/i18n/<locale>/common.toml``, shared by every game (a game's catalog may word a key its own way),
like every other player-facing string."""

from __future__ import annotations

import unicodedata
from typing import Final

import core.i18n as i18n

#: Locales of the playground, reference first (as in core/i18n).
LANGS: Final = ("ja", "en")
#: The catalog namespace of the playground's texts (no game's own).
COMMON: Final = "common"
#: Spaces between the command column and the description column of ``/help``.
GAP: Final = 2


def ui(key: str, lang: str, namespace: str = COMMON, /, **params: object) -> str:
    """The playground text ``local.<key>`` in ``lang`` (unknown → ``ja``): the game ``namespace``'s own
    wording when its catalog has one (政治家人狼 has no deaths), else the shared one; raises ``KeyError``
    if missing."""
    return i18n.text(f"local.{key}", lang, namespace, **params)  # type: ignore[arg-type]


def game_name(game: str, lang: str) -> str:
    """The name of ``game`` in ``lang`` (its catalog's ``game.name``: 徒桜戦争), else its id."""
    try:
        return i18n.text("game.name", lang, game)
    except KeyError:
        return game


def bot_names(lang: str) -> tuple[str, ...]:
    """Bot display names for ``lang`` (unknown → ``ja``)."""
    return tuple(ui("bot_names", lang).split(","))


def width(text: str) -> int:
    """Terminal columns ``text`` takes: wide and full-width East Asian characters take two (UAX #11)."""
    return sum(2 if unicodedata.east_asian_width(char) in ("W", "F") else 1 for char in text)


def help_text(lang: str) -> str:
    """The playground's part of ``/help`` (its keys; the game's commands come from the game's own /help):
    the catalog's ``command<TAB>description`` lines, descriptions aligned by display width (so the
    columns line up with Japanese commands too)."""
    rows = [line.split("\t", 1) for line in ui("keys", lang).splitlines()]
    left = max((width(row[0]) for row in rows if len(row) == 2), default=0)
    return "\n".join(
        row[0] + " " * (left - width(row[0]) + GAP) + row[1] if len(row) == 2 else row[0] for row in rows
    )
