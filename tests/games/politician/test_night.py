"""The night, 裏工作タイム (``politician.md`` §6.9, §10.5): prompts, the wolves' negative campaign
(AMB-25..28), the guard (AMB-23/24/29), the reporter (§3.2, AMB-34..40) and when the night closes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.politician.helpers import buttons, elect, prompted
from tests.games.politician.table import C14, Table, table

pytestmark = pytest.mark.scenario

#: Three wolves (9, 10, 11), the lover 12 (favourite 9), spy 13, traitor 14.
C14_3W = ("human_member " * 5 + "reporter guard chairman " + "wolf_member " * 3 + "lover spy traitor").split()


def night_1(**options: Any) -> Table:
    """C13 with seat 1 elected on Day 1; Night 1 is open."""
    return elect(table(**options), 1)


def two_wolves(rng: list[int] | None = None) -> Table:
    """C14 (wolves 9 and 10, lover 11 choosing 10) with seat 1 elected on Day 1; Night 1 is open."""
    return elect(table(C14, rng=rng).favourite(10), 1)


def three_wolves() -> Table:
    return elect(table(C14_3W).favourite(9), 1)


def excluded_in_the_morning(t: Table) -> int | None:
    """The seat the morning's ``morning.nc`` names; None after ``morning.nc_none``."""
    [nc] = [h for h in t.public() if h.key in ("morning.nc", "morning.nc_none")]
    return nc.params["player"] if nc.key == "morning.nc" else None


def result(t: Table) -> tuple[str, dict[str, object]]:
    """The reporter's (seat 6) one investigation result of the last step."""
    [found] = [h for h in t.private(6) if h.key.startswith("result.")]
    return found


# -- prompts ---------------------------------------------------------------------------------------------
def test_6_9_night_start_tells_its_length() -> None:
    t = night_1(nightSeconds=120)
    assert t.first("night.start").params == {"night": 1, "seconds": 120, "deadline": t.now + 120}
    assert t.state.deadline_at == t.now + 120


def test_10_5_every_active_player_gets_the_same_prompt_key_elected_nothing() -> None:
    t = night_1()
    assert prompted(t) == list(range(2, 14))
    assert all([k for k in t.said(s) if k.startswith("night.")] == ["night.prompt"] for s in range(2, 14))
    assert not any(k.startswith("night.") for k in t.said(1))
    assert t.offered(1) == []


def test_6_9_buttons_per_role_and_a_dummy_trust_prompt_for_the_rest() -> None:
    t = night_1()
    others = list(range(2, 14))
    assert buttons(t, 9, "night.prompt") == [*(("kill", s) for s in others), ("kill", "none"), ("done",)]
    assert buttons(t, 7, "night.prompt") == [*(("night.protect", s) for s in others if s != 7), ("done",)]
    assert buttons(t, 6, "night.prompt") == [*(("night.investigate", s) for s in others if s != 6), ("done",)]
    for seat in (2, 8, 10, 11, 13):
        assert buttons(t, seat, "night.prompt") == [
            *(("night.trust", s) for s in others if s != seat),
            ("done",),
        ]


def test_6_9_choices_outside_the_valid_targets_are_refused() -> None:
    t = night_1()
    assert t.refused(9, "kill", 1) == "target.invalid"  # elected
    assert t.refused(7, "night.protect", 1) == "target.invalid"
    assert t.refused(6, "night.investigate", 1) == "target.invalid"
    assert t.refused(6, "night.investigate", 6) == "target.invalid"
    assert t.refused(1, "night.trust", 2) == "not_alive"


# -- negative campaign -----------------------------------------------------------------------------------
@pytest.mark.parametrize("target", [9, 10, 11], ids=["the_wolf_himself", "lover", "spy"])
def test_amb_25_any_active_player_is_a_target(target: int) -> None:
    t = night_1().night({9: target})
    assert excluded_in_the_morning(t) == target
    assert t.first("morning.nc") == ("morning.nc", {"player": target, "day": 2})
    assert t.state.players[target - 1].excluded


@pytest.mark.parametrize("nc", [{9: None}, {}], ids=["nobody", "no_answer"])
def test_amb_26_nobody_or_silence_means_no_negative_campaign(nc: dict[int, int | None]) -> None:
    t = night_1().night(nc)
    assert t.first("morning.nc_none") == ("morning.nc_none", {"day": 2})
    assert not any(p.excluded for p in t.state.players)


def test_6_9_1_same_target_on_consecutive_nights() -> None:
    t = night_1().night({9: 3})
    elect(t, 2).night({9: 3})
    assert excluded_in_the_morning(t) == 3


