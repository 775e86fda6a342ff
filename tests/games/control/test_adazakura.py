"""Discussion control in 徒桜戦争 (issue 8 §3, ``core.engine.control``) with a fake clock: ``/extend``
moves the discussion's deadline by exactly 60 s once per player, a strict majority of ``/skip`` votes
ends it through the usual vote, and the host's pause stops the clock until ``/resume``."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, Extend, Pause, Remind, Resume, SkipVote, Timeout
from core.engine.notice import Action
from tests.games.adazakura.table import Table, table
from tests.games.control.helpers import countdown, refused

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 megumi · 3 himika · 4 yurina · 5 shinra · 6 saine · 7 korunu (all Sakura).
SEVEN = "yatsuha/A megumi/S himika/S yurina/S shinra/S saine/S korunu/S"
#: Night 0 ends at 120 s; Day 1's discussion lasts 300 s [ADZ-11.8].
DISCUSSION_END = 420


def discussion(at: int = 200) -> Table:
    """Day 1's discussion of SEVEN, the clock at ``at``."""
    t = table(SEVEN).night().step()
    assert (t.state.phase, t.state.deadline_at) == ("discussion", DISCUSSION_END)
    t.now = at
    return t


def extend(t: Table, seat: int) -> Table:
    return t.step(Extend(user_id=t.uid(seat)))


def skip(t: Table, seat: int) -> Table:
    return t.step(SkipVote(user_id=t.uid(seat)))


def test_extend_adds_exactly_60_seconds_and_tells_the_group_the_time_left() -> None:
    t = extend(discussion(at=200), 3)

    assert t.state.deadline_at == DISCUSSION_END + 60
    assert countdown(t) == [("control.extended", {"player": 3, "added": 60, "seconds": 280})]


def test_each_living_player_extends_once_per_discussion() -> None:
    t = extend(discussion(), 3)

    assert refused(t, Extend(user_id=t.uid(3))) == "control.extended_already"
    extend(t, 4)
    assert t.state.deadline_at == DISCUSSION_END + 120


def test_the_next_days_discussion_may_be_extended_again() -> None:
    t = extend(discussion(), 3)
    t.close().vote().night().step()
    assert t.state.phase == "discussion"
    deadline = t.state.deadline_at
    assert deadline is not None

    extend(t, 3)

    assert t.state.deadline_at == deadline + 60


def test_an_extended_discussion_closes_at_its_new_deadline_not_the_old_one() -> None:
    t = extend(discussion(), 3)

    t.now = DISCUSSION_END
    assert refused(t, Timeout(phase_seq=t.state.phase_seq)) == "phase.stale"
    t.close()
    assert (t.state.phase, t.now) == ("vote", DISCUSSION_END + 60)


def test_extend_and_skip_apply_only_in_the_discussion() -> None:
    t = table(SEVEN)  # night 0
    assert refused(t, Extend(user_id=t.uid(2))) == "control.not_discussion"
    assert refused(t, SkipVote(user_id=t.uid(2))) == "control.not_discussion"
    t.night().close()  # the discussion's timer: the vote
    assert t.state.phase == "vote"
    assert refused(t, Extend(user_id=t.uid(2))) == "control.not_discussion"


def test_only_seated_living_players_extend_or_vote_to_skip() -> None:
    t = table(SEVEN).night().day(votes=dict.fromkeys(range(1, 8), 5)).night().step()
    assert (t.state.phase, t.alive(5)) == ("discussion", False)

    assert refused(t, Extend(user_id=t.uid(5))) == "not_alive"
    assert refused(t, SkipVote(user_id=t.uid(5))) == "not_alive"
    assert refused(t, Extend(user_id="stranger")) == "not_player"


def test_a_strict_majority_of_skip_votes_ends_the_discussion_with_the_vote() -> None:
    t = discussion(at=300)
    for seat in (1, 2, 3):
        skip(t, seat)
    assert t.state.phase == "discussion"
    assert countdown(t) == [("control.skip_vote", {"player": 3, "votes": 3, "needed": 4, "seconds": 120})]

    skip(t, 4)

    assert (t.state.phase, t.state.deadline_at) == ("vote", 300 + 60)
    assert t.said() == ["control.skipped", "vote.start"]
    assert countdown(t) == [("control.skipped", {"votes": 4})]


