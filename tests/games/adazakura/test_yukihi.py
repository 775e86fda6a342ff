"""Yukihi's Kururimi [ADZ-9.6], [ADZ-3.9], [ADZ-3.1] (A23-A27): the Sakura version moves the erasure to the
right living neighbour (K1); the Adazakura version moves every targeted ability of a Sakura-faction player
to the left living neighbour (R0), and a shift onto a user who may not target herself fizzles."""

from __future__ import annotations

import pytest

from core.games.adazakura.ctx import Ctx
from core.games.adazakura.night import shift
from core.i18n import render
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 megumi · 2 yatsuha/A · 3 yukihi · 4 shinra · 5 himika · 6 korunu (Sakura but 2).
SAKURA_YUKIHI = "megumi/S yatsuha/A yukihi/S shinra/S himika/S korunu/S"
#: 1 yatsuha/A · 2 yukihi/A · 3 shinra · 4 megumi · 5 himika · 6 korunu · 7 mizuki (Sakura).
ADAZAKURA_YUKIHI = "yatsuha/A yukihi/A shinra/S megumi/S himika/S korunu/S mizuki/S"


def died(t: Table) -> list[int]:
    """Who the group was told died this morning."""
    morning = t.public()[0]
    return morning.params["players"] if morning.key == "morning.deaths" else []


def night1(seats: str) -> Table:
    return table(seats).night().day()


# -- Sakura version: K1 ---------------------------------------------------------------------------------


def test_adz_9_6_k1_erasure_moves_to_the_right_neighbour() -> None:
    t = night1(SAKURA_YUKIHI).night(kill={2: 4})
    assert died(t) == [5]
    assert t.alive(4)


def test_adz_3_1_k1_wraps_from_the_last_seat_to_seat_1() -> None:
    t = night1(SAKURA_YUKIHI).night(kill={2: 6})
    assert died(t) == [1]


def test_adz_3_1_a23_k1_skips_the_dead() -> None:
    t = table(SAKURA_YUKIHI).night().day(votes={1: 5, 2: 5, 3: 5, 4: 5})
    assert not t.alive(5)
    t.night(kill={2: 4})
    assert died(t) == [6]


def test_adz_9_6_k1_may_land_on_the_team_or_on_yukihi_herself() -> None:
    t = night1(SAKURA_YUKIHI).night(kill={2: 2})
    assert died(t) == [3]
    assert t.result is None
    t = night1(SAKURA_YUKIHI).night(kill={2: 1})
    assert died(t) == [2]
    assert t.result == "sakura"


def test_adz_9_6_k1_needs_a_living_holder() -> None:
    t = table(SAKURA_YUKIHI).night().day(votes={1: 3, 2: 3, 4: 3, 5: 3})
    assert not t.alive(3)  # exiled on Day 1: no effect on night 1
    t.night(kill={2: 4})
    assert died(t) == [4]


def test_adz_9_6_a24_nobody_is_told_of_a_k1_shift() -> None:
    t = night1(SAKURA_YUKIHI).night(kill={2: 4})
    assert ("team.final.player", {"target": 4, "night": 1}) in t.team(2)
    assert t.results(2) == t.results(3) == [("result.nothing", {})]


def test_adz_9_6_a27_two_sakura_holders_shift_the_erasure_once() -> None:
    # A second dealt Yukihi stands in for a copy holder (Kururu, Saliya): same ability, same version.
    t = night1("megumi/S yatsuha/A yukihi/S shinra/S himika/S yukihi/S").night(kill={2: 4})
    assert died(t) == [5]


# -- Adazakura version: R0 ------------------------------------------------------------------------------


def test_adz_9_6_sakura_target_moves_to_the_left_neighbour() -> None:
    t = table(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "megami", 6)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.megami", {"target": 5, "megami": "himika"}),
    ]


def test_adz_3_1_left_neighbour_of_seat_1_is_the_last_seat() -> None:
    t = table(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "faction", 1)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 1, "actual": 7}),
        ("result.faction", {"target": 7, "faction": "sakura"}),
    ]


