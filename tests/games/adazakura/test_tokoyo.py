"""Tokoyo's Everlasting Snow [ADZ-9.4] (A22, A59, A72): every Sakura-faction player is sealed on even
nights while an Adazakura Tokoyo lives; the erasure is never sealed. (Eternal Flower: see test_erasure.)"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Heard, Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 tokoyo/A · 3 shinra · 4 megumi · 5 himika · 6 mizuki · 7 korunu (Sakura).
SEVEN = "yatsuha/A tokoyo/A shinra/S megumi/S himika/S mizuki/S korunu/S"
SAKURA = (3, 4, 5, 6, 7)


def prompt(t: Table, seat: int) -> Heard:
    """``seat``'s one night prompt of the last step: ``night.prompt.sealed`` when sealed [ADZ-3.8]."""
    [found] = [h for h in t.private(seat) if h.key in ("night.prompt", "night.prompt.sealed")]
    return found


def test_adz_9_4_sakura_sealed_on_even_nights() -> None:
    t = table(SEVEN).night().day().night().day()
    assert t.phase == ("night", 2)
    for seat in SAKURA:
        assert prompt(t, seat) == ("night.prompt.sealed", {"night": 2})
        assert t.offered(seat) == [("done",)]
    assert t.refused(3, "night.shinra", "deck") == "ability.sealed"
    assert t.refused(6, "night.mizuki", 4) == "ability.sealed"


def test_adz_9_4_erasure_and_adazakura_never_sealed() -> None:
    t = table(SEVEN).night().day().night().day()
    assert prompt(t, 1) == prompt(t, 2) == ("night.prompt", {"night": 2})
    t.night(kill={1: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [6]})


def test_adz_9_4_a22_not_on_night0_or_odd_nights() -> None:
    t = table(SEVEN)
    assert prompt(t, 3) == ("night.prompt", {"night": 0})
    t.night().day()
    assert prompt(t, 3) == ("night.prompt", {"night": 1})
    assert any(move[0] == "night.shinra" for move in t.offered(3))


def test_adz_9_4_a72_no_notice_at_the_start_of_an_even_day() -> None:
    t = table(SEVEN).night().day().night()
    assert t.phase == ("discussion", 2)
    assert all(t.said(seat) == ["night.results"] for seat in SAKURA)


def test_adz_9_4_no_seal_once_tokoyo_is_dead() -> None:
    t = table(SEVEN).night().day().night().day(votes=dict.fromkeys(range(1, 8), 2))
    assert not t.alive(2)
    assert prompt(t, 3) == ("night.prompt", {"night": 2})
    assert any(move[0] == "night.shinra" for move in t.offered(3))


def test_adz_9_4_sakura_tokoyo_seals_nobody() -> None:
    t = table("yatsuha/A tokoyo/S shinra/S megumi/S himika/S").night().day().night().day()
    assert prompt(t, 3) == ("night.prompt", {"night": 2})
