"""The night of classic 人狼: [WW-6.3] Night 0 and 初日占い, [WW-6.10.1] the opening, [WW-6.10.2] the choices
and their refusals, [WW-6.10.3] the wolves' target, [WW-6.10.4] the resolution order, [WW-6.10.5] the
early close, [WW-3.4] the roles' rules (guard options, the fox, 後追い, the 猫又), [WW-10.9] timeouts."""

from __future__ import annotations

import core.i18n as i18n
from tests.games.werewolf.table import C9, F10, K13, NK10, Table, table
from tests.scenarios.ww_expect import verbs

POOL = [1, 2, 3, 5, 6, 9]


def day1(t: Table, executed: int) -> Table:
    """Night 0 (everyone 疑う), Day 1 executing ``executed`` (everyone else votes for it; it votes for the
    lowest other seat), no 遺言: Night 1 is open."""
    t.night()
    other = min(s for s in t.alive if s != executed)
    t.day([(v, executed) for v in t.alive if v != executed] + [(executed, other)])
    if t.state.phase == "last_words":
        t.words()
    assert t.phase == ("night", 1)
    return t


def test_free_first_night_divination_may_name_the_scapegoat_and_curses_a_fox() -> None:
    """[WW-6.3] ``free``: the seer divines on Night 0 (身代わり君 offered, AMB-10); a fox divined then
    dies at its end (呪殺 on Night 0) and his immoralist follows (AMB-28)."""
    seats = ["villager", "villager", "seer", "werewolf", "fox", "immoralist", "knight"]
    t = table(seats, scapegoat="villager", firstNightDivination="free")
    assert verbs(t)[3] == {"night.divine"}
    assert ("night.divine", "scapegoat") in t.offered(3)
    t.night({3: 5})
    assert t.first("divine.result", 3).params == {"night": 0, "player": 5, "result": ("class.white", {})}
    assert t.public()[0] == ("morning.deaths", {"day": 1, "players": [("scapegoat.ref", {}), 5, 6]})


def test_without_first_night_divination_the_seer_suspects_and_learns_nothing() -> None:
    """[WW-6.3] ``none``: 疑う, no result, no random white."""
    t = table(C9, firstNightDivination="none")
    assert verbs(t)[4] == {"night.suspect"}
    t.night()
    assert not [h for h in t.private(4) if h.key in ("white.notice", "divine.result")]


def test_the_random_white_pool_leaves_out_wolves_foxes_and_the_seer() -> None:
    """[WW-6.3] ``random_white`` (AMB-11): drawn over the living humans but the seer, 人狼 and 妖狐."""
    t = table(F10, rng=[0])
    t.night()
    [draw] = t.state.draws
    assert (draw.purpose, draw.pool) == ("RANDOM_WHITE", [1, 2, 3, 5, 6, 10])


def test_wolves_may_change_their_proposal_which_is_relayed_and_the_plurality_wins() -> None:
    """[WW-6.10.2], [WW-6.10.3] (AMB-22), [WW-10.4]: every change is relayed to the other living wolves
    ("P07 → P01"); at the close the most proposed target is attacked."""
    t = day1(table(C9, rng=[0]), 9)
    t.act(7, "kill", 1)
    assert [(h.key, h.params) for h in t.team(8)] == [("night.proposal", {"wolf": 7, "target": 1})]
    t.act(7, "kill", 2)
    assert [(h.key, h.params) for h in t.team(8)] == [("night.proposal", {"wolf": 7, "target": 2})]
    t.tap(8, "kill", 2)
    t.step()
    t.close()
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [2]})


