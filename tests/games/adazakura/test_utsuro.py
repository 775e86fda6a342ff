"""Utsuro's Black Wave [ADZ-9.13] (A42): automatic every night unless sealed; (a) the Megami and faction of
the player exiled that day, or that nobody was; (b) the bottom deck card, shown and put on top (R2(d))."""

from __future__ import annotations

import pytest

from core.i18n import render
from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 utsuro · 3 himika/A · 4 shinra · 5 megumi · 6 korunu · 7 oboro (Sakura but 1, 3).
SEVEN = "yatsuha/A utsuro/S himika/A shinra/S megumi/S korunu/S oboro/S"
DECK = ["yurina", "saine", "tokoyo", "hagane"]


def test_adz_9_13_automatic_no_choice_to_make() -> None:
    t = table(SEVEN)
    assert t.offered(2) == [("done",)]


def test_adz_9_13_night0_bottom_card_to_the_top_only() -> None:
    t = table(SEVEN, deck=DECK).night()
    assert t.results(2) == [("result.deck.bottom", {"megami": "hagane", "size": 4})]
    assert t.state.deck == ["hagane", "yurina", "saine", "tokoyo"]


def test_adz_9_13_learns_megami_and_faction_of_the_exiled() -> None:
    t = table(SEVEN, deck=DECK).night().day(votes={1: 3, 2: 3, 4: 3, 5: 3})
    assert ("exile.done", {"player": 3}) in t.public()
    t.night()
    assert t.results(2) == [
        ("result.utsuro.exiled", {"target": 3, "megami": "himika", "faction": "adazakura"}),
        ("result.deck.bottom", {"megami": "tokoyo", "size": 4}),
    ]


def test_adz_9_13_told_when_nobody_was_exiled() -> None:
    t = table(SEVEN, deck=DECK).night().day().night()
    assert t.results(2) == [
        ("result.utsuro.none", {}),
        ("result.deck.bottom", {"megami": "tokoyo", "size": 4}),
    ]


def test_adz_9_13_no_exile_after_a_tied_runoff() -> None:
    t = table(SEVEN).night().day(votes={1: 4, 2: 5}, runoff={1: 4, 2: 5})
    assert ("exile.nobody", {}) in t.public()
    t.night()
    assert t.results(2)[0] == ("result.utsuro.none", {})


def test_adz_9_13_a42_saine_skip_means_nobody_was_exiled() -> None:
    t = table("yatsuha/A utsuro/S saine/A shinra/S megumi/S korunu/S oboro/S").night()
    t.tap(3, "skip")
    assert t.phase == ("night", 1)
    t.night()
    assert t.results(2)[0] == ("result.utsuro.none", {})


def test_adz_9_13_one_card_stays_where_it_is() -> None:
    t = table(SEVEN, deck=["kamui"]).night()
    assert t.results(2) == [("result.deck.bottom", {"megami": "kamui", "size": 1})]
    assert t.state.deck == ["kamui"]


def test_adz_3_5_a53_empty_deck_shows_nothing() -> None:
    t = table(SEVEN, deck=[]).night()
    assert t.results(2) == [("result.deck.empty", {})]


def test_adz_6_3_r2_shinra_then_utsuro_then_honoka() -> None:
    # R2(b) Shinra's look sends a, b, c to the bottom; R2(d) Utsuro moves c back on top; R2(e) Honoka sees it.
    t = table("yatsuha/A utsuro/S honoka/S shinra/S megumi/S", deck=["kamui", "kanae", "renri", "saliya"])
    t.night({4: ("night.shinra", "deck")})
    assert t.results(4) == [("result.deck.look", {"cards": ["kamui", "kanae", "renri"], "size": 4})]
    assert t.results(2) == [("result.deck.bottom", {"megami": "renri", "size": 4})]
    assert t.results(3) == [("result.deck.look", {"cards": ["renri"], "size": 4})]
    assert t.state.deck == ["saliya", "kamui", "kanae", "renri"]


def test_adz_3_8_sealed_utsuro_does_nothing() -> None:
    # Tokoyo's Everlasting Snow seals every Sakura player on night 2 (A22).
    deck = ["yurina", "saine", "oboro", "hagane"]
    t = table("yatsuha/A tokoyo/A utsuro/S shinra/S megumi/S himika/S korunu/S", deck=deck)
    t.night().day().night().day()
    assert t.phase == ("night", 2)
    t.night()
    assert t.results(3) == [("result.nothing", {})]
    assert t.state.deck == ["oboro", "hagane", "yurina", "saine"]  # only the moves of nights 0 and 1


def test_adz_9_13_dead_utsuro_learns_nothing() -> None:
    t = table(SEVEN).night().day(votes={1: 2, 3: 2, 4: 2, 5: 2}).night()
    assert "night.results" not in t.said(2)


@pytest.mark.parametrize("locale", ["ja", "en"])
def test_adz_9_13_results_render(locale: str) -> None:
    t = table(SEVEN, deck=DECK).night().day(votes={1: 3, 2: 3, 4: 3, 5: 3}).night()
    [results] = [n for n in t.heard if n.key == "night.results" and n.to.seats == (2,)]
    text = render(results, locale, "adazakura")
    words = {"ja": ("ヒミカ", "徒桜側", "トコヨ", "4枚"), "en": ("Himika", "Adazakura", "Tokoyo", "4 cards")}
    assert all(word in text for word in words[locale])


def test_adz_9_13_a_madman_reads_sakura_and_renri_no_faction() -> None:
    t = table("yatsuha/A utsuro/S kururu/S renri/- shinra/S megumi/S himika/S")
    t.night({3: ("night.kururu", 1)}).day(votes={1: 3, 2: 3, 4: 3, 5: 3}).night()
    assert t.results(2)[0] == ("result.utsuro.exiled", {"target": 3, "megami": "kururu", "faction": "sakura"})
    t.day(votes={1: 4, 2: 4, 5: 4, 6: 4}).night()
    assert t.results(2)[0] == ("result.utsuro.exiled", {"target": 4, "megami": "renri", "faction": "none"})
