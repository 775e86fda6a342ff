"""Every text ``/help``, ``/rules`` and ``/role`` can answer, in both languages, for the platform tests
that check they reach players whole (tests/telegram/test_telegram_help_split.py,
tests/line/test_line_help_split.py)."""

from __future__ import annotations

from collections.abc import Iterator

from core.i18n import guide
from tests.i18n.test_guide import PHASES

LOCALES = ("ja", "en")


def every_answer() -> Iterator[tuple[str, str, str]]:
    """``(label, locale, text)`` of every answer: the rules of each game and the list of games, the role
    lists, each topic's description and each phase's help."""
    for locale in LOCALES:
        yield "rules.choose", locale, guide.rules_answer("", locale)
        yield "role.list", locale, guide.role_answer("", locale)
        for game in guide.games():
            yield f"rules.{game}", locale, guide.rules_answer(game, locale)
            yield f"role.list.{game}", locale, guide.role_answer("", locale, game)
            for topic in guide.topics(game):
                yield f"role.{game}.{topic.id}", locale, guide.describe(topic, locale)
            for phase in PHASES[game]:
                yield f"help.{game}.{phase}", locale, guide.phase_help(game, phase, locale)