def test_split_wolves_are_drawn_and_no_proposal_is_drawn_over_every_valid_target() -> None:
    """[WW-6.10.3]: a tie is drawn among the tied targets (``WOLF_TIE``); no proposal at all, among every
    living non-wolf (``WOLF_NONE``); no 「襲撃なし」 (AMB-21)."""
    t = day1(table(C9, rng=[0, 1]), 9)
    t.tap(7, "kill", 1)
    t.tap(8, "kill", 3)
    t.close()
    assert [(d.purpose, d.pool, d.pick) for d in t.state.draws][-1] == ("WOLF_TIE", [1, 3], 3)
    quiet = day1(table(C9, rng=[0, 4]), 9)
    quiet.close()
    drawn = [(d.purpose, d.pool, d.pick) for d in quiet.state.draws][-1]
    assert drawn == ("WOLF_NONE", [1, 2, 3, 4, 5, 6], 5)
    assert ("kill", "none") not in quiet.offered(7)


def test_wolves_cannot_attack_wolves_and_every_other_choice_is_final() -> None:
    """[WW-6.10.2]: wolves' targets are the living non-wolves (AMB-20); a second choice of the seer is
    refused (``night.answered``), a forged target too (``target.invalid``)."""
    t = day1(table(C9, rng=[0]), 9)
    assert {a[1] for a in t.offered(7)} == {1, 2, 3, 4, 5, 6}
    assert t.refused(7, "kill", 8) == "target.invalid"
    assert t.refused(4, "night.divine", 4) == "target.invalid"
    assert t.refused(1, "night.divine", 2) == "night.not_your_action"
    t.tap(4, "night.divine", 7)
    assert t.refused(4, "night.divine", 8) == "night.answered"
    assert t.offered(4) == []


def test_the_night_closes_early_only_when_everyone_answered_and_the_wolves_agree() -> None:
    """[WW-6.10.5] (AMB-51): split proposals keep the night open until its timer."""
    t = day1(table(C9, rng=[0, 0]), 9)
    for seat in (1, 2, 3, 5):
        t.tap(seat, *t.offered(seat)[0])
    t.tap(4, "night.divine", 7)
    t.tap(6, "night.guard", 1)
    t.tap(7, "kill", 1)
    t.tap(8, "kill", 2)
    assert t.phase == ("night", 1)
    t.tap(8, "kill", 1)
    assert t.phase == ("discussion", 2)


def test_self_guard_and_consecutive_guard_are_options_and_a_night_without_guard_clears_the_ban() -> None:
    """[WW-3.4.3] (AMB-15, AMB-16): ``selfGuard`` offers the knight himself; ``consecutiveGuard`` the last
    guarded; a night without a guard (timeout, [WW-10.9]) lets him guard anyone again."""
    t = day1(table(C9, rng=[0], selfGuard=True), 9)
    assert ("night.guard", 6) in t.offered(6)
    for consecutive in (True, False):
        k = day1(table(K13, rng=[0], consecutiveGuard=consecutive), 11)
        k.night({6: 1, 9: 2, 10: 2})
        assert k.state.players[5].last_guard == 1
        k.day([(v, 3) for v in k.alive if v != 3] + [(3, 4)])
        k.words()
        assert (("night.guard", 1) in k.offered(6)) is consecutive
    k.night({9: 4, 10: 4})
    assert k.state.players[5].last_guard is None
    k.day([(v, 5) for v in k.alive if v != 5] + [(5, 1)])
    k.words()
    assert ("night.guard", 1) in k.offered(6)


def test_the_seer_s_result_and_the_curse_resolve_before_the_attack_on_him() -> None:
    """[WW-6.10.4] R1-R6 (AMB-12, AMB-13): attacked the night he divines the fox, the seer dies, the fox
    dies of the curse, the immoralist follows, and the dead seer still gets his result."""
    t = day1(table(F10, rng=[0]), 1)
    t.night({4: 9, 7: 4, 8: 4, 6: 9})
    assert t.first("divine.result", 4).params["player"] == 9
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [4, 9, 10]})


def test_an_attack_on_the_fox_is_silent_and_a_guard_only_stops_attacks() -> None:
    """[WW-3.4.6] (AMB-23), [WW-3.4.3] (AMB-18): the fox survives unguarded; a guarded fox still dies of
    the curse."""
    t = day1(table(K13, rng=[0]), 1)
    t.night({9: 12, 10: 12, 6: 2, 4: 2})
    assert t.public()[0] == ("morning.peaceful", {"day": 2})
    cursed = day1(table(K13, rng=[0]), 1)
    cursed.night({9: 2, 10: 2, 6: 12, 4: 12})
    assert cursed.public()[0] == ("morning.deaths", {"day": 2, "players": [2, 12, 13]})


