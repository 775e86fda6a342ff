"""The daily vote (politician.md §6.6.1-§6.6.3): one final ballot per eligible voter for another eligible
candidate, show of hands on Days 1-2 and secret ballots from Day 3, the chairman's hidden double vote,
refusals, missing ballots (AMB-05) and a lone candidate (AMB-15). Runoffs are in ``test_runoff``."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.commands import Act
from core.engine.notice import Action
from core.engine.result import Rejected
from tests.games.politician.table import C13, RULES, Table, table

pytestmark = pytest.mark.scenario


def hands(text: str) -> list[tuple[int, int]]:
    """Ballots written ``"voter>target …"`` in arrival order."""
    return [(int(v), int(c)) for v, c in (word.split(">") for word in text.split())]


#: Day 1 of C13 that elects P01 (human seat): everyone votes P01, P01 votes P02.
ELECT_P01 = {**dict.fromkeys(range(2, 14), 1), 1: 2}
#: Day 2 that elects the wolf P09 (wolf seat; H1 W1 goes on).
ELECT_P09 = {**dict.fromkeys([*range(2, 9), *range(10, 14)], 9), 9: 10}
#: T1's Day 1 ballots in arrival order (P08 is the chairman).
T1 = hands("1>2 2>1 3>2 4>2 5>1 6>3 7>3 8>2 9>10 10>9 11>9 12>9 13>9")


def vote_day(day: int = 1, **options: Any) -> Table:
    """C13 (clue P12) in the vote of Day ``day`` (P01 elected on Day 1, P09 on Day 2), as a new step."""
    t = table(C13, rng=[8], **options).candidacy()
    for ballots in (ELECT_P01, ELECT_P09)[: day - 1]:
        t.day(ballots).night()
    t.campaign()
    return t.step()


def closed(t: Table) -> dict[str, Any]:
    """The params of the last step's ``vote.closed``."""
    return t.first("vote.closed").params


def missing(t: Table) -> list[int]:
    """The voters the last step's ``vote.closed`` names as having cast no ballot (AMB-05)."""
    shown = closed(t)["missing"]
    return shown[1]["players"] if shown else []


def elected(t: Table) -> tuple[int, str]:
    """Who the last step elected and how (``method.*`` id)."""
    params = t.first("elected").params
    return params["player"], params["method"][0]


# -- show of hands (Days 1-2) ----------------------------------------------------------------------
def test_6_6_2_vote_opens_for_every_eligible_voter() -> None:
    t = table(C13, rng=[8]).candidacy().campaign()
    assert t.first("vote.open").params["candidates"] == list(range(1, 14))
    assert t.first("vote.open").params["mode"] == ("mode.public", {})
    assert t.first("vote.open").params["seconds"] == 90
    assert t.state.deadline_at == t.now + 90
    for seat in range(1, 14):
        assert t.first("vote.prompt", seat).params == {"round": 0, "how": ("vote.how.others", {})}
        assert t.offered(seat) == [("vote", c) for c in range(1, 14) if c != seat]


def test_amb_07_show_of_hands_posts_each_ballot_at_once() -> None:
    t = vote_day(1).tap(3, "vote", 2)
    assert t.public() == [("vote.ballot", {"voter": 3, "target": 2})]
    assert t.private(3) == [("vote.saved", {"target": 2})]
    t.step().tap(11, "vote", 9)
    assert t.public() == [("vote.ballot", {"voter": 11, "target": 9})]


def test_amb_09_chairman_ballot_looks_like_any_other() -> None:
    t = vote_day(1).tap(7, "vote", 2)
    plain = (t.public(), t.private(7))
    t.step().tap(8, "vote", 2)
    assert (t.public(), t.private(8)) == (
        [("vote.ballot", {"voter": 8, "target": 2})], [("vote.saved", {"target": 2})],
    )  # fmt: skip
    assert [(h.key, sorted(h.params)) for h in plain[0] + plain[1]] == [
        (h.key, sorted(h.params)) for h in t.public() + t.private(8)
    ]


def test_6_6_2_day_2_is_still_show_of_hands() -> None:
    t = vote_day(2).tap(4, "vote", 5)
    assert t.public() == [("vote.ballot", {"voter": 4, "target": 5})]


