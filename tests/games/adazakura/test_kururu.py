"""Kururu's Divine Interference Device [ADZ-9.10] (A40, A64, A69), the madman [ADZ-2.4]: on night 0 only,
once, optionally, look at another player at once and hold that Megami's ability for the rest of the game."""

from __future__ import annotations

import pytest

from core.engine.commands import Query
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 kururu/S · 3 shinra · 4 megumi · 5 himika (Sakura).
FIVE = "yatsuha/A kururu/S shinra/S megumi/S himika/S"
#: 1 yatsuha/A · 2 yukihi/A · 3 kururu/S · 4 shinra · 5 megumi · 6 himika (Sakura).
LEFT_SHIFT = "yatsuha/A yukihi/A kururu/S shinra/S megumi/S himika/S"


def card(t: Table, seat: int) -> dict[str, object]:
    """The params of the role card ``seat`` gets for ``/me``."""
    t.step(Query(user_id=t.uid(seat), what="me"))
    [answer] = [h for h in t.private(seat) if h.key.startswith("role.card")]
    return {"key": answer.key, **answer.params}


def kururu_moves(t: Table, seat: int) -> list[tuple[object, ...]]:
    return [m for m in t.offered(seat) if m[0] == "night.kururu"]


# -- the look --------------------------------------------------------------------------------------------


def test_adz_9_10_on_night_0_she_may_look_at_any_other_player() -> None:
    t = table(FIVE)
    assert kururu_moves(t, 2) == [("night.kururu", s) for s in (1, 3, 4, 5)]
    assert t.refused(2, "night.kururu", 2) == "action.illegal"


def test_adz_9_10_the_look_is_told_at_once_with_the_copied_ability() -> None:
    t = table(FIVE).act(2, "night.kururu", 3)
    assert t.private(2)[0] == (
        "result.kururu.copied",
        {"night": 0, "target": 3, "megami": "shinra", "text": [("role.shinra.text", {})]},
    )
    assert t.state.players[1].copied == "shinra"


def test_adz_3_10_the_look_is_final_nothing_to_cancel_and_no_second_look() -> None:
    t = table(FIVE).act(2, "night.kururu", 3)
    assert not any(m[0] == "cancel" for m in t.offered(2))
    assert kururu_moves(t, 2) == []
    t.refused(2, "night.kururu", 4)
    assert t.state.players[1].copied == "shinra"


def test_adz_6_3_nothing_more_about_the_look_at_dawn() -> None:
    t = table(FIVE).act(2, "night.kururu", 4)
    t.close()
    assert t.results(2) == [("result.nothing", {})]


def test_adz_9_10_a64_a_copied_night_0_ability_is_offered_at_once_and_works() -> None:
    t = table(FIVE).act(2, "night.kururu", 3)
    buttons = t.buttons(2, "night.instant.saved")
    assert ("night.shinra", "megami", 4) in buttons
    assert ("night.shinra", "deck") in buttons
    t.night({2: ("night.shinra", "megami", 4)})
    assert t.results(2) == [("result.megami", {"target": 4, "megami": "megumi"})]


def test_adz_9_10_the_copy_lasts_the_whole_game() -> None:
    t = table(FIVE).night({2: ("night.kururu", 3)}).quiet_days(2).day()
    assert t.phase == ("night", 3)
    t.night({2: ("night.shinra", "faction", 1)})
    assert t.results(2) == [("result.faction", {"target": 1, "faction": "adazakura"})]


def test_adz_9_10_without_a_look_on_night_0_no_ability_all_game() -> None:
    t = table(FIVE).night().day()
    assert t.offered(2) == [("done",)]
    assert t.refused(2, "night.kururu", 3) == "action.illegal"
    assert card(t, 2)["held"] == []


def test_adz_9_10_she_sees_the_dealt_megami_and_the_card_shows_what_she_holds() -> None:
    t = table(FIVE).act(2, "night.kururu", 5)
    got = card(t, 2)
    assert (got["megami"], got["faction"]) == ("kururu", "sakura")
    assert got["text"] == [("role.kururu.text", {})]
    assert got["held"] == [("role.himika.text", {})]


def test_adz_11_9_the_look_is_private() -> None:
    t = table(FIVE).act(2, "night.kururu", 3)
    assert t.public() == []
    assert {n.to.seats for n in t.heard} == {(2,)}


# -- faction versions (A40) -------------------------------------------------------------------------------


def test_adz_0_a40_an_adazakura_kururu_copying_sakura_mizuki_holds_fighting_god() -> None:
    t = table("yatsuha/A kururu/A mizuki/S shinra/S megumi/S himika/S").act(2, "night.kururu", 3)
    assert t.private(2)[0].params["text"] == [("role.mizuki.text.adazakura", {})]
    t.close().day()
    t.night({3: ("night.mizuki", 4)}, kill={1: 4})
    assert t.dead() == [3]  # K2: the erasure moved from the guarded seat 4 onto her guard


