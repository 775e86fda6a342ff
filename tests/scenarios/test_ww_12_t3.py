"""Scenario T3 of ``werewolf.md`` §12: 呪殺 through a guard, the 背徳者's 後追い, a seat-ordered morning.

[WW-3.2] (the fox is divined 「人狼ではない」 and nobody hears of the curse, AMB-08), [WW-3.3] (the
immoralist knows the fox; the fox does not know him), [WW-3.4.6] / AMB-13 (the curse ignores the guard),
[WW-3.4.9] / AMB-28 (後追い in the same step), [WW-6.4] / AMB-30 (the dead in seat order, no cause),
[WW-6.3] 初日占い なし.
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import F10, Table, table, told
from tests.scenarios.transcript import check_golden, transcript
from tests.scenarios.ww_expect import assert_no_public_leak, verbs

pytestmark = pytest.mark.playthrough


def play_t3() -> Table:
    t = table(F10, firstNightDivination="none")
    assert [h for h in told(t, 10) if h.key.startswith("know.")] == [("know.fox", {"players": [9]})]
    assert [h for h in told(t, 9) if h.key.startswith("know.")] == [("know.fox", {"players": [9]})]
    assert 10 not in {p for h in told(t, 9) for p in h.params.get("players", [])}
    assert verbs(t)[4] == {"night.suspect"}
    t.night()
    assert "white.notice" not in t.said(4)
    assert "divine.result" not in t.said(4)
    assert t.public()[0] == ("morning.peaceful", {"day": 1})
    t.day([(1, 3), (2, 3), (7, 3), (8, 3), (9, 3), (10, 3), (3, 7), (4, 7), (5, 7), (6, 7)])
    assert t.first("vote.executed").params["player"] == 3
    t.words()
    assert t.first("medium.result", 5).params == {"player": 3, "result": ("class.white", {})}
    t.night({4: 9, 6: 9, 7: 1, 8: 1})
    assert t.first("divine.result", 4).params == {"night": 1, "player": 9, "result": ("class.white", {})}
    assert [h.key for h in t.private(4)] == ["night.saved", "divine.result"], "no word about the curse"
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [1, 9, 10]})
    assert [(p.seat, p.death.cause) for p in t.state.players if p.death] == [
        (1, "attack"), (3, "execution"), (9, "curse"), (10, "follow"),
    ]  # fmt: skip
    assert t.result is None
    assert_no_public_leak(t)
    return t


def test_ww_12_t3() -> None:
    play_t3()


def test_ww_12_t3_transcript() -> None:
    check_golden("ww_t3.txt", transcript(play_t3()))