def test_a_nekomata_dragged_by_another_drags_nobody() -> None:
    """[WW-3.4.10] (AMB-27): no chains: the drag's victim never drags, even a second 猫又 (a host cast)."""
    seats = ["villager", "villager", "villager", "seer", "nekomata", "nekomata", "werewolf", "werewolf"]
    t = table(seats, rng=[0, 4])
    t.night()
    t.day([(v, 5) for v in range(1, 9) if v != 5] + [(5, 1)])
    assert t.first("death.also").params == {"player": 6}
    assert [d.purpose for d in t.state.draws].count("DRAG") == 1


def test_the_medium_learns_at_the_night_s_opening_even_if_attacked_that_night() -> None:
    """[WW-6.10.1] (AMB-14, AMB-53): the medium's result is sent as the night opens."""
    t = table(NK10, rng=[0])
    t.night()
    t.day([(v, 9) for v in range(1, 11) if v != 9] + [(9, 1)])
    t.words()
    assert t.first("medium.result", 5).params == {"player": 9, "result": ("class.black", {})}
    t.night({8: 5})
    assert t.public()[0] == ("morning.deaths", {"day": 2, "players": [5]})


def test_the_fanatic_and_the_madman_suspect_and_only_the_wolves_see_the_wolves_prompt() -> None:
    """[WW-10.4]: the wolves' buttons list only non-wolves; the fanatic's (and the madman's) prompt is 疑う
    and never names the wolves apart; every prompt goes out at the night's opening, together."""
    t = day1(table(K13, rng=[0]), 1)
    prompts = {n.to.seats[0]: n for n in t.heard if n.key == "night.prompt"}
    assert sorted(prompts) == t.alive
    assert {a.kind for a in prompts[11].actions} == {"night.suspect"}
    assert {a.args[0] for a in prompts[11].actions} == set(t.alive) - {11}
    assert {a.args[0] for a in prompts[9].actions} == set(t.alive) - {9, 10}


def test_every_draw_is_logged_with_its_purpose_over_ascending_seats() -> None:
    """[WW-5.2], [WW-0.2] (AMB-60): each draw keeps its purpose, its pool in ascending seat order and its
    pick."""
    t = table(NK10, rng=[2, 0])
    t.night()
    t.day([(1, 7), (2, 7), (3, 7), (8, 7), (9, 7), (10, 7), (4, 10), (5, 10), (6, 10), (7, 10)])
    assert [(d.purpose, d.pool, d.pick) for d in t.state.draws] == [
        ("RANDOM_WHITE", [1, 2, 3, 5, 6, 7, 10], 3), ("DRAG", [1, 2, 3, 4, 5, 6, 8, 9, 10], 1),
    ]  # fmt: skip


def test_the_role_texts_name_the_night_of_the_first_attack_and_guard() -> None:
    """[WW-3.4] 騎士 guards and 人狼 attack from Night 1 (the night after Day 1; Night 0 comes first,
    [WW-6.3]): the role texts (``/role``) name that night as the game's own night heading does."""
    t = table(C9)
    assert "night.guard" not in verbs(t)[6]
    assert "kill" not in verbs(t)[7]
    t = day1(t, 9)
    assert ("night.guard", 1) in t.offered(6)
    assert any(kind == "kill" for kind, _ in t.offered(7))
    for locale, night in (("ja", "1日目の夜"), ("en", "Night 1")):
        heading = i18n.text("night.start", locale, "werewolf", night=1, seconds=60)
        assert night in heading
        for role in ("werewolf", "knight"):
            text = i18n.text(f"role.{role}.text", locale, "werewolf")
            assert night.lower() in text.lower(), (locale, role)
            assert "2日目の夜" not in text
            assert "second night" not in text