def test_adz_3_1_a23_left_neighbour_skips_the_dead() -> None:
    t = table(ADAZAKURA_YUKIHI).night().day(votes={1: 5, 2: 5, 3: 5, 4: 5, 6: 5})
    assert not t.alive(5)
    t.night({3: ("night.shinra", "megami", 6)})
    assert t.results(3)[0] == ("result.shifted", {"chosen": 6, "actual": 4})


def test_adz_3_9_a25_shift_onto_the_user_fizzles() -> None:
    t = table(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "megami", 4), 6: ("night.korunu", 7)})
    assert t.results(3) == [("result.fizzled.self", {"chosen": 4})]
    assert t.results(6) == [("result.fizzled.self", {"chosen": 7})]
    assert "day.frozen" not in t.said()


def test_adz_3_9_a69_a_fizzle_still_spends_the_choice() -> None:
    t = table(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "faction", 4), 6: ("night.korunu", 7)}).day()
    assert t.refused(3, "night.shinra", "faction", 5) == "option.repeat"
    assert t.refused(6, "night.korunu", 5) == "ability.used_up"


def test_adz_3_9_self_allowed_abilities_land_on_their_user() -> None:
    t = table(ADAZAKURA_YUKIHI).night({5: ("night.himika", 6)})
    assert t.results(5) == [
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.himika", {"target": 5, "day": 1}),
    ]


def test_adz_9_18_a49_guard_shifted_onto_mizuki_keeps_her_self_guard() -> None:
    t = night1(ADAZAKURA_YUKIHI).night({7: ("night.mizuki", 1)}, kill={1: 7})
    assert t.results(7) == [
        ("result.shifted", {"chosen": 1, "actual": 7}),
        ("result.guard", {"target": 7}),
    ]
    assert died(t) == []
    t.day()
    assert ("night.mizuki", 7) in t.offered(7)


def test_adz_9_6_adazakura_players_are_not_shifted() -> None:
    t = table("yatsuha/A yukihi/A himika/A shinra/S megumi/S korunu/S mizuki/S")
    t.night({1: ("night.yatsuha", 4, 5), 3: ("night.himika", 5)})
    assert t.results(1) == [
        ("result.megami", {"target": 4, "megami": "shinra"}),
        ("result.megami", {"target": 5, "megami": "megumi"}),
    ]
    assert t.results(3) == [("result.himika", {"target": 5, "day": 1})]


def test_adz_9_6_a06_erasure_ballots_and_deck_looks_are_not_shifted() -> None:
    t = table(ADAZAKURA_YUKIHI, deck=["yurina", "saine", "tokoyo", "oboro"])
    t.night({3: ("night.shinra", "deck")})
    assert t.results(3) == [("result.deck.look", {"cards": ["yurina", "saine", "tokoyo"], "size": 4})]
    t.day(votes={3: 6, 4: 6, 5: 6})
    assert ("exile.done", {"player": 6}) in t.public()
    t.night(kill={1: 4})
    assert died(t) == [4]


def test_adz_9_6_needs_a_living_holder() -> None:
    t = table(ADAZAKURA_YUKIHI).night().day(votes={3: 2, 4: 2, 5: 2, 6: 2})
    assert not t.alive(2)
    t.night({3: ("night.shinra", "megami", 6)})
    assert t.results(3) == [("result.megami", {"target": 6, "megami": "korunu"})]


def test_adz_9_6_a17_holder_erased_tonight_still_shifts() -> None:
    t = night1(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "megami", 6)}, kill={1: 2})
    assert died(t) == [2]
    assert t.results(3)[0] == ("result.shifted", {"chosen": 6, "actual": 5})


def test_adz_9_6_a27_two_adazakura_holders_shift_once() -> None:
    t = table("yatsuha/A yukihi/A shinra/S megumi/S himika/S korunu/S yukihi/A mizuki/S hatsumi/S")
    t.night({3: ("night.shinra", "megami", 6)})
    assert t.results(3)[0] == ("result.shifted", {"chosen": 6, "actual": 5})