# -- secret ballots (Day 3+) -----------------------------------------------------------------------
def test_amb_08_day_3_ballots_stay_secret_until_the_close() -> None:
    t = vote_day(3)
    assert t.state.round is not None
    assert t.state.round.public is False
    assert t.state.deadline_at == t.now + 60
    t.tap(3, "vote", 2).tap(8, "vote", 2).tap(2, "vote", 3)
    assert t.public() == []
    assert t.private(8) == [("vote.saved", {"target": 2})]
    t.close()
    assert closed(t)["ballots"] == [
        ("vote.line", {"voter": 3, "target": 2}),
        ("vote.line", {"voter": 8, "target": 2}),
        ("vote.line", {"voter": 2, "target": 3}),
    ]
    assert "vote.ballot" not in t.said()


def test_amb_16_day_3_campaign_announces_the_secret_mode() -> None:
    t = table(C13, rng=[8]).candidacy().day(ELECT_P01).night().day(ELECT_P09).night()
    assert t.first("campaign.start").params["mode"] == ("mode.secret", {})
    t.campaign()
    assert t.first("vote.open").params["mode"] == ("mode.secret", {})
    assert t.first("vote.open").params["seconds"] == 60


def test_11_public_vote_last_day_moves_the_secret_vote() -> None:
    t = vote_day(2, publicVoteLastDay=1).tap(4, "vote", 5)
    assert t.public() == []


def test_6_6_2_show_of_hands_close_does_not_repeat_the_ballots() -> None:
    t = vote_day(1).vote(T1)
    assert closed(t)["ballots"] == []


# -- refusals (§6.6.1) -----------------------------------------------------------------------------
def test_amb_04_self_vote_is_refused_and_the_voter_tries_again() -> None:
    t = vote_day(1)
    assert t.refused(5, "vote", 5) == "vote.self"
    t.tap(5, "vote", 1)
    assert t.public() == [("vote.ballot", {"voter": 5, "target": 1})]


def test_amb_05_there_is_no_abstain() -> None:
    t = vote_day(1)
    assert ("vote", "none") not in t.offered(5)
    assert t.refused(5, "vote", None) == "vote.not_candidate"


def test_6_6_1_vote_for_a_non_candidate_is_refused() -> None:
    t = vote_day(2)
    assert t.refused(4, "vote", 1) == "vote.not_candidate"  # elected on Day 1
    assert t.refused(4, "vote", 99) == "vote.not_candidate"


def test_6_6_1_non_voter_is_refused() -> None:
    t = vote_day(2)
    assert t.refused(1, "vote", 4) == "vote.not_voter"


def test_amb_17_ballot_is_final() -> None:
    t = vote_day(1).tap(4, "vote", 2)
    assert t.offered(4) == []
    assert t.refused(4, "vote", 3) == "vote.already"
    assert t.refused(4, "vote", 2) == "vote.already"
    assert t.state.round is not None
    assert [(b.voter, b.target) for b in t.state.round.ballots] == [(4, 2)]


def test_10_3_stale_ballot_is_refused() -> None:
    t = vote_day(1)
    stale = t.state.phase_seq - 1
    assert t.refused(4, "vote", 2, phase_seq=stale) == "phase.stale"


def test_6_6_1_ballot_after_the_close_is_refused() -> None:
    t = vote_day(1).vote(T1)
    assert t.phase == ("policy_speech", 1)
    assert t.refused(4, "vote", 3) == "vote.closed"


def test_6_6_1_non_player_cannot_vote() -> None:
    t = vote_day(1)
    outcome = RULES.decide(
        t.state, Act(user_id="stranger", action=Action(kind="vote", args=(2,)), phase_seq=t.state.phase_seq),
        now=t.now,
    )  # fmt: skip
    assert isinstance(outcome, Rejected)
    assert outcome.reason == "not_player"


# -- closing and the tally (§6.6.2-§6.6.4) ---------------------------------------------------------
def test_6_6_2_round_closes_when_every_voter_has_voted() -> None:
    t = vote_day(1).vote(T1, close=False)
    assert "vote.closed" in t.said()
    assert t.phase == ("policy_speech", 1)


