"""Renri 「ウソツキ」 [ADZ-9.22]: the night-0 peek-and-remove (O3; copies at R2(a), A64, A65) and her
additional win (A43, A56): alive at the end, with an accepted ``/co`` of another Megami on Day 1 or 2."""

from __future__ import annotations

import pytest

from core.engine import ledger
from core.games.adazakura.model import CoRecord
from tests.games.adazakura.table import Table, plain, table

pytestmark = pytest.mark.scenario

#: 1 renri · 2 yatsuha/A · 3 shinra · 4 megumi · 5 himika.
FIVE = "renri/- yatsuha/A shinra/S megumi/S himika/S"
DECK = ["hagane", "yurina", "saine", "tokoyo", "oboro", "chikage"]


def ending(t: Table) -> tuple[str, list[int], list[tuple[str, dict[str, object]]]]:
    """The final announcement: (winning side, winners, the Renri/Kanae notes)."""
    [end] = [h for h in t.public() if h.key in ("end.result", "end.draw")]
    key, params = end.params["result"]
    if key == "end.outcome":
        return params["side"][0].removeprefix("end.result."), end.params.get("winners", []), params["notes"]
    return key.removeprefix("end.result."), end.params.get("winners", []), []


# -- the night-0 removal -------------------------------------------------------------------------------


def test_adz_9_22_o3_the_dealt_renri_sees_the_top_card_leave_the_game_at_once() -> None:
    t = table(FIVE, deck=DECK)
    removed = ("result.renri.removed", {"night": 0, "megami": "hagane", "size": 5})
    assert removed in t.private(1)
    assert t.said(1).index("result.renri.removed") < t.said(1).index("night.prompt")
    assert (t.state.deck, t.state.removed) == (DECK[1:], ["hagane"])
    assert all("result.renri.removed" not in t.said(seat) for seat in range(2, 6))
    assert t.public_reveals() == set()
    assert [plain(line) for line in ledger.read(t.state.players[0].ledger)] == [removed]  # kept for /me


def test_adz_9_22_o3_comes_before_every_other_deck_operation_of_night_0() -> None:
    t = table(FIVE, deck=DECK).night({3: ("night.shinra", "deck")})
    assert t.results(3) == [("result.deck.look", {"cards": ["yurina", "saine", "tokoyo"], "size": 5})]
    assert t.results(1) == [("result.nothing", {})]  # her removal was told at the opening


def test_adz_9_22_only_on_night_0() -> None:
    t = table(FIVE, deck=DECK).night().day()
    t.night()
    assert (t.state.deck, t.state.removed) == (DECK[1:], ["hagane"])
    assert t.results(1) == [("result.nothing", {})]


def test_adz_9_22_a64_a_kururu_holding_renri_removes_at_r2a_before_shinra_looks() -> None:
    t = table("renri/- yatsuha/A kururu/S shinra/S megumi/S", deck=DECK)
    t.state.players[2].copied = "renri"  # as if her night-0 look had landed on Renri
    t.night({4: ("night.shinra", "deck")})
    assert t.results(3) == [("result.renri.removed", {"megami": "yurina", "size": 4})]
    assert t.results(4) == [("result.deck.look", {"cards": ["saine", "tokoyo", "oboro"], "size": 4})]
    assert t.state.removed == ["hagane", "yurina"]  # the dealt Renri removed once, at O3 only
    assert t.state.players[2].faction == "sakura"  # a copy changes no faction (A64)


def test_adz_9_22_a65_a_black_box_saliya_holding_renri_removes_at_r2a() -> None:
    t = table("renri/- yatsuha/A saliya/S shinra/S megumi/S", deck=DECK)
    saliya = t.state.players[2]
    saliya.gained, saliya.gained_until = "renri", 1
    top = t.state.deck[0]
    t.night()
    assert t.results(3)[-1] == ("result.renri.removed", {"megami": top, "size": len(t.state.deck)})
    assert t.state.removed == ["hagane", top]


def test_adz_9_22_a64_a_copy_removes_nothing_after_night_0() -> None:
    t = table("renri/- yatsuha/A kururu/S shinra/S megumi/S", deck=DECK).night().day()
    t.state.players[2].copied = "renri"
    deck = list(t.state.deck)
    t.night()
    assert (t.state.deck, t.state.removed) == (deck, ["hagane"])
    assert t.results(3) == [("result.nothing", {})]


# -- her additional win --------------------------------------------------------------------------------


def test_adz_9_22_a43_a_co_on_day_1_wins_with_the_sakura_side() -> None:
    t = table(FIVE, deck=DECK).night()
    t.discuss({1: "hagane"}).vote({3: 2, 4: 2, 5: 2})
    side, winners, notes = ending(t)
    assert (side, winners) == ("sakura", [1, 3, 4, 5])
    assert notes == [("end.note.renri", {"player": 1})]
    assert t.state.ending is not None
    assert t.state.ending.renri == 1


