"""The 30 s reminder in each game's rules [ADZ-11.8]: it goes once, privately and with the same words and no
buttons, to exactly the seats whose choice the phase still needs; a stale, early, repeated or pointless
reminder is refused and changes nothing."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Remind
from core.engine.notice import Notice
from core.engine.result import Accepted, Rejected
from tests.games.adazakura.table import table as adazakura
from tests.games.base_table import BaseTable
from tests.games.deathnote.table import Table as DeathNoteTable
from tests.games.deathnote.table import table as deathnote
from tests.games.politician.helpers import elect
from tests.games.politician.table import C14
from tests.games.politician.table import table as politician


def remind(t: BaseTable, *, before: int = 30, phase_seq: int | None = None) -> Accepted[Any] | Rejected:
    """The timer's ``Remind`` of the current phase, ``before`` seconds before its deadline."""
    seq = t.state.phase_seq if phase_seq is None else phase_seq
    return t.rules.decide(t.state, Remind(phase_seq=seq), now=t.state.deadline_at - before)


def reminded(t: BaseTable) -> dict[int, Notice]:
    """Accept the reminder and return it by seat; it must say nothing to the group and be identical for
    every seat but the address."""
    result = remind(t)
    assert isinstance(result, Accepted), result
    t.state = result.state
    by_seat = {n.to.seats[0]: n for n in result.notices if n.to.kind == "seat"}
    assert len(by_seat) == len(result.notices), "only private notices, one per seat"
    shapes = {(n.key, tuple(sorted(n.params.items())), tuple(n.actions)) for n in by_seat.values()}
    assert shapes == {("remind.choice", (("seconds", 30),), ())}
    return by_seat


def refused(t: BaseTable, **kw: Any) -> str:
    before = t.state.model_dump()
    result = remind(t, **kw)
    assert isinstance(result, Rejected), "reminder accepted"
    assert t.state.model_dump() == before
    return result.reason


# -- 徒桜戦争 ------------------------------------------------------------------------------------------
ADZ = "yatsuha/A megumi/S shinra/S himika/S"


def test_adz_night_reminds_every_living_player_who_has_not_pressed_done_whatever_the_megami() -> None:
    t = adazakura(ADZ)
    t.act(2, "done")
    assert sorted(reminded(t)) == [1, 3, 4]


def test_adz_a_reminder_is_sent_once_per_phase() -> None:
    t = adazakura(ADZ)
    reminded(t)
    assert refused(t) == "remind.sent"
    assert refused(t, before=5) == "remind.sent"


def test_adz_a_reminder_before_its_time_or_for_another_phase_changes_nothing() -> None:
    t = adazakura(ADZ)
    assert refused(t, before=31) == "remind.early"
    assert refused(t, phase_seq=t.state.phase_seq - 1) == "phase.stale"
    assert sorted(reminded(t)) == [1, 2, 3, 4]


def test_adz_a_discussion_waits_for_nobody() -> None:
    t = adazakura(ADZ).night()
    assert t.state.phase == "discussion"
    assert refused(t) == "remind.nobody"


def test_adz_vote_reminds_the_voters_without_a_ballot() -> None:
    t = adazakura(ADZ).night().discuss()
    t.tap(1, "vote", 2).tap(3, "vote", None)
    assert sorted(reminded(t)) == [2, 4]


def test_adz_a_new_phase_is_reminded_again() -> None:
    t = adazakura(ADZ)
    reminded(t)
    t.night().discuss()
    assert sorted(reminded(t)) == [1, 2, 3, 4]


# -- 政治家人狼 --------------------------------------------------------------------------------------
def test_politician_night_reminds_real_and_dummy_prompts_alike_until_they_answer() -> None:
    t = elect(politician(), 1)
    guard, reporter, wolf = t.holder("guard"), t.holder("reporter"), t.holder("wolf_member")
    t.tap(guard, "night.protect", 2)
    assert sorted(reminded(t)) == sorted({*range(2, 14)} - {guard})
    assert {reporter, wolf} <= set(range(2, 14)) - {guard}


def test_politician_agreeing_wolves_have_answered() -> None:
    t = elect(politician(), 1)
    wolf = t.holder("wolf_member")
    t.tap(wolf, "kill", 2)  # the only wolf: its proposal is the pack's, locked
    assert wolf not in reminded(t)


def test_politician_role_check_reminds_the_lover_only() -> None:
    t = politician(C14)
    assert t.state.phase == "role_check"
    assert sorted(reminded(t)) == [t.holder("lover")]


def test_politician_vote_reminds_voters_without_a_ballot_and_speech_slots_nobody() -> None:
    t = politician()
    assert t.state.phase == "candidacy"
    assert refused(t) == "remind.nobody"
    t.candidacy()
    assert refused(t) == "remind.nobody"  # the campaign: speech only
    t.campaign()
    assert t.state.phase == "vote"
    voters = list(t.state.round.voters)
    t.tap(voters[0], "vote", voters[1])
    assert sorted(reminded(t)) == voters[1:]


# -- DEATH NOTE 人狼 ----------------------------------------------------------------------------------
FIVE = ["PS", "L", "K", "F", "PT"]


def last_turn(**kw: Any) -> DeathNoteTable:
    """P5's last turn of round 2 (Judgment 1 follows it); Kira (P3) holds the Death Note."""
    t = deathnote(5, identities=FIVE, hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
                  draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
                  played=[1, 2, 3, 4], **kw)  # fmt: skip
    assert t.state.phase == "turn"
    return t


def test_deathnote_turn_reminds_the_active_player_only() -> None:
    assert sorted(reminded(last_turn())) == [5]


def test_deathnote_judgment_reminds_kira_and_decoys_alike_until_they_name_someone() -> None:
    t = last_turn(options={"t_judgment": 60}).play(5, "SV2", 1)
    assert t.state.phase == "judgment"
    t.name(3, 1).name(2, 4)
    assert sorted(reminded(t)) == [1, 4, 5]
