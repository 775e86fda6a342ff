"""Saine's Final Song, Final Flower [ADZ-9.2] (A48): the Adazakura Saine's /skip during discussion.
(Silent Ice-Breaking, the Sakura version: see test_erasure.)"""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 saine/A · 3 shinra · 4 megumi · 5 himika · 6 korunu · 7 mizuki (Sakura).
SEVEN = "yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S mizuki/S"


def test_adz_9_2_skip_reveals_dealt_megami_and_skips_the_vote() -> None:
    t = table(SEVEN).night().act(2, "skip")
    assert t.public()[0] == ("skip.used", {"player": 2, "megami": "saine"})
    assert "vote.start" not in t.said()
    assert "exile.nobody" not in t.said()
    assert t.phase == ("night", 1)
    assert t.dead() == []


def test_adz_11_7_skip_is_a_verified_board_entry() -> None:
    t = table(SEVEN).night().act(2, "skip")
    assert [(r.day, r.seat, r.megami, r.verified) for r in t.state.co_board] == [(1, 2, "saine", True)]
    line = ("board.line.verified", {"day": 1, "player": 2, "megami": "saine"})
    assert t.ask(3, "board") == ("board", {"lines": [line]})


def test_adz_9_2_once_per_game() -> None:
    t = table(SEVEN).night().act(2, "skip").night()
    assert ("skip",) not in t.offered(2)
    assert t.refused(2, "skip") == "ability.used_up"


def test_adz_9_2_only_during_discussion() -> None:
    t = table(SEVEN)
    assert t.refused(2, "skip") == "phase.discussion_only"
    t.night().discuss()
    assert t.refused(2, "skip") == "phase.discussion_only"
    t.vote().night().act(2, "skip")  # the refusals did not spend the use
    assert ("skip.used", {"player": 2, "megami": "saine"}) in t.public()


def test_adz_9_2_a48_frozen_saine_may_skip() -> None:
    t = table(SEVEN).night({6: ("night.korunu", 2)})
    assert ("day.frozen", {"player": 2}) in t.public()
    assert t.offered(2) == [("skip",)]
    t.act(2, "skip")
    assert t.phase == ("night", 1)


def test_adz_9_2_sakura_saine_has_no_skip() -> None:
    t = table("yatsuha/A saine/S shinra/S megumi/S").night()
    assert ("skip",) not in t.offered(2)