def test_adz_9_22_a43_she_wins_with_the_adazakura_side_too_and_is_never_counted() -> None:
    t = table("renri/- yatsuha/A shinra/S megumi/S", deck=DECK).night()
    t.discuss({1: "yurina"}).vote({1: 3, 2: 3, 4: 3})
    # A = 1, S = 1 (Renri counts for neither side): parity at W2 [ADZ-2.5].
    assert ending(t)[:2] == ("adazakura", [1, 2])


def test_adz_9_22_a43_a_co_on_day_2_counts() -> None:
    t = table(FIVE, deck=DECK).night().day().night()
    t.discuss({1: "saine"}).vote({3: 2, 4: 2, 5: 2})
    assert ending(t)[1] == [1, 3, 4, 5]


def test_adz_9_22_a43_a_co_on_day_3_is_too_late() -> None:
    t = table(FIVE, deck=DECK).night().day().night().day().night()
    t.discuss({1: "saine"}).vote({3: 2, 4: 2, 5: 2})
    assert ending(t) == ("sakura", [3, 4, 5], [])


def test_adz_9_22_claiming_renri_does_not_count() -> None:
    t = table(FIVE, deck=DECK).night()
    t.discuss({1: "renri"}).vote({3: 2, 4: 2, 5: 2})
    assert ending(t) == ("sakura", [3, 4, 5], [])


def test_adz_9_22_a56_only_co_records_count_not_verified_reveals() -> None:
    t = table(FIVE, deck=DECK).night()
    t.state.co_board.append(CoRecord(day=1, seat=1, megami="hagane", verified=True))
    t.discuss().vote({3: 2, 4: 2, 5: 2})
    assert ending(t)[1] == [3, 4, 5]


def test_adz_9_22_a_dead_renri_does_not_win() -> None:
    t = table(FIVE, deck=DECK).night()
    t.discuss({1: "hagane"}).vote({2: 1, 3: 1, 4: 1})  # Renri exiled on Day 1
    assert t.result is None
    t.night().discuss().vote({3: 2, 4: 2, 5: 2})
    assert ending(t) == ("sakura", [3, 4, 5], [])


def test_adz_2_8_a_draw_gives_renri_nothing() -> None:
    t = table(FIVE, deck=DECK).night()
    t.discuss({1: "hagane"}).vote()
    t.night().quiet_days(3)
    assert t.state.phase == "ended"
    assert (t.result, t.winners, t.state.ending) == ("draw", [], None)
    assert ending(t) == ("draw", [], [])


# -- interactions [ADZ-9.22] ------------------------------------------------------------------------------


def test_adz_9_22_shinras_option_3_reads_no_faction() -> None:
    t = table(FIVE, deck=DECK).night({3: ("night.shinra", "faction", 1)})
    assert t.results(3) == [("result.faction", {"target": 1, "faction": "none"})]


def test_adz_9_22_a_freeze_on_day_1_stops_her_co_that_day() -> None:
    t = table("renri/- yatsuha/A shinra/S megumi/S korunu/S", deck=DECK).night({5: ("night.korunu", 1)})
    assert t.refused(1, "co", "hagane") == "speech.denied"
    t.discuss().vote({3: 2, 4: 2, 5: 2})
    assert ending(t) == ("sakura", [3, 4, 5], [])


def test_adz_9_22_a_duel_she_is_not_part_of_stops_her_co_that_day() -> None:
    t = table("renri/- yatsuha/A yurina/S megumi/S himika/S").night({3: ("night.yurina", 2)})
    assert t.refused(1, "co", "hagane") == "speech.denied"
    t.discuss().vote({3: 2, 4: 2, 5: 2})
    assert ending(t) == ("sakura", [3, 4, 5], [])


def test_adz_9_22_a_saine_skip_cuts_her_chance_short_but_an_earlier_co_stands() -> None:
    seats = "renri/- yatsuha/A saine/A shinra/S megumi/S himika/S korunu/S mizuki/S"
    t = table(seats).night().tap(1, "co", "hagane").tap(3, "skip")
    assert t.phase == ("night", 1)
    t.night().discuss().vote({1: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2})
    t.night().discuss().vote({1: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3})
    assert ending(t)[1] == [1, 4, 5, 6, 7, 8]
    t = table(seats).night().act(3, "skip")
    assert t.refused(1, "co", "hagane") == "phase.wrong"


def test_adz_9_22_she_can_be_erased_and_revived() -> None:
    t = table("renri/- yatsuha/A hagane/S oboro/S megumi/S himika/S korunu/S").night().day()
    t.night({4: ("night.oboro", "kill", 7)}, kill={2: 1})
    assert ("morning.deaths", {"day": 2, "players": [1, 7]}) in t.public()
    t.day().night({3: ("night.hagane", 1)})
    assert ("morning.revived", {"players": [1]}) in t.public()
    assert t.alive(1)
    assert t.state.players[0].faction == "none"
