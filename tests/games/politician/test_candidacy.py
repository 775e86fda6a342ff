"""Candidacy, morning and campaign (politician.md §6.3-§6.5): seat-order statements with the floor for
the speaker only (AMB-41), Day 1 without a night (AMB-42), the morning's negative-campaign result, and a
campaign that every eligible voter can end early with ``ready`` (AMB-51)."""

from __future__ import annotations

import pytest

from core.engine.commands import Timeout
from core.engine.result import Rejected
from tests.games.politician.table import C13, RULES, Table, table

pytestmark = pytest.mark.scenario

#: Day 1 of C13 that elects P01 (a human seat) and goes on: everyone votes P01, P01 votes P02.
ELECT_P01 = {**dict.fromkeys(range(2, 14), 1), 1: 2}


def c13() -> Table:
    """C13 after the role check (reporter clue P12), in P01's candidacy slot."""
    return table(C13, rng=[8])


def day2(nc: int | None = None) -> Table:
    """C13 on the morning of Day 2 (P01 elected on Day 1); the wolf P09 campaigned against ``nc``."""
    t = c13().candidacy().day(ELECT_P01)
    return t.night({9: nc} if nc else None)


# -- candidacy (§6.3) ------------------------------------------------------------------------------
def test_amb_41_everyone_is_declared_a_candidate() -> None:
    t = c13()
    assert t.first("candidacy.start").params == {"players": list(range(1, 14)), "seconds": 30}


def test_6_3_statements_go_in_seat_order() -> None:
    t = c13()
    assert t.first("candidacy.turn").params["player"] == 1
    t.candidacy()
    assert [h.params["player"] for h in t.public() if h.key == "candidacy.turn"] == list(range(2, 14))


def test_6_3_each_slot_lasts_candidacy_seconds_per_player() -> None:
    t = table(C13, rng=[8], candidacySecondsPerPlayer=10)
    assert t.first("candidacy.turn").params["deadline"] == t.now + 10
    assert t.state.deadline_at == t.now + 10


def test_6_3_only_the_speaker_may_end_the_slot() -> None:
    t = c13()
    assert t.offered(1) == [("done",)]
    assert [t.offered(s) for s in range(2, 14)] == [[]] * 12
    assert t.refused(2, "done") == "speech.not_yours"


def test_6_3_done_passes_the_floor_to_the_next_seat() -> None:
    t = c13().act(1, "done")
    assert t.public() == [("candidacy.turn", {"player": 2, "deadline": t.now + 30})]
    assert t.private(2) == [("candidacy.prompt", {})]
    assert t.offered(2) == [("done",)]
    assert t.offered(1) == []


def test_6_3_only_the_speaker_may_post() -> None:
    t = c13()
    assert RULES.speakers(t.state) == {1}
    t.act(1, "done")
    assert RULES.speakers(t.state) == {2}


def test_6_3_old_slot_timer_does_not_skip_the_next_speaker() -> None:
    t = c13()
    old = t.state.phase_seq
    t.act(1, "done")
    t.now = 30
    outcome = RULES.decide(t.state, Timeout(phase_seq=old), now=t.now)
    assert isinstance(outcome, Rejected)
    assert outcome.reason == "phase.stale"


def test_6_3_last_statement_opens_day_1() -> None:
    t = c13()
    for seat in range(1, 13):
        t.act(seat, "done")
    t.act(13, "done")
    assert t.phase == ("campaign", 1)
    assert "campaign.start" in t.said()


def test_amb_41_candidacy_is_not_repeated_on_day_2() -> None:
    t = day2()
    assert t.phase == ("campaign", 2)
    assert not [k for k in t.said() if k.startswith("candidacy.")]


# -- morning (§6.4) --------------------------------------------------------------------------------
def test_amb_42_day_1_opens_without_a_night_result() -> None:
    t = c13().candidacy()
    assert not [k for k in t.said() if k.startswith("morning.")]
    assert t.first("campaign.start").params == {
        "day": 1, "candidates": list(range(1, 14)), "seconds": 300, "deadline": t.now + 300,
        "mode": ("mode.public", {}),
    }  # fmt: skip


