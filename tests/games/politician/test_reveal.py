"""Game over (``politician.md`` §6.10): the result, the full reveal with every role and the lover's
favourite, and the recap of every day's ballots (the chairman's now marked) and every night's actions."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.politician.helpers import ballots_for, elect, game_over
from tests.games.politician.table import C13, C14, Table, table

pytestmark = pytest.mark.scenario


def humans_win() -> Table:
    """C13: seat 1 elected; Night 1 the wolf hits the lover (guard on 3, reporter on 11); seat 2 elected,
    the lover goes out; Night 2 the wolf chooses nobody; seat 3 elected → the humans win on Day 3."""
    t = elect(table(), 1).night({9: 10}, protect=3, investigate=11)
    return elect(t, 2).night({9: None}).campaign().vote(ballots_for(t, 3))


def recap(t: Table) -> dict[int, dict[str, Any]]:
    """The ``recap.day`` messages of the last step by day."""
    return {h.params["day"]: h.params for h in t.public() if h.key == "recap.day"}


def test_6_10_game_over_then_one_recap_per_day() -> None:
    t = humans_win()
    keys = t.said()
    ending = ["game.over", "recap.day", "recap.day", "recap.day", "game.rematch"]
    assert keys[keys.index("game.over") :] == ending
    assert game_over(t).params["camp"] == ("camp.human", {})
    assert game_over(t).params["reason"] == ("end.human_threshold", {})
    assert sorted(recap(t)) == [1, 2, 3]


def test_6_10_full_reveal_of_every_role_status_and_result() -> None:
    t = humans_win()
    status = {1: "elected", 2: "elected", 3: "elected", 10: "out"}
    assert game_over(t).params["lines"] == [
        ("reveal.line", {
            "player": seat, "role": role, "status": (f"status.{status.get(seat, 'active')}", {}),
            "won": ("reveal.won" if seat <= 8 else "reveal.lost", {}),
        })
        for seat, role in enumerate(C13, start=1)
    ]  # fmt: skip


@pytest.mark.parametrize(("cast", "favourite"), [(C13, 9), (C14, 10)], ids=["automatic", "chosen"])
def test_6_10_reveal_names_the_favourite(cast: list[str], favourite: int) -> None:
    t = table(cast)
    if t.phase[0] == "role_check":
        t.favourite(favourite)
    elect(t, 1, 2, 3)
    assert game_over(t).params["favourite"] == ("reveal.favourite", {"player": favourite})


def test_6_10_recap_marks_the_chairmans_ballots_only_now() -> None:
    t = humans_win()
    [day1] = recap(t)[1]["rounds"]
    ballots = day1[1]["ballots"]
    assert ("recap.ballot.double", {"voter": 8, "target": 1}) in ballots
    assert [b[1]["voter"] for b in ballots if b[0] == "recap.ballot.double"] == [8]
    assert ("recap.ballot", {"voter": 2, "target": 1}) in ballots
    assert len(ballots) == 13
    earlier = [n for _, _, notices in t.history[:-1] for n in notices]
    assert not any("double" in n.model_dump_json() for n in earlier)


def test_6_10_recap_lists_every_nights_actions() -> None:
    t = humans_win()
    assert recap(t)[1]["nights"] == [
        ("recap.night", {"night": 1, "lines": [
            ("recap.proposal", {"wolf": 9, "target": 10}),
            ("recap.protect", {"player": 3}),
            ("recap.investigate", {"player": 11}),
            ("recap.excluded", {"player": 10}),
        ]}),
    ]  # fmt: skip
    assert recap(t)[2]["nights"] == [
        ("recap.night", {"night": 2, "lines": [
            ("recap.proposal", {"wolf": 9, "target": ("recap.nobody", {})}),
            ("recap.excluded_none", {}),
        ]}),
    ]  # fmt: skip
    assert recap(t)[3]["nights"] == []


def test_6_10_recap_shows_the_wolves_tie_break() -> None:
    t = elect(table(C14, rng=[0, 1]).favourite(10), 1).night({9: 6, 10: 7})
    elect(t, 2, 3)
    [night] = recap(t)[1]["nights"]
    assert ("recap.tie_break", {}) in night[1]["lines"]
    assert ("recap.excluded", {"player": 7}) in night[1]["lines"]


def test_6_10_recap_shows_missing_ballots() -> None:
    t = table().candidacy().campaign()
    t.vote(dict.fromkeys(range(3, 14), 2) | {2: 1})  # seat 1 casts nothing
    elect(t, 3, 4)
    [main] = recap(t)[1]["rounds"]
    assert ("recap.no_ballot", {"voter": 1}) in main[1]["ballots"]


def test_6_10_recap_tells_a_negative_campaign_the_guard_blocked() -> None:
    """Kept from the morning (AMB-29), told at the end: the target the guard's protection saved."""
    t = elect(table(), 1).night({9: 3}, protect=3)
    elect(t, 2, 4)
    assert recap(t)[1]["nights"] == [
        ("recap.night", {"night": 1, "lines": [
            ("recap.proposal", {"wolf": 9, "target": 3}),
            ("recap.protect", {"player": 3}),
            ("recap.blocked", {"player": 3}),
            ("recap.excluded_none", {}),
        ]}),
    ]  # fmt: skip
    assert not any(line[0] == "recap.blocked" for line in recap(t)[2]["nights"][0][1]["lines"])
