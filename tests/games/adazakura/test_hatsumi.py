"""Hatsumi's Muddy Stream [ADZ-9.17], [ADZ-3.8] (A18-A21, A50, A69): every night, seal another living player
(not the one chosen the night before) from M2 of the next day until released by her next designation (at
the following M2), her death or the loss of the ability. Only she is told; nothing is public."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 hatsumi · 3 shinra · 4 himika · 5 megumi · 6 mizuki (Sakura but 1).
SIX = "yatsuha/A hatsumi/S shinra/S himika/S megumi/S mizuki/S"


def test_adz_9_17_another_living_player_every_night_from_night_0() -> None:
    t = table(SIX)
    assert t.offered(2) == [("night.hatsumi", s) for s in (1, 3, 4, 5, 6)] + [("done",)]
    assert t.refused(2, "night.hatsumi", 2) == "action.illegal"


def test_adz_9_17_only_hatsumi_is_told_and_nothing_is_public() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)})
    assert t.results(2) == [("result.seal", {"target": 3, "day": 1})]
    assert t.results(3) == [("result.nothing", {})]
    assert t.public_reveals() == set()
    assert [h.key for h in t.public()] == ["morning.nobody", "day.start"]


def test_adz_3_8_a18_the_seal_never_bites_the_night_it_is_placed() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3), 3: ("night.shinra", "megami", 1)})
    assert t.results(3) == [("result.megami", {"target": 1, "megami": "yatsuha"})]


def test_adz_3_8_a21_the_sealed_player_is_told_at_each_phase_start_without_the_cause() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)})
    assert ("day.sealed", {"day": 1}) in t.private(3)
    assert not any(h.key == "day.sealed" for s in (1, 2, 4, 5, 6) for h in t.private(s))
    t.day()
    assert t.sealed_tonight() == [3]
    assert t.offered(3) == [("done",)]
    assert t.refused(3, "night.shinra", "deck") == "ability.sealed"


def test_adz_9_17_not_the_player_she_chose_the_night_before() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day()
    assert ("night.hatsumi", 3) not in t.offered(2)
    assert t.refused(2, "night.hatsumi", 3) == "target.repeat"
    t.night({2: ("night.hatsumi", 4)}).day()
    assert ("night.hatsumi", 3) in t.offered(2)


def test_adz_9_17_a_skipped_night_lifts_the_bar() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day().night().day()
    assert ("night.hatsumi", 3) in t.offered(2)


def test_adz_9_17_a50_the_seal_stays_while_she_designates_nobody() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day().night().day()
    assert t.sealed_tonight() == [3]
    t.night().day()
    assert t.sealed_tonight() == [3]


def test_adz_3_8_a20_a_new_designation_releases_at_the_next_m2() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day()
    assert t.sealed_tonight() == [3]
    t.night({2: ("night.hatsumi", 4)})
    assert ("day.sealed", {"day": 2}) in t.private(4)
    assert ("day.sealed", {"day": 2}) not in t.private(3)
    t.day()
    assert t.sealed_tonight() == [4]
    t.tap(3, "night.shinra", "deck")


def test_adz_3_8_a20_her_death_releases_at_once() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day(votes={1: 2, 3: 2, 4: 2, 5: 2})
    assert not t.alive(2)
    assert t.sealed_tonight() == []
    t.tap(3, "night.shinra", "deck")


def test_adz_3_3_a62_a_seal_ends_with_its_target() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 3)}).day(votes={1: 3, 2: 3, 4: 3, 5: 3})
    assert not t.alive(3)
    assert t.state.seals == []


def test_adz_9_17_a69_a_fizzled_designation_releases_and_still_bars_the_chosen_player() -> None:
    # 1 yatsuha/A · 2 yukihi/A · 3 hatsumi · 4 shinra · 5 megumi · 6 himika: a Sakura Hatsumi is shifted
    # one living seat to the left; choosing seat 4 lands on herself.
    t = table("yatsuha/A yukihi/A hatsumi/S shinra/S megumi/S himika/S")
    t.night({3: ("night.hatsumi", 5)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 5, "actual": 4}),
        ("result.seal", {"target": 4, "day": 1}),
    ]
    t.day()
    assert t.sealed_tonight() == [4]
    # Night 1: the chosen player (5) is barred, not the actual one (4) (A26).
    assert ("night.hatsumi", 5) not in t.offered(3)
    t.night({3: ("night.hatsumi", 4)})
    assert t.results(3) == [("result.fizzled.self", {"chosen": 4})]
    t.day()
    assert t.sealed_tonight() == []
    assert t.refused(3, "night.hatsumi", 4) == "target.repeat"


def test_adz_9_17_a_sealed_hatsumi_keeps_her_seal() -> None:
    # 1 tokoyo/A seals every Sakura player on night 2, Hatsumi included.
    t = table("tokoyo/A yatsuha/A hatsumi/S shinra/S megumi/S mizuki/S himika/S").night().day()
    t.night({3: ("night.hatsumi", 4)}).day()
    assert t.sealed_tonight() == [3, 4, 5, 6, 7]  # every Sakura player
    assert t.offered(3) == [("done",)]
    t.night().day()
    assert t.sealed_tonight() == [4]


def test_adz_3_8_a19_a_sealed_passive_ability_still_works() -> None:
    # Megumi (seat 5), sealed since Day 1, still weighs 2 on Day 2: her ballot beats a weight-1 ballot.
    t = table(SIX).night({2: ("night.hatsumi", 5)}).day().night()
    assert ("day.sealed", {"day": 2}) in t.private(5)
    t.day(votes={5: 1, 3: 4})
    assert ("exile.done", {"player": 1}) in t.public()


def test_adz_9_2_a_sealed_adazakura_saine_cannot_skip() -> None:
    t = table("yatsuha/A saine/A hatsumi/S shinra/S megumi/S himika/S mizuki/S")
    t.night({3: ("night.hatsumi", 2)})
    assert ("skip",) not in t.offered(2)
    assert t.refused(2, "skip") == "ability.sealed"
    assert ("day.sealed", {"day": 1}) in t.private(2)


def test_adz_9_10_a_kururu_copying_hatsumi_seals_with_her_own_bar() -> None:
    # 1 yatsuha/A · 2 kururu · 3 hatsumi · 4 shinra · 5 megumi · 6 himika.
    t = table("yatsuha/A kururu/S hatsumi/S shinra/S megumi/S himika/S").act(2, "night.kururu", 3)
    t.night({2: ("night.hatsumi", 4), 3: ("night.hatsumi", 5)})
    assert t.results(2) == [("result.seal", {"target": 4, "day": 1})]
    t.day()
    assert t.sealed_tonight() == [4, 5]
    assert t.refused(2, "night.hatsumi", 4) == "target.repeat"
    assert ("night.hatsumi", 5) in t.offered(2)
