"""Kamui's Principle [ADZ-9.21] (A19, A51, A25): a ballot of weight 3, her fated death at D6 of night 3 and
the revenge it triggers (chosen, or random), untouched by seals and guards, shifted by Yukihi."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.adazakura.table import Heard, Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 kamui · 3 shinra · 4 megumi · 5 himika · 6 korunu · 7 oboro (Sakura but 1).
SEVEN = "yatsuha/A kamui/S shinra/S megumi/S himika/S korunu/S oboro/S"
REVENGE = [("night.kamui", s) for s in (1, 3, 4, 5, 6, 7)]


def night3(seats: str = SEVEN, **kw: Any) -> Table:
    """Quiet nights 0-2 and days 1-3: the window of night 3 is open."""
    return table(seats, **kw).night().quiet_days(2).day()


def died(t: Table) -> list[int]:
    """Who the group was told died this morning."""
    morning = t.public()[0]
    return morning.params["players"] if morning.key == "morning.deaths" else []


def exiled(t: Table) -> int | None:
    return next((h.params["player"] for h in t.public() if h.key == "exile.done"), None)


def test_adz_8_3_her_ballot_weighs_3() -> None:
    t = table(SEVEN).night().day(votes={2: 5, 3: 1, 6: 1})
    assert exiled(t) == 5


def test_adz_3_8_a19_her_weight_survives_a_seal() -> None:
    # Tokoyo (Adazakura) seals every Sakura player on Day 2.
    t = table("yatsuha/A kamui/S shinra/S tokoyo/A himika/S korunu/S oboro/S").night().quiet_days(1)
    t.day(votes={2: 5, 3: 1, 6: 1})
    assert exiled(t) == 5


def test_adz_9_21_she_is_prompted_only_on_night_3() -> None:
    t = table(SEVEN)
    for _ in range(3):
        assert t.offered(2) == [("done",)]
        t.night().day()
    assert t.offered(2) == [*REVENGE, ("done",)]
    assert t.buttons(2, "night.prompt.note") == [*REVENGE, ("done",)]
    assert t.refused(2, "night.kamui", 2) == "action.illegal"


def test_adz_9_21_fate_and_chosen_revenge_at_d6() -> None:
    t = night3().night({2: ("night.kamui", 5)})
    assert died(t) == [2, 5]
    assert t.results(2) == [("result.kamui.revenge", {"target": 5})]
    assert t.public_reveals() == set()


def test_adz_9_21_a51_no_choice_draws_a_random_victim() -> None:
    t = night3(rng=[3]).night()
    assert died(t) == [2, 5]  # index 3 of the other living [1, 3, 4, 5, 6, 7]
    assert t.results(2) == [("result.kamui.revenge", {"target": 5})]


@pytest.mark.parametrize("how", ["erasure", "trap"])
def test_adz_9_21_a51_an_earlier_death_that_night_means_no_fate_and_no_revenge(how: str) -> None:
    t = night3()
    if how == "erasure":
        t.night({2: ("night.kamui", 5)}, kill={1: 2})
    else:
        t.night({2: ("night.kamui", 5), 7: ("night.oboro", "kill", 2)})
    assert died(t) == [2]
    assert ("result.kamui.revenge", {"target": 5}) not in t.results(2)


def test_adz_9_21_a_victim_already_dead_is_not_replaced() -> None:
    t = night3().night({2: ("night.kamui", 5)}, kill={1: 5})
    assert died(t) == [2, 5]


def test_adz_9_21_guards_never_stop_the_revenge() -> None:
    t = night3("yatsuha/A kamui/S shinra/S megumi/S himika/S mizuki/S oboro/S")
    t.night({2: ("night.kamui", 5), 6: ("night.mizuki", 5)})
    assert died(t) == [2, 5]


def test_adz_9_21_a19_a_sealed_kamui_is_still_prompted_and_her_choice_counts() -> None:
    t = table("yatsuha/A kamui/S hatsumi/S megumi/S himika/S korunu/S oboro/S").night().day()
    t.night().day().night({3: ("night.hatsumi", 2)}).day()
    assert t.buttons(2, "night.prompt.sealed.note") == [*REVENGE, ("done",)]
    t.night({2: ("night.kamui", 5)})
    assert died(t) == [2, 5]


#: 1 yatsuha/A · 2 kamui · 3 shinra · 4 yukihi/A · 5 himika · 6 korunu · 7 oboro.
YUKIHI = "yatsuha/A kamui/S shinra/S yukihi/A himika/S korunu/S oboro/S"


def test_adz_9_6_yukihi_shifts_the_chosen_victim() -> None:
    t = night3(YUKIHI).night({2: ("night.kamui", 6)})
    assert died(t) == [2, 5]
    assert t.results(2) == [
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.kamui.revenge", {"target": 5}),
    ]


def test_adz_9_6_yukihi_never_shifts_the_random_victim() -> None:
    t = night3(YUKIHI, rng=[3]).night()
    assert died(t) == [2, 5]


def test_adz_3_9_a25_a_victim_shifted_onto_herself_fizzles() -> None:
    t = night3(YUKIHI).night({2: ("night.kamui", 3)})
    assert died(t) == [2]
    assert t.results(2) == [("result.fizzled.self", {"chosen": 3})]


#: 1 yatsuha/A · 2 kamui · 3 hagane · 4 shinra · 5 himika · 6 korunu · 7 oboro.
HAGANE = "yatsuha/A kamui/S hagane/S shinra/S himika/S korunu/S oboro/S"


def test_adz_9_8_fate_and_revenge_make_hagane_eligible_on_night_4() -> None:
    t = night3(HAGANE).night({2: ("night.kamui", 5)}).day()
    assert [m for m in t.offered(3) if m[0] == "night.hagane"] == [("night.hagane", 2), ("night.hagane", 5)]


def test_adz_9_8_an_earlier_death_leaves_only_the_usual_count() -> None:
    t = night3(HAGANE).night({2: ("night.kamui", 5)}, kill={1: 2}).day()
    assert [m for m in t.offered(3) if m[0] == "night.hagane"] == []


def test_adz_9_8_a63_a_revived_kamui_does_not_die_again_and_still_weighs_3() -> None:
    t = night3(HAGANE).night({2: ("night.kamui", 5)}).day().night({3: ("night.hagane", 2)})
    assert t.alive(2)
    t.day(votes={2: 6, 4: 1, 7: 1})
    assert exiled(t) == 6
    t.night()
    assert died(t) == []
    assert t.alive(2)


def test_adz_9_21_an_invulnerable_victim_is_spared() -> None:
    # Seat 3 is a Raira who reaches wind 3 on night 2 and uses it on night 3.
    wind = ("night.raira", "wind", "none")
    t = table("yatsuha/A kamui/S raira/S megumi/S himika/S korunu/S oboro/S").night({3: wind}).day()
    t.night({3: wind}).day().night({3: wind}).day()
    t.night({2: ("night.kamui", 3), 3: ("night.raira", "keep", "w3")})
    assert died(t) == [2]


def test_adz_9_21_holders_meet_their_fate_in_seat_order() -> None:
    # Seat 2, a Kururu, copies Kamui (seat 5) on night 0. Seat order: 2 dies and takes 6; then 5 dies, and
    # her revenge on 2 finds her already dead.
    t = table("yatsuha/A kururu/S shinra/S megumi/S kamui/S korunu/S oboro/S himika/S")
    t.night({2: ("night.kururu", 5)}).quiet_days(2).day()
    t.night({2: ("night.kamui", 6), 5: ("night.kamui", 2)})
    assert died(t) == [2, 5, 6]
    assert t.results(2) == [("result.kamui.revenge", {"target": 6})]


def test_adz_9_11_a65_a_saliya_gaining_kamui_on_night_3_dies_and_takes_revenge() -> None:
    deck = ["megumi", "kanae", "yukihi", "kamui"]
    t = table("yatsuha/A saliya/S shinra/S himika/S korunu/S oboro/S", deck=deck).night().quiet_days(2).day()
    assert ("night.kamui", 4) in t.offered(2)
    t.night({2: ("night.kamui", 4)})
    assert died(t) == [2, 4]
    assert ("result.kamui.revenge", {"target": 4}) in t.results(2)


def night_3_prompts(t: Table, seat: int) -> list[Heard]:
    """The night prompts ``seat`` received when night 3 opened (the end of Day 3)."""
    t.day()
    assert t.phase == ("night", 3)
    return [h for h in t.private(seat) if h.key.startswith("night.prompt")]


def test_adz_9_21_night_3_prompt_tells_kamui_of_her_fate() -> None:
    """[ADZ-9.21], [ADZ-11.4]: only on night 3, her prompt says she dies tonight and asks for a companion."""
    t = table("yatsuha/A hatsumi/S kamui/S shinra/S megumi/S himika/S yurina/S")
    t.night().day().night().day().night()
    assert night_3_prompts(t, 3) == [("night.prompt.note", {"night": 3, "notes": [("night.note.kamui", {})]})]
    assert ("night.kamui", 1) in t.offered(3)
    t.night().day()
    assert [h.key for h in t.private(3) if h.key.startswith("night.prompt")] in ([], ["night.prompt"])


def test_adz_9_21_a_sealed_kamui_is_asked_for_her_companion_all_the_same() -> None:
    """(A19): her choice is passive, so a Hatsumi seal leaves it; the prompt says only active abilities
    are blocked tonight instead of "you cannot use your ability"."""
    t = table("yatsuha/A hatsumi/S kamui/S shinra/S megumi/S himika/S yurina/S")
    t.night().day().night().day().night({2: ("night.hatsumi", 3)})
    note = {"night": 3, "notes": [("night.note.kamui", {})]}
    assert night_3_prompts(t, 3) == [("night.prompt.sealed.note", note)]
    assert ("night.kamui", 1) in t.offered(3)
