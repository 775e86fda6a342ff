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
