"""Scenario T2 of ``werewolf.md`` §12: the guard's rules and a village win.

[WW-3.4.3] (no self-guard: E_SELF_GUARD; 連続ガード off: E_CONSECUTIVE_GUARD, the last guard not offered),
[WW-6.10.4] (a guarded attack: 平和な朝; a seer attacked still gets his result, AMB-12), [WW-8.2] item 3
(the peaceful morning says nothing more), [WW-7.5] (winners alive or dead; no 遺言 or medium result after
the last execution).
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import C9, Table, table
from tests.scenarios.ww_expect import assert_no_public_leak

pytestmark = pytest.mark.playthrough

POOL = [1, 2, 3, 5, 6, 9]


def play_t2() -> Table:
    t = table(C9, rng=[POOL.index(5)])
    t.night()
    assert t.private(4)[-1] == ("white.notice", {"player": 5})
    t.day([(v, 9) for v in range(1, 9)] + [(9, 1)])
    assert t.first("vote.executed").params["player"] == 9
    t.words()
    assert t.first("medium.result", 5).params == {"player": 9, "result": ("class.white", {})}
    # Night 1: a forged self-guard is refused, then P04 is guarded against both wolves.
    assert t.refused(6, "night.guard", 6) == "guard.self"
    t.night({6: 4, 7: 4, 8: 4, 4: 7})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 7, "result": ("class.black", {})}
    assert [h.key for h in t.private(6)] == ["night.saved"], "the knight is told nothing more"
    assert t.public()[0] == ("morning.peaceful", {"day": 2})
    # Day 2: P07 executed.
    t.day([(v, 7) for v in range(1, 7)] + [(7, 4), (8, 4)])
    assert t.first("vote.executed").params["player"] == 7
    t.words()
    assert t.first("medium.result", 5).params == {"player": 7, "result": ("class.black", {})}
    # Night 2: last night's guard is neither offered nor accepted (連続ガード off).
    assert ("night.guard", 4) not in t.offered(6)
    assert t.refused(6, "night.guard", 4) == "guard.consecutive"
    t.night({6: 5, 8: 4, 4: 8})
    assert t.first("divine.result", 4).params == {"night": 2, "player": 8, "result": ("class.black", {})}
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [4]})
    # Day 3: the last wolf goes; the village wins at once.
    t.day([(1, 8), (2, 8), (3, 8), (5, 8), (6, 8), (8, 1)])
    assert t.result == "village"
    assert t.winners == [1, 2, 3, 4, 5, 6]
    assert t.phase[0] == "ended"
    assert "last_words.wait" not in t.said()
    assert "medium.result" not in t.said(5)
    over = t.first("game.over").params
    assert over["result"] == ("result.village", {})
    assert [(line[1]["player"], line[1]["won"][0]) for line in over["lines"]] == [
        (s, "reveal.won" if s <= 6 else "reveal.lost") for s in range(1, 10)
    ]
    assert_no_public_leak(t)
    return t


def test_ww_12_t2() -> None:
    play_t2()
