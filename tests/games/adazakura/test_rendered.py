"""What players actually read: facts the rules require the bot to tell must survive rendering.

Each test renders the notice a player receives (``core.i18n``, both locales) and looks for the fact the
rule requires, e.g. the teammates' names on an Adazakura role card. A notice may carry the right params and
still say nothing if its template does not name them.
"""

from __future__ import annotations

import pytest

from core.engine.notice import Notice
from core.i18n import locales, render
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario


def read(t: Table, key: str, seat: int | None = None) -> dict[str, str]:
    """The one ``key`` notice of the last step (to ``seat``, or public), rendered per locale."""
    [notice] = [n for n in t.heard if n.key == key and (seat is None or seat in n.to.seats)]
    return {locale: rendered(notice, locale) for locale in locales()}


def rendered(notice: Notice, locale: str) -> str:
    return render(notice, locale, "adazakura")


def test_adz_4_4_a03_role_card_names_the_teammates() -> None:
    t = table("yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S mizuki/S")
    for text in read(t, "role.card.team", 1).values():
        assert "P2" in text


def test_adz_3_8_a21_sealed_player_is_told_in_the_prompt() -> None:
    t = table("yatsuha/A tokoyo/A shinra/S megumi/S himika/S").night().day().night().day()
    sealed, free = read(t, "night.prompt.sealed", 4), read(t, "night.prompt", 1)
    assert t.state.night is not None
    assert t.state.night.sealed == [3, 4, 5]
    for locale in locales():
        assert sealed[locale] != free[locale]


def test_adz_11_6_team_is_told_the_final_choice() -> None:
    t = table("yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S mizuki/S").night().day()
    t.night(kill={1: 5, 2: 5})
    for text in read(t, "team.final.player", 1).values():
        assert "P5" in text


def test_adz_10_3_final_announcement_says_who_is_alive() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S").night().day(votes={2: 1, 3: 1})
    text = read(t, "end.result")
    assert "死亡" in text["ja"]
    assert "生存" in text["ja"]
    assert "dead" in text["en"]
    assert "alive" in text["en"]


def test_adz_3_3_a07_death_announcement_names_only_the_seat() -> None:
    t = table("yatsuha/A shinra/S megumi/S himika/S saine/S").night().day().night(kill={1: 2})
    for text in read(t, "morning.deaths").values():
        assert "P2" in text
        assert not any(word in text for word in ("シンラ", "Shinra", "桜側", "Sakura", "消滅", "erase"))
