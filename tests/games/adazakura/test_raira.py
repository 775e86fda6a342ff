"""Raira's Gale Festival Rite [ADZ-9.12] (A34, A35, A68, A69, A20): wind and thunder gauges 0-3; each night
an optional raise, then an optional storm power up to its gauge: W1 deck look, W2 learn a Megami, W3
invulnerable until the end of the next day, T1 remove the top card unseen, T2 seal, T3 kill (once)."""

from __future__ import annotations

import pytest

from core.engine.notice import Action
from handlers import menu
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 raira · 3 shinra · 4 megumi · 5 himika · 6 mizuki · 7 oboro (Sakura but 1).
SEVEN = "yatsuha/A raira/S shinra/S megumi/S himika/S mizuki/S oboro/S"
DECK = ["yurina", "saine", "tokoyo", "hagane", "kanae"]
R = "night.raira"


def raised(t: Table, *gauges: str) -> Table:
    """Raira (seat 2) raises ``gauges`` one per night, without a power, each night followed by a quiet day."""
    for gauge in gauges:
        t.night({2: (R, gauge, "none")}).day()
    return t


def powers(t: Table, seat: int = 2) -> set[tuple[str, str]]:
    """(raise, power) pairs offered to ``seat`` tonight."""
    return {(m[1], m[2]) for m in t.offered(seat) if m[0] == R}


def test_adz_9_12_night_0_reaches_only_wind_1_or_thunder_1() -> None:
    t = table(SEVEN)
    assert t.offered(2) == [
        (R, "wind", "none"), (R, "wind", "w1"), (R, "thunder", "none"), (R, "thunder", "t1"), ("done",),
    ]  # fmt: skip
    assert t.refused(2, R, "keep", "w1") == "gauge.low"
    assert t.refused(2, R, "wind", "w2", 3) == "gauge.low"


def test_adz_9_12_r5_tells_the_gauges_after_the_raise() -> None:
    t = table(SEVEN).night({2: (R, "thunder", "none")})
    assert t.results(2) == [("result.raira.gauges", {"wind": 0, "thunder": 1})]
    t.day().night({2: (R, "wind", "none")})
    assert t.results(2) == [("result.raira.gauges", {"wind": 1, "thunder": 1})]


def test_adz_9_12_a34_a_reached_level_unlocks_every_lower_power_for_later_nights() -> None:
    t = raised(table(SEVEN), "wind", "wind")
    assert {("keep", "w1"), ("keep", "w2"), ("wind", "w3")} <= powers(t)
    assert ("keep", "w3") not in powers(t)
    assert t.refused(2, R, "keep", "w3") == "gauge.low"
    t.night({2: (R, "keep", "w1")})
    assert t.results(2)[0] == ("result.raira.gauges", {"wind": 2, "thunder": 0})


def test_adz_9_12_a_gauge_never_goes_above_3() -> None:
    t = raised(table(SEVEN), "wind", "wind", "wind")
    assert not any(r == "wind" for r, _ in powers(t))
    assert t.refused(2, R, "wind", "none") == "gauge.full"


def test_adz_9_12_w1_looks_at_one_card_r2c() -> None:
    t = table(SEVEN, deck=DECK).night({2: (R, "wind", "w1")})
    assert t.results(2) == [
        ("result.raira.gauges", {"wind": 1, "thunder": 0}),
        ("result.deck.look", {"cards": ["yurina"], "size": 5}),
    ]
    assert t.state.deck == ["saine", "tokoyo", "hagane", "kanae", "yurina"]


def test_adz_3_5_r2_shinra_looks_before_raira() -> None:
    t = table(SEVEN, deck=DECK).night({2: (R, "wind", "w1"), 3: ("night.shinra", "deck")})
    assert t.results(3) == [("result.deck.look", {"cards": ["yurina", "saine", "tokoyo"], "size": 5})]
    assert t.results(2)[1] == ("result.deck.look", {"cards": ["hagane"], "size": 5})


def test_adz_9_12_t1_removes_the_top_card_unseen() -> None:
    t = table(SEVEN, deck=DECK).night({2: (R, "thunder", "t1")})
    assert t.results(2) == [
        ("result.raira.gauges", {"wind": 0, "thunder": 1}),
        ("result.raira.t1", {"size": 4}),
    ]
    assert (t.state.deck, t.state.removed) == (DECK[1:], ["yurina"])


