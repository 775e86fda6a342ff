"""Hagane's Great Cracked Bell Megalobell [ADZ-9.8] (A38, A63, A17, A23): a revival at dawn after a night
with two or more deaths, kept through Hagane's own death, shifted by Yukihi, keeping the revived player's
state."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 hagane · 3 oboro · 4 shinra · 5 megumi · 6 himika · 7 korunu (Sakura but 1).
SEVEN = "yatsuha/A hagane/S oboro/S shinra/S megumi/S himika/S korunu/S"


def died(t: Table) -> list[int]:
    """Who the group was told died this morning."""
    morning = t.public()[0]
    return morning.params["players"] if morning.key == "morning.deaths" else []


def revived(t: Table) -> list[int]:
    """Who the group was told returned to life this morning."""
    return [p for h in t.public() if h.key == "morning.revived" for p in h.params["players"]]


def bells(t: Table, seat: int = 2) -> list[int]:
    return [move[1] for move in t.offered(seat) if move[0] == "night.hagane"]


def two_deaths(seats: str = SEVEN, *, trap: int = 7, erase: int = 6) -> Table:
    """Night 1: Oboro's trap kills ``trap`` and the team erases ``erase``; then Day 2 (all abstain)."""
    t = table(seats).night().day().night({3: ("night.oboro", "kill", trap)}, kill={1: erase})
    assert died(t) == sorted({trap, erase})
    return t.day()


def test_adz_9_8_a38_never_on_nights_0_and_1() -> None:
    t = table(SEVEN)
    assert bells(t) == []
    t.night().day(votes={1: 7, 3: 7, 4: 7})
    assert not t.alive(7)
    assert bells(t) == []
    assert t.refused(2, "night.hagane", 7) == "ability.not_tonight"


def test_adz_9_8_a38_one_night_death_is_not_enough() -> None:
    t = table(SEVEN).night().day().night(kill={1: 6}).day()
    assert bells(t) == []
    assert t.refused(2, "night.hagane", 6) == "ability.not_tonight"


def test_adz_9_8_a38_exile_never_counts() -> None:
    t = table(SEVEN).night().day().night(kill={1: 6}).day(votes={1: 7, 3: 7, 4: 7})
    assert (t.alive(6), t.alive(7)) == (False, False)
    assert bells(t) == []


def test_adz_9_8_two_night_deaths_offer_those_players() -> None:
    t = two_deaths()
    assert bells(t) == [6, 7]
    assert t.refused(2, "night.hagane", 4) == "target.not_revivable"


def test_adz_9_8_the_revival_happens_at_the_next_dawn() -> None:
    t = two_deaths()
    assert t.offered(6) == []  # still dead through Day 2 and night 2
    t.night({2: ("night.hagane", 6)})
    assert t.results(2) == [("result.hagane", {"target": 6})]
    assert (died(t), revived(t)) == ([], [6])
    assert t.public().index(("morning.revived", {"players": [6]})) == 1  # right after the deaths line
    assert t.alive(6)
    assert "role.card" in t.said(6)  # her role card again
    assert t.public_reveals() == set()


def test_adz_9_8_only_players_of_the_previous_night_are_eligible() -> None:
    t = two_deaths().night({2: ("night.hagane", 6)}).day()
    assert bells(t) == []  # night 2 killed nobody; seat 7 died two nights ago


def test_adz_9_8_a17_the_revival_happens_though_hagane_dies_that_night() -> None:
    t = two_deaths().night({2: ("night.hagane", 6)}, kill={1: 2})
    assert died(t) == [2]
    assert revived(t) == [6]
    assert t.results(2) == [("result.hagane", {"target": 6})]  # delivered though she died


def test_adz_9_8_the_revival_comes_before_the_victory_check() -> None:
    # After night 2 the living would be 1 (Adazakura) and 2 (Sakura): A ≥ S, unless seat 5 returns.
    seats = "yatsuha/A hagane/S oboro/S shinra/S megumi/S himika/S"
    t = table(seats).night().day().night({3: ("night.oboro", "kill", 5)}, kill={1: 6})
    t.day(votes={1: 4, 2: 4, 3: 4})
    t.night({2: ("night.hagane", 5)}, kill={1: 3})
    assert (died(t), revived(t)) == ([3], [5])
    assert (t.result, t.phase) == (None, ("discussion", 3))


def test_adz_9_8_without_the_revival_the_adazakura_side_wins() -> None:
    seats = "yatsuha/A hagane/S oboro/S shinra/S megumi/S himika/S"
    t = table(seats).night().day().night({3: ("night.oboro", "kill", 5)}, kill={1: 6})
    t.day(votes={1: 4, 2: 4, 3: 4}).night(kill={1: 3})
    assert t.result == "adazakura"


