"""Random whole games of 政治家人狼: no notice tells anyone what §8 keeps from them, and the checker itself
catches each kind of leak (so a green playout means something). With ``afkBallot = random`` a ballot drawn
at the close of a show-of-hands round is shown too, as drawn (§6.6.2, §8 "Ballots (voter → target)",
§10.8).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from core.engine.notice import KeyRef, Notice, RoleRef, to_team
from core.games.politician.model import PolState
from tests.games.politician.helpers import elect
from tests.games.politician.table import C13, C14, Table, table
from tests.property import notices
from tests.property.notices import key, private, public, ref, step
from tests.property.playout import PROFILE
from tests.property.politician_checks import NoLeak
from tests.property.politician_playout import Game, games, play, seeded_game

pytestmark = pytest.mark.property


@pytest.mark.slow
@settings(PROFILE, max_examples=60)
@given(games(custom=None))
def test_no_notice_leaks_hidden_information(game: Game) -> None:
    """§8 while the game runs: see :class:`tests.property.politician_checks.NoLeak`."""
    play(game, NoLeak())


# -- the checker ------------------------------------------------------------------------------------------
def moved(state: PolState, phase: str) -> PolState:
    """``state`` as it was one phase earlier, in ``phase`` (the step under test opened the current one)."""
    return state.model_copy(update={"phase": phase, "phase_seq": state.phase_seq - 1, "night": None})


@pytest.fixture(scope="module")
def night1() -> PolState:
    """C13 (P06 reporter, P09 wolf, P10 lover, P11-P12 spies), P01 elected on Day 1, Night 1 open."""
    return elect(table(C13, allowCollusion=True), 1).state


@pytest.fixture(scope="module")
def role_check() -> PolState:
    """C14 (two wolves P09-P10, lover P11): the lover still has to pick a favourite."""
    return table(C14).state


@pytest.fixture(scope="module")
def secret_day() -> Table:
    """C13 with secret ballots from Day 1; the chairman P08 votes P02; round closed by its timer."""
    t = table(C13, publicVoteLastDay=0).candidacy().campaign()
    return t.vote({1: 2, 2: 1, 3: 4, 8: 2, 9: 10, 10: 9})


def team(seats: list[int], name: str = "night.proposal") -> Notice:
    """A wolf's proposal (P09 proposes P03) to the team of ``seats``."""
    return notices.team(seats, name, wolf=ref(9), target=ref(3))


NIGHT_LEAKS = {
    "the role of a player not elected": public("elected", player=ref(9), role=RoleRef(id="wolf_member")),
    "a wrong role for an elected player": public("elected", player=ref(1), role=RoleRef(id="spy")),
    "a role next to nobody": public("night.start", role=RoleRef(id="lover")),
    "a recap line while the game runs": public("seats.board", lines=[key("recap.ballot", voter=ref(2))]),
    "the chairman's double ballot": public("x", lines=[key("recap.ballot.double", voter=ref(8))]),
    "the final reveal while the game runs": public("game.over", lines=[]),
    "a reveal's status while the game runs": public("x", lines=[key("status.out")]),
    "a weight param": public("vote.ballot.extra", voter=ref(8), weight=2),
    "the team relay to a spy": team([9, 11]),
    "the team relay to the lover at night": team([9, 10]),
    "another seat's role in private": private(2, "x", player=ref(9), role=RoleRef(id="wolf_member")),
    "a role card with another role": private(2, "role.card", player=ref(2), role=RoleRef(id="guard")),
    "the reporter's clue to a human": private(2, "x", lines=[key("know.clue", player=ref(3))]),
    "the spy list to a human": private(3, "know.spies", spies=[ref(11), ref(12)]),
    "the favourite to a wolf": private(9, "know.favourite", player=ref(9)),
    "a result before the night ends": private(6, "result.wolf", night=1, player=ref(9)),
}


@pytest.mark.parametrize("notice", NIGHT_LEAKS.values(), ids=NIGHT_LEAKS.keys())
def test_each_kind_of_leak_is_caught(night1: PolState, notice: Notice) -> None:
    with pytest.raises(AssertionError):
        NoLeak()(step(night1, notice))


def test_a_result_to_anyone_but_the_reporter_is_caught_at_the_night_resolution(night1: PolState) -> None:
    morning = night1.model_copy(
        update={"phase": "campaign", "night": None, "phase_seq": night1.phase_seq + 1}
    )
    result = private(6, "result.lover", night=1, player=ref(10), favourite=ref(9))
    NoLeak()(step(night1, result, after=morning))
    with pytest.raises(AssertionError, match=r"result\.lover told to seat 7"):
        NoLeak()(step(night1, private(7, "result.lover", night=1, player=ref(10)), after=morning))


def test_only_the_wolves_meet_in_their_channel_at_the_deal(role_check: PolState) -> None:
    """§6.2 step 1: the deal (from the lobby) may send the wolves (P09, P10) a team notice, nobody else."""
    lobby = role_check.model_copy(update={"phase": "lobby", "phase_seq": 0, "players": []})
    meeting = Notice(key="know.wolf", to=to_team([9, 10]), params={"wolves": [ref(9), ref(10)]})
    NoLeak()(step(lobby, meeting, after=role_check))
    with pytest.raises(AssertionError, match="team notice to"):
        NoLeak()(step(lobby, meeting.model_copy(update={"to": to_team([9, 10, 11])}), after=role_check))