def test_adz_0_a40_a_sakura_kururu_copying_adazakura_mizuki_guards() -> None:
    t = table("yatsuha/A kururu/S mizuki/A shinra/S megumi/S himika/S").act(2, "night.kururu", 3)
    assert t.private(2)[0].params["text"] == [("role.mizuki.text.sakura", {})]
    assert not any(m[0] == "night.mizuki" for m in t.offered(2))  # no guard on night 0 (A16)
    t.close().day()
    t.night({2: ("night.mizuki", 4)})
    assert t.results(2) == [("result.guard", {"target": 4})]


# -- copies behave like the original; their limits are her own ---------------------------------------------


def test_adz_9_10_a_copied_passive_works_like_the_original() -> None:
    t = table(FIVE).night({2: ("night.kururu", 4)}).day().night()
    t.day(votes={2: 3, 1: 5})  # Day 2: her ballot weighs 2 like Megumi's
    assert ("exile.done", {"player": 3}) in t.public()


def test_adz_9_10_every_limit_of_the_copy_is_her_own() -> None:
    t = table("yatsuha/A kururu/S korunu/S shinra/S megumi/S").act(2, "night.kururu", 3)
    t.night({2: ("night.korunu", 4)})
    assert t.results(2) == [("result.korunu", {"target": 4, "day": 1})]
    t.day()
    assert ("night.korunu", 5) in t.offered(3)
    assert t.refused(2, "night.korunu", 5) == "ability.used_up"


def test_adz_9_10_copied_active_abilities_obey_seals() -> None:
    t = table("yatsuha/A kururu/S hatsumi/S shinra/S megumi/S").act(2, "night.kururu", 4)
    t.night({3: ("night.hatsumi", 2)}).day()
    assert t.offered(2) == [("done",)]
    assert t.refused(2, "night.shinra", "deck") == "ability.sealed"


# -- Yukihi's Adazakura shift, computed at once (A69) ------------------------------------------------------


def test_adz_9_6_a_sakura_kururus_look_is_shifted_at_once() -> None:
    t = table(LEFT_SHIFT).act(3, "night.kururu", 5)
    assert t.private(3)[:2] == [
        ("result.shifted", {"night": 0, "chosen": 5, "actual": 4}),
        (
            "result.kururu.copied",
            {"night": 0, "target": 4, "megami": "shinra", "text": [("role.shinra.text", {})]},
        ),
    ]


def test_adz_3_9_a69_a_look_shifted_onto_herself_fizzles_is_spent_and_copies_nothing() -> None:
    t = table(LEFT_SHIFT).act(3, "night.kururu", 4)
    assert t.private(3)[0] == ("result.fizzled.self", {"night": 0, "chosen": 4})
    assert t.state.players[2].copied is None
    assert t.refused(3, "night.kururu", 5) == "ability.used_up"
    t.close().day()
    assert t.offered(3) == [("done",)]


def test_adz_9_6_an_adazakura_kururus_look_is_not_shifted() -> None:
    t = table("yatsuha/A yukihi/A kururu/A shinra/S megumi/S himika/S").act(3, "night.kururu", 5)
    assert t.private(3)[0].params["target"] == 5


def test_adz_9_16_a69_yatsuhas_looks_held_by_a_sakura_kururu_fizzle_one_by_one() -> None:
    t = table(LEFT_SHIFT).act(3, "night.kururu", 2)  # shifted onto seat 1: Yatsuha
    assert t.state.players[2].copied == "yatsuha"
    assert t.state.players[2].madman
    t.night({3: ("night.yatsuha", 4, 6)})
    assert t.results(3) == [
        ("result.fizzled.self", {"chosen": 4}),
        ("result.shifted", {"chosen": 6, "actual": 5}),
        ("result.megami", {"target": 5, "megami": "megumi"}),
    ]


# -- Yatsuha: the madman [ADZ-2.4] ------------------------------------------------------------------------

MAD = "yatsuha/A kururu/S shinra/S megumi/S"


def test_adz_2_4_a_sakura_kururu_seeing_yatsuha_becomes_a_madman_and_is_told() -> None:
    t = table(MAD).act(2, "night.kururu", 1)
    assert t.said(2)[:2] == ["result.kururu.copied", "result.kururu.madman"]
    assert t.private(2)[0].params["text"] == [("role.yatsuha.text.held", {})]  # her faction does not change
    assert t.state.players[1].madman
    assert t.state.players[1].faction == "sakura"
    assert card(t, 2)["key"] == "role.card"  # no team list


def test_adz_2_4_the_madman_is_not_in_the_team_channel_and_the_team_is_not_told() -> None:
    t = table(MAD).act(2, "night.kururu", 1)
    t.close().day()
    assert t.team(2) == []
    assert [h.params["members"] for h in t.team(1) if h.key == "team.open"] == [[1]]
    assert not any("madman" in h.key for h in t.private(1) + t.team(1))


