"""政治家人狼's readings of the open rule as host options (docs/rules/politician-decisions.md P16-P18): the
default keeps the spec's refusals; the printed reading accepts what the text allows."""

from __future__ import annotations

from tests.games.politician.table import C13, table


def test_p17_without_free_ballots_a_self_vote_and_an_abstention_are_refused() -> None:
    t = table(C13).candidacy().campaign()
    assert t.refused(1, "vote", 1) == "vote.self"
    assert t.refused(1, "vote", "none") == "vote.not_candidate"
    t = table(C13, freeBallot=True).candidacy().campaign()
    assert ("vote", 1) in t.offered(1)
    assert ("vote", "none") in t.offered(1)


def test_p18_without_the_option_the_wolves_may_name_nobody_and_a_silent_night_hits_nobody() -> None:
    t = table(C13).candidacy().campaign()
    t.vote({s: 1 if s != 1 else 2 for s in range(1, 14)})
    t.close()
    assert ("kill", "none") in t.offered(t.holder("wolf_member"))
    t.night()
    assert t.first("morning.nc_none").params == {"day": 2}


def test_p16_without_the_option_the_guard_is_not_offered_himself() -> None:
    t = table(C13).candidacy().campaign()
    t.vote({s: 1 if s != 1 else 2 for s in range(1, 14)})
    t.close()
    guard = t.holder("guard")
    assert ("night.protect", guard) not in t.offered(guard)
