"""Mizuki's Tenshu Hachiryūkaku [ADZ-9.18] (A16, A49): guards from night 1, not the same player twice
running, herself once; the Adazakura version has no guard (Fighting God: see test_erasure)."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

FIVE = "yatsuha/A mizuki/S saine/S shinra/S megumi/S"


def test_adz_9_18_a16_no_guard_on_night0() -> None:
    t = table(FIVE)
    assert t.offered(2) == [("done",)]
    assert t.refused(2, "night.mizuki", 3) == "action.illegal"


def test_adz_9_18_guard_on_any_living_player() -> None:
    t = table(FIVE).night().day()
    assert {move[1] for move in t.offered(2) if move[0] == "night.mizuki"} == {1, 2, 3, 4, 5}
    t.night({2: ("night.mizuki", 4)}, kill={1: 4})
    assert t.results(2) == [("result.guard", {"target": 4})]
    assert t.alive(4)


def test_adz_9_18_a49_not_the_same_player_twice_running() -> None:
    t = table(FIVE).night().day().night({2: ("night.mizuki", 4)}).day()
    assert ("night.mizuki", 4) not in t.offered(2)
    assert t.refused(2, "night.mizuki", 4) == "target.repeat"
    t.night({2: ("night.mizuki", 5)}).day()
    assert ("night.mizuki", 4) in t.offered(2)


def test_adz_9_18_a49_herself_once_per_game() -> None:
    t = table(FIVE).night().day().night({2: ("night.mizuki", 2)}, kill={1: 2})
    assert t.alive(2)
    t.day().night({2: ("night.mizuki", 3)}).day()
    assert ("night.mizuki", 2) not in t.offered(2)
    assert t.refused(2, "night.mizuki", 2) == "ability.used_up"


def test_adz_9_18_adazakura_mizuki_has_no_guard() -> None:
    t = table("yatsuha/A mizuki/A saine/S shinra/S megumi/S himika/S korunu/S").night().day()
    assert t.offered_kinds(2) == {"kill", "done"}


# -- Fighting God (Adazakura) [ADZ-9.18], [ADZ-7.2] K2 (A31) ------------------------------------------------


def test_adz_9_18_a31_fighting_god_moves_the_erasure_onto_an_adazakura_guard_too() -> None:
    t = table("yatsuha/A mizuki/A oboro/A saine/S shinra/S megumi/S himika/S korunu/S").night().day()
    t.night({3: ("night.oboro", "guard", 5)}, kill={1: 5})
    assert ("morning.deaths", {"day": 2, "players": [3]}) in t.public()
    assert t.alive(5)


def test_adz_9_18_a31_the_moved_erasure_is_not_chained_and_her_own_guard_saves_the_guard() -> None:
    # Oboro (3) guards 5; a Sakura Mizuki (4) guards Oboro: K2 moves the erasure 5 → 3 once; K4 stops it.
    t = table("yatsuha/A mizuki/A oboro/S mizuki/S shinra/S megumi/S himika/S").night().day()
    t.night({3: ("night.oboro", "guard", 5), 4: ("night.mizuki", 3)}, kill={1: 5})
    assert ("morning.nobody", {"day": 2}) in t.public()
    assert t.dead() == []


def test_adz_7_2_k2_a_self_guarded_target_keeps_her_own_guard() -> None:
    t = table("yatsuha/A mizuki/A mizuki/S shinra/S megumi/S himika/S").night().day()
    t.night({3: ("night.mizuki", 3)}, kill={1: 3})
    assert ("morning.nobody", {"day": 2}) in t.public()


def test_adz_3_8_a19_a_sealed_fighting_god_still_moves_the_erasure() -> None:
    t = table("yatsuha/A mizuki/A oboro/S hatsumi/S shinra/S megumi/S himika/S")
    t.night({4: ("night.hatsumi", 2)}).day()
    t.night({3: ("night.oboro", "guard", 5)}, kill={1: 5})
    assert ("morning.deaths", {"day": 2, "players": [3]}) in t.public()
