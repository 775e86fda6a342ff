"""The original text's readings of 徒桜戦争 as host options (docs/rules/adazakura-decisions.md J30-J38): the
finer points the scenario files (tests/scenarios/printed_*.json) do not show, each against the default."""

from __future__ import annotations

from tests.games.adazakura.table import Heard, table


def options(**on: bool) -> dict[str, dict[str, bool]]:
    return {"options": on}


def test_j30_wind_3_right_after_a_wind_3_night_is_refused_only_without_the_option() -> None:
    seats = "yatsuha/A raira/S shinra/S megumi/S mizuki/S"
    for on, offered in ((False, False), (True, True)):
        t = table(seats, **options(w3_nightly=on))
        t.state.players[1].memo["raira"] = {"wind": 3, "w3_night": -1}  # as if she used it "last night"
        assert (("night.raira", "keep", "w3") in t.offered(2)) is offered


def test_j31_without_the_option_chikage_has_no_night_0_barrier() -> None:
    seats = "yatsuha/A chikage/S shinra/S megumi/S mizuki/S"
    assert "night.chikage" not in table(seats).offered_kinds(2)
    assert "night.chikage" in table(seats, **options(chikage_night0=True)).offered_kinds(2)


def test_j32_renri_removes_the_card_she_saw_even_after_a_black_box_look_moved_it() -> None:
    t = table("yatsuha/A renri/- saliya/S shinra/S megumi/S", deck=["yurina", "saine", "himika"],
              **options(deck_choices=True))  # fmt: skip
    assert Heard("result.renri.seen", {"night": 0, "megami": "yurina", "size": 3}) in t.private(2)
    assert t.state.deck == ["saine", "himika", "yurina"], "Saliya's look sent the top card to the bottom"
    t.night({2: ("night.renri", "remove")})
    assert t.results(2) == [Heard("result.renri.removed", {"megami": "yurina", "size": 2})]
    assert (t.state.deck, t.state.removed) == (["saine", "himika"], ["yurina"])


def test_j32_renri_who_does_not_choose_keeps_the_deck_and_utsuro_honoka_skip_their_deck_parts() -> None:
    t = table("yatsuha/A renri/- utsuro/S honoka/S megumi/S", deck=["yurina", "saine", "himika"],
              **options(deck_choices=True))  # fmt: skip
    t.night()
    assert (t.state.deck, t.state.removed) == (["yurina", "saine", "himika"], [])
    assert t.results(3) == [Heard("result.nothing", {})]
    assert t.results(4) == [Heard("result.nothing", {})]


def test_j33_a_player_sealed_tonight_does_not_even_raise_a_gauge() -> None:
    t = table("yatsuha/A hatsumi/S raira/S megumi/S mizuki/S", **options(seals_at_once=True))
    t.night({2: ("night.hatsumi", 3), 3: ("night.raira", "thunder", "none")})
    assert t.results(3) == [Heard("result.sealed.at_once", {})], "Raira's raise did not happen"
    assert t.state.players[2].memo.get("raira", {}).get("thunder", 0) == 0


def test_j33_two_sealers_sealing_each_other_at_once_both_seal() -> None:
    t = table("yatsuha/A hatsumi/S raira/S megumi/S mizuki/S", **options(seals_at_once=True))
    t.state.players[2].memo["raira"] = {"thunder": 1}
    t.night({2: ("night.hatsumi", 3), 3: ("night.raira", "thunder", "t2", 2)})
    assert Heard("result.seal.now", {"target": 3, "day": 1}) in t.results(2)
    assert Heard("result.seal.now", {"target": 2, "day": 1}) in t.results(3)
    assert {x.target for x in t.state.seals if x.active} == {2, 3}


def test_j33_without_the_option_a_seal_waits_for_the_morning() -> None:
    t = table("yatsuha/A hatsumi/S shinra/S megumi/S mizuki/S")
    t.night({2: ("night.hatsumi", 3), 3: ("night.shinra", "megami", 1)})
    assert t.results(3) == [Heard("result.megami", {"target": 1, "megami": "yatsuha"})]


def test_j35_a_successful_kanae_takes_renris_lone_win_back_for_her_side() -> None:
    t = table("yatsuha/A renri/- kanae/S shinra/S megumi/S", **options(renri_alone=True))
    t.night()
    t.discuss({2: "shinra"})
    t.vote({2: 1, 3: 1, 4: 1, 5: 1})
    assert t.state.phase == "deduction", "Renri won alone: the Sakura Kanae is on a losing side"
    assert t.winners == [2]


def test_j36_without_the_option_eight_quiet_phases_are_a_draw() -> None:
    t = table("yatsuha/A shinra/S megumi/S mizuki/S himika/S").night().quiet_days(4)
    assert t.result == "draw"
    t = table("yatsuha/A shinra/S megumi/S mizuki/S himika/S", **options(draw_valve=False)).night()
    assert t.quiet_days(4).result is None


def test_j37_a_guard_still_never_spends_the_immunity() -> None:
    t = table("yatsuha/A saine/S mizuki/S megumi/S shinra/S", **options(saine_first=True))
    t.night().day()
    t.night({3: ("night.mizuki", 2)}, kill={1: 2})
    assert t.results(2) == [Heard("result.nothing", {})]
    assert "immunity_used" not in t.state.players[1].memo.get("saine", {})