def test_adz_9_8_a23_yukihi_moves_a_sakura_hagane_to_the_previous_eligible_dead_seat() -> None:
    # 1 yatsuha/A · 2 yukihi/A · 3 hagane · 4 oboro · 5 shinra · 6 megumi · 7 himika.
    t = table("yatsuha/A yukihi/A hagane/S oboro/S shinra/S megumi/S himika/S").night().day()
    t.night({4: ("night.oboro", "kill", 7)}, kill={1: 5})  # the trap is shifted too: 7 → 6
    assert died(t) == [5, 6]
    t.day().night({3: ("night.hagane", 6)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.hagane", {"target": 5}),
    ]
    assert revived(t) == [5]
    assert not t.alive(6)


def test_adz_9_8_two_revivals_of_one_player_are_one() -> None:
    # A second dealt Hagane stands in for a copy holder (Kururu, Saliya).
    t = two_deaths("yatsuha/A hagane/S oboro/S hagane/S megumi/S himika/S korunu/S")
    t.night({2: ("night.hagane", 6), 4: ("night.hagane", 6)})
    assert revived(t) == [6]
    assert t.results(4) == [("result.hagane", {"target": 6})]


def test_adz_9_8_a63_a_revived_oboro_keeps_her_sprung_traps_and_spent_kill() -> None:
    t = table(SEVEN).night({3: ("night.oboro", "learn", 5)}).day()
    t.night({3: ("night.oboro", "kill", 7)}, kill={1: 3}).day()
    t.night({2: ("night.hagane", 3)}).day()
    assert t.alive(3)
    traps = {(move[1], move[2]) for move in t.offered(3) if move[0] == "night.oboro"}
    assert traps == {(f, s) for f in ("learn", "guard") for s in (1, 2, 4, 6)}


def test_adz_9_8_a63_a_revived_saine_keeps_her_immunity_used() -> None:
    t = table("yatsuha/A hagane/S oboro/S saine/S megumi/S himika/S korunu/S").night().day()
    t.night(kill={1: 4})
    assert t.results(4) == [("result.saine.immunity", {})]
    t.day().night({3: ("night.oboro", "kill", 7)}, kill={1: 4})
    assert died(t) == [4, 7]
    t.day().night({2: ("night.hagane", 4)})
    assert revived(t) == [4]
    t.day().night(kill={1: 4})
    assert died(t) == [4]


def test_adz_9_8_a63_a_revived_adazakura_player_rejoins_the_team() -> None:
    t = table("yatsuha/A himika/A hagane/S oboro/S shinra/S megumi/S korunu/S").night().day()
    t.night({4: ("night.oboro", "kill", 2)}, kill={1: 7})
    assert died(t) == [2, 7]
    t.day().night({3: ("night.hagane", 2)})
    assert revived(t) == [2]
    assert "role.card.team" in t.said(2)
    t.day()
    assert ("team.open", {"night": 3, "members": [1, 2], "can_kill": True}) in t.team(2)
    assert ("kill", 4) in t.offered(2)


def test_adz_9_8_a63_a_revived_raira_keeps_her_gauges() -> None:
    wind = ("night.raira", "wind", "none")
    t = table("yatsuha/A hagane/S oboro/S raira/S megumi/S himika/S korunu/S").night({4: wind}).day()
    t.night({4: wind, 3: ("night.oboro", "kill", 7)}, kill={1: 4})
    assert died(t) == [4, 7]
    t.day().night({2: ("night.hagane", 4)}).day()
    assert ("night.raira", "wind", "w3") in t.offered(4)  # wind 2 kept: one raise reaches 3


# -- what a revived player keeps (A63), and Kamui's night ------------------------------------------------


def test_adz_9_8_a63_a_revived_madman_keeps_her_copy_and_her_side() -> None:
    t = table("kururu/S yatsuha/A hagane/S oboro/S shinra/S megumi/S himika/S")
    t.night({1: ("night.kururu", 2)}).day()
    t.night({4: ("night.oboro", "kill", 1)}, kill={2: 7})
    assert died(t) == [1, 7]
    t.day().night({3: ("night.hagane", 1)})
    assert revived(t) == [1]
    card = next(h for h in t.private(1) if h.key.startswith("role.card"))
    assert card.params["faction"] == ("faction.madman", {"faction": "sakura"})
    assert card.params["held"] == [("role.yatsuha.text.held", {})]


def test_adz_9_8_a63_a_revived_mizuki_has_still_spent_her_self_guard() -> None:
    t = table("yatsuha/A hagane/S oboro/S mizuki/S megumi/S himika/S korunu/S").night().day()
    t.night({4: ("night.mizuki", 4)}).day()
    t.night({3: ("night.oboro", "kill", 4)}, kill={1: 7})
    assert died(t) == [4, 7]
    t.day().night({2: ("night.hagane", 4)}).day()
    assert t.alive(4)
    assert ("night.mizuki", 5) in t.offered(4)
    assert t.refused(4, "night.mizuki", 4) == "ability.used_up"


def test_adz_9_8_kamuis_victim_surviving_leaves_one_death_and_no_bell() -> None:
    # Seat 3, a Raira, is invulnerable on night 3 (wind 3): Kamui's fate is the night's only death.
    wind = ("night.raira", "wind", "none")
    t = table("yatsuha/A kamui/S raira/S hagane/S himika/S korunu/S oboro/S").night({3: wind}).day()
    t.night({3: wind}).day().night({3: wind}).day()
    t.night({2: ("night.kamui", 3), 3: ("night.raira", "keep", "w3")})
    assert died(t) == [2]
    t.day()
    assert bells(t, 4) == []