def test_amb_27_proposal_relayed_to_the_other_wolves_only() -> None:
    t = two_wolves().night({9: 6}, close=False)
    assert t.team(10) == [("night.proposal", {"wolf": 9, "target": 6})]
    assert t.team(9) == []
    assert t.private(9) == [("night.proposal_saved", {"target": 6})]
    assert all(t.team(s) == [] and t.private(s) == [] for s in range(1, 15) if s not in (9, 10))


def test_amb_26_a_proposal_of_nobody_is_relayed_as_such() -> None:
    t = two_wolves().night({9: None}, close=False)
    [(key, params)] = t.team(10)
    assert key == "night.proposal"
    assert params["wolf"] == 9
    assert isinstance(params["target"], tuple)  # a phrase saying "nobody", not a seat nor a blank


def test_amb_27_an_elected_wolf_leaves_the_pack() -> None:
    t = elect(table(C14).favourite(10), 9).night({10: 6}, close=False)
    assert t.team(9) == []
    assert t.team(10) == [("night.locked", {"target": 6})]
    t.close()
    assert excluded_in_the_morning(t) == 6


def test_amb_27_a_lone_wolf_s_proposal_is_settled_at_once() -> None:
    """A proposal every active wolf agrees with is only announced as settled (no "your proposal")."""
    t = night_1().night({9: 3}, close=False)
    assert t.team(9) == [("night.locked", {"target": 3})]
    assert t.private(9) == []
    assert t.offered(9) == [("done",)]


def test_amb_27_unanimity_locks_at_once() -> None:
    t = two_wolves().night({9: 6, 10: 6}, close=False)
    assert t.team(9) == [("night.locked", {"target": 6})]
    assert t.team(10) == [("night.proposal", {"wolf": 9, "target": 6}), ("night.locked", {"target": 6})]
    assert t.private(9) == [("night.proposal_saved", {"target": 6})]
    assert t.private(10) == []
    assert t.offered(9) == t.offered(10) == [("done",)]
    t.refused(9, "kill", 7)
    t.close()
    assert excluded_in_the_morning(t) == 6


def test_amb_27_the_pack_is_settled_only_when_every_active_wolf_agrees() -> None:
    t = three_wolves().night({9: 6, 10: 6}, close=False)
    relayed = [("night.proposal", {"wolf": w, "target": 6}) for w in (9, 10)]
    assert t.team(11) == relayed
    assert t.state.night is not None
    assert not t.state.night.locked
    t.step().tap(11, "kill", 6)
    assert t.team(9) == t.team(10) == t.team(11) == [("night.locked", {"target": 6})]
    assert t.private(11) == []


def test_amb_27_plurality_of_the_latest_proposals_at_the_deadline() -> None:
    t = three_wolves().night({9: 6, 10: 7, 11: 6}, close=False)
    t.tap(11, "kill", 7)  # changes his mind: 6 once, 7 twice
    t.close()
    assert excluded_in_the_morning(t) == 7


@pytest.mark.parametrize(
    ("nc", "draw", "target"),
    [({9: 6, 10: 7}, 0, 6), ({9: 6, 10: 7}, 1, 7), ({9: None, 10: 6}, 0, 6), ({9: None, 10: 6}, 1, None)],
)
def test_amb_27_tie_drawn_by_the_rng(nc: dict[int, int | None], draw: int, target: int | None) -> None:
    t = two_wolves(rng=[0, draw]).night(nc)  # the first draw is the reporter's clue; seats before nobody
    assert excluded_in_the_morning(t) == target


def test_amb_27_a_silent_wolf_is_ignored() -> None:
    t = two_wolves().night({9: 6})
    assert excluded_in_the_morning(t) == 6


def test_amb_27_no_proposal_no_negative_campaign() -> None:
    t = two_wolves().night()
    assert excluded_in_the_morning(t) is None


def test_amb_28_no_active_wolf_no_negative_campaign_but_the_night_runs() -> None:
    t = elect(table(), 9)
    assert prompted(t) == [s for s in range(1, 14) if s != 9]
    assert not any(a[0] == "kill" for s in range(1, 14) for a in t.offered(s))
    t.night(protect=2, investigate=10)
    assert excluded_in_the_morning(t) is None
    assert result(t)[0] == "result.lover"


# -- guard -----------------------------------------------------------------------------------------------
def test_amb_23_guard_cannot_protect_himself() -> None:
    t = night_1()
    assert ("night.protect", 7) not in t.offered(7)
    assert t.refused(7, "night.protect", 7) == "target.invalid"


