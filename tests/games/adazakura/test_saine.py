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


# -- Silent Ice-Breaking (Sakura) against shifts and barriers [ADZ-9.2], [ADZ-7.2] (A32) ------------------


def test_adz_9_2_a32_an_erasure_moved_away_does_not_count_one_moved_onto_her_does() -> None:
    # 1 yatsuha/A · 2 yukihi/S · 3 saine/S · ...: K1 moves the erasure one living seat to the right.
    t = table("yatsuha/A yukihi/S saine/S shinra/S megumi/S himika/S").night().day()
    t.night(kill={1: 3})
    assert ("morning.deaths", {"day": 2, "players": [4]}) in t.public()
    assert t.results(3) == [("result.nothing", {})]
    t.day().night(kill={1: 2})
    assert ("morning.nobody", {"day": 3}) in t.public()
    assert t.results(3) == [("result.saine.immunity", {})]


def test_adz_9_2_a32_a_reflected_erasure_leaves_her_immunity_unused() -> None:
    t = table("yatsuha/A himika/A saine/S chikage/S shinra/S megumi/S mizuki/S", rng=[1]).night().day()
    t.night({4: ("night.chikage", 3)}, kill={1: 3})
    assert ("morning.deaths", {"day": 2, "players": [2]}) in t.public()
    assert t.results(3) == [("result.nothing", {})]
    t.day().night(kill={1: 3})
    assert t.results(3) == [("result.saine.immunity", {})]
    assert t.alive(3)


# -- Final Song, Final Flower (Adazakura): refusal order and interactions -----------------------------------


def test_adz_9_2_the_refusal_says_used_before_sealed_before_not_discussion() -> None:
    hatsumi = "yatsuha/A saine/A hatsumi/S shinra/S megumi/S himika/S mizuki/S"
    t = table(hatsumi).night({3: ("night.hatsumi", 2)}).day()
    assert t.refused(2, "skip") == "ability.sealed"  # night 1: sealed, and no discussion either
    t = table(hatsumi).night().act(2, "skip")
    t.night({3: ("night.hatsumi", 2)})
    assert t.refused(2, "skip") == "ability.used_up"  # Day 2: used and sealed


def test_adz_9_2_a_skip_lets_the_days_freeze_mark_and_duel_lapse() -> None:
    # Night 0: Korunu freezes 7, Himika marks Megumi (6), Yurina challenges 4; Saine skips Day 1.
    t = table("yatsuha/A saine/A korunu/S himika/S yurina/S megumi/S shinra/S")
    t.night({3: ("night.korunu", 7), 4: ("night.himika", 6), 5: ("night.yurina", 4)}).act(2, "skip")
    t.night()
    assert not {"day.duel", "day.frozen"} & set(t.said())
    t.tap(7, "co", "shinra")
    t.discuss().vote({6: 3, 1: 4})  # Day 2: Megumi's ballot weighs 2 again
    assert ("exile.done", {"player": 3}) in t.public()


def test_adz_9_2_tokoyos_seal_never_stops_the_skip() -> None:
    t = table("yatsuha/A saine/A tokoyo/A shinra/S megumi/S himika/S korunu/S mizuki/S").night().day()
    t.night()
    assert t.phase == ("discussion", 2)
    t.act(2, "skip")
    assert ("skip.used", {"player": 2, "megami": "saine"}) in t.public()


def test_adz_9_2_a_raira_seal_stops_the_skip() -> None:
    raira = "night.raira"
    t = table("yatsuha/A saine/A raira/S shinra/S megumi/S himika/S korunu/S")
    t.night({3: (raira, "thunder", "none")}).day().night({3: (raira, "thunder", "t2", 2)})
    assert ("skip",) not in t.offered(2)
    assert t.refused(2, "skip") == "ability.sealed"


# -- copies use their own faction's version ----------------------------------------------------------------


def test_adz_9_2_a_sakura_saliya_seeing_saine_gets_the_immunity() -> None:
    t = table("yatsuha/A saliya/S shinra/S megumi/S himika/S", deck=["saine"]).night()
    assert ("skip",) not in t.offered(2)
    t.day().night(kill={1: 2})
    assert t.results(2) == [("result.saine.immunity", {})]
    assert ("morning.nobody", {"day": 2}) in t.public()


def test_adz_9_2_kururu_copies_saine_in_her_own_factions_version() -> None:
    t = table("yatsuha/A kururu/A saine/S shinra/S megumi/S himika/S").night({2: ("night.kururu", 3)})
    t.act(2, "skip")
    assert ("skip.used", {"player": 2, "megami": "kururu"}) in t.public()
    t = table("yatsuha/A kururu/S saine/A shinra/S megumi/S himika/S").night({2: ("night.kururu", 3)})
    assert ("skip",) not in t.offered(2)
    t.day().night(kill={1: 2})
    assert t.results(2) == [("result.saine.immunity", {})]


def test_adz_5_2_neither_version_acts_on_night_0() -> None:
    t = table("yatsuha/A saine/A saine/S shinra/S megumi/S")
    assert t.offered(2) == t.offered(3) == [("done",)]


def test_adz_3_8_a19_a_sealed_sakura_saine_is_still_immune() -> None:
    t = table("yatsuha/A saine/S hatsumi/S shinra/S megumi/S").night().day()
    t.night({3: ("night.hatsumi", 2)}).day().night(kill={1: 2})
    assert t.results(2) == [("result.saine.immunity", {})]
    assert t.alive(2)
