"""Scenario T8 of ``werewolf.md`` §12: 身代わり君.

[WW-4.4] (9 seats for 8 players; his card), [WW-6.3] (everyone 疑う on Night 0, the wolves too: the attack
on him is automatic; the knight does not guard; the random-white pool leaves him out), [WW-6.4] (he is
the morning's victim), [WW-6.6.1] (he cannot be voted for), [WW-8.1] (his card is shown only at the end).
The deal's draw of his card is tested in ``tests/games/werewolf/test_setup.py``.
"""

from __future__ import annotations

import pytest

from tests.games.werewolf.table import Table, table, told
from tests.scenarios.transcript import check_golden, transcript
from tests.scenarios.ww_expect import assert_no_public_leak, verbs

pytestmark = pytest.mark.playthrough

T8 = ["villager", "villager", "seer", "medium", "knight", "werewolf", "werewolf", "madman"]
POOL = [1, 2, 4, 5, 8]


def play_t8() -> Table:
    t = table(T8, scapegoat="villager", rng=[POOL.index(8)])
    cast = t.first("game.cast").params
    assert (cast["count"], cast["seats"], cast["scapegoat"]) == (8, 9, ("cast.scapegoat", {}))
    assert [h for h in told(t, 6) if h.key == "know.werewolf"] == [("know.werewolf", {"players": [6, 7]})]
    assert verbs(t) == {seat: {"night.suspect"} for seat in range(1, 9)}
    t.night()
    assert t.private(3)[-1] == ("white.notice", {"player": 8})
    assert t.public()[0] == ("morning.deaths", {"day": 1, "players": [("scapegoat.ref", {})]})
    assert t.state.scapegoat is not None
    assert t.state.scapegoat.death is not None
    assert t.first("day.start").params["seconds"] == 360
    t.discussion()
    assert t.refused(1, "vote", 0) == "vote.not_candidate"
    assert t.refused(1, "vote", "scapegoat") == "vote.not_candidate"
    t.vote([(1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (6, 1), (7, 1), (8, 6)])
    assert t.first("vote.executed").params["player"] == 8
    t.words()
    assert t.first("medium.result", 4).params == {"player": 8, "result": ("class.white", {})}
    assert_no_public_leak(t)
    return t


def test_ww_12_t8() -> None:
    play_t8()


def test_ww_12_t8_transcript() -> None:
    check_golden("ww_t8.txt", transcript(play_t8()))
