"""Casts (politician.md §4): the official (§4.1) and small-group (§4.2) casts dealt for 5..15 players,
and host-defined casts (§4.3) set with ``/option cast …`` in the lobby."""

from __future__ import annotations

from collections import Counter

import pytest

from core.engine.result import Accepted, Rejected
from tests.games.politician.table import Heard, table
from tests.games.politician.test_setup import Lobby

pytestmark = pytest.mark.scenario

ROLES = ("human_member", "reporter", "guard", "chairman", "wolf_member", "lover", "spy", "traitor")
#: §4.1 and §4.2, copied from the spec: counts in ``ROLES`` order, then S, h, w.
SPEC_CASTS = {
    5: ((3, 1, 0, 0, 1, 0, 0, 0), (2, 2, 1)),
    6: ((3, 1, 0, 0, 1, 0, 1, 0), (3, 2, 2)),
    7: ((4, 1, 0, 0, 1, 0, 1, 0), (3, 2, 2)),
    8: ((3, 1, 1, 0, 1, 0, 1, 1), (3, 2, 2)),
    9: ((4, 1, 1, 0, 1, 0, 1, 1), (4, 3, 2)),
    10: ((4, 1, 1, 0, 1, 1, 1, 1), (4, 3, 2)),
    11: ((4, 1, 1, 1, 1, 1, 1, 1), (4, 3, 2)),
    12: ((5, 1, 1, 1, 1, 1, 1, 1), (4, 3, 2)),
    13: ((5, 1, 1, 1, 1, 1, 2, 1), (4, 3, 2)),
    14: ((5, 1, 1, 1, 2, 1, 2, 1), (4, 3, 2)),
    15: ((6, 1, 1, 1, 2, 1, 2, 1), (4, 3, 2)),
}
#: A valid 10-player custom cast: two wolves, no lover, no traitor.
CUSTOM10 = "human_member=5 reporter=1 guard=1 wolf_member=2 spy=1 seats=4 human=3 wolf=2"


def lines(counts: dict[str, int]) -> list[tuple[str, dict[str, object]]]:
    """The ``composition.line`` sub-phrases of ``counts``, in §3.1 role order."""
    return [("composition.line", {"role": r, "count": counts[r]}) for r in ROLES if counts.get(r)]


@pytest.mark.parametrize("players", sorted(SPEC_CASTS))
def test_4_cast_dealt_for_each_table_size(players: int) -> None:
    counts, (seats, human, wolf) = SPEC_CASTS[players]
    expected = {r: n for r, n in zip(ROLES, counts, strict=True) if n}
    t = table(players)
    assert dict(Counter(p.role for p in t.state.players)) == expected
    announced = t.first("game.composition").params
    assert announced["cast"] == lines(expected)
    assert (announced["count"], announced["seats"], announced["human"], announced["wolf"]) == (
        players, seats, human, wolf,
    )  # fmt: skip


@pytest.mark.parametrize("players", sorted(SPEC_CASTS))
def test_4_role_cards_carry_the_seat_rule(players: int) -> None:
    _, (seats, human, wolf) = SPEC_CASTS[players]
    card = table(players).first("role.card", 1).params
    assert (card["seats"], card["human"], card["wolf"]) == (seats, human, wolf)


def test_4_3_lobby_shows_the_default_cast_for_the_joined_players() -> None:
    answer = Lobby(7).configure("cast")
    assert isinstance(answer, Heard)
    assert answer.params["cast"] == lines({"human_member": 4, "reporter": 1, "wolf_member": 1, "spy": 1})
    assert [answer.params[k] for k in ("custom", "seats", "human", "wolf")] == [False, 3, 2, 2]


def test_4_3_custom_cast_is_accepted_and_shown() -> None:
    answer = Lobby(10).cast(CUSTOM10)
    assert isinstance(answer, Heard)
    assert answer.params["custom"] is True
    assert answer.params["players"] == 10
    assert answer.params["cast"] == lines(
        {"human_member": 5, "reporter": 1, "guard": 1, "wolf_member": 2, "spy": 1}
    )
    assert answer.params["warning"] == ""


def test_4_3_custom_cast_is_dealt_and_announced() -> None:
    lobby = Lobby(10)
    lobby.cast(CUSTOM10)
    assert isinstance(lobby.start(), Accepted)
    dealt = Counter(p.role for p in lobby.state.players)
    assert dealt == {"human_member": 5, "reporter": 1, "guard": 1, "wolf_member": 2, "spy": 1}
    [announced] = [h for h in lobby.heard if h.key == "game.composition"]
    assert announced.params["cast"] == lines(dict(dealt))
    assert (announced.params["seats"], announced.params["human"], announced.params["wolf"]) == (4, 3, 2)


def test_4_3_custom_seat_rule_is_used() -> None:
    lobby = Lobby(8)
    lobby.cast("human_member=4 reporter=1 wolf_member=1 spy=2 seats=3 human=2 wolf=2")
    lobby.start()
    [announced] = [h for h in lobby.heard if h.key == "game.composition"]
    assert (announced.params["seats"], announced.params["human"], announced.params["wolf"]) == (3, 2, 2)


def test_4_3_cast_default_goes_back_to_the_table_cast() -> None:
    lobby = Lobby(9)
    lobby.cast(CUSTOM10)
    answer = lobby.configure("cast", "default")
    assert isinstance(answer, Heard)
    assert answer.params["custom"] is False
    assert isinstance(lobby.start(), Accepted)
    assert len(lobby.state.players) == 9


