"""Megumi's Branches of Possibility [ADZ-9.19]: a passive ballot weight equal to the day number, runoff
included. (Day weights, Himika's mark and seals: see test_vote and test_hatsumi; duel day: test_yurina.)"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 megumi · 3 shinra · 4 himika · 5 korunu · 6 saine (all Sakura).
SIX = "yatsuha/A megumi/S shinra/S himika/S korunu/S saine/S"


def test_adz_9_19_she_weighs_n_in_the_runoff_of_day_n() -> None:
    t = table(SIX).night().day().night().day(votes={3: 4, 4: 3}, runoff={2: 4, 5: 3})
    assert ("exile.done", {"player": 4}) in t.public()  # Day 2: her 2 against 1


def test_adz_9_19_a_freeze_removes_her_ballot() -> None:
    t = table(SIX).night({5: ("night.korunu", 2)}).discuss()
    assert t.refused(2, "vote", 3) == "vote.denied"


def test_adz_5_2_a_passive_megumi_has_nothing_to_do_on_night_0() -> None:
    assert table(SIX).offered(2) == [("done",)]
