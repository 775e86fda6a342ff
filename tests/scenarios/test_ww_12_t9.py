"""Scenario T9 of ``werewolf.md`` §12: what the masons, the fanatic and the immoralist know; an attack on
the fox.

[WW-3.3] (masons know each other; wolves know the wolves but not the fanatic; the fanatic knows the wolves;
the fox knows only himself; the immoralist knows the fox), [WW-6.10.4] / AMB-23 (the fox survives the
attack and is not told), [WW-3.2] (the immoralist is divined white, no curse), [WW-8.2] item 3 (平和な朝).
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import K13, table, told
from tests.scenarios.ww_expect import assert_no_public_leak

pytestmark = pytest.mark.playthrough

POOL = [1, 2, 3, 5, 6, 7, 8, 11, 13]


def know(t: object, seat: int) -> list[object]:
    return [h for h in told(t, seat) if h.key.startswith("know.")]  # type: ignore[arg-type]


def test_ww_12_t9() -> None:
    t = table(K13, rng=[POOL.index(13)])
    assert know(t, 7) == know(t, 8) == [("know.mason", {"players": [7, 8]})]
    assert know(t, 9) == know(t, 10) == [("know.werewolf", {"players": [9, 10]})]
    assert know(t, 11) == [("know.werewolf", {"players": [9, 10]})]
    assert know(t, 12) == [("know.fox", {"players": [12]})]
    assert know(t, 13) == [("know.fox", {"players": [12]})]
    for seat in (1, 2, 3, 4, 5, 6):
        assert know(t, seat) == []
    t.night()
    assert t.private(4)[-1] == ("white.notice", {"player": 13})
    t.day([(v, 11) for v in range(1, 9)] + [(v, 1) for v in range(9, 14)])
    assert t.first("vote.executed").params["player"] == 11
    t.words()
    assert t.first("medium.result", 5).params == {"player": 11, "result": ("class.white", {})}
    t.night({9: 12, 10: 12, 6: 7, 4: 13})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 13, "result": ("class.white", {})}
    assert [h.key for h in t.private(12)] == ["night.saved"], "the fox is told nothing"
    assert t.public()[0] == ("morning.peaceful", {"day": 2})
    assert 12 in t.alive
    assert 13 in t.alive
    assert t.result is None
    assert_no_public_leak(t)
