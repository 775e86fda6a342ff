"""Yurina's duel [ADZ-9.1] (A45): speaking rights, ballot targets, halved discussion, cancellation."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 yurina · 3 saine · 4 shinra · 5 megumi · 6 himika (all Sakura).
SIX = "yatsuha/A yurina/S saine/S shinra/S megumi/S himika/S"


def test_adz_9_1_duel_is_announced_and_halves_discussion() -> None:
    t = table(SIX, timers={"discussion": 300}).night({2: ("night.yurina", 1)})
    assert t.results(2) == [("result.yurina", {"target": 1, "day": 1})]
    assert ("day.duel", {"declarer": 2, "target": 1}) in t.public()
    assert t.seconds_left == 150


def test_adz_9_1_only_duelists_speak() -> None:
    t = table(SIX).night({2: ("night.yurina", 1)})
    assert t.refused(3, "co", "saine") == "speech.denied"
    assert "co" not in t.offered_kinds(3)
    t.tap(1, "co", "shinra").tap(2, "co", "yurina")


def test_adz_9_1_ballots_name_only_duelists() -> None:
    t = table(SIX).night({2: ("night.yurina", 1)}).discuss()
    assert t.offered(3) == [("vote", 1), ("vote", 2), ("vote", "none")]
    assert t.refused(3, "vote", 4) == "vote.duel_only"
    t.vote({1: 1, 3: 1})  # a duelist may name herself
    assert ("exile.done", {"player": 1}) in t.public()


def test_adz_9_1_once_per_game() -> None:
    t = table(SIX).night({2: ("night.yurina", 1)}).day()
    assert "night.yurina" not in t.offered_kinds(2)
    assert t.refused(2, "night.yurina", 3) == "ability.used_up"


def test_adz_9_1_a45_not_herself() -> None:
    t = table(SIX)
    assert ("night.yurina", 2) not in t.offered(2)
    assert t.refused(2, "night.yurina", 2) == "action.illegal"


def test_adz_9_1_a45_cancelled_when_the_challenged_died() -> None:
    t = table(SIX, timers={"discussion": 300}).night().day()
    t.night({2: ("night.yurina", 4)}, kill={1: 4})
    assert "day.duel" not in t.said()
    assert "duel.cancelled" in t.said(2)
    assert t.seconds_left == 300
    t.discuss()
    assert {move[1] for move in t.offered(3)} == {1, 2, 3, 5, 6, "none"}


def test_adz_9_1_a45_cancelled_silently_when_the_declarer_died() -> None:
    t = table(SIX).night().day()
    t.night({2: ("night.yurina", 4)}, kill={1: 2})
    assert "day.duel" not in t.said()
    assert all(h.key != "duel.cancelled" for seat in range(1, 7) for h in t.private(seat))
    t.tap(5, "co", "yurina")  # everyone speaks again


def test_adz_9_1_frozen_duelist_is_silent_but_can_be_exiled() -> None:
    t = table("yatsuha/A yurina/S korunu/S shinra/S megumi/S himika/S")
    t.night({2: ("night.yurina", 4), 3: ("night.korunu", 4)})
    assert t.refused(4, "co", "shinra") == "speech.denied"
    t.discuss()
    assert t.offered(4) == []
    assert t.offered(5) == [("vote", 2), ("vote", 4), ("vote", "none")]
    t.vote({5: 4})
    assert ("exile.done", {"player": 4}) in t.public()
