"""Korunu's Absolute Zero [ADZ-9.15] (A47): a public freeze, no speech, no /co, no vote, once per game."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 korunu · 3 saine · 4 shinra · 5 megumi (all Sakura).
FIVE = "yatsuha/A korunu/S saine/S shinra/S megumi/S"


def test_adz_9_15_freeze_is_public_and_told_to_the_target() -> None:
    t = table(FIVE).night({2: ("night.korunu", 3)})
    assert t.results(2) == [("result.korunu", {"target": 3, "day": 1})]
    assert ("day.frozen", {"player": 3}) in t.public()
    assert "freeze.you" in t.said(3)


def test_adz_9_15_a47_frozen_player_cannot_co() -> None:
    t = table(FIVE).night({2: ("night.korunu", 3)})
    assert t.offered(3) == []
    assert t.refused(3, "co", "saine") == "speech.denied"


def test_adz_9_15_frozen_player_cannot_vote() -> None:
    t = table(FIVE).night({2: ("night.korunu", 3)}).discuss()
    assert ("vote.denied", {}) in t.private(3)
    assert "vote.prompt" not in t.said(3)
    assert t.refused(3, "vote", 1) == "vote.denied"
    t.vote({1: 4, 2: 4, 4: 4, 5: 4})  # the others' ballots close the vote without waiting for seat 3
    assert ("exile.done", {"player": 4}) in t.public()


def test_adz_9_15_freeze_lasts_one_day() -> None:
    t = table(FIVE).night({2: ("night.korunu", 3)}).day().night()
    assert "day.frozen" not in t.said()
    t.tap(3, "co", "saine")


def test_adz_9_15_once_per_game() -> None:
    t = table(FIVE).night({2: ("night.korunu", 3)}).day()
    assert "night.korunu" not in t.offered_kinds(2)
    assert t.refused(2, "night.korunu", 4) == "ability.used_up"


def test_adz_9_15_not_herself() -> None:
    t = table(FIVE)
    assert ("night.korunu", 2) not in t.offered(2)


def test_adz_9_15_dead_target_is_not_announced() -> None:
    t = table(FIVE).night().day()
    t.night({2: ("night.korunu", 4)}, kill={1: 4})
    assert "day.frozen" not in t.said()
    assert "freeze.you" not in t.said(4)


def test_adz_9_15_yukihi_moves_a_sakura_korunus_freeze_to_the_left() -> None:
    # 1 yatsuha/A · 2 yukihi/A · 3 korunu · ...: Sakura targets move one living seat left.
    t = table("yatsuha/A yukihi/A korunu/S shinra/S megumi/S himika/S").night({3: ("night.korunu", 6)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.korunu", {"target": 5, "day": 1}),
    ]
    assert ("day.frozen", {"player": 5}) in t.public()
    t.tap(6, "co", "himika")
