"""Saliya's Black Box [ADZ-9.11] (A41, A58, A65, A70, A71): at each night's opening (O4) a look at the deck
gives her the seen Megami's ability, in her faction's version, until the end of the next day or her death."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, Query
from core.engine.notice import Action
from handlers.messages import TextCommand
from handlers.textcommands import to_command
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 saliya · 3 shinra · 4 megumi · 5 himika · 6 chikage (Sakura).
SIX = "yatsuha/A saliya/S shinra/S megumi/S himika/S chikage/S"
DECK = ["hatsumi", "oboro", "yurina", "hagane"]
OFF, ON = ("blackbox", "off"), ("blackbox", "on")


def seen(t: Table, seat: int) -> list[dict[str, object]]:
    """The Black Box notices ``seat`` got during the last step (params without the night number)."""
    return [
        {"key": h.key, **{k: v for k, v in h.params.items() if k != "night"}}
        for h in t.private(seat)
        if h.key.startswith("blackbox.")
    ]


def held(t: Table, seat: int) -> list[object]:
    """The held abilities on ``seat``'s role card (``/me``)."""
    t.step(Query(user_id=t.uid(seat), what="me"))
    [answer] = [h for h in t.private(seat) if h.key.startswith("role.card")]
    return list(answer.params["held"])


# -- the look at O4 ---------------------------------------------------------------------------------------


def test_adz_9_11_night_0_opens_with_an_automatic_look_told_before_the_prompt() -> None:
    t = table(SIX, deck=DECK)
    assert seen(t, 2) == [
        {
            "key": "blackbox.seen",
            "megami": "hatsumi",
            "size": 4,
            "day": 1,
            "text": [("role.hatsumi.text", {}), ("role.hatsumi.text.seal_next", {})],
        }
    ]
    keys = t.said(2)
    assert keys.index("blackbox.seen") < keys.index("night.prompt")
    assert t.state.deck == ["oboro", "yurina", "hagane", "hatsumi"]


def test_adz_11_9_nobody_else_learns_of_the_look() -> None:
    t = table(SIX, deck=DECK)
    assert "hatsumi" not in t.public_reveals()
    assert [n.to.seats for n in t.heard if n.key.startswith("blackbox.")] == [(2,)]


def test_adz_9_11_the_gain_is_offered_in_the_prompt_that_follows_and_works_tonight() -> None:
    t = table(SIX, deck=DECK)
    assert ("night.hatsumi", 3) in t.buttons(2, "night.prompt")
    t.night({2: ("night.hatsumi", 3)})
    assert t.results(2) == [("result.seal", {"target": 3, "day": 1})]


def test_adz_9_11_she_looks_again_at_every_night_opening() -> None:
    t = table(SIX, deck=DECK).night().day()
    assert seen(t, 2)[0]["megami"] == "oboro"
    assert seen(t, 2)[0]["day"] == 2
    assert ("night.oboro", "kill", 4) in t.offered(2)
    assert not any(m[0] == "night.hatsumi" for m in t.offered(2))


def test_adz_9_11_the_card_shows_the_gained_ability() -> None:
    t = table(SIX, deck=DECK)
    assert held(t, 2) == [("role.hatsumi.text", {}), ("role.hatsumi.text.seal_next", {})]


def test_adz_9_11_an_empty_deck_gives_nothing() -> None:
    t = table(SIX, deck=[])
    assert seen(t, 2) == [{"key": "blackbox.empty"}]
    assert t.offered(2) == [("done",), OFF]


# -- faction versions (A40) -------------------------------------------------------------------------------


def test_adz_0_a40_she_gains_her_own_factions_version() -> None:
    t = table(SIX, deck=["mizuki"])
    assert seen(t, 2)[0]["text"] == [("role.mizuki.text.sakura", {})]
    t = table("yatsuha/A saliya/A shinra/S megumi/S himika/S korunu/S", deck=["mizuki"])
    assert seen(t, 2)[0]["text"] == [("role.mizuki.text.adazakura", {})]


def test_adz_9_11_a_gained_passive_is_in_force_from_o4() -> None:
    t = table("yatsuha/A saliya/A shinra/S megumi/S himika/S korunu/S", deck=["yukihi"])
    t.night({3: ("night.shinra", "megami", 5)})
    assert t.results(3) == [
        ("result.shifted", {"chosen": 5, "actual": 4}),
        ("result.megami", {"target": 4, "megami": "megumi"}),
    ]