def test_adz_2_4_the_madman_reads_sakura() -> None:
    t = table(MAD).night({2: ("night.kururu", 1), 3: ("night.shinra", "faction", 2)})
    assert t.results(3) == [("result.faction", {"target": 2, "faction": "sakura"})]


def test_adz_2_5_the_madman_counts_as_sakura_and_wins_with_the_adazakura_side() -> None:
    t = table(MAD).night({2: ("night.kururu", 1)}).day(votes={1: 3, 2: 3, 4: 3})
    assert not t.alive(3)
    assert t.result is None  # A = 1, S = 2: she is counted in S
    t.night(kill={1: 4})
    assert t.result == "adazakura"
    assert t.winners == [1, 2]
    [end] = [h for h in t.public() if h.key == "end.result"]
    madman = ("faction.madman", {"faction": "sakura"})
    assert ("end.seat.alive", {"player": 2, "megami": "kururu", "faction": madman}) in end.params["lines"]


def test_adz_2_7_the_madman_loses_with_the_sakura_side() -> None:
    t = table(MAD).night({2: ("night.kururu", 1)}).day(votes={2: 1, 3: 1, 4: 1})
    assert t.result == "sakura"
    assert t.winners == [3, 4]


def test_adz_9_10_an_adazakura_kururu_seeing_yatsuha_just_copies_her() -> None:
    t = table("yatsuha/A kururu/A shinra/S megumi/S himika/S").act(2, "night.kururu", 1)
    assert not t.state.players[1].madman
    assert "result.kururu.madman" not in t.said(2)
    t.night({2: ("night.yatsuha", 3, 5)})
    assert t.results(2) == [
        ("result.megami", {"target": 3, "megami": "shinra"}),
        ("result.megami", {"target": 5, "megami": "himika"}),
    ]


# -- night-0 Megami (A64) ---------------------------------------------------------------------------------


def test_adz_9_10_a58_copying_saliya_looks_at_the_deck_at_once() -> None:
    t = table("yatsuha/A kururu/S saliya/S megumi/S himika/S", deck=["shinra", "korunu", "oboro"]).act(
        2, "night.kururu", 3
    )
    assert t.said(2)[:2] == ["result.kururu.copied", "blackbox.seen"]
    assert t.private(2)[1].params["megami"] == "korunu"
    assert ("night.korunu", 4) in t.buttons(2, "night.instant.saved")
    t.night({2: ("night.korunu", 4)})
    assert t.results(2) == [("result.korunu", {"target": 4, "day": 1})]


def test_adz_9_10_a64_copying_renri_gives_only_the_night_0_removal() -> None:
    t = table("yatsuha/A kururu/S renri/- megumi/S himika/S", deck=["shinra", "korunu", "oboro"])
    assert t.state.deck == ["korunu", "oboro"]  # O3: Renri removed shinra
    t.act(2, "night.kururu", 3)
    assert t.private(2)[0].params["text"] == [("role.renri.text.held", {})]  # no faction, no victory
    assert t.buttons(2, "night.instant.saved") == [("done",)]
    t.close()
    assert t.results(2) == [("result.renri.removed", {"megami": "korunu", "size": 1})]
    assert t.state.deck == ["oboro"]
    assert t.state.players[1].faction == "sakura"


def test_adz_9_10_a64_copying_kanae_makes_her_a_deducer() -> None:
    t = table("yatsuha/A kururu/S kanae/S megumi/S").act(2, "night.kururu", 3)
    t.close().day(votes={1: 4, 2: 4, 3: 4})
    t.night(kill={1: 3})
    assert t.phase[0] == "deduction"
    assert "deduce.prompt" in t.said(2)


def test_adz_9_21_a_kururu_copying_kamui_meets_kamuis_fate_on_night_3() -> None:
    t = table("yatsuha/A kururu/S kamui/S shinra/S megumi/S himika/S")
    t.night({2: ("night.kururu", 3)}).quiet_days(2).day()
    t.night({2: ("night.kamui", 4), 3: ("night.kamui", 5)})
    assert ("morning.deaths", {"day": 4, "players": [2, 3, 4, 5]}) in t.public()


def test_adz_9_10_a_second_look_after_a_copy_is_refused_as_used_up() -> None:
    """Once: after copying, another look the same night is refused with the reason, not a generic no."""
    t = table(FIVE).act(2, "night.kururu", 3)
    assert t.refused(2, "night.kururu", 4) == "ability.used_up"


def test_adz_2_4_the_madmans_card_shows_her_new_side_for_the_rest_of_the_game() -> None:
    """/me keeps reminding her: still Sakura for every count, but a madman (not just in her history)."""
    t = table(MAD).act(2, "night.kururu", 1)
    t.night().quiet_days(3)
    assert card(t, 2)["faction"] == ("faction.madman", {"faction": "sakura"})
    assert card(t, 3)["faction"] == "sakura"