def test_amb_19_t1_visible_counts_then_the_weighted_result() -> None:
    t = vote_day(1).vote(T1)
    assert closed(t)["counts"] == [
        ("vote.count", {"player": 2, "votes": 4}),
        ("vote.count", {"player": 9, "votes": 4}),
        ("vote.count", {"player": 1, "votes": 2}),
        ("vote.count", {"player": 3, "votes": 2}),
        ("vote.count", {"player": 10, "votes": 1}),
    ]
    assert (closed(t)["round"], missing(t)) == (0, [])
    assert "runoff.open" not in t.said()
    assert elected(t) == (2, "method.vote")


def test_amb_09_no_public_notice_shows_the_chairman_weight() -> None:
    t = vote_day(1).vote(T1)
    shown = [c[1]["votes"] for h in t.public() if h.key == "vote.closed" for c in h.params["counts"]]
    assert 5 not in shown
    assert all("weight" not in str(h.params) for h in t.public())


def test_amb_05_missing_ballot_is_announced() -> None:
    t = vote_day(1).vote([b for b in T1 if b[0] != 12])
    assert missing(t) == [12]
    assert ("vote.count", {"player": 9, "votes": 3}) in closed(t)["counts"]


def test_amb_05_missing_ballot_in_a_secret_round() -> None:
    t = vote_day(3).vote({3: 2, 8: 2, 2: 3})
    assert missing(t) == [4, 5, 6, 7, 10, 11, 12, 13]
    assert len(closed(t)["ballots"]) == 3


def test_10_8_afk_ballot_random_draws_a_ballot_for_the_missing_voter() -> None:
    # P12's valid targets in seat order: 1..11, 13; the scripted draw 8 picks P09.
    t = table(C13, rng=[8, 8], afkBallot="random").candidacy()
    t.campaign().step().vote({s: v for s, v in ELECT_P01.items() if s != 12})
    assert missing(t) == []
    assert ("vote.count", {"player": 9, "votes": 1}) in closed(t)["counts"]
    assert t.state.rounds[0].ballots[-1].model_dump() == {"voter": 12, "target": 9, "weight": 1}


def test_8_afk_ballot_random_is_shown_as_drawn_on_a_show_of_hands_day() -> None:
    """Ballots cast by hand were posted as cast; the close shows only the drawn one, marked as drawn."""
    t = table(C13, rng=[8, 8], afkBallot="random").candidacy()
    t.campaign().step().vote({s: v for s, v in ELECT_P01.items() if s != 12})
    assert 12 not in [h.params["voter"] for h in t.public() if h.key == "vote.ballot"]
    assert closed(t)["ballots"] == [("vote.line.drawn", {"voter": 12, "target": 9})]


def test_8_afk_ballot_random_is_revealed_as_drawn_on_a_secret_day() -> None:
    # Day 3's voters 2-8 and 10-13; P13 misses it and the scripted draw 0 picks P02, the first valid target.
    t = table(C13, rng=[8, 0], afkBallot="random").candidacy()
    t.day(ELECT_P01).night().day(ELECT_P09).night().campaign()
    t.step().vote({3: 2, 8: 2, 2: 3, 4: 2, 5: 2, 6: 2, 7: 2, 10: 2, 11: 2, 12: 2})
    assert missing(t) == []
    lines = closed(t)["ballots"]
    assert lines[:3] == [
        ("vote.line", {"voter": 3, "target": 2}),
        ("vote.line", {"voter": 8, "target": 2}),
        ("vote.line", {"voter": 2, "target": 3}),
    ]
    assert [line for line in lines if line[0] == "vote.line.drawn"] == [
        ("vote.line.drawn", {"voter": 13, "target": 2})
    ]
    assert len(lines) == 11


def test_amb_15_lone_eligible_candidate_is_elected_without_a_vote() -> None:
    # 5 players, S = 4: each day one seat fills and one player sits out, so Day 4 has one candidate.
    t = table("human_member human_member human_member wolf_member reporter", rng=[0], seats_rule=(4, 3, 2))
    t.candidacy().day({2: 1, 3: 1, 4: 1, 5: 1, 1: 2}).night({4: 2})
    t.day({4: 3, 5: 3, 3: 4}).night({4: 2})
    t.day({4: 5}).night({4: 2})
    assert t.first("campaign.start").params["candidates"] == [4]
    t.campaign()
    assert "vote.open" not in t.said()
    assert t.first("vote.only_candidate").params == {"player": 4}
    assert elected(t) == (4, "method.only")
