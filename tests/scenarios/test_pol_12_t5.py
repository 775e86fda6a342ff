"""Scenario T5 of ``politician.md`` §12: an elected traitor gives the humans a seat; a guard save; the
traitor still loses.

§7.1 (traitor → human seat), §7.4 / AMB-47 (the traitor wins only with the wolves), §6.9.2 (a protection
cancels the negative campaign), AMB-29 (the morning never hints at it), §6.4 (``ANN_NC``), §5.1 (the
excluded player neither votes nor is voted for), §6.6.2 (Day 3: secret ballots revealed at close). The
expectations are the spec's, step by step; the golden transcript then pins every notice by audience.
"""

from __future__ import annotations

import pytest

from tests.games.politician.table import C13, Table, table
from tests.scenarios.pol_expect import assert_no_public_leak, board, closed, elected, revealed, visible
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

DAY1 = [*((v, 13) for v in range(1, 9)), (13, 1), (9, 11), (10, 11), (12, 11), (11, 12)]
DAY2 = [*((v, 1) for v in range(2, 9)), (1, 2), (9, 11), (10, 11), (12, 11), (11, 12)]
DAY3 = [(3, 2), (4, 2), (5, 2), (6, 2), (8, 2), (2, 3), (9, 11), (10, 11), (12, 11), (11, 12)]


def play_t5() -> Table:
    """T5 as written in the spec, asserting each "Expected" on the way."""
    t = table(C13)
    t.candidacy()
    # Day 1: P13 visible 8 / weighted 9 → elected. Reveal: traitor → human seat. H1 W0.
    t.day(DAY1)
    assert visible(closed(t)[0]) == {13: 8, 11: 3, 1: 1, 12: 1}
    assert elected(t) == (13, "method.vote", "traitor", "seat.human")
    assert board(t) == (1, 0, 0, 1)
    # Night 1: wolves → P01, guard → P01 (saved), reporter → P05 ("not a wolf-party member").
    t.night({9: 1}, protect=1, investigate=5)
    assert ("result.not_wolf", {"night": 1, "player": 5}) in t.private(6)
    # Morning Day 2: nobody was hit, and nothing hints that the guard acted.
    assert [h.key for h in t.public()] == ["morning.nc_none", "campaign.start"]
    assert t.first("morning.nc_none").params == {"day": 2}
    assert [h.key for h in t.private(7)] == ["night.saved", "campaign.prompt"]
    assert [h.key for h in t.private(1)] == ["campaign.prompt"]
    # Day 2 (12 voters): P01 visible 7 / weighted 8 → elected, human seat. H2.
    t.day(DAY2)
    assert len(t.state.rounds[-1].voters) == 12
    assert visible(closed(t)[0]) == {1: 7, 11: 3, 2: 1, 12: 1}
    assert elected(t) == (1, "method.vote", "human_member", "seat.human")
    assert board(t) == (2, 0, 0, 2)
    # Night 2: wolves → P07; the guard P07 protects P06; reporter → P11 ("not a wolf-party member").
    t.night({9: 7}, protect=6, investigate=11)
    assert ("result.not_wolf", {"night": 2, "player": 11}) in t.private(6)
    assert t.first("morning.nc").params == {"player": 7, "day": 3}
    assert "day.excluded" in t.said(7)
    # Day 3 (secret ballots; P07 neither votes nor may be voted for).
    t.campaign()
    assert t.state.rounds[-1].voters == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert t.refused(7, "vote", 2) == "vote.not_voter"
    assert t.refused(2, "vote", 7) == "vote.not_candidate"
    t.vote(DAY3)
    assert not any(h.key == "vote.ballot" for h in t.public())
    [day3] = closed(t)
    assert revealed(day3) == DAY3
    assert visible(day3) == {2: 5, 11: 3, 3: 1, 12: 1}
    assert elected(t) == (2, "method.vote", "human_member", "seat.human")
    assert board(t) == (3, 0, 0, 3)
    # H3 → the human camp wins; P13, the elected traitor, is on the losing side. No return is processed.
    assert (t.result, t.winners) == ("human", [1, 2, 3, 4, 5, 6, 7, 8])
    over = t.first("game.over").params
    assert (over["camp"], over["winners"]) == (("camp.human", {}), [1, 2, 3, 4, 5, 6, 7, 8])
    traitor = {"player": 13, "role": "traitor", "status": ("status.elected", {}), "won": ("reveal.lost", {})}
    assert ("reveal.line", traitor) in over["lines"]
    assert not any(h.key.startswith("return.") for h in t.public())
    assert_no_public_leak(t)
    return t


def test_pol_12_t5() -> None:
    play_t5()


def test_pol_12_t5_transcript() -> None:
    check_golden("pol_t5.txt", transcript(play_t5()))