def test_6_4_day_2_opens_with_the_negative_campaign_result() -> None:
    t = day2(nc=3)
    keys = t.said()
    assert keys.index("morning.nc") < keys.index("campaign.start")
    assert t.first("morning.nc").params == {"player": 3, "day": 2}
    assert t.private(3)[0] == ("day.excluded", {"day": 2})
    campaign = t.first("campaign.start").params
    assert campaign["candidates"] == [2, *range(4, 14)]
    assert (campaign["seconds"], campaign["deadline"]) == (240, t.now + 240)


def test_amb_29_day_2_says_nobody_when_there_was_no_negative_campaign() -> None:
    t = day2()
    assert [k for k in t.said() if k.startswith("morning.")] == ["morning.nc_none"]
    assert t.first("morning.nc_none").params == {"day": 2}


# -- campaign (§6.5, AMB-51) -----------------------------------------------------------------------
def test_6_5_eligible_voters_may_speak_in_the_campaign() -> None:
    t = day2(nc=3)
    assert RULES.speakers(t.state) == {2, *range(4, 14)}


def test_amb_51_campaign_ends_when_every_eligible_voter_is_ready() -> None:
    t = c13().candidacy()
    t.step()
    for seat in range(1, 13):
        t.tap(seat, "ready")
    assert t.phase == ("campaign", 1)
    assert t.private(5) == [("campaign.ready_saved", {})]
    t.tap(13, "ready")
    assert t.phase == ("vote", 1)
    assert "vote.open" in t.said()


def test_amb_51_ready_is_pressed_once() -> None:
    t = c13().candidacy().act(4, "ready")
    assert t.offered(4) == []
    assert t.refused(4, "ready") == "ready.already"
    assert t.offered(5) == [("ready",)]


def test_6_5_excluded_player_gets_no_ready_button() -> None:
    t = day2(nc=3)
    assert t.offered(3) == []
    assert "campaign.prompt" not in t.said(3)
    assert t.refused(3, "ready") == "vote.not_voter"
    assert t.offered(4) == [("ready",)]


def test_amb_51_campaign_ends_without_the_excluded_player() -> None:
    t = day2(nc=3)
    t.step()
    for seat in (2, *range(4, 14)):
        t.tap(seat, "ready")
    assert t.phase == ("vote", 2)


def test_amb_06_excluded_player_cannot_vote_or_be_voted_for() -> None:
    t = day2(nc=3).campaign()
    assert t.first("vote.open").params["candidates"] == [2, *range(4, 14)]
    assert t.offered(3) == []
    assert ("vote", 3) not in t.offered(4)
    assert t.refused(3, "vote", 4) == "vote.not_voter"
    assert t.refused(4, "vote", 3) == "vote.not_candidate"


def test_amb_03_elected_player_cannot_ready_vote_or_be_voted_for() -> None:
    t = day2()
    assert t.offered(1) == []
    assert RULES.speakers(t.state) == set(range(2, 14))
    t.campaign()
    assert t.refused(1, "vote", 4) == "vote.not_voter"
    assert t.refused(4, "vote", 1) == "vote.not_candidate"


# -- long games (docs/rules/politician-decisions.md "Long games") -------------------------------------------
def test_long_day_ends_the_campaign_at_the_clock_time_of_the_groups_zone() -> None:
    t = table(C13, rng=[8], dayEnds="21:00").candidacy()
    opened = t.now
    assert t.state.phase == "campaign"
    # The clock starts at 09:00 JST (epoch 0): the campaign ends at 21:00 JST, 12:00 UTC, that day.
    assert t.state.deadline_at == 12 * 3600
    assert opened < 11 * 3600


def test_long_without_day_ends_the_campaign_keeps_its_timer() -> None:
    t = table(C13, rng=[8]).candidacy()
    assert t.state.deadline_at == t.now + 300