def test_the_lover_hears_the_team_only_in_the_role_check_with_collusion(role_check: PolState) -> None:
    """AMB-48: the wolves-and-lover channel opens in the role check only with ``allowCollusion``."""
    colluding = role_check.model_copy(update={"settings": {"options": {"allowCollusion": True}}})
    NoLeak()(step(colluding, team([9, 11], "team.say")))
    with pytest.raises(AssertionError, match="team notice to"):
        NoLeak()(step(role_check, team([9, 11], "team.say")))


ALLOWED = {
    "an elected player's role": public("elected", player=ref(1), role=RoleRef(id="human_member")),
    "the composition": public("game.composition", cast=[key("composition.line", role=RoleRef(id="spy"))]),
    "the wolves' relay": team([9]),
    "the /status lines": public("status", lines=[key("status.line.out", players=[ref(10)])]),
    "an own role card": private(6, "role.card", player=ref(6), role=RoleRef(id="reporter")),
    "the clue in the reporter's card": private(6, "role.card", lines=[key("know.clue", player=ref(3))]),
    "the spy list to a wolf": private(9, "know.spies", spies=[ref(11), ref(12)]),
}


@pytest.mark.parametrize("notice", ALLOWED.values(), ids=ALLOWED.keys())
def test_what_players_may_know_passes(night1: PolState, notice: Notice) -> None:
    NoLeak()(step(night1, notice))


def test_the_close_of_a_secret_round_shows_one_count_per_ballot(secret_day: Table) -> None:
    """§6.6.3: P02 has two ballots (one of them the chairman's, weighted 2); showing 3 is caught."""
    closed = next(n for n in secret_day.heard if n.key == "vote.closed")
    before = moved(secret_day.state, "vote")
    NoLeak()(step(before, closed, after=secret_day.state))
    counts = [
        key(
            "vote.count",
            player=c.params["player"],
            votes=3 if c.params["player"] == ref(2) else c.params["votes"],
        )
        for c in closed.params["counts"]  # type: ignore[union-attr]
        if isinstance(c, KeyRef)
    ]
    weighted = closed.model_copy(update={"params": {**closed.params, "counts": counts}})
    with pytest.raises(AssertionError, match="one per ballot"):
        NoLeak()(step(before, weighted, after=secret_day.state))
    hidden = closed.model_copy(update={"params": {**closed.params, "ballots": closed.params["ballots"][:-1]}})  # type: ignore[index]
    with pytest.raises(AssertionError, match="ballots shown"):
        NoLeak()(step(before, hidden, after=secret_day.state))


# -- ballots drawn at the close (afkBallot = random, §10.8) ----------------------------------------------
@pytest.fixture(scope="module")
def drawn_by_hands() -> Table:
    """5 players, ``afkBallot = random``, Day 1 (show of hands): P05 does not vote; at the close the RNG
    votes for P05."""
    t = table("human_member human_member human_member reporter wolf_member", afkBallot="random")
    return t.candidacy().campaign().vote({1: 2, 2: 1, 3: 2, 4: 1})


def test_a_drawn_ballot_of_a_show_of_hands_is_shown(drawn_by_hands: Table) -> None:
    """The group saw four ``vote.ballot`` lines as they were cast, and P05's drawn one at the close."""
    t = drawn_by_hands
    drawn = t.state.rounds[0].ballots[-1]
    assert drawn.voter == 5
    said = [n for n in t.heard if n.to.kind == "public"]
    shown = [n.params for n in said if n.key == "vote.ballot"]
    for closed in (n for n in said if n.key == "vote.closed"):
        lines = closed.params["ballots"]
        assert isinstance(lines, list)
        assert [line.key for line in lines if isinstance(line, KeyRef)] == ["vote.line.drawn"]
        shown += [line.params for line in lines if isinstance(line, KeyRef)]
    assert ref(5) in [ballot["voter"] for ballot in shown], f"P05's ballot for P0{drawn.target} is not shown"


def test_the_checker_follows_a_show_of_hands_with_a_drawn_ballot(drawn_by_hands: Table) -> None:
    """The ballots posted as cast plus the drawn line pass; dropping the drawn line, or repeating a cast
    ballot at the close, is caught."""
    t = drawn_by_hands
    leak = NoLeak()
    before = moved(t.state, "vote")
    posted = [n for n in t.heard if n.key == "vote.ballot"]
    closed = next(n for n in t.heard if n.key == "vote.closed")
    opened = before.model_copy(update={"round": t.state.rounds[0]})
    leak(step(opened, *posted))
    leak(step(before, closed, after=t.state))
    drawn = closed.params["ballots"]
    assert isinstance(drawn, list)
    for lines in ([], [key("vote.line", voter=ref(1), target=ref(2)), *drawn]):
        wrong = closed.model_copy(update={"params": {**closed.params, "ballots": lines}})
        checker = NoLeak()
        checker(step(opened, *posted))
        with pytest.raises(AssertionError):
            checker(step(before, wrong, after=t.state))


@pytest.mark.slow
def test_the_seeded_game_with_a_drawn_show_of_hands_ballot_shows_every_ballot() -> None:
    """The bulk run's 5-player seed 0 (``afkBallot = random``, idle seats): every ballot is shown once."""
    game = seeded_game(5, 0)
    assert game.options["afkBallot"] == "random"
    assert game.idle
    play(game, NoLeak())
