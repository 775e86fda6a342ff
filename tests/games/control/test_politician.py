"""Discussion control in 政治家人狼 (issue 8 §3): the campaign (§6.5) is the discussion. ``/extend`` adds
60 s once per player still in the election (§11 ``campaignSeconds``: "extend once by 60"), a strict
majority of them voting ``/skip`` starts the vote at once; candidacy slots are not a discussion."""

from __future__ import annotations

import pytest

from core.engine.commands import Extend, Pause, Resume, SkipVote, Timeout
from tests.games.control.helpers import countdown, refused
from tests.games.politician.table import C13, Table, table

pytestmark = pytest.mark.scenario

#: Day 1 that elects P01: everyone votes P01, P01 votes P02.
ELECT_P01 = {**dict.fromkeys(range(2, 14), 1), 1: 2}


def campaign(day: int = 1) -> Table:
    """C13 in the campaign of Day ``day`` (P01 elected on Day 1), as a new step."""
    t = table(C13, rng=[8]).candidacy()
    if day == 2:
        t.day(ELECT_P01).night()
    assert t.state.phase == "campaign"
    return t.step()


def test_the_campaign_is_extended_by_exactly_60_seconds_once_per_player() -> None:
    t = campaign()
    deadline = t.state.deadline_at
    assert deadline is not None
    t.now = deadline - 100

    t.step(Extend(user_id=t.uid(5)))

    assert t.state.deadline_at == deadline + 60
    assert countdown(t) == [("control.extended", {"player": 5, "added": 60, "seconds": 160})]
    assert refused(t, Extend(user_id=t.uid(5))) == "control.extended_already"


def test_candidacy_is_not_a_discussion() -> None:
    t = table(C13, rng=[8])  # one wolf: no favourite to choose (AMB-32), candidacy opens
    assert t.state.phase == "candidacy"

    assert refused(t, Extend(user_id=t.uid(1))) == "control.not_discussion"
    assert refused(t, SkipVote(user_id=t.uid(1))) == "control.not_discussion"


def test_seven_of_thirteen_skip_votes_start_the_vote() -> None:
    t = campaign()
    for seat in range(1, 7):
        t.step(SkipVote(user_id=t.uid(seat)))
    assert t.state.phase == "campaign"
    assert countdown(t)[0].params["needed"] == 7

    t.step(SkipVote(user_id=t.uid(7)))

    assert t.state.phase == "vote"
    assert t.said()[0] == "control.skipped"


def test_an_elected_player_is_out_of_the_election_and_of_its_campaign_control() -> None:
    t = campaign(day=2)

    assert t.status(1) == "elected"
    assert refused(t, Extend(user_id=t.uid(1))) == "not_alive"
    assert refused(t, SkipVote(user_id=t.uid(1))) == "not_alive"
    for seat in range(2, 8):  # 7 of the 12 still in the election are needed
        t.step(SkipVote(user_id=t.uid(seat)))
    assert t.state.phase == "campaign"


def test_a_paused_campaign_outlives_its_timer_and_resumes_with_its_seconds() -> None:
    t = campaign()
    deadline = t.state.deadline_at
    assert deadline is not None
    t.now = deadline - 30
    t.step(Pause(user_id=t.state.host))
    t.now = deadline + 600

    assert refused(t, Timeout(phase_seq=t.state.phase_seq)) == "phase.stale"
    t.step(Resume(user_id=t.state.host))
    assert t.state.deadline_at == deadline + 630