def test_4_3_start_refused_when_the_custom_cast_does_not_fit_the_table() -> None:
    lobby = Lobby(9)
    lobby.cast(CUSTOM10)
    outcome = lobby.start()
    assert isinstance(outcome, Rejected)
    assert (outcome.reason, outcome.params) == ("cast.mismatch", {"players": 10, "joined": 9})
    assert lobby.state.phase == "lobby"


def test_4_3_warns_when_w_is_not_s_minus_h_plus_1() -> None:
    words = "human_member=5 reporter=1 guard=1 wolf_member=2 spy=1 seats=4 human=3 wolf=1"
    answer = Lobby(10).cast(words)
    assert isinstance(answer, Heard)
    assert answer.params["warning"] == ("cast.warning", {})


def _refused(words: str) -> tuple[str, dict[str, object]]:
    """The reason and params of the refusal of ``/option cast <words>``; the lobby keeps its cast."""
    lobby = Lobby(10)
    refused = lobby.refusal("cast", *words.split())
    assert "cast" not in lobby.state.settings
    return refused.reason, refused.params


def test_4_3_rule_1_needs_a_wolf_member() -> None:
    reason, _ = _refused("human_member=6 reporter=1 guard=1 spy=2 seats=4 human=3 wolf=2")
    assert reason == "cast.no_wolf"


def test_4_3_rule_1_lover_needs_a_wolf_member() -> None:
    reason, _ = _refused("human_member=6 reporter=1 guard=1 lover=1 spy=1 seats=4 human=3 wolf=2")
    assert reason == "cast.no_wolf"


@pytest.mark.parametrize("single", ["lover", "reporter", "guard", "chairman", "traitor"])
def test_4_3_rule_1_at_most_one_of_each_special_role(single: str) -> None:
    reason, _ = _refused(f"human_member=6 wolf_member=2 {single}=2 seats=4 human=3 wolf=2")
    assert reason == "cast.single"


@pytest.mark.parametrize(("seats", "human", "wolf"), [(4, 5, 2), (4, 0, 2), (4, 3, 0), (4, 3, 5)])
def test_4_3_rule_2_thresholds_within_the_seats(seats: int, human: int, wolf: int) -> None:
    cast = "human_member=6 reporter=1 wolf_member=2 spy=1"
    reason, params = _refused(f"{cast} seats={seats} human={human} wolf={wolf}")
    assert (reason, params) == ("cast.thresholds", {"seats": seats})


def test_4_3_rule_3_enough_human_seat_earners() -> None:
    cast = "human_member=2 reporter=1 guard=1 chairman=1 wolf_member=2 spy=3"
    reason, params = _refused(f"{cast} seats=4 human=3 wolf=2")
    assert (reason, params) == ("cast.human_earners", {"earners": 2, "human": 3})


def test_4_3_rule_3_traitor_counts_as_a_human_seat_earner() -> None:
    words = "human_member=2 traitor=1 reporter=1 guard=1 wolf_member=2 spy=3 seats=4 human=3 wolf=2"
    answer = Lobby(10).cast(words)
    assert isinstance(answer, Heard)


def test_4_3_rule_4_three_voters_on_the_last_day() -> None:
    # 7 players, S = 4: 7 - 3 - 1 - (lover + traitor = 1) = 2 voters on Day 4.
    reason, params = _refused(
        "human_member=3 traitor=1 reporter=1 wolf_member=1 spy=1 seats=4 human=3 wolf=2"
    )
    assert (reason, params) == ("cast.last_day", {"voters": 2})


def test_4_3_rule_4_three_last_day_voters_are_enough() -> None:
    words = "human_member=4 reporter=1 wolf_member=1 spy=1 seats=4 human=3 wolf=2"
    answer = Lobby(7).cast(words)
    assert isinstance(answer, Heard)  # 7 - 3 - 1 = 3 voters: accepted


@pytest.mark.parametrize(("cast", "players"), [
    ("human_member=11 reporter=1 guard=1 chairman=1 wolf_member=2", 16),
    ("human_member=2 reporter=1 wolf_member=1", 4),
])  # fmt: skip
def test_4_3_rule_5_five_to_fifteen_players(cast: str, players: int) -> None:
    reason, params = _refused(f"{cast} seats=1 human=1 wolf=1")
    assert (reason, params) == ("cast.size", {"min": 5, "max": 15, "players": players})


@pytest.mark.parametrize("word", ["mayor=1", "human_member=x", "human_member", "spy=-1"])
def test_4_3_unreadable_cast_word_is_refused(word: str) -> None:
    reason, params = _refused(f"human_member=6 wolf_member=2 {word} seats=4 human=3 wolf=2")
    assert reason == "cast.syntax"
    assert params["word"] == word
    # The refusal lists the roles a host may write (their names, typed in any language, also work).
    assert [r.id for r in params["roles"]] == list(ROLES)


def test_4_3_rule_2_a_cast_without_seats_says_so() -> None:
    """``seats=0`` is refused with its own reason, not a range "1 to 0"."""
    reason, _ = _refused("human_member=6 wolf_member=2 reporter=1 seats=0 human=0 wolf=0")
    assert reason == "cast.seats"