def test_adz_9_6_both_versions_act_on_different_things() -> None:
    t = table("yatsuha/A yukihi/A shinra/S megumi/S himika/S yukihi/S korunu/S mizuki/S")
    t.night().day().night({3: ("night.shinra", "megami", 5)}, kill={1: 4})
    assert t.results(3)[0] == ("result.shifted", {"chosen": 5, "actual": 4})
    assert died(t) == [5]


def test_adz_3_1_a23_a_dead_target_shifts_among_the_revivable() -> None:
    # Hagane's choice (the only ability aimed at the dead): the left neighbour among last night's dead.
    t = night1("yatsuha/A yukihi/A oboro/S shinra/S megumi/S himika/S korunu/S mizuki/S")
    t.night({3: ("night.oboro", "kill", 7)}, kill={1: 8})
    assert died(t) == [6, 8]  # the trap on 7 went to 6
    g = Ctx(t.day().state, 0)
    assert (shift(g, 4, 8), shift(g, 4, 6)) == (6, 8)


def test_adz_9_5_a25_shift_onto_a_used_trap_fizzles_and_spends_the_kill() -> None:
    t = table("yatsuha/A yukihi/A oboro/S shinra/S megumi/S himika/S korunu/S")
    t.night({3: ("night.oboro", "learn", 6)})
    assert t.results(3)[1] == ("result.megami", {"target": 5, "megami": "megumi"})
    t.day().night({3: ("night.oboro", "kill", 6)})
    assert t.results(3) == [("result.shifted", {"chosen": 6, "actual": 5}), ("result.fizzled", {"chosen": 5})]
    assert died(t) == []
    t.day()
    assert t.refused(3, "night.oboro", "kill", 7) == "ability.used_up"


#: What the shifted Shinra (seat 3, aimed at 6) and the fizzled Korunu (seat 6, aimed at 7) read.
RENDERED = {
    "ja": (
        "6番 P6に向けた能力は、ずれて5番 P5に届きました",
        "7番 P7に向けた能力は、ずれてあなた自身に届き、不発",
    ),
    "en": (
        "aimed at seat 6 (P6) shifted and reached seat 5 (P5)",
        "aimed at seat 7 (P7) shifted onto yourself",
    ),
}


@pytest.mark.parametrize("locale", sorted(RENDERED))
def test_adz_3_9_a24_shift_and_fizzle_render_for_the_actor(locale: str) -> None:
    t = table(ADAZAKURA_YUKIHI).night({3: ("night.shinra", "megami", 6), 6: ("night.korunu", 7)})
    [shinra] = [n for n in t.heard if n.key == "night.results" and n.to.seats == (3,)]
    [korunu] = [n for n in t.heard if n.key == "night.results" and n.to.seats == (6,)]
    shifted, fizzled = RENDERED[locale]
    assert shifted in render(shinra, locale, "adazakura")
    assert fizzled in render(korunu, locale, "adazakura")


def test_adz_9_6_a_sakura_saliya_holding_yukihi_moves_the_erasure() -> None:
    # Black Box gives seat 3 Yukihi's Sakura version at every night's opening (a one-card deck).
    t = table("megumi/S yatsuha/A saliya/S shinra/S himika/S korunu/S", deck=["yukihi"]).night().day()
    t.night(kill={2: 4})
    assert died(t) == [5]
    assert t.alive(4)


def test_adz_3_8_a19_a_sealed_yukihi_still_shifts() -> None:
    # Seat 3 (Sakura Yukihi) is sealed by Hatsumi (7) from Day 1; K1 still moves the erasure on night 1.
    t = table("megumi/S yatsuha/A yukihi/S shinra/S himika/S korunu/S hatsumi/S")
    t.night({7: ("night.hatsumi", 3)}).day()
    assert "night.prompt.sealed" in t.said(3)
    t.night(kill={2: 4})
    assert died(t) == [5]
