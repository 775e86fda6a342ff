"""The day vote [ADZ-8]: ballots, weights (Megumi, duel declarer, Himika), tally, runoff, exile."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 megumi · 3 himika · 4 yurina · 5 shinra · 6 saine · 7 korunu (all Sakura).
SEVEN = "yatsuha/A megumi/S himika/S yurina/S shinra/S saine/S korunu/S"


def outcome(t: Table) -> tuple[str, dict[str, object]]:
    """The latest public outcome of the day's vote (exile, no exile, or a runoff)."""
    found = [
        h for h in t.public() if h.key in ("exile.done", "exile.nobody", "exile.survived", "runoff.start")
    ]
    assert found, t.public()
    return found[-1]


def test_adz_8_2_self_vote_counts() -> None:
    t = table(SEVEN).night().day(votes={5: 5})
    assert outcome(t) == ("exile.done", {"player": 5})


def test_adz_8_2_voter_is_told_the_ballot_they_cast() -> None:
    t = table(SEVEN).night().discuss()
    assert ("vote", 5) in t.buttons(2, "vote.prompt")
    t.act(2, "vote", 5)
    assert t.private(2) == [("vote.saved.player", {"target": 5})]
    t.act(2, "vote", None)
    assert t.private(2) == [("vote.saved.none", {})]


def test_adz_8_2_ballot_can_change_until_close() -> None:
    t = table(SEVEN).night()
    t.discuss().tap(2, "vote", 5).tap(2, "vote", 6).close()
    assert outcome(t) == ("exile.done", {"player": 6})


def test_adz_8_3_megumi_weighs_the_day_number() -> None:
    t = table(SEVEN).night().day(votes={2: 6, 3: 5}, runoff={})
    assert outcome(t)[0] == "exile.nobody"  # Day 1: 1 against 1, runoff, nobody
    t.night().day().night().day(votes={2: 6, 3: 5, 4: 5})
    assert outcome(t) == ("exile.done", {"player": 6})  # Day 3: 3 against 2


def test_adz_8_3_duel_declarer_weighs_two() -> None:
    t = table(SEVEN).night({4: ("night.yurina", 5)}).day(votes={4: 5, 1: 4})
    assert outcome(t) == ("exile.done", {"player": 5})


def test_adz_8_3_himika_mark_overrides_declarer() -> None:
    t = table(SEVEN).night({4: ("night.yurina", 5), 3: ("night.himika", 4)})
    assert t.results(3) == [("result.himika", {"target": 4, "day": 1})]
    assert t.results(4) == [("result.yurina", {"target": 5, "day": 1})]  # the target is not told
    t.day(votes={4: 5, 1: 4})
    assert outcome(t) == ("exile.done", {"player": 4})


def test_adz_8_3_himika_mark_overrides_megumi() -> None:
    t = table(SEVEN).night().quiet_days(1).day().night({3: ("night.himika", 2)})
    t.day(votes={2: 6, 4: 5})
    assert outcome(t) == ("exile.done", {"player": 5})


def test_adz_9_3_himika_may_mark_herself() -> None:
    t = table(SEVEN)
    assert ("night.himika", 3) in t.offered(3)
    t.night({3: ("night.himika", 3)}).day(votes={3: 6, 2: 5}, runoff=None)
    assert outcome(t) == ("exile.done", {"player": 5})


def test_adz_8_4_all_abstain_no_exile() -> None:
    t = table(SEVEN).night().day()
    assert outcome(t) == ("exile.nobody", {})
    assert t.dead() == []


def test_adz_8_4_only_weightless_ballots_no_exile() -> None:
    t = table(SEVEN).night({3: ("night.himika", 5)}).day(votes={5: 6})
    assert outcome(t) == ("exile.nobody", {})


def test_adz_8_5_tie_goes_to_one_runoff() -> None:
    t = table(SEVEN).night().day(votes={2: 6, 3: 5})
    assert outcome(t) == ("runoff.start", {"candidates": [5, 6], "deadline": t.state.deadline_at})
    assert t.private(4)[-1] == ("runoff.prompt", {})
    assert t.offered(4) == t.buttons(4, "runoff.prompt") == [("vote", 5), ("vote", 6), ("vote", "none")]
    assert t.refused(4, "vote", 1) == "action.illegal"
    t.vote({2: 6, 3: 5})
    assert outcome(t) == ("exile.nobody", {})
    assert t.phase == ("night", 1)


def test_main_vote_tap_is_stale_in_the_runoff() -> None:
    t = table(SEVEN).night().day(votes={2: 6, 3: 5})
    assert t.refused(4, "vote", 5, phase_seq=t.state.phase_seq - 1) == "phase.stale"


def test_adz_8_5_runoff_decides() -> None:
    t = table(SEVEN).night().day(votes={2: 6, 3: 5}, runoff={2: 6, 3: 6})
    assert outcome(t) == ("exile.done", {"player": 6})


def test_adz_8_1_dead_cannot_vote() -> None:
    t = table(SEVEN).night().day(votes={5: 6}).night()
    t.discuss()
    assert "vote.prompt" not in t.said(6)
    assert t.offered(6) == []
    assert t.refused(6, "vote", 2) == "not_alive"


def test_a11_outcome_only_no_counts() -> None:
    t = table(SEVEN).night().day(votes={2: 6, 3: 6, 4: 5})
    assert outcome(t) == ("exile.done", {"player": 6})
    assert t.public_reveals() == set()
