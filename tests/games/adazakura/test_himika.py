"""Himika's Crimson Zero [ADZ-9.3] (A46): a mark that makes every ballot of the target weigh 0 on the next
day, main vote and runoff. (Marks against Megumi and the duel declarer, and on herself: see test_vote.)"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 megumi · 3 himika · 4 yurina · 5 shinra · 6 saine · 7 korunu (all Sakura).
SEVEN = "yatsuha/A megumi/S himika/S yurina/S shinra/S saine/S korunu/S"


def test_adz_9_3_the_mark_holds_in_the_runoff_too() -> None:
    t = table(SEVEN).night({3: ("night.himika", 2)}).day(votes={4: 5, 6: 6})
    assert t.phase == ("runoff", 1)
    t.vote({2: 5, 4: 6})
    assert ("exile.done", {"player": 6}) in t.public()


def test_adz_9_3_the_mark_overrides_kamuis_weight() -> None:
    t = table("yatsuha/A kamui/S himika/S shinra/S megumi/S").night({3: ("night.himika", 2)})
    t.day(votes={2: 4, 3: 5})
    assert ("exile.done", {"player": 5}) in t.public()


def test_adz_9_3_a_frozen_target_has_no_ballot_anyway() -> None:
    t = table(SEVEN).night({3: ("night.himika", 5), 7: ("night.korunu", 5)}).discuss()
    assert t.refused(5, "vote", 1) == "vote.denied"


def test_adz_9_3_two_marks_on_one_player_are_one_mark() -> None:
    t = table("yatsuha/A himika/S himika/S megumi/S shinra/S korunu/S")
    t.night({2: ("night.himika", 4), 3: ("night.himika", 4)})
    assert t.results(2) == t.results(3) == [("result.himika", {"target": 4, "day": 1})]
    t.day(votes={4: 5, 6: 6})
    assert ("exile.done", {"player": 6}) in t.public()


def test_adz_9_3_a_sealed_himika_cannot_mark() -> None:
    t = table("yatsuha/A himika/S hatsumi/S shinra/S megumi/S").night({3: ("night.hatsumi", 2)}).day()
    assert "night.himika" not in t.offered_kinds(2)
    assert t.refused(2, "night.himika", 4) == "ability.sealed"
