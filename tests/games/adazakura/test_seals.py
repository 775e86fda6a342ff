"""Seals in common [ADZ-3.8] (A18-A21, A06, A62, A69, A72): Hatsumi and Raira seals start at the next M2,
overlap, end at their source's next designation or use (at the following M2), at once with their source's
death, and with their target's death; the erasure is never sealed."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 hatsumi · 3 raira · 4 shinra · 5 megumi · 6 himika (Sakura but 1).
SIX = "yatsuha/A hatsumi/S raira/S shinra/S megumi/S himika/S"
R = "night.raira"


def test_adz_3_8_seals_from_two_sources_overlap() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 4), 3: (R, "thunder", "none")}).day()
    t.night({3: (R, "thunder", "t2", 4)}).day()  # Hatsumi designates nobody: both seals on 4
    assert t.sealed_tonight() == [4]
    t.night({2: ("night.hatsumi", 5)}).day()  # Hatsumi's seal on 4 ends; Raira's stays
    assert t.sealed_tonight() == [4, 5]


def test_adz_9_12_mutual_seals_hold_until_one_of_them_dies() -> None:
    t = table(SIX).night({3: (R, "thunder", "none")}).day()
    t.night({3: (R, "thunder", "t2", 2), 2: ("night.hatsumi", 3)}).day()
    assert t.sealed_tonight() == [2, 3]
    t.night().day()
    assert t.sealed_tonight() == [2, 3]
    t.night().day(votes={1: 2, 3: 2, 4: 2})
    assert t.sealed_tonight() == []
    assert t.state.seals == []


def test_adz_3_8_a_designation_whose_target_dies_that_night_still_releases() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 4)}).day()
    t.night({2: ("night.hatsumi", 5)}, kill={1: 5})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [5]})
    t.day()
    assert t.sealed_tonight() == []
    t.tap(4, "night.shinra", "deck")


def test_adz_3_8_a_new_seal_never_starts_if_its_source_dies_that_night() -> None:
    t = table(SIX).night().day().night({2: ("night.hatsumi", 4)}, kill={1: 2})
    assert not t.alive(2)
    assert ("day.sealed", {"day": 2}) not in t.private(4)
    t.day()
    assert t.sealed_tonight() == []


def test_adz_2_2_a06_a_sealed_member_still_chooses_the_erasure() -> None:
    t = table(SIX).night({2: ("night.hatsumi", 1)}).day()
    assert t.sealed_tonight() == [1]
    t.night(kill={1: 6})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [6]})


def test_adz_3_8_a72_a_tokoyo_only_seal_gives_no_day_notice() -> None:
    # 1 tokoyo/A seals every Sakura player on Day 2 and night 2; only Hatsumi's target hears it at dawn.
    t = table("tokoyo/A yatsuha/A hatsumi/S shinra/S megumi/S himika/S mizuki/S").night().day()
    t.night({3: ("night.hatsumi", 4)})
    told = [p.seat for p in t.state.players if any(h.key == "day.sealed" for h in t.private(p.seat))]
    assert told == [4]
    t.day()
    assert t.sealed_tonight() == [3, 4, 5, 6, 7]


#: 1 yatsuha/A · 2 hatsumi · 3 hagane · 4 oboro · 5 shinra · 6 raira · 7 himika (Sakura but 1).
REVIVAL = "yatsuha/A hatsumi/S hagane/S oboro/S shinra/S raira/S himika/S"


def test_adz_9_8_a63_a_revived_player_is_no_longer_sealed_and_her_own_seal_is_gone() -> None:
    # Night 0: Hatsumi seals 5; Raira raises thunder. Night 1: Raira designates 7; Oboro's trap kills 5 and
    # the team erases 6 (Raira). Night 2: Hagane brings 5 back, unsealed (A62, A63).
    t = table(REVIVAL).night({2: ("night.hatsumi", 5), 6: (R, "thunder", "none")}).day()
    t.night({6: (R, "thunder", "t2", 7), 4: ("night.oboro", "kill", 5)}, kill={1: 6}).day()
    assert t.dead() == [5, 6]
    assert t.state.seals == []  # Raira's pending seal on 7 died with her (A20)
    t.night({3: ("night.hagane", 5)})
    assert [h for h in t.public() if h.key == "morning.revived"] == [("morning.revived", {"players": [5]})]
    t.day()
    assert t.sealed_tonight() == []
    assert ("night.shinra", "deck") in t.offered(5)
