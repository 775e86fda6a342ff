"""The playground's own words (headers, hints, its /help, bot names), from the catalogs' ``local.*`` keys
in ``core/i18n/<locale>/common.toml`` like every other player-facing string."""

from __future__ import annotations

from typing import Final

import core.i18n as i18n

#: Locales of the playground, reference first (as in core/i18n).
LANGS: Final = ("ja", "en")
_GAME: Final = "adazakura"


def ui(key: str, lang: str, /, **params: object) -> str:
    """The playground text ``local.<key>`` in ``lang`` (unknown → ``ja``); raises ``KeyError`` if missing."""
    return i18n.text(f"local.{key}", lang, _GAME, **params)  # type: ignore[arg-type]


def bot_names(lang: str) -> tuple[str, ...]:
    """Bot display names for ``lang`` (unknown → ``ja``)."""
    return tuple(ui("bot_names", lang).split(","))