def test_adz_9_2_an_adazakura_saliya_holding_saine_reveals_saliya() -> None:
    t = table("yatsuha/A saliya/A shinra/S megumi/S himika/S korunu/S", deck=["saine"]).night()
    assert ("skip",) in t.offered(2)
    t.act(2, "skip")
    assert ("skip.used", {"player": 2, "megami": "saliya"}) in t.public()


# -- how long a gain lasts --------------------------------------------------------------------------------


def test_adz_9_11_the_gain_lasts_through_day_n_plus_1_then_expires() -> None:
    t = table(SIX, deck=DECK).night()
    assert held(t, 2) == [("role.hatsumi.text", {}), ("role.hatsumi.text.seal_next", {})]  # Day 1
    t.act(2, *OFF).day()
    assert t.phase == ("night", 1)
    assert t.state.players[1].gained is None
    assert t.offered(2) == [("done",), ON]
    assert held(t, 2) == []


def test_adz_9_11_a65_a_gained_megumi_weighs_n_plus_1_on_day_n_plus_1() -> None:
    t = table("yatsuha/A saliya/S shinra/S himika/S korunu/S", deck=["yurina", "megumi", "oboro"])
    t.night().day().night()
    t.day(votes={2: 3, 1: 4})  # Day 2: her ballot weighs 2
    assert ("exile.done", {"player": 3}) in t.public()


def test_adz_9_11_a65_a20_a_gained_hatsumis_seal_ends_when_the_gain_expires() -> None:
    t = table(SIX, deck=DECK).night({2: ("night.hatsumi", 3)})
    assert "day.sealed" in t.said(3)  # Day 1
    t.day()
    assert "night.prompt" in t.said(3)  # night 1: the seal ended with the gain
    assert ("night.shinra", "deck") in t.offered(3)


def test_adz_9_11_a71_the_gain_ends_at_her_death() -> None:
    t = table(SIX, deck=DECK).night().day(votes={1: 2, 3: 2, 4: 2})
    assert not t.alive(2)
    assert t.state.players[1].gained is None
    assert t.offered(2) == []


def test_adz_9_11_a71_a17_what_she_chose_still_resolves_after_her_death() -> None:
    t = table(SIX, deck=["yurina", "oboro", "hagane"]).night().day()
    t.night({2: ("night.oboro", "kill", 4)}, kill={1: 2})
    assert ("morning.deaths", {"day": 2, "players": [2, 4]}) in t.public()
    assert t.state.players[1].gained is None


def test_adz_9_11_a41_her_counters_persist_across_gains() -> None:
    t = table(SIX, deck=["korunu"]).night({2: ("night.korunu", 4)}).day()
    assert seen(t, 2)[0]["megami"] == "korunu"
    assert not any(m[0] == "night.korunu" for m in t.offered(2))
    assert t.refused(2, "night.korunu", 5) == "ability.used_up"


# -- special gains (A65) ----------------------------------------------------------------------------------


def test_adz_9_11_a65_a_gained_kururu_learns_one_megami_at_once_without_copying() -> None:
    t = table(SIX, deck=["kururu"])
    assert seen(t, 2)[0]["text"] == [("role.kururu.text.held", {})]
    t.act(2, "night.kururu", 1)
    assert t.private(2)[0] == ("result.megami", {"night": 0, "target": 1, "megami": "yatsuha"})
    me = t.state.players[1]
    assert (me.copied, me.madman, me.gained) == (None, False, "kururu")
    assert not any(m[0] == "night.kururu" for m in t.offered(2))


def test_adz_9_11_a65_a_gained_kururu_is_useless_after_night_0() -> None:
    t = table(SIX, deck=["kururu"]).night().day()
    assert not any(m[0] == "night.kururu" for m in t.offered(2))


def test_adz_9_11_a65_a_gained_renri_removes_the_top_card_at_r2a() -> None:
    t = table(SIX, deck=["renri", "oboro", "yurina"])
    t.close()
    assert t.results(2) == [("result.renri.removed", {"megami": "oboro", "size": 2})]
    assert t.state.deck == ["yurina", "renri"]
    assert t.state.players[1].faction == "sakura"


