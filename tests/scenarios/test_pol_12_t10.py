"""Scenario T10 of ``politician.md`` §12: 14 players: two wolves, the favourite choice, wolf disagreement,
a missing ballot, a secret-mode runoff.

§3.3 / §6.2 (AMB-31/32/33: the lover chooses among two wolves, the wolves are not told), §6.9.1 / AMB-27
(relayed proposals, plurality with a random tie-break, unanimity locks at once), §3.2 / AMB-34/35 (lover
found: favourite to the reporter, a nameless morning announcement before the NC result), AMB-05
(``NO_BALLOT``), AMB-12 (a Day 3 runoff is secret too), §6.10 (the final reveal). The expectations are
the spec's, step by step; the golden transcript then pins every notice by audience.
"""

from __future__ import annotations

import pytest

from tests.games.politician.table import C14, Table, table
from tests.scenarios.pol_expect import (
    assert_no_public_leak,
    audiences,
    board,
    closed,
    elected,
    knows,
    mentioned,
    missing,
    revealed,
    shown_ballots,
    tonight,
    visible,
)
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

#: Reporter clue pool in seat order: everyone but the wolves P09, P10, the lover P11 and the reporter P06.
CLUE_POOL = [1, 2, 3, 4, 5, 7, 8, 12, 13, 14]
#: Night 1's tied proposals in the order the core draws from (ascending seats).
TIED = [6, 7]
DAY1 = [*((v, 1) for v in (2, 3, 4, 5, 6, 7, 8, 14)), (1, 2), *((v, 12) for v in (9, 10, 11, 13)),
        (12, 13)]  # fmt: skip
DAY2 = [*((v, 2) for v in (3, 4, 5, 6, 8, 14)), (2, 3), *((v, 10) for v in (9, 11, 12, 13)), (10, 9)]
DAY3 = [(4, 3), (5, 3), (7, 3), (8, 3), *((v, 12) for v in (9, 10, 11, 13, 14)), (3, 4)]
RUNOFF = [(3, 12), (12, 3), *((v, 3) for v in (4, 5, 7, 8, 14)), *((v, 12) for v in (9, 10, 11, 13))]


