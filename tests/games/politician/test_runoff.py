"""Ties, runoffs and the lottery (politician.md §6.6.4, AMB-10..14): runoffs among the players tied on
weighted counts, voted by every eligible voter in the day's mode, then a lottery by the game's RNG."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.politician.table import C13, Table, table
from tests.games.politician.test_vote import closed, elected, hands, missing, vote_day

pytestmark = pytest.mark.scenario

#: T2 (C13, P08 chairman): main vote, runoff 1, runoff 2 in arrival order.
T2_MAIN = hands("1>2 2>1 3>1 8>1 4>9 10>9 12>9 13>9 5>11 6>11 7>11 9>11 11>12")
T2_RUNOFF1 = hands("2>1 3>1 5>1 8>1 4>9 10>9 11>9 12>9 13>9 1>11 6>11 7>11 9>11")
T2_RUNOFF2 = hands("9>1 2>1 3>1 5>1 6>1 7>1 8>1 11>1 1>9 4>9 10>9 12>9 13>9")
#: P01 and P02 tied on weighted counts (7 each: the chairman's 2 + five hands against seven hands).
TIE_1_2 = hands("8>1 2>1 3>1 4>1 5>1 6>1 1>2 7>2 9>2 10>2 11>2 12>2 13>2")


def lottery_day(draw: int, **options: Any) -> Table:
    """Day 1's vote of C13 (clue P12) whose first lottery draw is the scripted index ``draw``."""
    return table(C13, rng=[8, draw], **options).candidacy().campaign().step()


def runoff(t: Table) -> dict[str, Any]:
    return t.first("runoff.open").params


def test_amb_10_t2_three_way_tie_made_by_the_chairman() -> None:
    t = vote_day(1).vote(T2_MAIN)
    assert closed(t)["counts"] == [
        ("vote.count", {"player": 9, "votes": 4}),
        ("vote.count", {"player": 11, "votes": 4}),
        ("vote.count", {"player": 1, "votes": 3}),
        ("vote.count", {"player": 2, "votes": 1}),
        ("vote.count", {"player": 12, "votes": 1}),
    ]
    assert runoff(t)["round"] == 1
    assert runoff(t)["candidates"] == [1, 9, 11]
    assert runoff(t)["seconds"] == 90
    assert t.phase == ("runoff", 1)
    assert "elected" not in t.said()


def test_amb_10_runoff_only_among_the_tied() -> None:
    t = vote_day(1).vote(T2_MAIN).step()
    assert t.refused(6, "vote", 2) == "vote.not_candidate"
    assert t.offered(6) == [("vote", 1), ("vote", 9), ("vote", 11)]


def test_amb_10_second_runoff_narrows_the_set() -> None:
    t = vote_day(1).vote(T2_MAIN).step().vote(T2_RUNOFF1)
    assert closed(t)["counts"] == [
        ("vote.count", {"player": 9, "votes": 5}),
        ("vote.count", {"player": 1, "votes": 4}),
        ("vote.count", {"player": 11, "votes": 4}),
    ]
    assert (runoff(t)["round"], runoff(t)["candidates"]) == (2, [1, 9])
    assert t.refused(6, "vote", 11) == "vote.not_candidate"


def test_amb_10_t2_second_runoff_elects() -> None:
    t = vote_day(1).vote(T2_MAIN).step().vote(T2_RUNOFF1).step().vote(T2_RUNOFF2)
    assert closed(t)["counts"] == [
        ("vote.count", {"player": 1, "votes": 8}),
        ("vote.count", {"player": 9, "votes": 5}),
    ]
    assert elected(t) == (1, "method.runoff2")
    assert "vote.lottery" not in t.said()


def test_amb_10_first_runoff_can_elect() -> None:
    t = vote_day(1).vote(TIE_1_2).step().vote([(b[0], 1) if b[0] == 7 else b for b in TIE_1_2])
    assert elected(t) == (1, "method.runoff1")


def test_amb_11_tied_candidates_vote_each_for_the_other() -> None:
    t = vote_day(1).vote(TIE_1_2)
    assert runoff(t)["candidates"] == [1, 2]
    assert t.offered(1) == [("vote", 2)]
    assert t.offered(2) == [("vote", 1)]
    assert t.first("vote.prompt", 1).params == {"round": 1, "how": ("vote.how.others", {})}
    assert t.refused(1, "vote", 1) == "vote.self"


def test_amb_11_every_eligible_voter_votes_in_the_runoff() -> None:
    t = vote_day(1).vote(TIE_1_2)
    assert [s for s in range(1, 14) if t.offered(s)] == list(range(1, 14))


def test_amb_12_runoff_on_a_show_of_hands_day_is_open() -> None:
    t = vote_day(1).vote(TIE_1_2)
    assert runoff(t)["mode"] == ("mode.public", {})
    t.step().tap(5, "vote", 1)
    assert t.public() == [("vote.ballot", {"voter": 5, "target": 1})]


def test_amb_12_runoff_on_a_secret_day_is_secret() -> None:
    t = vote_day(3).vote({})
    assert runoff(t)["mode"] == ("mode.secret", {})
    t.step().tap(5, "vote", 2).tap(2, "vote", 3)
    assert t.public() == []
    t.close()
    assert closed(t)["ballots"] == [
        ("vote.line", {"voter": 5, "target": 2}),
        ("vote.line", {"voter": 2, "target": 3}),
    ]


def test_amb_14_nobody_votes_so_everyone_is_tied_at_zero() -> None:
    t = vote_day(1).vote({})
    assert closed(t)["counts"] == []
    assert missing(t) == list(range(1, 14))
    assert (runoff(t)["round"], runoff(t)["candidates"]) == (1, list(range(1, 14)))


@pytest.mark.parametrize(("draw", "winner"), [(0, 1), (1, 2)])
def test_amb_13_lottery_after_the_second_runoff_uses_the_game_rng(draw: int, winner: int) -> None:
    t = lottery_day(draw).vote(TIE_1_2).step().vote(TIE_1_2).step().vote(TIE_1_2)
    assert t.first("vote.lottery").params == {"tied": [1, 2], "player": winner}
    assert elected(t) == (winner, "method.lottery")


def test_amb_14_nobody_votes_three_times_then_the_lottery() -> None:
    t = lottery_day(4).vote({}).vote({}).vote({})
    assert t.first("vote.lottery").params == {"tied": list(range(1, 14)), "player": 5}


def test_11_max_runoffs_zero_draws_the_lottery_at_once() -> None:
    t = lottery_day(1, maxRunoffs=0).vote(TIE_1_2)
    assert "runoff.open" not in t.said()
    assert t.first("vote.lottery").params == {"tied": [1, 2], "player": 2}


def test_11_max_runoffs_one_draws_after_the_first_runoff() -> None:
    t = lottery_day(0, maxRunoffs=1).vote(TIE_1_2)
    assert runoff(t)["round"] == 1
    t.step().vote(TIE_1_2)
    assert "runoff.open" not in t.said()
    assert elected(t) == (1, "method.lottery")
