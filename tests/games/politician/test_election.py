"""The election's outcome (``politician.md`` §6.7): the elected announcement with its method, the exact
role and seat value revealed, the seat board after every election, and the policy speech (AMB-43)."""

from __future__ import annotations

import pytest

from tests.games.politician.helpers import ballots_for, buttons, elect, eligible
from tests.games.politician.table import Table, table

pytestmark = pytest.mark.scenario

#: C13 Day 1: seats 1 and 2 tied at 7 weighted (the chairman, seat 8, backs seat 2).
TIE = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 9: 1, 1: 2, 8: 2, 10: 2, 11: 2, 12: 2, 13: 2}


def elected(t: Table) -> dict[str, object]:
    """The params of the last step's ``elected`` announcement."""
    return t.first("elected").params


def test_6_7_elected_by_vote_with_exact_role_and_seat_value() -> None:
    t = elect(table(), 2)
    assert t.first("elected") == (
        "elected",
        {"player": 2, "method": ("method.vote", {}), "role": "human_member", "value": ("seat.human", {})},
    )
    assert t.status(2) == "elected"


@pytest.mark.parametrize(
    ("rounds", "method"),
    [
        ([TIE, {v: 2 if v != 2 else 1 for v in range(1, 14)}], "method.runoff1"),
        ([TIE, TIE, {v: 1 if v != 1 else 2 for v in range(1, 14)}], "method.runoff2"),
    ],
)
def test_6_7_method_names_the_deciding_runoff(rounds: list[dict[int, int]], method: str) -> None:
    t = table().candidacy().day(*rounds)
    assert elected(t)["method"] == (method, {})


def test_6_7_method_lottery_after_the_second_runoff() -> None:
    t = table(rng=[0, 1]).candidacy().day(TIE, TIE, TIE)  # draw 1 of the tied (1, 2) → seat 2
    assert t.first("vote.lottery") == ("vote.lottery", {"tied": [1, 2], "player": 2})
    assert elected(t)["player"] == 2
    assert elected(t)["method"] == ("method.lottery", {})


def test_6_7_method_only_candidate() -> None:
    t = table("human_member human_member human_member reporter wolf_member", seats_rule=(4, 4, 2))
    elect(t, 1, 2, 3).night({5: 4})
    assert eligible(t) == [5]
    t.campaign()
    assert elected(t)["method"] == ("method.only", {})
    assert elected(t)["player"] == 5


@pytest.mark.parametrize(
    ("seat", "role", "value"),
    [
        (1, "human_member", "seat.human"),
        (6, "reporter", "seat.none"),
        (7, "guard", "seat.none"),
        (8, "chairman", "seat.none"),
        (9, "wolf_member", "seat.wolf"),
        (10, "lover", "seat.wolf"),
        (11, "spy", "seat.wolf"),
        (13, "traitor", "seat.human"),
    ],
)
def test_6_7_reveal_names_the_exact_role_not_the_camp(seat: int, role: str, value: str) -> None:
    t = elect(table(), seat)
    assert elected(t)["role"] == role
    assert elected(t)["value"] == (value, {})


def test_6_7_seat_board_after_every_election() -> None:
    t = elect(table(), 1)
    line1 = ("seats.line", {"number": 1, "day": 1, "player": 1, "role": "human_member",
                            "value": ("seat.human", {})})  # fmt: skip
    assert t.first("seats.board").params == {
        "lines": [line1], "human_seats": 1, "wolf_seats": 0, "none_seats": 0, "filled": 1, "seats": 4,
        "human": 3, "wolf": 2,
    }  # fmt: skip
    elect(t, 6)
    line2 = (
        "seats.line",
        {"number": 2, "day": 2, "player": 6, "role": "reporter", "value": ("seat.none", {})},
    )
    assert t.first("seats.board").params["lines"] == [line1, line2]
    elect(t, 11)
    board = t.first("seats.board").params
    assert board["lines"][2] == (
        "seats.line",
        {"number": 3, "day": 3, "player": 11, "role": "spy", "value": ("seat.wolf", {})},
    )
    assert (board["human_seats"], board["wolf_seats"], board["none_seats"], board["filled"]) == (1, 1, 1, 3)


def test_6_7_policy_speech_after_the_reveal_ended_by_done() -> None:
    t = table().candidacy().campaign()
    t.vote(ballots_for(t, 4))
    assert t.phase == ("policy_speech", 1)
    assert t.said()[-4:] == ["vote.closed", "elected", "seats.board", "policy.turn"]
    assert t.first("policy.turn").params["player"] == 4
    assert buttons(t, 4, "policy.prompt") == [("done",)]
    assert all(t.offered(s) == [] for s in range(1, 14) if s != 4)
    assert t.refused(5, "done") == "speech.not_yours"
    t.act(4, "done")
    assert t.phase == ("night", 1)
    assert "night.start" in t.said()


def test_6_7_policy_speech_ends_by_its_timer() -> None:
    t = table().candidacy().campaign()
    t.vote(ballots_for(t, 4))
    t.close()
    assert t.phase == ("night", 1)


def test_6_7_policy_speech_seconds_zero_skips_the_statement() -> None:
    t = table(policySpeechSeconds=0).candidacy().campaign()
    t.vote(ballots_for(t, 4))
    assert "policy.turn" not in t.said()
    assert "policy.prompt" not in t.said(4)
    assert t.said()[-3:] == ["elected", "seats.board", "night.start"]
    assert t.phase == ("night", 1)


def test_6_7_no_policy_speech_when_the_election_ends_the_game() -> None:
    t = elect(table(), 1, 2)
    t.night().campaign().vote(ballots_for(t, 3))
    keys = t.said()
    assert keys[keys.index("elected") :][:3] == ["elected", "seats.board", "game.over"]
    assert "policy.turn" not in keys
    assert t.phase[0] == "ended"
