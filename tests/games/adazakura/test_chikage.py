"""Chikage's Poison Mist Barrier [ADZ-9.9] (A29, A30, A39, A26): reflection at K3, poisoned guards (R3, D2),
the lethal double (D3) with its confirm button, and the chain broken by a seal."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.notice import Action
from core.i18n import render_action
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 himika/A · 3 mizuki · 4 oboro · 5 chikage · 6 shinra · 7 megumi (Sakura but 1, 2).
SEVEN = "yatsuha/A himika/A mizuki/S oboro/S chikage/S shinra/S megumi/S"


def night1(seats: str = SEVEN, **kw: Any) -> Table:
    """Night 0 and Day 1 pass quietly: the window of night 1 is open."""
    return table(seats, **kw).night().day()


def died(t: Table) -> list[int]:
    """Who the group was told died this morning."""
    morning = t.public()[0]
    return morning.params["players"] if morning.key == "morning.deaths" else []


def barriers(t: Table, seat: int = 5) -> list[tuple[object, ...]]:
    return [move[1:] for move in t.offered(seat) if move[0] == "night.chikage"]


def test_adz_9_9_a39_no_barrier_on_night_0() -> None:
    t = table(SEVEN)
    assert barriers(t) == []
    assert t.refused(5, "night.chikage", 6) == "action.illegal"


def test_adz_9_9_a39_a_barrier_on_any_living_player_herself_included() -> None:
    t = night1()
    assert barriers(t) == [(s,) for s in range(1, 8)]
    t.night({5: ("night.chikage", 5)})
    assert t.results(5) == [("result.chikage.barrier", {"target": 5})]
    assert died(t) == []


def test_adz_9_9_a30_reflection_kills_a_random_adazakura_player_instead() -> None:
    t = night1(rng=[1]).night({5: ("night.chikage", 6)}, kill={1: 6})
    assert died(t) == [2]  # index 1 of the living team [1, 2]
    assert t.alive(6)


def test_adz_9_9_the_barrier_lasts_one_night() -> None:
    t = night1().night({5: ("night.chikage", 6)}).day().night(kill={1: 6})
    assert died(t) == [6]


def test_adz_9_9_a30_an_adazakura_chikage_can_draw_herself() -> None:
    t = night1("yatsuha/A chikage/A mizuki/S oboro/S saine/S shinra/S megumi/S", rng=[1])
    t.night({2: ("night.chikage", 6)}, kill={1: 6})
    assert died(t) == [2]


def test_adz_9_9_a30_renri_is_never_drawn() -> None:
    # Renri (no faction) sits before the Adazakura players 2 and 5: drawn index 0 must be seat 2.
    t = night1("renri/- yatsuha/A chikage/S shinra/S himika/A megumi/S korunu/S", rng=[0])
    t.night({3: ("night.chikage", 4)}, kill={2: 4})
    assert died(t) == [2]


def test_adz_9_9_a29_a_guard_on_the_barrier_is_void_and_the_guard_dies_without_an_attack() -> None:
    t = night1().night({3: ("night.mizuki", 6), 4: ("night.oboro", "guard", 6), 5: ("night.chikage", 6)})
    assert died(t) == [3, 4]
    assert t.results(3) == [("result.guard", {"target": 6})]  # nobody is told why
    assert t.results(5) == [("result.chikage.barrier", {"target": 6})]


def test_adz_9_9_a29_a_guarded_barrier_target_still_reflects_and_the_guard_dies() -> None:
    t = night1(rng=[0]).night({3: ("night.mizuki", 6), 5: ("night.chikage", 6)}, kill={2: 6})
    assert died(t) == [1, 3]
    assert t.alive(6)


def test_adz_9_9_a29_a_guard_elsewhere_is_untouched() -> None:
    t = night1().night({3: ("night.mizuki", 7), 5: ("night.chikage", 6)}, kill={1: 7})
    assert died(t) == []


def test_adz_9_9_a26_the_chosen_seat_of_last_night_is_offered_only_as_a_lethal_confirmation() -> None:
    t = night1().night({5: ("night.chikage", 6)}).day()
    assert (6, "lethal") in barriers(t)
    assert (6,) not in barriers(t)
    assert t.refused(5, "night.chikage", 6) == "target.lethal"
    label = render_action(Action(kind="night.chikage", args=(6, "lethal")), "ja", "adazakura", {6: "P6"})
    assert "毒霧結界を失います" in label


def test_adz_9_9_lethal_double_kills_and_the_ability_is_lost() -> None:
    t = night1().night({5: ("night.chikage", 6)}).day()
    t.night({5: ("night.chikage", 6, "lethal")})
    assert died(t) == [6]
    assert t.results(5) == [
        ("result.chikage.barrier", {"target": 6}),
        ("result.chikage.lethal", {"target": 6}),
    ]
    t.day()
    assert barriers(t) == []
    assert t.refused(5, "night.chikage", 7) == "ability.used_up"


def test_adz_9_9_lethal_double_on_herself_kills_her() -> None:
    t = night1().night({5: ("night.chikage", 5)}).day().night({5: ("night.chikage", 5, "lethal")})
    assert died(t) == [5]


def test_adz_9_9_a_different_player_each_night_is_safe() -> None:
    t = night1().night({5: ("night.chikage", 6)}).day().night({5: ("night.chikage", 7)}).day()
    assert died(t) == []
    assert (7, "lethal") in barriers(t)
    assert (6,) in barriers(t)


@pytest.mark.parametrize("victim", [3, 4])  # Saine's immunity and Tokoyo's odd night concern erasure only
def test_adz_3_3_lethal_double_is_an_ability_death(victim: int) -> None:
    t = night1("yatsuha/A himika/A saine/S tokoyo/S chikage/S shinra/S megumi/S").night().day()
    t.night({5: ("night.chikage", victim)}).day().night({5: ("night.chikage", victim, "lethal")})
    assert t.phase == ("discussion", 4)
    assert died(t) == [victim]


def test_adz_6_4_the_lethal_barrier_still_reflects_the_erasure_first() -> None:
    t = night1(rng=[0]).night({5: ("night.chikage", 6)}).day()
    t.night({5: ("night.chikage", 6, "lethal")}, kill={2: 6})
    assert died(t) == [1, 6]


def test_adz_9_9_a26_the_lethal_double_compares_actual_targets() -> None:
    # Yukihi (Adazakura) shifts the Sakura Chikage's barrier to the left living neighbour.
    t = night1("yatsuha/A yukihi/A chikage/S shinra/S megumi/S himika/S korunu/S")
    t.night({3: ("night.chikage", 5)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 5, "actual": 4}),
        ("result.chikage.barrier", {"target": 4}),
    ]
    t.day(votes={1: 5, 2: 5, 3: 5, 4: 5})  # seat 5 is exiled: the left neighbour of 6 is now 4
    assert (6,) in barriers(t, 3)  # a new chosen seat: no warning (the bot cannot foresee a shift)
    t.night({3: ("night.chikage", 6)})
    assert died(t) == [4]
    assert ("result.chikage.lethal", {"target": 4}) in t.results(3)


def test_adz_9_9_a26_a_confirmed_repeat_shifted_elsewhere_is_not_lethal() -> None:
    t = night1("yatsuha/A yukihi/A chikage/S shinra/S megumi/S himika/S korunu/S")
    t.night({3: ("night.chikage", 5)}).day(votes={1: 4, 2: 4, 3: 4, 5: 4})  # actual target 4 is exiled
    t.night({3: ("night.chikage", 5, "lethal")})  # left living neighbour of 5 is now Chikage herself
    assert died(t) == []
    assert t.results(3) == [
        ("result.shifted", {"chosen": 5, "actual": 3}),
        ("result.chikage.barrier", {"target": 3}),
    ]
    t.day()
    assert barriers(t, 3)  # the ability is kept


def test_adz_9_9_a_seal_means_no_barrier_and_breaks_the_chain() -> None:
    # Tokoyo (Adazakura) seals every Sakura player on even nights.
    t = night1("yatsuha/A tokoyo/A mizuki/S oboro/S chikage/S shinra/S megumi/S")
    t.night({5: ("night.chikage", 7)}).day()
    assert barriers(t) == []
    assert t.refused(5, "night.chikage", 6) == "ability.sealed"
    t.night().day()
    assert (7,) in barriers(t)  # the sealed night 2 broke the chain
    t.night({5: ("night.chikage", 7)})
    assert died(t) == []
    assert t.results(5) == [("result.chikage.barrier", {"target": 7})]


def test_adz_7_2_fighting_god_onto_a_guard_with_a_barrier_reflects() -> None:
    # Seat 2 holds Mizuki's Adazakura version: the erasure on 6 moves to its guard, Oboro (4), who has a
    # barrier: K3 reflects it onto a random Adazakura player (draws: K2's guard, then K3's member).
    t = night1("yatsuha/A mizuki/A megumi/S oboro/S chikage/S shinra/S himika/S", rng=[0, 1])
    t.night({4: ("night.oboro", "guard", 6), 5: ("night.chikage", 4)}, kill={1: 6})
    assert died(t) == [2]
    assert (t.alive(4), t.alive(6)) == (True, True)


def test_adz_9_9_she_is_not_told_of_a_reflection_or_a_poisoning() -> None:
    t = night1(rng=[0]).night({3: ("night.mizuki", 6), 5: ("night.chikage", 6)}, kill={2: 6})
    assert t.results(5) == [("result.chikage.barrier", {"target": 6})]
    assert t.public_reveals() == set()


WIND = ("night.raira", "wind", "none")


def test_adz_9_9_a30_an_invulnerable_drawn_player_survives_and_nobody_is_redrawn() -> None:
    # Seat 2 is an Adazakura Raira: wind 3 on night 2 makes her invulnerable; the draw picks her (a redraw
    # would take the scripted index 0: seat 1).
    t = table("yatsuha/A raira/A mizuki/S oboro/S chikage/S shinra/S megumi/S", rng=[1, 0])
    t.night({2: WIND}).day().night({2: WIND}).day()
    t.night({2: ("night.raira", "wind", "w3"), 5: ("night.chikage", 6)}, kill={1: 6})
    assert died(t) == []


def test_adz_9_9_a_wind_3_target_survives_the_lethal_double_but_the_ability_is_lost() -> None:
    t = table("raira/S yatsuha/A chikage/S shinra/S himika/S megumi/S").night({1: WIND}).day()
    t.night({1: WIND, 3: ("night.chikage", 1)}).day()
    t.night({1: ("night.raira", "wind", "w3"), 3: ("night.chikage", 1, "lethal")})
    assert died(t) == []
    assert ("result.chikage.lethal", {"target": 1}) in t.results(3)
    t.day()
    assert barriers(t, 3) == []


def test_adz_2_4_a30_a_madman_is_never_drawn() -> None:
    # Seat 1, a Sakura Kururu, sees Yatsuha on night 0 and becomes a madman; the team is seats 2 and 5.
    t = table("kururu/S yatsuha/A chikage/S shinra/S himika/A megumi/S korunu/S", rng=[0])
    t.night({1: ("night.kururu", 2)}).day()
    assert t.state.players[0].madman
    t.night({3: ("night.chikage", 4)}, kill={2: 4})
    assert died(t) == [2]


def test_adz_9_9_a_kururu_copy_keeps_her_own_loss_flag_and_previous_target() -> None:
    # Seat 3 is Chikage; seat 4, a Kururu, copies her on night 0.
    t = table("yatsuha/A himika/A chikage/S kururu/S shinra/S megumi/S korunu/S")
    t.night({4: ("night.kururu", 3)}).day()
    t.night({3: ("night.chikage", 6), 4: ("night.chikage", 7)}).day()
    assert (6, "lethal") in barriers(t, 3)
    assert (6,) in barriers(t, 4)
    t.night({3: ("night.chikage", 6, "lethal"), 4: ("night.chikage", 6)})
    assert died(t) == [6]
    assert ("result.chikage.lethal", {"target": 6}) not in t.results(4)
    t.day()
    assert barriers(t, 3) == []
    assert (7,) in barriers(t, 4)