def play_t10() -> Table:
    """T10 as written in the spec, asserting each "Expected" on the way."""
    t = table(C14, rng=[CLUE_POOL.index(14), TIED.index(7)])
    # Role check: the wolves meet (one message in their team channel), learn the lover and the spies
    # (each privately), not the favourite.
    for wolf in (9, 10):
        assert knows(t, wolf) == [
            ("know.wolf", {"wolves": [9, 10]}),
            ("know.lover", {"lover": 11}),
            ("know.spies", {"spies": [12, 13]}),
        ]
    assert audiences(t, "know.wolf") == [("team", (9, 10))]
    assert knows(t, 12) == knows(t, 13) == [("know.spy", {"spies": [12, 13]})]
    assert not {9, 10, 11} & (mentioned(t, 12) | mentioned(t, 13))
    assert knows(t, 6) == [("know.clue", {"player": 14})]
    assert knows(t, 11) == [("know.lover_wolves", {"wolves": [9, 10]})]
    assert t.phase == ("role_check", 0)
    assert t.offered(11) == [("favourite", 9), ("favourite", 10)]
    # P11 chooses the favourite P10; only the lover is told.
    t.favourite(10)
    assert knows(t, 11) == [("know.favourite", {"player": 10})]
    assert all(not knows(t, seat) for seat in range(1, 15) if seat != 11)
    # Day 1 (show of hands, 14 voters): P01 visible 8 / weighted 9 → elected, human seat. H1.
    t.candidacy().day(DAY1)
    assert shown_ballots(t) == DAY1
    assert visible(closed(t)[0]) == {1: 8, 12: 4, 2: 1, 13: 1}
    assert elected(t) == (1, "method.vote", "human_member", "seat.human")
    assert board(t) == (1, 0, 0, 1)
    # Night 1: proposals relayed to the other wolf, 1-1 at the deadline → the RNG draws P07.
    t.night({9: 6, 10: 7}, protect=6, investigate=11)
    assert t.team(10) == [("night.proposal", {"wolf": 9, "target": 6})]
    assert t.team(9) == [("night.proposal", {"wolf": 10, "target": 7})]
    assert (t.state.nights[0].target, t.state.nights[0].tie_break) == (7, True)
    # P07 was not protected (the guard protected P06) → excluded Day 2. The reporter found the lover.
    assert ("result.lover", {"night": 1, "player": 11, "favourite": 10}) in t.private(6)
    assert [h.key for h in t.public()] == ["morning.lover_found", "morning.nc", "campaign.start"]
    assert t.first("morning.lover_found").params == {}
    assert t.first("morning.nc").params == {"player": 7, "day": 2}
    # Day 2 (show of hands; all but P01, P07): P02 visible 6 / weighted 7 → elected, human seat. H2.
    t.day(DAY2)
    assert t.state.rounds[-1].voters == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]
    assert visible(closed(t)[0]) == {2: 6, 10: 4, 3: 1, 9: 1}
    assert elected(t) == (2, "method.vote", "human_member", "seat.human")
    assert board(t) == (2, 0, 0, 2)
    assert t.first("return.yes").params == {"player": 7}
    # Night 2: both wolves propose P06 → locked at once. Guard → P03. Reporter → P09: a wolf.
    t.night({9: 6, 10: 6}, close=False)
    assert tonight(t).locked
    assert t.offered(9) == t.offered(10) == [("done",)]
    assert t.team(10) == [("night.proposal", {"wolf": 9, "target": 6}), ("night.locked", {"target": 6})]
    assert t.team(9) == [("night.locked", {"target": 6})]
    assert t.private(9) == [("night.proposal_saved", {"target": 6})]
    assert t.private(10) == []
    t.night(protect=3, investigate=9)
    assert ("result.wolf", {"night": 2, "player": 9}) in t.private(6)
    assert [h.key for h in t.public()] == ["morning.nc", "campaign.start"]
    assert t.first("morning.nc").params == {"player": 6, "day": 3}
    # Day 3 (secret ballots): P12 casts nothing before the deadline.
    t.campaign()
    assert t.state.rounds[-1].voters == [3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14]
    t.vote(DAY3)
    [main] = closed(t)
    assert revealed(main) == DAY3
    assert missing(main) == [12]
    assert visible(main) == {12: 5, 3: 4, 4: 1}
    assert t.first("runoff.open").params["candidates"] == [3, 12]
    assert t.first("runoff.open").params["mode"] == ("mode.secret", {})
    # Runoff 1 (secret): P03 visible 6 / weighted 7 → elected (runoff 1), human seat.
    t.step()
    t.vote(RUNOFF)
    assert not shown_ballots(t)
    [runoff] = closed(t)
    assert revealed(runoff) == RUNOFF
    assert missing(runoff) == []
    assert visible(runoff) == {3: 6, 12: 5}
    assert elected(t) == (3, "method.runoff1", "human_member", "seat.human")
    # H3 → the human camp wins on Day 3. The final reveal names the favourite and the Night 1 tie-break.
    assert board(t) == (3, 0, 0, 3)
    assert (t.result, t.winners) == ("human", [1, 2, 3, 4, 5, 6, 7, 8])
    assert t.first("game.over").params["favourite"] == ("reveal.favourite", {"player": 10})
    day1 = next(h for h in t.public() if h.key == "recap.day" and h.params["day"] == 1)
    assert ("recap.tie_break", {}) in day1.params["nights"][0][1]["lines"]
    assert_no_public_leak(t)
    return t


def test_pol_12_t10() -> None:
    play_t10()


def test_pol_12_t10_transcript() -> None:
    check_golden("pol_t10.txt", transcript(play_t10()))
