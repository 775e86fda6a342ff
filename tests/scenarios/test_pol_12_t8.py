"""Scenario T8 of ``politician.md`` §12: all seats filled without a threshold → the wolves win (the
source's example, T8a); and the ``endWhenDecided`` option (T8b, run with both values).

§7.3 (win check order, AMB-46; step 3 all seats filled; step 4 the option, AMB-45), §7.1 (reporter and
chairman: no seat, the slot is used up), AMB-28 (no active wolf → no negative campaign), §6.8 / AMB-22
(returns after the policy speech, none once the game is over). The expectations are the spec's, step by
step; the golden transcripts then pin every notice of the same playthroughs by audience.
"""

from __future__ import annotations

import pytest

from tests.games.politician.table import C13, Table, table
from tests.scenarios.pol_expect import assert_no_public_leak, board, closed, elected, tonight, visible
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

WOLF_CAMP = [9, 10, 11, 12, 13]


def _to(target: int, *voters: int) -> list[tuple[int, int]]:
    return [(v, target) for v in voters]


def play_t8a() -> Table:
    """T8a as written in the spec, asserting each "Expected" on the way."""
    t = table(C13)
    t.candidacy()
    # Day 1: P01 elected, human seat. H1.
    t.day([*_to(1, 2, 3, 4, 5, 6, 7, 8), (1, 2), *_to(12, 9, 10, 11, 13), (12, 11)])
    assert elected(t) == (1, "method.vote", "human_member", "seat.human")
    assert board(t) == (1, 0, 0, 1)
    # Night 1: wolves → P02, guard → P03, reporter → P11. Morning Day 2: ANN_NC(P02).
    t.night({9: 2}, protect=3, investigate=11)
    assert t.first("morning.nc").params == {"player": 2, "day": 2}
    # Day 2 (voters P03-P13): P09 visible 6 / weighted 6 beats P05 visible 3 / weighted 4.
    t.campaign()
    assert t.state.rounds[-1].voters == list(range(3, 14))
    t.vote([*_to(9, 3, 4, 10, 11, 12, 13), (9, 10), *_to(5, 6, 7, 8), (5, 6)])
    assert visible(closed(t)[0]) == {9: 6, 5: 3, 6: 1, 10: 1}
    assert elected(t) == (9, "method.vote", "wolf_member", "seat.wolf")
    assert board(t) == (1, 1, 0, 2)
    # The policy speech ends: ANN_RETURN(P02); Night 2 opens without any active wolf.
    t.close()
    assert t.first("return.yes").params == {"player": 2}
    assert 9 not in tonight(t).prompted
    assert t.offered(9) == []
    # Night 2: no negative campaign; guard → P03; reporter → P12. Morning Day 3: ANN_NC_NONE.
    t.night(protect=3, investigate=12)
    assert t.first("morning.nc_none").params == {"day": 3}
    assert t.state.nights[-1].target is None
    # Day 3 (secret, 11 voters): P02 elected, human seat. H2 W1.
    t.campaign()
    assert len(t.state.rounds[-1].voters) == 11
    t.vote([*_to(2, 3, 4, 5, 6, 7, 8), (2, 3), *_to(12, 10, 11, 13), (12, 11)])
    assert elected(t) == (2, "method.vote", "human_member", "seat.human")
    assert board(t) == (2, 1, 0, 3)
    t.close()
    # Night 3: no negative campaign; guard → P03; reporter → P13. Morning Day 4: ANN_NC_NONE.
    t.night(protect=3, investigate=13)
    assert t.first("morning.nc_none").params == {"day": 4}
    # Day 4 (voters P03-P08, P10-P13): P06 visible 7 / weighted 7 beats P03 visible 3 / weighted 4.
    t.campaign()
    assert t.state.rounds[-1].voters == [3, 4, 5, 6, 7, 8, 10, 11, 12, 13]
    t.vote([*_to(6, 3, 4, 5, 10, 11, 12, 13), *_to(3, 6, 7, 8)])
    assert visible(closed(t)[0]) == {6: 7, 3: 3}
    assert elected(t) == (6, "method.vote", "reporter", "seat.none")
    # H2 W1 N1, 4/4, no threshold → the wolf camp wins ("all seats filled").
    assert board(t) == (2, 1, 1, 4)
    assert (t.result, t.state.reason, t.winners) == ("wolf", "all_filled", WOLF_CAMP)
    assert t.first("game.over").params["reason"] == ("end.all_filled", {})
    assert_no_public_leak(t)
    return t


def play_t8b(end_when_decided: bool) -> Table:
    """T8b as written in the spec; with the default option, Days 3-4 elect the best the humans can hope
    for (two human seats) and the wolves still win."""
    t = table(C13, endWhenDecided=True) if end_when_decided else table(C13)
    t.candidacy()
    # Day 1: P06 elected, reporter → no seat. H0 W0 N1.
    t.day([*_to(6, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13), (6, 1)])
    assert elected(t) == (6, "method.vote", "reporter", "seat.none")
    assert board(t) == (0, 0, 1, 1)
    # Night 1: wolves → P07; guard P07 → P01; no reporter action (the reporter is elected).
    assert 6 not in tonight(t).prompted
    t.night({9: 7}, protect=1)
    assert t.first("morning.nc").params == {"player": 7, "day": 2}
    # Day 2 (all but P06, P07): P08 elected, chairman → no seat. H0 W0 N2, 2/4.
    t.campaign()
    assert t.state.rounds[-1].voters == [1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13]
    t.vote([*_to(8, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13), (8, 1)])
    assert elected(t) == (8, "method.vote", "chairman", "seat.none")
    assert board(t) == (0, 0, 2, 2)
    if end_when_decided:
        # The humans can hold at most 2 seats: the wolves win at once; no return is processed.
        assert (t.result, t.state.reason, t.winners) == ("wolf", "unreachable", WOLF_CAMP)
        assert t.first("game.over").params["reason"] == ("end.unreachable", {})
        assert not any(h.key.startswith("return.") for h in t.public())
        assert t.state.players[6].excluded
    else:
        # The game goes on: ANN_RETURN(P07), Night 2 begins.
        assert t.state.result is None
        t.close()
        assert t.first("return.yes").params == {"player": 7}
        assert t.phase == ("night", 2)
        t.night({9: None})
        t.day([*_to(1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13), (1, 2)])
        assert elected(t) == (1, "method.vote", "human_member", "seat.human")
        assert t.state.result is None
        t.night({9: None})
        t.day([*_to(2, 3, 4, 5, 7, 9, 10, 11, 12, 13), (2, 3)])
        assert elected(t) == (2, "method.vote", "human_member", "seat.human")
        assert board(t) == (2, 0, 2, 4)
        assert (t.result, t.state.reason, t.winners) == ("wolf", "all_filled", WOLF_CAMP)
    assert_no_public_leak(t)
    return t


def test_pol_12_t8a() -> None:
    play_t8a()


@pytest.mark.parametrize("end_when_decided", [False, True], ids=["default", "endWhenDecided"])
def test_pol_12_t8b(end_when_decided: bool) -> None:
    play_t8b(end_when_decided)


def test_pol_12_t8a_transcript() -> None:
    check_golden("pol_t8a.txt", transcript(play_t8a()))


@pytest.mark.parametrize(
    ("end_when_decided", "golden"),
    [(False, "pol_t8b.txt"), (True, "pol_t8b_end_when_decided.txt")],
    ids=["default", "endWhenDecided"],
)
def test_pol_12_t8b_transcript(end_when_decided: bool, golden: str) -> None:
    check_golden(golden, transcript(play_t8b(end_when_decided)))