def test_adz_9_11_a65_kamui_gained_on_night_3_takes_her_with_a_revenge() -> None:
    t = table(SIX, deck=["yurina", "oboro", "hagane", "kamui"]).night().quiet_days(2).day()
    assert t.phase == ("night", 3)
    assert seen(t, 2)[0]["megami"] == "kamui"
    t.night({2: ("night.kamui", 5)})
    assert ("morning.deaths", {"day": 4, "players": [2, 5]}) in t.public()


def test_adz_9_11_a65_kamui_gained_on_night_2_has_expired_by_night_3() -> None:
    t = table(SIX, deck=["yurina", "oboro", "kamui", "hagane"]).night().quiet_days(2).day()
    t.night()
    assert t.alive(2)


# -- the switch (A70) -------------------------------------------------------------------------------------


def test_adz_11_2_the_switch_is_offered_in_every_phase() -> None:
    t = table(SIX, deck=DECK)
    assert OFF in t.offered(2)
    t.close()
    assert OFF in t.offered(2)  # discussion
    t.close()
    assert t.phase[0] == "vote"
    assert OFF in t.offered(2)
    assert OFF not in t.offered(3)


def test_adz_9_11_a70_switched_off_no_look_from_the_next_night() -> None:
    t = table(SIX, deck=DECK)
    t.act(2, *OFF)
    assert t.said(2) == ["blackbox.switched.off"]
    assert t.state.players[1].gained == "hatsumi"  # tonight's gain stays
    t.close().day()
    assert seen(t, 2) == [{"key": "blackbox.off"}]
    assert t.state.deck == ["oboro", "yurina", "hagane", "hatsumi"]


def test_adz_9_11_a70_switched_on_again_looks_from_the_next_night_only() -> None:
    t = table(SIX, deck=DECK)
    t.act(2, *OFF)
    t.close().day()
    t.act(2, *ON)
    assert t.state.players[1].gained is None
    t.close().day()
    assert seen(t, 2)[0]["megami"] == "oboro"


def test_adz_11_2_the_switch_refuses_what_is_already_so_and_non_holders() -> None:
    t = table(SIX, deck=DECK)
    assert t.refused(2, *ON) == "blackbox.already_on"
    t.act(2, *OFF)
    assert t.refused(2, *OFF) == "blackbox.already_off"
    assert t.refused(3, *OFF) == "action.illegal"


def test_adz_11_2_the_dead_cannot_switch() -> None:
    t = table(SIX, deck=DECK).night().day(votes={1: 2, 3: 2, 4: 2})
    assert t.refused(2, *OFF) == "not_alive"


def test_adz_11_2_blackbox_on_off_are_private_text_commands() -> None:
    def typed(*args: str, private: bool = True) -> object:
        return to_command(TextCommand("blackbox", args), "u2", private=private, game="adazakura")

    assert typed("off") == Act(user_id="u2", action=Action(kind="blackbox", args=("off",)))
    assert typed("ON") == Act(user_id="u2", action=Action(kind="blackbox", args=("on",)))
    assert typed("off", private=False) == "command.private_only"


# -- seals ------------------------------------------------------------------------------------------------

SEALING = "yatsuha/A saliya/S hatsumi/S shinra/S megumi/S"


def test_adz_9_11_a_sealed_saliya_does_not_look_and_is_told() -> None:
    t = table(SEALING, deck=["oboro", "yurina"]).night({3: ("night.hatsumi", 2)}).day()
    assert seen(t, 2) == [{"key": "blackbox.sealed"}]
    assert "night.prompt.sealed" in t.said(2)
    assert t.state.deck == ["yurina", "oboro"]
    assert t.state.players[1].gained is None


def test_adz_9_11_a_sealed_saliya_may_still_switch() -> None:
    t = table(SEALING, deck=["oboro", "yurina"]).night({3: ("night.hatsumi", 2)}).day()
    assert t.offered(2) == [("done",), OFF]


# -- several holders: the deck's order (A58) --------------------------------------------------------------

#: 1 renri · 2 yatsuha/A · 3 kururu · 4 saliya · 5 megumi · 6 himika.
HOLDERS = "renri/- yatsuha/A kururu/S saliya/S megumi/S himika/S"


