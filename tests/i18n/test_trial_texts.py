"""Texts a new user's trial found misleading: the idle line (it offers the host's ``/kick``, which every game
allows mid-game: J29, P15, D20, W12), a settings text telling two commands, an unknown Megami answered with
a ``/co`` hint."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.engine.commands import Query
from core.engine.result import Accepted
from core.i18n.catalog import catalog
from tests.games.afk.helpers import GAMES, Table

LOCALES = ("ja", "en")


def idle_line(game: str, locale: str) -> str:
    """The idle line of a real ``/status`` once every living seat of a bot ``game`` missed two phases (人狼's
    night attack, drawn when the wolves name nobody, may kill a seat before its second miss)."""
    t = Table(game)
    while min(t.state.missed.get(p.seat, 0) for p in t.state.players if p.alive) < 2:
        t.timeout()
    result = t.decide(Query(user_id="bot:1", what="status", public=True))
    assert isinstance(result, Accepted)
    lines = [n for n in result.notices if n.key == "afk.idle"]
    assert len(lines) == 1
    return i18n.render(lines[0], locale, game)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_idle_line_offers_only_what_the_host_can_do_in_that_game(game: str, locale: str) -> None:
    line = idle_line(game, locale)
    assert "/kick" in line  # DEATH NOTE 人狼 too: the kicked seat is eliminated, its identity kept (D20)
    assert "/cancel" not in line


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_the_settings_summary_names_no_command(game: str, locale: str) -> None:
    """``lobby.options`` is shown in the lobby (where ``/option`` changes it) and on the ``/settings`` page
    (where ``/settings`` does): the page around it names the command, once."""
    summary = catalog(locale, game)["lobby.options"]
    assert "/option" not in summary
    assert "/settings" not in summary
    assert "/option" in catalog(locale, "common")["lobby.opened"], "the lobby names it instead"


@pytest.mark.parametrize("locale", LOCALES)
def test_an_unknown_megami_in_the_pool_is_named_without_a_co_hint(locale: str) -> None:
    text = i18n.text("reason.pool.unknown", locale, "adazakura", typed="nosuchmegami")
    assert "nosuchmegami" in text
    assert "/co" not in text
    assert "/role" in text
