"""Oboro's Kongming's Traps [ADZ-9.5] (A36): one trap per player, used once; the kill once per game."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 oboro · 3 saine · 4 shinra · 5 megumi · 6 himika (Sakura) · 7 yurina/A.
SEVEN = "yatsuha/A oboro/S saine/S shinra/S megumi/S himika/S yurina/A"


def traps(t: Table) -> set[int]:
    return {move[2] for move in t.offered(2) if move[0] == "night.oboro"}


def test_adz_9_5_learn() -> None:
    t = table(SEVEN).night({2: ("night.oboro", "learn", 7)})
    assert t.results(2) == [("result.megami", {"target": 7, "megami": "yurina"})]


def test_adz_9_5_guard() -> None:
    t = table(SEVEN).night().day().night({2: ("night.oboro", "guard", 4)}, kill={1: 4})
    assert t.results(2) == [("result.guard", {"target": 4})]
    assert t.public()[0] == ("morning.nobody", {"day": 2})


def test_adz_9_5_a36_each_trap_once() -> None:
    t = table(SEVEN).night({2: ("night.oboro", "learn", 3)}).day()
    assert traps(t) == {1, 4, 5, 6, 7}
    assert t.refused(2, "night.oboro", "guard", 3) == "trap.used"


def test_adz_9_5_kill_once_per_game() -> None:
    t = table(SEVEN).night().day().night({2: ("night.oboro", "kill", 7)})
    assert t.results(2) == [("result.oboro.kill", {"target": 7})]
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [7]})
    t.day()
    assert {move[1] for move in t.offered(2) if move[0] == "night.oboro"} == {"learn", "guard"}
    assert t.refused(2, "night.oboro", "kill", 6) == "ability.used_up"


@pytest.mark.parametrize("victim", [3, 4])  # a guarded Saine; Tokoyo on an odd night
def test_adz_9_5_kill_ignores_guards_saine_and_tokoyo(victim: int) -> None:
    t = table("yatsuha/A oboro/S saine/S tokoyo/S megumi/S mizuki/S himika/S").night().day()
    t.night({2: ("night.oboro", "kill", victim), 6: ("night.mizuki", victim)})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [victim]})


def test_adz_9_5_a17_kill_resolves_though_oboro_is_erased() -> None:
    t = table(SEVEN).night().day().night({2: ("night.oboro", "kill", 7)}, kill={1: 2})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [2, 7]})
    assert t.results(2) == [("result.oboro.kill", {"target": 7})]  # delivered though she died


# -- interactions [ADZ-9.5] -------------------------------------------------------------------------------


def test_adz_9_5_a25_a_kill_shifted_onto_oboro_fizzles_keeps_the_trap_and_spends_the_kill() -> None:
    # 1 yatsuha/A · 2 yukihi/A · 3 oboro: her targets move one living seat left; 4 → 3 is herself.
    t = table("yatsuha/A yukihi/A oboro/S shinra/S megumi/S himika/S").night().day()
    t.night({3: ("night.oboro", "kill", 4)})
    assert t.results(3) == [("result.fizzled.self", {"chosen": 4})]
    assert t.dead() == []
    t.day()
    assert ("night.oboro", "learn", 4) in t.offered(3)
    assert t.refused(3, "night.oboro", "kill", 5) == "ability.used_up"


def test_adz_9_5_a_sealed_oboro_springs_nothing() -> None:
    t = table("yatsuha/A oboro/S hatsumi/S shinra/S megumi/S").night({3: ("night.hatsumi", 2)}).day()
    assert "night.oboro" not in t.offered_kinds(2)
    assert t.refused(2, "night.oboro", "kill", 4) == "ability.sealed"


def test_adz_9_5_a_kururu_copy_has_her_own_traps_and_her_own_kill() -> None:
    t = table("yatsuha/A kururu/S oboro/S shinra/S megumi/S himika/S").act(2, "night.kururu", 3)
    t.night({2: ("night.oboro", "learn", 4), 3: ("night.oboro", "learn", 4)})
    assert t.results(2) == t.results(3) == [("result.megami", {"target": 4, "megami": "shinra"})]
    t.day()
    assert {move[2] for move in t.offered(2) if move[0] == "night.oboro"} == {1, 3, 5, 6}
    assert {move[2] for move in t.offered(3) if move[0] == "night.oboro"} == {1, 2, 5, 6}
    t.night({2: ("night.oboro", "kill", 5), 3: ("night.oboro", "kill", 6)})
    assert ("morning.deaths", {"day": 2, "players": [5, 6]}) in t.public()


def test_adz_9_5_a_saliya_gaining_oboro_again_keeps_her_used_traps() -> None:
    # Black Box: oboro on night 0, yurina on night 1, oboro again on night 2.
    t = table("yatsuha/A saliya/S shinra/S megumi/S himika/S", deck=["oboro", "yurina"])
    t.night({2: ("night.oboro", "learn", 3)}).day().night().day()
    assert t.state.players[1].gained == "oboro"
    assert {move[2] for move in t.offered(2) if move[0] == "night.oboro"} == {1, 4, 5}
    assert t.refused(2, "night.oboro", "learn", 3) == "trap.used"
