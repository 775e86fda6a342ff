"""Scenario T7 of ``werewolf.md`` §12: the runoff without the tied players, then a random execution;
非公開 votes.

[WW-6.6.1] (E_NOT_VOTER, E_NOT_CANDIDATE; the missed-vote counter and its warning, runoffs not counted,
AMB-41), [WW-6.6.2] (非公開: the counts and the number without a ballot, no names), [WW-6.6.3] (AMB-37 the
others vote the runoff; AMB-38 ``tieBreak = random``).
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import C9, Table, table
from tests.scenarios.transcript import check_golden, transcript
from tests.scenarios.ww_expect import assert_no_public_leak, counts

pytestmark = pytest.mark.playthrough

POOL = [1, 2, 3, 5, 6, 9]


def play_t7() -> Table:
    t = table(C9, rng=[POOL.index(1), 1], tieBreak="random", votePublic=False)
    t.night()
    t.discussion()
    t.vote([(1, 7), (2, 7), (3, 7), (4, 7), (5, 1), (7, 1), (8, 1), (9, 1)])
    result = t.first("vote.result").params
    assert result["lines"] == []
    assert counts(t) == [(1, 4), (7, 4)]
    assert result["unvoted"] == ("vote.unvoted", {"count": 1})
    assert t.first("runoff.open").params["candidates"] == [1, 7]
    assert t.first("vote.afk_warning", 6).params == {"left": 1}
    assert t.state.players[5].missed_votes == 1
    assert t.first("runoff.you", 1)
    assert t.first("runoff.you", 7)
    assert t.refused(1, "vote", 7) == "vote.not_voter"
    assert t.refused(2, "vote", 3) == "vote.not_candidate"
    t.vote([(2, 7), (3, 7), (4, 7), (5, 1), (8, 1), (9, 1)])
    assert counts(t) == [(1, 3), (7, 3)]
    assert t.first("vote.random").params == {"candidates": [1, 7], "player": 7}
    assert t.first("vote.executed").params == {"player": 7, "method": ("method.random", {})}
    assert t.state.players[5].missed_votes == 1, "runoffs do not count"
    assert t.said(6).count("vote.afk_warning") == 1, "the main vote's warning only"
    t.words()
    assert t.first("medium.result", 5).params == {"player": 7, "result": ("class.black", {})}
    assert_no_public_leak(t)
    return t


def test_ww_12_t7() -> None:
    play_t7()


def test_ww_12_t7_transcript() -> None:
    check_golden("ww_t7.txt", transcript(play_t7()))
