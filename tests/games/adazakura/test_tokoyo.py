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


# -- interactions [ADZ-9.4] -------------------------------------------------------------------------------


def test_adz_9_4_a19_sealing_the_tokoyo_player_does_not_lift_her_seal() -> None:
    t = table("tokoyo/A yatsuha/A hatsumi/S shinra/S megumi/S himika/S mizuki/S").night().day()
    t.night({3: ("night.hatsumi", 1)}).day()
    assert t.phase == ("night", 2)
    for seat in (3, 4, 5, 6, 7):
        assert prompt(t, seat) == ("night.prompt.sealed", {"night": 2})


def test_adz_9_4_a59_the_madman_is_sealed_and_renri_is_not() -> None:
    t = table("tokoyo/A yatsuha/A kururu/S renri/- shinra/S megumi/S himika/S")
    t.night({3: ("night.kururu", 2)}).day().night().day()
    assert t.state.players[2].madman
    assert prompt(t, 3) == ("night.prompt.sealed", {"night": 2})
    assert prompt(t, 4) == ("night.prompt", {"night": 2})


def test_adz_9_4_an_adazakura_kururu_copying_tokoyo_seals_like_the_original() -> None:
    t = table("yatsuha/A kururu/A tokoyo/S shinra/S megumi/S himika/S").night({2: ("night.kururu", 3)})
    t.day().night().day()
    for seat in (3, 4, 5, 6):
        assert prompt(t, seat) == ("night.prompt.sealed", {"night": 2})
    assert t.refused(4, "night.shinra", "deck") == "ability.sealed"


def test_adz_9_4_a_saliya_holding_it_from_night_1_seals_no_night() -> None:
    # Black Box: yurina on night 0, tokoyo on night 1 (held until the end of Day 2), oboro on night 2.
    t = table("yatsuha/A saliya/A shinra/S megumi/S himika/S korunu/S", deck=["yurina", "tokoyo", "oboro"])
    t.night().day().night().day()
    assert t.phase == ("night", 2)
    for seat in (3, 4, 5, 6):
        assert prompt(t, seat) == ("night.prompt", {"night": 2})


def test_adz_3_8_a19_a_sealed_sakura_tokoyo_still_stops_odd_night_erasures() -> None:
    t = table("yatsuha/A tokoyo/S hatsumi/S shinra/S megumi/S").night({3: ("night.hatsumi", 2)}).day()
    assert "night.prompt.sealed" in t.said(2)
    t.night(kill={1: 2})
    assert ("morning.nobody", {"day": 2}) in t.public()
