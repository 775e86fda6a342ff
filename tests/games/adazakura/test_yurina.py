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


# -- interactions [ADZ-9.1] -------------------------------------------------------------------------------


def test_adz_9_1_kamui_keeps_her_weight_3_on_the_duel_day() -> None:
    t = table("yatsuha/A yurina/S kamui/S shinra/S megumi/S himika/S").night({2: ("night.yurina", 4)})
    t.day(votes={3: 2, 2: 4})  # Kamui 3 against the declarer's 2
    assert ("exile.done", {"player": 2}) in t.public()


def test_adz_9_1_megumi_keeps_her_weight_n_on_the_duel_day() -> None:
    t = table(SIX).night().day().night({2: ("night.yurina", 4)})
    t.day(votes={5: 2, 6: 2, 2: 4})  # Day 2: Megumi 2 + Himika 1 against the declarer's 2
    assert ("exile.done", {"player": 2}) in t.public()


def test_adz_9_1_an_adazakura_saine_who_is_no_duelist_skips_the_duel_day() -> None:
    t = table("yatsuha/A saine/A yurina/S shinra/S megumi/S himika/S").night({3: ("night.yurina", 4)})
    assert ("day.duel", {"declarer": 3, "target": 4}) in t.public()
    t.act(2, "skip")
    assert ("skip.used", {"player": 2, "megami": "saine"}) in t.public()
    assert "vote.start" not in t.said()
    assert t.phase == ("night", 1)


def test_adz_9_1_an_invulnerable_duelist_who_tops_the_vote_is_not_exiled() -> None:
    wind = ("night.raira", "wind", "none")
    t = table("yatsuha/A yurina/S raira/S shinra/S megumi/S himika/S").night({3: wind}).day()
    t.night({3: wind}).day()
    t.night({3: ("night.raira", "wind", "w3"), 2: ("night.yurina", 3)})
    assert ("day.duel", {"declarer": 2, "target": 3}) in t.public()
    t.day(votes={1: 3, 4: 3, 5: 3})
    assert ("exile.survived", {"player": 3}) in t.public()
    assert t.dead() == []


#: 1 yatsuha/A · 2 yukihi/A · 3 yurina · 4 shinra · 5 megumi · 6 himika: Sakura targets move one seat left.
SHIFTED = "yatsuha/A yukihi/A yurina/S shinra/S megumi/S himika/S"


def test_adz_9_1_yukihi_moves_a_sakura_declarers_challenge_to_the_left() -> None:
    t = table(SHIFTED).night({3: ("night.yurina", 5)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 5, "actual": 4}),
        ("result.yurina", {"target": 4, "day": 1}),
    ]
    assert ("day.duel", {"declarer": 3, "target": 4}) in t.public()


def test_adz_9_1_a25_a_challenge_shifted_onto_the_declarer_fizzles_and_is_spent() -> None:
    t = table(SHIFTED).night({3: ("night.yurina", 4)})
    assert t.results(3) == [("result.fizzled.self", {"chosen": 4})]
    assert "day.duel" not in t.said()
    t.day()
    assert t.refused(3, "night.yurina", 5) == "ability.used_up"


def test_adz_9_1_a_sealed_yurina_cannot_declare() -> None:
    t = table("yatsuha/A yurina/S hatsumi/S shinra/S megumi/S").night({3: ("night.hatsumi", 2)}).day()
    assert "night.yurina" not in t.offered_kinds(2)
    assert t.refused(2, "night.yurina", 4) == "ability.sealed"


def test_adz_9_1_two_duels_share_one_day_and_one_halving() -> None:
    # Seat 3, a Kururu, copies Yurina on night 0 and declares with her own use.
    t = table("yatsuha/A yurina/S kururu/S shinra/S megumi/S himika/S", timers={"discussion": 300})
    t.act(3, "night.kururu", 2)
    t.night({2: ("night.yurina", 4), 3: ("night.yurina", 5)})
    assert ("day.duel", {"declarer": 2, "target": 4}) in t.public()
    assert ("day.duel", {"declarer": 3, "target": 5}) in t.public()
    assert t.seconds_left == 150
    assert t.refused(6, "co", "himika") == "speech.denied"
    t.tap(5, "co", "megumi")
    t.discuss()
    assert t.offered(6) == [("vote", 2), ("vote", 3), ("vote", 4), ("vote", 5), ("vote", "none")]
    t.vote({2: 4, 3: 5, 1: 5})  # both declarers weigh 2: seat 5 has 3, seat 4 has 2
    assert ("exile.done", {"player": 5}) in t.public()


def test_adz_9_1_a_saliya_who_declared_still_weighs_2_and_her_use_is_her_own() -> None:
    t = table("yatsuha/A saliya/S shinra/S megumi/S himika/S", deck=["yurina", "oboro"])
    t.night({2: ("night.yurina", 3)})
    assert ("day.duel", {"declarer": 2, "target": 3}) in t.public()
    t.day(votes={2: 3, 4: 2})  # her 2 against 1
    assert ("exile.done", {"player": 3}) in t.public()
    t.night().day()
    assert t.phase == ("night", 2)
    assert t.state.players[1].gained == "yurina"
    assert t.refused(2, "night.yurina", 4) == "ability.used_up"
