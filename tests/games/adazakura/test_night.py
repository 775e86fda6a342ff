"""The night window [ADZ-5.2], [ADZ-6.2], [ADZ-11.4], [ADZ-3.10]: what is offered, when it closes and
what counts; stale taps and timers."""

from __future__ import annotations

import pytest

from core.engine.commands import Timeout
from core.engine.result import Rejected
from tests.games.adazakura.table import RULES, table

pytestmark = pytest.mark.scenario

FIVE = "yatsuha/A mizuki/S saine/S shinra/S megumi/S"


def test_adz_5_2_night0_offers_no_erasure() -> None:
    t = table("yatsuha/A saine/A oboro/S mizuki/S shinra/S megumi/S himika/S")
    assert "kill" not in t.offered_kinds(1) | t.offered_kinds(2)
    assert ("team.open", {"night": 0, "members": [1, 2], "can_kill": False}) in t.team(1)
    assert t.refused(2, "kill", 5) == "action.illegal"


def test_adz_5_2_night0_offers_no_guard() -> None:
    t = table("yatsuha/A oboro/S mizuki/S shinra/S megumi/S")
    assert t.offered(3) == [("done",)]
    assert {move[1] for move in t.offered(2) if move[0] == "night.oboro"} == {"learn"}
    assert t.refused(2, "night.oboro", "guard", 4) == "action.illegal"
    assert t.refused(2, "night.oboro", "kill", 1) == "action.illegal"


def test_adz_5_2_nobody_dies_on_night0() -> None:
    t = table(FIVE).night()
    assert t.public()[0] == ("morning.nobody", {"day": 1})
    assert t.dead() == []


def test_adz_11_4_same_prompt_for_everyone() -> None:
    t = table(FIVE).night().day()
    prompts = {seat: [h for h in t.private(seat) if h.key.startswith("night.")] for seat in range(1, 6)}
    assert all(p == [("night.prompt", {"night": 1})] for p in prompts.values())
    assert all(("done",) in t.offered(seat) for seat in range(1, 6))
    assert t.offered(3) == t.offered(5) == [("done",)]  # passive Megami: only "done"


def test_adz_11_4_everyone_gets_results_at_once() -> None:
    t = table(FIVE).night().day()
    t.night({4: ("night.shinra", "megami", 5)})
    assert t.results(4) == [("result.megami", {"target": 5, "megami": "megumi"})]
    for seat in (1, 2, 3, 5):
        assert t.results(seat) == [("result.nothing", {})]


def test_adz_11_4_night_ends_when_everyone_is_done() -> None:
    t = table(FIVE)
    for seat in (1, 2, 3, 4):
        t.tap(seat, "done")
    assert t.phase == ("night", 0)
    t.act(5, "done")
    assert t.phase == ("discussion", 1)
    assert ("morning.nobody", {"day": 1}) in t.public()


def test_adz_11_4_change_after_done_reopens_done() -> None:
    t = table(FIVE).tap(4, "done").tap(4, "night.shinra", "deck")
    assert ("done",) in t.offered(4)
    for seat in (1, 2, 3, 5):
        t.tap(seat, "done")
    assert t.phase == ("night", 0)


def test_adz_11_4_kill_change_after_done_reopens_done() -> None:
    t = table(FIVE).night().day()
    t.tap(1, "kill", 3).tap(1, "done").act(1, "kill", 4)
    assert t.private(1) == [("night.choice.saved", {"night": 1})]
    assert ("done",) in t.buttons(1, "night.choice.saved")
    assert ("done",) in t.offered(1)
    for seat in (2, 3, 4, 5):
        t.tap(seat, "done")
    assert t.phase == ("night", 1)


def test_adz_3_10_last_submission_counts() -> None:
    t = table(FIVE)
    t.night({4: [("night.shinra", "megami", 1), ("night.shinra", "faction", 1)]})
    assert t.results(4) == [("result.faction", {"target": 1, "faction": "adazakura"})]


def test_adz_3_10_withdrawn_choice_does_nothing() -> None:
    t = table(FIVE)
    t.night({4: [("night.shinra", "megami", 1), ("cancel", "shinra")]})
    assert t.results(4) == [("result.nothing", {})]


def test_adz_3_10_team_choice_last_submission_counts() -> None:
    t = table(FIVE).night().day()
    t.night(kill={1: 3}, close=False).tap(1, "kill", 4).close()
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [4]})


def test_a08_dead_get_no_prompt_and_cannot_act() -> None:
    t = table(FIVE).night().day(votes={1: 4, 2: 4, 3: 4, 5: 4, 4: 1})
    assert not t.alive(4)
    assert not {"night.prompt", "night.prompt.sealed"} & set(t.said(4))
    assert t.offered(4) == []
    assert t.refused(4, "done") == "not_alive"
    t.night()
    assert "night.results" not in t.said(4)


def test_stale_tap_is_refused_and_changes_nothing() -> None:
    t = table(FIVE).night()
    night0 = t.state.phase_seq - 1
    assert t.refused(4, "night.shinra", "deck", phase_seq=night0) == "phase.stale"
    t.discuss()
    assert t.refused(1, "vote", 2, phase_seq=night0 + 1) == "phase.stale"


def test_stale_timer_is_a_no_op() -> None:
    t = table(FIVE).night()
    late = RULES.decide(t.state, Timeout(phase_seq=t.state.phase_seq - 1), now=10_000)
    assert isinstance(late, Rejected)
    assert late.reason == "phase.stale"