def test_adz_9_12_w2_learns_another_living_players_megami() -> None:
    t = raised(table(SEVEN), "wind")
    assert {m[3] for m in t.offered(2) if m[:3] == (R, "wind", "w2")} == {1, 3, 4, 5, 6, 7}
    t.night({2: (R, "wind", "w2", 7)})
    assert t.results(2) == [
        ("result.raira.gauges", {"wind": 2, "thunder": 0}),
        ("result.megami", {"target": 7, "megami": "oboro"}),
    ]


def test_adz_9_12_w3_stops_the_erasure_at_k7_until_the_end_of_the_next_day() -> None:
    t = raised(table(SEVEN), "wind", "wind").night({2: (R, "wind", "w3")}, kill={1: 2})
    assert t.results(2) == [
        ("result.raira.gauges", {"wind": 3, "thunder": 0}),
        ("result.raira.w3", {"day": 3}),
    ]
    assert t.public()[0] == ("morning.nobody", {"day": 3})
    assert any(e.kind == "ErasureStopped" and e.data.get("by") == "raira" for e in t.state.log)
    t.day().night(kill={1: 2})
    assert t.public()[0] == ("morning.deaths", {"day": 4, "players": [2]})


def test_adz_8_6_a35_a_top_voted_invulnerable_player_is_not_exiled() -> None:
    t = raised(table(SEVEN), "wind", "wind").night({2: (R, "wind", "w3")})
    t.day(votes={1: 2, 3: 2, 5: 2})
    assert ("exile.survived", {"player": 2}) in t.public()
    assert t.dead() == []


def test_adz_9_12_w3_stops_ability_deaths_too() -> None:
    t = raised(table(SEVEN), "wind", "wind").night({2: (R, "wind", "w3"), 7: ("night.oboro", "kill", 2)})
    assert t.alive(2)
    assert t.public()[0] == ("morning.nobody", {"day": 3})


def test_adz_9_12_a68_no_wind_3_on_the_night_right_after_a_wind_3_night() -> None:
    t = raised(table(SEVEN), "wind", "wind").night({2: (R, "wind", "w3")}).day()
    assert not any(p == "w3" for _, p in powers(t))
    assert t.refused(2, R, "keep", "w3") == "option.repeat"
    t.night({2: (R, "thunder", "none")}).day()
    assert ("keep", "w3") in powers(t)


def test_adz_9_12_t2_seals_from_the_next_day_until_her_next_use() -> None:
    t = raised(table(SEVEN), "thunder").night({2: (R, "thunder", "t2", 3)})
    assert t.results(2) == [
        ("result.raira.gauges", {"wind": 0, "thunder": 2}),
        ("result.seal", {"target": 3, "day": 2}),
    ]
    assert ("day.sealed", {"day": 2}) in t.private(3)
    t.day()
    assert "night.prompt.sealed" in t.said(3)
    t.night().day()  # no use: the seal stays
    assert "night.prompt.sealed" in t.said(3)
    t.night({2: (R, "wind", "none")}).day()  # a raise alone is a use: released at the next M2 (A20)
    assert "night.prompt" in t.said(3)
    assert ("night.shinra", "deck") in t.offered(3)


def test_adz_9_12_t3_kills_once_ignoring_guards() -> None:
    t = raised(table(SEVEN), "thunder", "thunder")
    t.night({2: (R, "thunder", "t3", 5), 6: ("night.mizuki", 5)})
    assert t.results(2)[-1] == ("result.raira.t3", {"target": 5})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [5]})
    t.day()
    assert not any(p == "t3" for _, p in powers(t))
    assert t.refused(2, R, "keep", "t3", 4) == "ability.used_up"


def test_adz_9_12_t3_resolves_though_raira_is_erased_the_same_night() -> None:
    t = raised(table(SEVEN), "thunder", "thunder").night({2: (R, "thunder", "t3", 5)}, kill={1: 2})
    assert t.public()[0] == ("morning.deaths", {"day": 3, "players": [2, 5]})


def test_adz_9_12_yukihi_shifts_w2_of_a_sakura_raira() -> None:
    # 1 yatsuha/A · 2 raira · 3 yukihi/A · 4 shinra · 5 megumi · 6 himika: targets move one living seat left.
    t = raised(table("yatsuha/A raira/S yukihi/A shinra/S megumi/S himika/S"), "wind")
    t.night({2: (R, "wind", "w2", 5)})
    assert t.results(2) == [
        ("result.shifted", {"chosen": 5, "actual": 4}),
        ("result.raira.gauges", {"wind": 2, "thunder": 0}),
        ("result.megami", {"target": 4, "megami": "shinra"}),
    ]


