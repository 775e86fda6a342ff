"""Scenario T1 of ``politician.md`` §12: role-check knowledge and the chairman's hidden tie-break (Day 1).

§3.3 / §6.2 (who learns whom, AMB-31/32/33/39), AMB-04 (no self-vote), §6.6.3 (the chairman's ballot
weighs 2 and is never shown as such). The expectations are the spec's, step by step; the golden
transcript then pins every notice of the same playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.politician.table import C13, Table, table
from tests.scenarios.pol_expect import (
    assert_no_public_leak,
    audiences,
    board,
    closed,
    elected,
    knows,
    mentioned,
    missing,
    shown_ballots,
    visible,
)
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

#: Reporter clue pool in seat order: P01-P05, P07, P08, P11, P12, P13 (no wolf, lover or reporter).
CLUE_POOL = [1, 2, 3, 4, 5, 7, 8, 11, 12, 13]
DAY1 = [(1, 2), (2, 1), (3, 2), (4, 2), (5, 1), (6, 3), (7, 3), (8, 2), (9, 10), (10, 9), (11, 9),
        (12, 9), (13, 9)]  # fmt: skip


def play_t1() -> Table:
    """T1 as written in the spec, asserting each "Expected" on the way."""
    t = table(C13, rng=[CLUE_POOL.index(12)])
    # Role check (private; the lone wolf meets the pack in the team channel).
    assert knows(t, 9) == [
        ("know.wolf", {"wolves": [9]}),
        ("know.lover", {"lover": 10}),
        ("know.spies", {"spies": [11, 12]}),
    ]
    assert audiences(t, "know.wolf") == [("team", (9,))]
    assert 13 not in mentioned(t, 9)
    assert not any("favourite" in h.key for h in t.private(9))
    assert knows(t, 10) == [
        ("know.lover_wolves", {"wolves": [9]}),
        ("know.favourite.auto", {"player": 9}),
    ]
    assert knows(t, 11) == knows(t, 12) == [("know.spy", {"spies": [11, 12]})]
    assert knows(t, 6) == [("know.clue", {"player": 12})]
    for seat in (1, 2, 3, 4, 5, 7, 8, 13):
        assert knows(t, seat) == []
        assert t.first("role.card", seat).params["lines"] == []
        assert mentioned(t, seat) == {seat}
    assert t.state.favourite == 9
    # Day 1 (show of hands). P05 first tries to vote for themself: refused, then votes again.
    t.candidacy().campaign()
    t.vote(DAY1[:4], close=False)
    assert t.refused(5, "vote", 5) == "vote.self"
    t.vote(DAY1[4:])
    assert shown_ballots(t) == DAY1
    [result] = closed(t)
    assert visible(result) == {2: 4, 9: 4, 1: 2, 3: 2, 10: 1}
    assert missing(result) == []
    assert result.params["ballots"] == []
    assert not any(h.key == "runoff.open" for h in t.public())
    assert elected(t) == (2, "method.vote", "human_member", "seat.human")
    assert board(t) == (1, 0, 0, 1)
    assert t.seats == [(2, "human_member", "human")]
    assert t.result is None
    # Nobody to process at the return step; Night 1 starts.
    t.close()
    assert not any(h.key.startswith("return.") for h in t.public())
    assert t.phase == ("night", 1)
    assert_no_public_leak(t)
    return t


def test_pol_12_t1() -> None:
    play_t1()


def test_pol_12_t1_transcript() -> None:
    check_golden("pol_t1.txt", transcript(play_t1()))
