"""Shinra's Proof of Existence / Absence [ADZ-9.7] (A37, A53): Megami, deck look, faction."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

FIVE = "yatsuha/A shinra/S saine/S megumi/S himika/S"
DECK = ["yurina", "tokoyo", "oboro", "hagane", "renri"]


def test_adz_9_7_three_options_on_other_living_players() -> None:
    t = table(FIVE)
    kinds = {move[1] for move in t.offered(2) if move[0] == "night.shinra"}
    assert kinds == {"megami", "deck", "faction"}
    assert ("night.shinra", "megami", 2) not in t.offered(2)
    assert ("night.shinra", "faction", 2) not in t.offered(2)


def test_adz_9_7_option_1_megami() -> None:
    t = table(FIVE).night({2: ("night.shinra", "megami", 1)})
    assert t.results(2) == [("result.megami", {"target": 1, "megami": "yatsuha"})]


def test_adz_9_7_option_3_faction() -> None:
    t = table(FIVE).night({2: ("night.shinra", "faction", 1)})
    assert t.results(2) == [("result.faction", {"target": 1, "faction": "adazakura"})]
    t.day().night({2: ("night.shinra", "megami", 3)}).day().night({2: ("night.shinra", "faction", 4)})
    assert t.results(2) == [("result.faction", {"target": 4, "faction": "sakura"})]


def test_adz_9_7_option_3_not_two_nights_running() -> None:
    t = table(FIVE).night({2: ("night.shinra", "faction", 3)}).day()
    assert not any(move[1] == "faction" for move in t.offered(2) if move[0] == "night.shinra")
    assert t.refused(2, "night.shinra", "faction", 4) == "option.repeat"
    t.tap(2, "night.shinra", "deck")  # options 1 and 2 stay open


def test_adz_3_5_deck_look_sends_cards_to_the_bottom() -> None:
    t = table(FIVE, deck=DECK).night({2: ("night.shinra", "deck")})
    assert t.results(2) == [("result.deck.look", {"cards": ["yurina", "tokoyo", "oboro"], "size": 5})]
    t.day().night({2: ("night.shinra", "deck")})
    assert t.results(2) == [("result.deck.look", {"cards": ["hagane", "renri", "yurina"], "size": 5})]


def test_adz_3_5_a53_look_capped_at_deck_size() -> None:
    t = table(FIVE, deck=["kamui", "kanae"], shinra_k=5).night({2: ("night.shinra", "deck")})
    assert t.results(2) == [("result.deck.look", {"cards": ["kamui", "kanae"], "size": 2})]


def test_adz_9_7_a37_host_sets_cards_per_look() -> None:
    t = table(FIVE, deck=DECK, shinra_k=1).night({2: ("night.shinra", "deck")})
    assert t.results(2) == [("result.deck.look", {"cards": ["yurina"], "size": 5})]


def test_adz_9_7_option_1_shows_the_dealt_megami_of_a_kururu_or_a_saliya() -> None:
    t = table("yatsuha/A shinra/S kururu/S saliya/S megumi/S", deck=["oboro"]).act(3, "night.kururu", 5)
    t.night({2: ("night.shinra", "megami", 3)})
    assert t.results(2) == [("result.megami", {"target": 3, "megami": "kururu"})]
    t.day().night({2: ("night.shinra", "megami", 4)})
    assert t.results(2) == [("result.megami", {"target": 4, "megami": "saliya"})]


def test_adz_9_7_a_sealed_shinra_learns_nothing() -> None:
    t = table("yatsuha/A shinra/S hatsumi/S saine/S megumi/S").night({3: ("night.hatsumi", 2)}).day()
    assert "night.shinra" not in t.offered_kinds(2)
    assert t.refused(2, "night.shinra", "deck") == "ability.sealed"
