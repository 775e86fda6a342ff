"""Discussion control in DEATH NOTE 人狼 (issue 8 §3): the game has no discussion phase (talk is free
during turns, §11.3; nights have a fixed length, §11.6 item 3), so ``/extend`` and ``/skip`` are refused
with a reason naming that; the host's pause still holds the turn's clock."""

from __future__ import annotations

from core.engine.commands import Extend, Pause, Resume, SkipVote, Timeout
from core.i18n import text
from tests.games.control.helpers import countdown, refused
from tests.games.deathnote.table import Table, table


def four() -> Table:
    """4p, P1's turn (P1 Police(S), P2 L, P3 Police(TF), P4 Kira)."""
    hands = ["SV1 EX1", "AR1 IL1", "FN IR1", "DN AL"]
    draw = ["EX2", "EX3", "EX4", "SV2", "SV3", "IL2", "IR2"]
    return table(4, identities=["PS", "L", "PT", "K"], hands=hands, draw=draw)


def test_extend_and_skip_are_refused_with_the_reason_that_there_is_no_discussion() -> None:
    t = four()

    assert refused(t, Extend(user_id=t.uid(2))) == "control.no_discussion"
    assert refused(t, SkipVote(user_id=t.uid(2))) == "control.no_discussion"
    assert "DEATH NOTE" in text("reason.control.no_discussion", "ja", "deathnote")


def test_the_host_pauses_a_turn_and_it_resumes_with_its_seconds_left() -> None:
    t = four()
    assert t.state.phase == "turn"
    deadline = t.state.deadline_at
    assert deadline is not None
    t.now = deadline - 50

    t.step(Pause(user_id=t.uid(1)))
    assert countdown(t) == [("control.paused", {"seconds": 50})]
    t.now = deadline + 1000
    assert refused(t, Timeout(phase_seq=t.state.phase_seq)) == "phase.stale"
    t.step(Resume(user_id=t.uid(1)))

    assert (t.state.phase, t.state.deadline_at) == ("turn", deadline + 1050)