def test_adz_9_12_a69_shifted_t2_and_a_fizzled_t3_spent_and_releasing_her_seal() -> None:
    t = raised(table("yatsuha/A raira/S yukihi/A shinra/S megumi/S himika/S"), "thunder")
    t.night({2: (R, "thunder", "t2", 6)})  # shifted onto seat 5
    assert t.results(2)[-1] == ("result.seal", {"target": 5, "day": 2})
    t.day()
    assert "night.prompt.sealed" in t.said(5)
    t.night({2: (R, "thunder", "t3", 3)})  # 3 → 2: onto herself, fizzles
    assert t.results(2) == [
        ("result.fizzled.self", {"chosen": 3}),
        ("result.raira.gauges", {"wind": 0, "thunder": 3}),
    ]
    assert t.dead() == []
    t.day()
    assert not any(p == "t3" for _, p in powers(t))
    assert "night.prompt.sealed" not in t.said(5)


def test_adz_9_12_a_sealed_raira_cannot_raise_and_her_seal_stays() -> None:
    # 1 tokoyo/A seals every Sakura player on night 2; Raira's T2 seal on 4 from night 1 holds on night 3.
    t = table("tokoyo/A yatsuha/A raira/S shinra/S megumi/S mizuki/S himika/S")
    t.night({3: (R, "thunder", "none")}).day().night({3: (R, "thunder", "t2", 4)}).day()
    assert t.offered(3) == [("done",)]
    t.night().day()
    assert "night.prompt.sealed" in t.said(4)
    # Her thunder is still 2: thunder 3 is reachable only with tonight's raise.
    assert ("thunder", "t3") in powers(t, 3)
    assert ("keep", "t3") not in powers(t, 3)


def menu_level(t: Table, *prefix: str | int) -> list[tuple[str | int, ...]]:
    """The arguments of Raira's buttons at menu level ``prefix`` (handlers/menu.py)."""
    actions = [Action(kind=m[0], args=tuple(m[1:])) for m in t.offered(2)]
    names = {p.seat: p.name for p in t.state.players}
    rows = menu.build(actions, Action(kind=R, args=prefix), game_id="g1", phase_seq=1, locale="ja",
                      game="adazakura", names=names)  # fmt: skip
    return [b.tap.action.args for row in rows for b in row if b.tap.action.kind == R]


def test_adz_11_2_raira_buttons_open_as_raise_power_target() -> None:
    t = raised(table(SEVEN), "wind", "thunder", "wind")
    assert menu_level(t) == [("wind",), ("thunder",), ("keep",)]
    assert menu_level(t, "wind") == [
        ("wind", "none"), ("wind", "w1"), ("wind", "w2"), ("wind", "w3"), ("wind", "t1"),
    ]  # fmt: skip
    assert menu_level(t, "wind", "w2") == [("wind", "w2", s) for s in (1, 3, 4, 5, 6, 7)]
    assert menu_level(t, "thunder") == [
        ("thunder", "none"), ("thunder", "w1"), ("thunder", "w2"), ("thunder", "t1"), ("thunder", "t2"),
    ]  # fmt: skip


def test_adz_9_12_t3_ignores_saine_and_tokoyo() -> None:
    # 1 yatsuha/A · 2 raira · 3 saine · 4 tokoyo · 5 megumi · 6 himika: thunder 3 on night 3 (odd).
    seats = "yatsuha/A raira/S saine/S tokoyo/S megumi/S himika/S"
    t = raised(table(seats), "thunder", "thunder", "wind").night({2: (R, "thunder", "t3", 4)})
    assert t.dead() == [4]
    t = raised(table(seats), "thunder", "thunder", "wind").night({2: (R, "thunder", "t3", 3)})
    assert t.dead() == [3]
    assert t.results(3) == [("result.nothing", {})]


def test_adz_9_10_a64_a_kururu_copying_raira_keeps_her_own_gauges() -> None:
    # 1 yatsuha/A · 2 kururu · 3 raira · 4 shinra · 5 megumi · 6 himika: the copy raises at once on night 0.
    t = table("yatsuha/A kururu/S raira/S shinra/S megumi/S himika/S").act(2, "night.kururu", 3)
    t.night({2: (R, "thunder", "none"), 3: (R, "wind", "none")})
    assert t.results(2) == [("result.raira.gauges", {"wind": 0, "thunder": 1})]
    assert t.results(3) == [("result.raira.gauges", {"wind": 1, "thunder": 0})]