def test_amb_23_guard_self_protect_option() -> None:
    t = night_1(guardSelfProtect=True)
    assert ("night.protect", 7) in t.offered(7)
    t.night({9: 7}, protect=7)
    assert excluded_in_the_morning(t) is None


def test_amb_24_guard_may_protect_the_same_player_again() -> None:
    t = night_1().night({9: 2}, protect=2)
    elect(t, 3).night({9: 2}, protect=2)
    assert excluded_in_the_morning(t) is None


def test_amb_29_a_blocked_campaign_looks_like_no_campaign() -> None:
    runs = [night_1().night(nc, protect=3) for nc in ({9: 3}, {9: None}, {})]
    assert all(excluded_in_the_morning(t) is None for t in runs)
    assert runs[0].public() == runs[1].public() == runs[2].public()
    assert runs[0].private(7) == runs[1].private(7) == runs[2].private(7)


def test_6_9_2_protecting_someone_else_does_not_stop_the_campaign() -> None:
    t = night_1().night({9: 3}, protect=4)
    assert excluded_in_the_morning(t) == 3


# -- reporter --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seat", "key"),
    [
        (9, "result.wolf"),
        (11, "result.not_wolf"),  # spy
        (13, "result.not_wolf"),  # traitor
        (2, "result.not_wolf"),
        (7, "result.not_wolf"),
        (8, "result.not_wolf"),
    ],
)
def test_3_2_investigation_result(seat: int, key: str) -> None:
    t = night_1().night(investigate=seat)
    assert result(t) == (key, {"night": 1, "player": seat})


def test_3_2_lover_result_names_the_favourite() -> None:
    t = two_wolves().night(investigate=11)
    assert result(t) == ("result.lover", {"night": 1, "player": 11, "favourite": 10})


def test_6_9_3_result_only_at_resolution() -> None:
    t = night_1().night(investigate=9, close=False)
    left = t.state.deadline_at - t.now  # "waiting for the others", with the time left
    assert t.private(6) == [("night.saved", {"target": 9, "left": left})]
    t.close()
    assert result(t)[0] == "result.wolf"


def test_amb_34_lover_found_announced_next_morning_without_a_name() -> None:
    t = night_1().night(investigate=10)
    assert t.said()[:2] == ["morning.lover_found", "morning.nc_none"]
    assert t.first("morning.lover_found") == ("morning.lover_found", {})
    assert t.state.lover_found


def test_amb_36_lover_found_announced_only_the_first_time() -> None:
    t = night_1().night(investigate=10)
    elect(t, 2).night(investigate=10)
    assert result(t)[0] == "result.lover"
    assert "morning.lover_found" not in t.said()


def test_amb_40_lover_found_while_excluded() -> None:
    t = night_1().night({9: 10}, investigate=10)
    assert t.said()[:2] == ["morning.lover_found", "morning.nc"]


def test_amb_40_lover_found_while_out() -> None:
    t = night_1().night({9: 10})
    elect(t, 2).night(investigate=10)
    assert t.status(10) == "out"
    assert result(t)[0] == "result.lover"
    assert t.said()[0] == "morning.lover_found"


def test_amb_38_targeted_reporter_still_gets_the_result() -> None:
    t = night_1().night({9: 6}, investigate=9)
    assert excluded_in_the_morning(t) == 6
    assert result(t) == ("result.wolf", {"night": 1, "player": 9})


# -- closing ---------------------------------------------------------------------------------------------
def test_10_5_night_closes_early_only_when_every_prompted_player_answered() -> None:
    t = night_1().night({9: 5}, protect=5, investigate=9, close=False)
    opened = t.now
    for seat in (2, 3, 4, 5, 8, 10, 11, 12):
        t.tap(seat, "night.trust", 9)
    assert t.phase == ("night", 1)
    t.tap(13, "done")
    assert t.phase == ("campaign", 2)
    assert t.now == opened
    assert excluded_in_the_morning(t) is None


def test_10_5_disagreeing_wolves_keep_the_night_open_until_done() -> None:
    t = two_wolves(rng=[0, 1]).night({9: 6, 10: 7}, protect=2, investigate=9, close=False)
    for seat in (2, 3, 4, 5, 8, 11, 12, 13, 14):
        t.tap(seat, "done")
    t.tap(9, "done")
    assert t.phase == ("night", 1)
    t.tap(10, "done")
    assert t.phase == ("campaign", 2)
    assert excluded_in_the_morning(t) == 7  # the tie drawn at once
