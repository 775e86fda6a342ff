"""Scenario T6 of ``werewolf.md`` §12: the madman counts as a human in the parity check.

[WW-7.1] / AMB-42 (W / H with the madman among H), [WW-7.2] (the check after each morning and after the
execution), [WW-3.4.2] (no medium result once the medium is dead), [WW-7.5] (the madman wins with the
wolves).
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import C9, table
from tests.scenarios.ww_expect import assert_no_public_leak

pytestmark = pytest.mark.playthrough

POOL = [1, 2, 3, 5, 6, 9]


def test_ww_12_t6() -> None:
    t = table(C9, rng=[POOL.index(3)])
    t.night()
    t.day([(1, 4), (2, 4), (7, 4), (8, 4), (9, 4), (3, 9), (4, 9), (5, 9), (6, 9)])
    assert t.first("vote.executed").params["player"] == 4
    t.words()
    assert t.first("medium.result", 5).params == {"player": 4, "result": ("class.white", {})}
    t.night({7: 5, 8: 5, 6: 1})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [5]})
    t.day([(7, 1), (8, 1), (9, 1), (1, 7), (2, 7), (3, 9), (6, 9)])
    assert t.first("vote.executed").params["player"] == 1
    t.words()
    assert "medium.result" not in t.said(5)
    t.night({7: 6, 8: 6, 6: 2})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [6]})
    assert t.alive == [2, 3, 7, 8, 9]
    assert t.result is None, "W 2 / H 3 (the madman counts): the game goes on"
    t.day([(7, 2), (8, 2), (9, 2), (2, 7), (3, 7)])
    assert t.result == "werewolf"
    assert t.state.reason == "werewolf"
    assert t.winners == [7, 8, 9]
    assert "last_words.wait" not in t.said()
    assert_no_public_leak(t)