def test_adz_6_1_a58_renri_then_the_dealt_saliya_then_a_kururu_holding_saliya() -> None:
    t = table(HOLDERS, deck=["shinra", "korunu", "oboro", "yurina", "hagane"])
    assert seen(t, 4)[0]["megami"] == "korunu"  # O3 removed shinra first
    t.act(3, "night.kururu", 4)
    assert seen(t, 3)[0]["megami"] == "oboro"
    assert t.state.deck == ["yurina", "hagane", "korunu", "oboro"]
    t.close().day()
    assert (seen(t, 4)[0]["megami"], seen(t, 3)[0]["megami"]) == ("yurina", "hagane")


def test_adz_9_11_a70_a_kururu_holding_saliya_switches_from_night_1() -> None:
    t = table(HOLDERS, deck=["shinra", "korunu", "oboro", "yurina", "hagane"]).act(3, "night.kururu", 4)
    assert OFF in t.buttons(3, "night.instant.saved")
    t.act(3, *OFF)
    t.close().day()
    assert seen(t, 3) == [{"key": "blackbox.off"}]
    assert seen(t, 4)[0]["megami"] == "yurina"


def test_adz_10_2_a_living_saliya_holding_kanae_is_a_deducer() -> None:
    t = table("yatsuha/A kamui/A saliya/S shinra/S megumi/S", deck=["kanae", "oboro"]).night()
    t.day(votes={1: 4, 2: 4, 3: 4})
    assert t.phase[0] == "deduction"
    assert "deduce.prompt" in t.said(3)


def test_adz_10_2_a71_a_dead_saliya_holding_kanae_is_not() -> None:
    t = (
        table("yatsuha/A saliya/A shinra/S megumi/S himika/S", deck=["yurina", "kanae", "oboro"])
        .night()
        .day()
    )
    t.night(kill={1: 2})  # she held Kanae's ability from tonight's O4
    t.day(votes={3: 1, 4: 1, 5: 1})
    assert t.result == "sakura"
    assert t.phase[0] == "ended"


# -- bookkeeping across gains (A41) and gained seals (A20) -------------------------------------------------


def test_adz_9_11_a41_raira_gauges_persist_between_gains() -> None:
    # Black Box: raira on night 0, yurina on night 1, raira again on night 2.
    t = table(SIX, deck=["raira", "yurina"]).night({2: ("night.raira", "thunder", "none")}).day()
    assert not any(m[0] == "night.raira" for m in t.offered(2))
    t.night().day()
    assert ("night.raira", "thunder", "t2", 3) in t.offered(2)
    t.night({2: ("night.raira", "thunder", "none")})
    assert t.results(2) == [("result.raira.gauges", {"wind": 0, "thunder": 2})]


def test_adz_9_11_a41_not_twice_running_only_if_she_held_it_the_night_before() -> None:
    t = table(SIX, deck=["hatsumi"]).night({2: ("night.hatsumi", 3)}).day()
    assert t.refused(2, "night.hatsumi", 3) == "target.repeat"
    # hatsumi on night 0, yurina on night 1, hatsumi again on night 2: seat 3 may be chosen again.
    t = table(SIX, deck=["hatsumi", "yurina"]).night({2: ("night.hatsumi", 3)}).day().night().day()
    assert ("night.hatsumi", 3) in t.offered(2)


def test_adz_9_11_a65_a20_a_gained_rairas_seal_ends_when_the_gain_expires() -> None:
    t = table(SIX, deck=["raira"]).night({2: ("night.raira", "thunder", "none")}).day()
    t.night({2: ("night.raira", "thunder", "t2", 3)})
    assert ("day.sealed", {"day": 2}) in t.private(3)
    t.act(2, *OFF).day()  # no look tonight: the gain ended with Day 2
    assert "night.prompt" in t.said(3)
    assert ("night.shinra", "deck") in t.offered(3)


def test_adz_5_2_a_gained_ability_barred_on_night_0_is_not_offered() -> None:
    t = table(SIX, deck=["mizuki"])  # the Sakura guard: not on night 0 (A16)
    assert seen(t, 2)[0]["megami"] == "mizuki"
    assert t.offered(2) == [("done",), OFF]
