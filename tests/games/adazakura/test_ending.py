"""The end of the game [ADZ-10.1], [ADZ-10.3]: the order of the steps (winners, Renri, Kanae, the final
announcement, the recap), the draw that skips Renri and Kanae (A54), and what the group is told."""

from __future__ import annotations

import pytest

from core.engine.commands import CancelGame
from core.engine.result import Accepted
from tests.games.adazakura.table import Table, revealed, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 saine/A · 3 kanae/S · 4 shinra · 5 megumi · 6 renri.
SEATS = "yatsuha/A saine/A kanae/S shinra/S megumi/S renri/-"


def decided() -> Table:
    """Day 1: Renri claims Hagane, seat 4 is exiled: A = 2, S = 2, the Adazakura side wins at W2."""
    t = table(SEATS).night()
    return t.discuss({6: "hagane"}).vote({1: 4, 2: 4, 3: 4, 5: 4})


def test_adz_10_1_winners_then_renri_then_the_deduction_then_the_announcement() -> None:
    t = decided()
    assert t.phase[0] == "deduction"
    assert t.winners == [1, 2, 6]  # §2.7 winners plus Renri, before any deduction
    assert [h.key for h in t.public()][-2:] == ["exile.done", "deduce.epilogue"]
    # Nothing about the provisional result goes out (claims aside).
    assert revealed(n for n in t.heard if n.to.kind == "public" and n.key != "co.posted") == set()
    t.step().close()  # the deducer's timer runs out
    keys = t.said()
    assert keys[0] == "end.result"
    assert all(key.startswith("recap.") for key in keys[1:-1])
    assert keys[-1] == "game.rematch"  # then the 「もう一回」 button
    assert [e.kind for e in t.state.log].count("GameEnded") == 1


def test_adz_10_3_a_failed_deduction_leaves_renri_her_win() -> None:
    t = decided()
    for seat, megami in {1: "saine", 2: "yatsuha", 4: "shinra", 5: "megumi", 6: "renri"}.items():
        t.act(3, "deduce.pick", seat, megami)
    t.act(3, "deduce.submit")
    [end] = [h for h in t.public() if h.key == "end.result"]
    assert end.params["winners"] == [1, 2, 6]
    assert end.params["result"] == (
        "end.outcome",
        {
            "side": ("end.result.adazakura", {}),
            "notes": [
                ("end.note.kanae.failure", {"player": 3, "right": 3, "total": 5}),
                ("end.note.renri", {"player": 6}),
            ],
        },
    )


def test_adz_10_3_every_seat_is_revealed_after_the_deduction() -> None:
    t = decided().close()
    [end] = [h for h in t.public() if h.key == "end.result"]
    assert end.params["lines"] == [
        ("end.seat.alive", {"player": 1, "megami": "yatsuha", "faction": "adazakura"}),
        ("end.seat.alive", {"player": 2, "megami": "saine", "faction": "adazakura"}),
        ("end.seat.alive", {"player": 3, "megami": "kanae", "faction": "sakura"}),
        ("end.seat.dead", {"player": 4, "megami": "shinra", "faction": "sakura"}),
        ("end.seat.alive", {"player": 5, "megami": "megumi", "faction": "sakura"}),
        ("end.seat.alive", {"player": 6, "megami": "renri", "faction": "none"}),
    ]


def test_adz_2_8_a54_a_draw_skips_renri_and_kanae() -> None:
    t = table(SEATS).night()
    t.discuss({6: "hagane"}).vote()
    t.night().quiet_days(3)
    assert (t.phase[0], t.result, t.winners, t.state.ending) == ("ended", "draw", [], None)
    assert "deduce.epilogue" not in t.said()
    after = t.said()[t.said().index("end.draw") + 1 :]
    assert after[-1] == "game.rematch"  # the 「もう一回」 button closes the game
    assert after[:-1]
    assert all(key.startswith("recap.") for key in after[:-1])


def test_adz_10_1_nothing_is_offered_once_the_game_is_over() -> None:
    t = decided().close()
    assert all(t.offered(seat) == [] for seat in range(1, 7))
    assert t.refused(3, "deduce.submit") == "game.over"


def test_adz_10_2_a_cancel_during_the_epilogue_ends_it_without_a_result() -> None:
    t = decided()
    outcome = t.send(CancelGame(user_id=t.uid(1)))
    assert isinstance(outcome, Accepted)
    assert t.state.phase == "cancelled"
    assert t.offered(3) == []
