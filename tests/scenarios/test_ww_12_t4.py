"""Scenarios T4, T5 and T5b of ``werewolf.md`` §12: the 猫又.

T4 [WW-6.7] / AMB-26: executed, she drags a random living player, announced without a cause (AMB-29);
遺言 for her only; the medium learns nothing of the dragged player (AMB-14). T5 [WW-6.10.4] / AMB-25:
attacked, she drags a random living wolf. T5b: guarded, nothing happens and nothing is drawn.
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import NK10, Table, table
from tests.scenarios.ww_expect import assert_no_public_leak

pytestmark = pytest.mark.playthrough

#: The random-white pool of NK10: P01, P02, P03, P05, P06, P07, P10.
POOL = [1, 2, 3, 5, 6, 7, 10]


def play_t4() -> Table:
    living = [1, 2, 3, 4, 5, 6, 8, 9, 10]
    t = table(NK10, rng=[POOL.index(7), living.index(8)])
    t.night()
    assert t.private(4)[-1] == ("white.notice", {"player": 7})
    t.day([(1, 7), (2, 7), (3, 7), (8, 7), (9, 7), (10, 7), (4, 10), (5, 10), (6, 10), (7, 10)])
    assert t.said()[t.said().index("vote.executed") :] == ["vote.executed", "death.also", "last_words.wait"]
    assert t.first("vote.executed").params["player"] == 7
    assert t.first("death.also").params == {"player": 8}
    assert [d.pool for d in t.state.draws if d.purpose == "DRAG"] == [living]
    assert t.first("last_words.prompt", 7)
    assert "last_words.prompt" not in t.said(8)
    t.words()
    assert t.first("medium.result", 5).params == {"player": 7, "result": ("class.white", {})}
    assert [h.key for h in t.private(5)].count("medium.result") == 1
    assert t.result is None
    assert_no_public_leak(t)
    return t


def play_t5(guard: int) -> Table:
    t = table(NK10, rng=[POOL.index(1), 1])
    t.night()
    t.day([(v, 10) for v in range(1, 8)] + [(8, 1), (9, 1), (10, 1)])
    assert t.first("vote.executed").params["player"] == 10
    t.words()
    assert t.first("medium.result", 5).params == {"player": 10, "result": ("class.white", {})}
    t.night({8: 7, 9: 7, 6: guard, 4: 8})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 8, "result": ("class.black", {})}
    return t


def test_ww_12_t4() -> None:
    play_t4()


def test_ww_12_t5() -> None:
    t = play_t5(guard=4)
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [7, 9]})
    assert [(d.purpose, d.pool, d.pick) for d in t.state.draws][-1] == ("DRAG", [8, 9], 9)
    assert t.result is None
    assert_no_public_leak(t)


def test_ww_12_t5b() -> None:
    t = play_t5(guard=7)
    assert t.public()[0] == ("morning.peaceful", {"day": 2})
    assert [d.purpose for d in t.state.draws] == ["RANDOM_WHITE"], "no drag is drawn"
    assert t.alive == [1, 2, 3, 4, 5, 6, 7, 8, 9]
