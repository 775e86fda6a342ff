"""Scenario T10 of ``werewolf.md`` §12: the fox steals the village's win.

[WW-7.2] / [WW-7.3] / AMB-44 (the village's condition with a fox alive is a FOX win), [WW-7.5] (the dead
immoralist wins with the fox), [WW-6.10.4] / AMB-12 (the result reaches the seer who died that night).
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import X10, Table, table
from tests.scenarios.transcript import check_golden, transcript
from tests.scenarios.ww_expect import assert_no_public_leak

pytestmark = pytest.mark.playthrough

POOL = [1, 2, 3, 5, 6, 8, 10]


def play_t10() -> Table:
    t = table(X10, rng=[POOL.index(2)])
    t.night()
    assert t.private(4)[-1] == ("white.notice", {"player": 2})
    t.day([(v, 10) for v in range(1, 7)] + [(7, 1), (8, 1), (9, 1), (10, 7)])
    assert t.first("vote.executed").params["player"] == 10
    assert "death.also" not in t.said(), "the fox lives: no 後追い"
    t.words()
    assert t.first("medium.result", 5).params == {"player": 10, "result": ("class.white", {})}
    t.night({7: 4, 6: 5, 4: 8})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 8, "result": ("class.white", {})}
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [4]})
    t.day([(1, 7), (2, 7), (3, 7), (5, 7), (6, 7), (7, 5), (8, 5), (9, 5)])
    assert t.result == "fox"
    over = t.first("game.over").params
    assert (over["result"], over["reason"]) == (("result.fox", {}), ("end.fox_village", {}))
    assert t.winners == [9, 10]
    assert_no_public_leak(t)
    return t


def test_ww_12_t10() -> None:
    play_t10()


def test_ww_12_t10_transcript() -> None:
    check_golden("ww_t10.txt", transcript(play_t10()))
