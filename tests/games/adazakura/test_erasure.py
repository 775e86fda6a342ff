"""The erasure [ADZ-7]: the team's choice (A04, A05) and the protection pipeline K1-K8 (A28, A32)."""

from __future__ import annotations

import pytest

from core.engine.commands import Say
from core.engine.result import Rejected
from tests.games.adazakura.table import RULES, Table, table

pytestmark = pytest.mark.scenario

#: Three Adazakura members (1-3) and seven Sakura players without protections.
TEAM3 = "yatsuha/A saine/A megumi/A shinra/S himika/S korunu/S yurina/S oboro/S mizuki/S tokoyo/S"


def night1(seats: str) -> Table:
    return table(seats).night().day()


def died(t: Table) -> list[int]:
    """Who the group was told died this morning."""
    morning = t.public()[0]
    return morning.params["players"] if morning.key == "morning.deaths" else []


def test_adz_7_1_plurality_of_members() -> None:
    t = night1(TEAM3).night(kill={1: 5, 2: 4, 3: 5})
    assert died(t) == [5]


def test_adz_7_1_tie_goes_to_the_last_choice() -> None:
    t = night1(TEAM3).night(kill={1: 5, 2: 4})
    assert died(t) == [4]
    t.day().night(kill={2: 6, 1: 7})
    assert died(t) == [7]


def test_adz_7_1_nobody_can_win() -> None:
    t = night1(TEAM3).night(kill={1: None, 2: None, 3: 4})
    assert died(t) == []


def test_adz_7_1_nobody_chosen_last_wins_a_tie() -> None:
    t = night1(TEAM3).night(kill={1: 5, 2: None})
    assert died(t) == []
    t.day().night(kill={2: None, 1: 5})
    assert died(t) == [5]


def test_adz_7_1_no_choice_no_erasure() -> None:
    t = night1(TEAM3).night()
    assert t.public()[0] == ("morning.nobody", {"day": 2})
    assert ("team.final.nobody", {"night": 1}) in t.team(1)


def test_adz_7_1_a05_teammate_or_self_may_be_erased() -> None:
    t = night1(TEAM3).night(kill={1: 2})
    assert died(t) == [2]
    t.day().night(kill={1: 1})
    assert died(t) == [1]


def test_adz_7_1_dead_member_has_no_say() -> None:
    t = table(TEAM3).night().day(votes=dict.fromkeys(range(1, 11), 3))
    assert not t.alive(3)
    assert t.refused(3, "kill", 4) == "not_alive"
    t.night(kill={1: 5})
    assert died(t) == [5]
    assert all(3 not in n.to.seats for n in t.heard if n.to.kind == "team")


def test_adz_11_6_every_change_is_shown_to_the_team() -> None:
    t = night1(TEAM3).night(kill={1: 5, 2: 4}, close=False)
    lines = t.team(3)[-1]
    assert lines.key == "team.choices"
    assert [(line[1]["member"], line[1]["target"]) for line in lines.params["lines"]] == [(1, 5), (2, 4)]
    assert all(n.to.seats == (1, 2, 3) for n in t.heard if n.to.kind == "team")
    t.close()
    assert ("team.final.player", {"target": 4, "night": 1}) in t.team(1)


def say_refused(t: Table, seat: int) -> str:
    outcome = RULES.decide(t.state, Say(user_id=t.uid(seat), text="hi"), now=t.now)
    assert isinstance(outcome, Rejected)
    return outcome.reason


def test_adz_11_6_team_talk_reaches_living_teammates_only() -> None:
    t = table(TEAM3).step(Say(user_id="u1", text="seat 5?"))
    assert t.team(2) == [("team.say", {"member": 1, "text": "seat 5?"})]
    assert [n.to.seats for n in t.heard if n.key == "team.say"] == [(2, 3)]
    assert say_refused(t, 4) == "team.closed"  # a Sakura player
    t.night().discuss()
    assert say_refused(t, 1) == "team.closed"  # by day


# -- the pipeline [ADZ-7.2] ---------------------------------------------------------------------------
FIGHTING_GOD = "yatsuha/A mizuki/A oboro/S saine/S shinra/S megumi/S himika/S"


def test_adz_7_2_k2_fighting_god_moves_erasure_to_the_guard() -> None:
    t = table(FIGHTING_GOD).night().day()
    t.night({3: ("night.oboro", "guard", 4)}, kill={1: 4})
    assert died(t) == [3]
    assert t.results(4) == [("result.nothing", {})]  # K2 moved it away: Saine's immunity untouched
    t.day().night(kill={1: 4})
    assert died(t) == []
    assert t.results(4) == [("result.saine.immunity", {})]


def test_adz_7_2_k2_needs_a_living_fighting_god() -> None:
    t = table(FIGHTING_GOD).night().day(votes=dict.fromkeys(range(1, 8), 2))
    assert not t.alive(2)
    t.night({3: ("night.oboro", "guard", 5)}, kill={1: 5})
    assert died(t) == []
    assert t.alive(3)


def test_adz_7_2_k4_guard_stops_before_k6_saine() -> None:
    t = table("yatsuha/A mizuki/S saine/S shinra/S megumi/S").night().day()
    t.night({2: ("night.mizuki", 3)}, kill={1: 3})
    assert died(t) == []
    assert t.results(3) == [("result.nothing", {})]
    t.day().night({2: ("night.mizuki", 2)}, kill={1: 3})
    assert t.results(3) == [("result.saine.immunity", {})]  # unused until now
    t.day().night({2: ("night.mizuki", 4)}, kill={1: 3})
    assert died(t) == [3]


def test_adz_7_2_k5_tokoyo_stops_odd_nights_only() -> None:
    t = table("yatsuha/A tokoyo/S shinra/S megumi/S himika/S").night().day()
    t.night(kill={1: 2})
    assert died(t) == []
    assert t.results(2) == [("result.nothing", {})]  # A33: Tokoyo is not told
    t.day().night(kill={1: 2})
    assert died(t) == [2]


def test_adz_7_2_k6_only_the_sakura_saine_is_immune() -> None:
    t = table("yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S mizuki/S").night().day()
    t.night(kill={1: 2})
    assert died(t) == [2]


def test_adz_7_2_k8_unprotected_target_dies() -> None:
    t = table("yatsuha/A mizuki/S saine/S shinra/S megumi/S").night().day()
    t.night({2: ("night.mizuki", 3)}, kill={1: 4})
    assert died(t) == [4]
    assert not t.alive(4)
