"""A seat the host kicked mid-game is out of the game (J29, P15, issue 21; ``core.engine.afk``): its actions,
team-channel text, ``/extend`` and ``/skip`` votes are refused with ``kick.removed`` and change nothing; it
is neither reminded nor counted as missing a phase, and no phase waits for it. A player who only left the
group may still answer from the 1:1 chat until the phase ends (J27): leaving may be a mistake."""

from __future__ import annotations

import pytest

from core.engine.commands import Extend, Kick, LeftChat, Remind, Say, SkipVote
from core.engine.result import Rejected
from tests.games.adazakura.table import Table, table
from tests.games.control.helpers import refused
from tests.games.politician.helpers import elect
from tests.games.politician.table import table as politician_table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 megumi · 3 himika · 4 yurina · 5 shinra · 6 saine · 7 korunu (all Sakura).
SEVEN = "yatsuha/A megumi/S himika/S yurina/S shinra/S saine/S korunu/S"
GONE = 7


def kicked_at_night_0() -> Table:
    """SEVEN on night 0; seat 7 left the group and the host (seat 1) removed it."""
    t = table(SEVEN)
    t.step(LeftChat(user_id=t.uid(GONE)), Kick(user_id=t.uid(1), target=str(GONE)))
    assert "game.kicked" in t.said()
    return t


def test_the_kicked_seat_cannot_act_or_talk_to_its_team_and_is_dead() -> None:
    t = kicked_at_night_0()
    assert t.refused(GONE, "done") == "kick.removed"
    before = t.state.model_dump()
    outcome = t.rules.decide(t.state, Say(user_id=t.uid(GONE), text="hi"), now=t.now)
    assert isinstance(outcome, Rejected)
    assert (outcome.reason, t.state.model_dump()) == ("kick.removed", before)
    assert not t.alive(GONE)


def test_the_night_closes_when_everybody_else_is_done_and_nobody_reminds_the_kicked_seat() -> None:
    t = kicked_at_night_0()
    deadline = t.state.deadline_at
    assert deadline is not None
    t.now = deadline - 30
    t.step(Remind(phase_seq=t.state.phase_seq))
    reminded = {seat for n in t.heard if n.key == "remind.choice" for seat in n.to.seats}
    assert reminded == set(range(1, 7))

    for seat in range(1, 7):
        t.tap(seat, "done")

    assert t.phase == ("discussion", 1)


def test_the_kicked_seat_never_counts_a_missed_phase() -> None:
    t = kicked_at_night_0().close()  # nobody pressed done on night 0
    assert t.state.missed == dict.fromkeys(range(1, 7), 1)


def test_a_kicked_seat_has_no_claims_ready_ballot_extend_or_skip_and_the_day_runs_without_it() -> None:
    t = kicked_at_night_0().close()
    assert t.phase == ("discussion", 1)
    assert t.refused(GONE, "co", "korunu") == "kick.removed"
    assert t.refused(GONE, "ready") == "kick.removed"
    assert refused(t, Extend(user_id=t.uid(GONE))) == "kick.removed"
    assert refused(t, SkipVote(user_id=t.uid(GONE))) == "kick.removed"

    t.step()
    for seat in range(1, 7):
        t.tap(seat, "ready")
    assert t.phase == ("vote", 1)  # the six others were enough
    assert t.refused(GONE, "vote", 1) == "kick.removed"
    t.vote(dict.fromkeys(range(1, 7), None))
    assert t.state.phase == "night"  # every ballot but the kicked seat's closed the vote early


def test_skip_votes_need_a_majority_of_the_seats_not_kicked() -> None:
    t = kicked_at_night_0().close()
    for seat in range(2, 5):  # 3 of the 6 left: not yet a strict majority
        t.step(SkipVote(user_id=t.uid(seat)))
    assert t.state.phase == "discussion"
    assert t.heard[-1].params["needed"] == 4

    t.step(SkipVote(user_id=t.uid(5)))

    assert t.state.phase == "vote"


def test_a_player_who_only_left_the_group_may_still_answer_from_the_private_chat() -> None:
    t = table(SEVEN)
    t.step(LeftChat(user_id=t.uid(6)))
    t.tap(6, "done")
    assert 6 in (t.state.night.done if t.state.night else [])


def test_politician_a_player_marked_out_by_the_host_is_told_why_nothing_is_taken() -> None:
    t = elect(politician_table(), 1)  # Night 1
    t.night()
    t.state = t.state.model_copy(update={"missed": {4: 2}})
    t.step(Kick(user_id=t.uid(1), target="4"))
    assert t.status(4) == "out"

    assert t.refused(4, "ready") == "kick.removed"
    assert refused(t, Extend(user_id=t.uid(4))) == "kick.removed"
    t.campaign()
    assert t.refused(4, "vote", 2) == "kick.removed"
