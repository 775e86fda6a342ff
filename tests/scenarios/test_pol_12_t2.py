"""Scenario T2 of ``politician.md`` §12: a three-way tie narrowed by two runoffs (Day 1).

§6.6.4 (runoffs among the tied at the top, AMB-10/11/12), §6.6.3 (the chairman's hidden double vote
creates the ties), §6.6.1 (``E_NOT_CANDIDATE`` in a runoff). The expectations are the spec's, step by
step; the golden transcript then pins every notice of the same playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.politician.table import C13, Table, table
from tests.scenarios.pol_expect import assert_no_public_leak, board, closed, elected, shown_ballots, visible
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

MAIN = [(1, 2), (2, 1), (3, 1), (8, 1), (4, 9), (10, 9), (12, 9), (13, 9), (5, 11), (6, 11), (7, 11),
        (9, 11), (11, 12)]  # fmt: skip
RUNOFF1 = [(2, 1), (3, 1), (5, 1), (8, 1), (4, 9), (10, 9), (11, 9), (12, 9), (13, 9), (1, 11),
           (6, 11), (7, 11), (9, 11)]  # fmt: skip
RUNOFF2 = [(9, 1), (2, 1), (3, 1), (5, 1), (6, 1), (7, 1), (8, 1), (11, 1), (1, 9), (4, 9), (10, 9),
           (12, 9), (13, 9)]  # fmt: skip


def play_t2() -> Table:
    """T2 as written in the spec, asserting each "Expected" on the way."""
    t = table(C13)
    t.candidacy().campaign()
    # Main vote: visible P01 3, P09 4, P11 4; weighted P01 4, P09 4, P11 4 → runoff 1 among the three.
    t.vote(MAIN)
    assert shown_ballots(t) == MAIN
    [main] = closed(t)
    assert visible(main) == {9: 4, 11: 4, 1: 3, 2: 1, 12: 1}
    assert t.first("runoff.open").params == {
        "round": 1, "candidates": [1, 9, 11], "seconds": 90, "deadline": t.state.deadline_at,
        "mode": ("mode.public", {}), "how": ("vote.how.others", {}),
    }  # fmt: skip
    assert t.phase == ("runoff", 1)
    # Runoff 1: P06 first tries P02 (not a runoff candidate), then votes P11.
    t.step()
    at = RUNOFF1.index((6, 11))
    t.vote(RUNOFF1[:at], close=False)
    assert t.refused(6, "vote", 2) == "vote.not_candidate"
    t.vote(RUNOFF1[at:])
    assert shown_ballots(t) == RUNOFF1
    [runoff1] = closed(t)
    assert visible(runoff1) == {9: 5, 1: 4, 11: 4}
    assert runoff1.params["round"] == 1
    assert t.first("runoff.open").params["round"] == 2
    assert t.first("runoff.open").params["candidates"] == [1, 9]
    # Runoff 2: visible P01 8, P09 5 → P01 elected (runoff 2), human seat.
    t.step()
    t.vote(RUNOFF2)
    [runoff2] = closed(t)
    assert visible(runoff2) == {1: 8, 9: 5}
    assert elected(t) == (1, "method.runoff2", "human_member", "seat.human")
    assert board(t) == (1, 0, 0, 1)
    assert (t.phase, t.result) == (("policy_speech", 1), None)
    assert_no_public_leak(t)
    return t


def test_pol_12_t2() -> None:
    play_t2()


def test_pol_12_t2_transcript() -> None:
    check_golden("pol_t2.txt", transcript(play_t2()))