def test_half_of_the_living_is_not_enough_a_strict_majority_is_needed() -> None:
    t = table(SEVEN).night().day(votes=dict.fromkeys(range(1, 8), 5)).night().step()
    assert [t.alive(n) for n in range(1, 8)].count(True) == 6  # 4 needed of 6
    for seat in (1, 2, 3):
        skip(t, seat)

    assert t.state.phase == "discussion"
    skip(t, 4)
    assert t.state.phase == "vote"


def test_a_second_skip_vote_of_the_same_player_is_refused() -> None:
    t = skip(discussion(), 2)

    assert refused(t, SkipVote(user_id=t.uid(2))) == "control.skip_already"


def test_skip_votes_and_ready_are_separate_all_ready_still_ends_the_discussion() -> None:
    """[ADZ-11.8] optional feature: every living speaker ``/ready`` ends the discussion early; a skip
    vote is not a ready, nor the reverse."""
    t = discussion()
    for seat in (1, 2, 3):
        skip(t, seat)
        t.tap(seat, "ready")
    assert t.state.phase == "discussion"
    for seat in (4, 5, 6):
        t.tap(seat, "ready")
    assert t.state.phase == "discussion"

    t.tap(7, "ready")

    assert t.state.phase == "vote"


def test_only_the_host_pauses_and_resumes() -> None:
    t = discussion()

    assert refused(t, Pause(user_id=t.uid(2))) == "not_host"
    t.step(Pause(user_id=t.uid(1)))
    assert refused(t, Resume(user_id=t.uid(2))) == "not_host"


def test_a_pause_keeps_the_seconds_left_and_a_timeout_then_does_nothing() -> None:
    t = discussion(at=300)
    seq = t.state.phase_seq

    t.step(Pause(user_id=t.uid(1)))

    assert (t.state.deadline_at, t.state.paused_left) == (None, 120)
    assert countdown(t) == [("control.paused", {"seconds": 120})]
    t.now = DISCUSSION_END + 500
    assert refused(t, Timeout(phase_seq=seq)) == "phase.stale"
    assert refused(t, Remind(phase_seq=seq)) == "phase.stale"
    assert (t.state.phase, t.state.phase_seq) == ("discussion", seq)


def test_resume_gives_back_exactly_the_seconds_left_from_the_resume() -> None:
    t = discussion(at=300)
    t.step(Pause(user_id=t.uid(1)))
    t.now = 1000

    t.step(Resume(user_id=t.uid(1)))

    assert (t.state.deadline_at, t.state.paused_left) == (1120, None)
    assert countdown(t) == [("control.resumed", {"seconds": 120})]
    t.close()
    assert (t.state.phase, t.now) == ("vote", 1120)


def test_while_paused_extend_and_skip_are_refused_but_claims_are_taken() -> None:
    t = discussion()
    t.step(Pause(user_id=t.uid(1)))

    assert refused(t, Extend(user_id=t.uid(2))) == "control.paused"
    assert refused(t, SkipVote(user_id=t.uid(2))) == "control.paused"
    t.step(Act(user_id=t.uid(4), action=Action(kind="co", args=("yurina",))))
    assert t.public() == [("co.posted", {"player": 4, "megami": "yurina"})]
    assert [(c.seat, c.megami) for c in t.state.co_board] == [(4, "yurina")]


def test_pause_and_resume_refuse_what_makes_no_sense() -> None:
    t = discussion()
    assert refused(t, Resume(user_id=t.uid(1))) == "control.not_paused"
    t.step(Pause(user_id=t.uid(1)))
    assert refused(t, Pause(user_id=t.uid(1))) == "control.paused_already"


def test_a_vote_that_completes_while_paused_ends_the_pause_with_the_phase() -> None:
    """Ballots are still taken while paused; when they close the vote early the next phase's clock runs."""
    t = discussion()
    t.close()
    t.step(Pause(user_id=t.uid(1)))
    assert t.state.phase == "vote"

    t.vote(dict.fromkeys(range(1, 8)))

    assert t.state.phase == "night"
    assert t.state.paused_left is None
    assert t.state.deadline_at is not None


def test_status_while_paused_shows_the_seconds_the_pause_holds() -> None:
    t = discussion(at=300)
    t.step(Pause(user_id=t.uid(1)))
    t.now = 390

    status = t.ask(2, "status")

    assert status.params["phase"] == ("phase.discussion", {"n": 1, "left": 120})
    assert [(n.key, n.params) for n in t.heard[1:]] == [("status.paused", {"seconds": 120})]
