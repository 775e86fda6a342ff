"""Scenario T1 of ``werewolf.md`` §12: Night-0 knowledge, ランダム白, a public vote and the medium.

[WW-3.3] (who knows whom at the deal), [WW-6.3] (Night 0: everyone 疑う, the random white and its pool),
[WW-6.5] (自動 length, a majority of 「投票へ」), [WW-6.6] (E_SELF_VOTE, the named result), [WW-6.9]
(遺言), [WW-6.10] (the medium at the night's opening, the divination at its end). The expectations are the
spec's, step by step; the golden transcript then pins every notice of the playthrough by audience.
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import C9, Table, table, told
from tests.scenarios.transcript import check_golden, transcript
from tests.scenarios.ww_expect import assert_no_public_leak, counts, prompts, result_lines, verbs

pytestmark = pytest.mark.playthrough

#: The random-white pool of C9 in seat order: P01, P02, P03, P05, P06, P09 (AMB-11).
POOL = [1, 2, 3, 5, 6, 9]


def play_t1() -> Table:
    t = table(C9, rng=[POOL.index(2)])
    # Night 0: knowledge, the same prompt for all nine, 疑う for everyone (the seer and knight too).
    assert [h for h in told(t, 7) if h.key == "know.werewolf"] == [("know.werewolf", {"players": [7, 8]})]
    assert [h for h in told(t, 8) if h.key == "know.werewolf"] == [("know.werewolf", {"players": [7, 8]})]
    for seat in (1, 2, 3, 4, 5, 6, 9):
        assert [h.key for h in told(t, seat)] == ["role.card", "night.prompt"], seat
        assert t.first("role.card", seat).params["lines"] == []
    assert prompts(t) == {seat: ("night.prompt", {"night": 0}) for seat in range(1, 10)}
    assert verbs(t) == {seat: {"night.suspect"} for seat in range(1, 10)}
    t.night()
    assert t.private(4)[-1] == ("white.notice", {"player": 2})
    assert t.public()[0] == ("morning.peaceful", {"day": 1})
    assert t.first("day.start").params["seconds"] == 390
    # Day 1: five of nine press 「投票へ」 (more than half): the vote opens.
    t.discussion(ready=[1, 2, 3, 4, 5])
    assert t.phase == ("vote", 1)
    assert t.refused(9, "vote", 9) == "vote.self"
    t.vote([(1, 7), (2, 7), (3, 7), (4, 7), (5, 7), (6, 8), (7, 1), (8, 1), (9, 1)])
    assert result_lines(t) == [(1, 7), (2, 7), (3, 7), (4, 7), (5, 7), (6, 8), (7, 1), (8, 1), (9, 1)]
    assert counts(t) == [(7, 5), (1, 3), (8, 1)]
    assert t.first("vote.executed").params == {"player": 7, "method": ("method.vote", {})}
    assert t.phase == ("last_words", 1)
    t.words("まだ狼はいる")
    assert t.first("last_words.said").params == {"player": 7, "text": "まだ狼はいる"}
    # Night 1: the medium learns at the opening; the seer divines P08, the knight guards P04, P08 attacks P01.
    assert t.first("medium.result", 5).params == {"player": 7, "result": ("class.black", {})}
    t.night({4: 8, 6: 4, 8: 1})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 8, "result": ("class.black", {})}
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [1]})
    assert t.first("day.start").params["seconds"] == 330
    assert t.result is None
    assert_no_public_leak(t)
    return t


def test_ww_12_t1() -> None:
    play_t1()


def test_ww_12_t1_transcript() -> None:
    check_golden("ww_t1.txt", transcript(play_t1()))
