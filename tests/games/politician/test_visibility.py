"""Information visibility (``politician.md`` §8): what the group may learn before the end, the chairman's
hidden weight, ``/status`` and ``/board``; the collusion relay (AMB-48) and who may post when (AMB-49/50)."""

from __future__ import annotations

import pytest

from core.engine.notice import Notice
from tests.games.politician.helpers import ballots_for, elect, eligible, role_claims, say, say_refused
from tests.games.politician.table import C13, C14, RULES, Table, table

pytestmark = pytest.mark.scenario

#: T1's Day 1: visible 4-4 between seats 2 and 9, the chairman (seat 8) makes it 5-4 for seat 2.
T1 = {1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 3, 7: 3, 8: 2, 9: 10, 10: 9, 11: 9, 12: 9, 13: 9}


def whole_game() -> Table:
    """C13 to the end: T1's Day 1 elects seat 2; the wolf hits the lover, the reporter finds her; Day 2
    elects seat 5 (the lover goes out); the wolf hits seat 3; Day 3 (secret) elects seat 1: H3, humans win."""
    t = table().candidacy().day(T1).night({9: 10}, investigate=10)
    elect(t, 5).night({9: 3}, protect=4)
    return elect(t, 1)


def before_the_end(t: Table) -> list[Notice]:
    """Every notice sent before ``game.over``, in order."""
    notices = [n for _, _, step in t.history for n in step]
    end = next(i for i, n in enumerate(notices) if n.key == "game.over")
    return notices[:end]


def test_8_no_group_notice_names_a_role_but_an_elected_players() -> None:
    t = whole_game()
    assert t.result == "human"
    elected: set[int] = set()
    checked = 0
    for n in (n for n in before_the_end(t) if n.to.kind == "public"):
        if n.key == "elected":
            elected.add(n.params["player"].seat)  # type: ignore[union-attr]
        for seat, role in role_claims(n):
            if n.key == "game.composition":
                assert seat is None, n  # the composition (AMB-44) names roles, never whose
                continue
            assert seat in elected, n
            assert role == C13[seat - 1], n
            checked += 1
    assert checked >= 3 + 1 + 2 + 3  # three reveals and the boards after them


def test_8_chairmans_weight_never_shown_before_the_end() -> None:
    t = whole_game()
    earlier = before_the_end(t)
    assert not any("double" in n.model_dump_json() or "weight" in n.model_dump_json() for n in earlier)
    ballots = [n for n in earlier if n.key == "vote.ballot"]
    assert len({tuple(sorted(n.params)) for n in ballots}) == 1
    saved = {n.to.seats: n for n in earlier if n.key == "vote.saved"}
    assert saved[(8,)].params.keys() == saved[(1,)].params.keys()


def test_8_visible_counts_even_when_the_chairman_decides() -> None:
    t = table().candidacy().campaign().vote(T1)
    counts = {c[1]["player"]: c[1]["votes"] for c in t.first("vote.closed").params["counts"]}
    assert counts == {2: 4, 9: 4, 1: 2, 3: 2, 10: 1}
    assert t.first("elected").params["player"] == 2


def status_on_day_3() -> Table:
    """C13: seat 1 elected, the lover hit; seat 2 elected, the lover out; seat 3 hit; Day 3's campaign."""
    t = elect(table(), 1).night({9: 10})
    return elect(t, 2).night({9: 3})


def test_8_status_lists_who_is_in_the_election() -> None:
    t = status_on_day_3()
    params = t.ask(4, "status").params
    assert params["phase"][0] == "phase.campaign"
    assert params["day"] == 3
    assert params["active"] == eligible(t) == [4, 5, 6, 7, 8, 9, 11, 12, 13]
    assert params["lines"] == [
        ("status.line.excluded", {"players": [3]}),
        ("status.line.elected", {"players": [1, 2]}),
        ("status.line.out", {"players": [10]}),
    ]


def test_8_status_shows_only_the_lines_that_apply() -> None:
    t = table().candidacy()
    assert t.ask(4, "status").params["lines"] == []
    elect(t, 1)
    assert t.ask(4, "status").params["lines"] == [("status.line.elected", {"players": [1]})]


def test_8_status_is_the_same_for_everyone_during_the_night() -> None:
    t = elect(table(), 1).night({9: 6}, protect=5, investigate=9, close=False)
    answers = [t.ask(seat, "status") for seat in (9, 7, 6, 2, 10, 1)]
    assert all(a == answers[0] for a in answers)
    assert answers[0].params["lines"] == [("status.line.elected", {"players": [1]})]


def without(t: Table, winner: int, *silent: int) -> dict[int, int]:
    """The day's clear ballots for ``winner``, but ``silent`` voters cast none."""
    return {v: c for v, c in ballots_for(t, winner).items() if v not in silent}


def test_8_status_lists_who_missed_two_votes_in_a_row() -> None:
    """Idle = the last two rounds closed without the player's ballot; a ballot starts the count again."""
    t = table().candidacy()
    t.day(without(t, 1, 4, 5)).night()
    assert t.ask(2, "status").params["lines"] == [("status.line.elected", {"players": [1]})]
    t.day(without(t, 2, 4)).night()
    assert t.idle(2) == [4]  # ``afk.idle`` (core.engine.afk)
    t.day(without(t, 6, 5))  # seat 4 votes again; seat 5 missed Day 1 and Day 3, not two in a row
    assert t.phase == ("night", 3)  # the reporter elected: no seat, the game goes on
    assert t.idle(3) == []


def after_two_nights(*, acting: bool) -> Table:
    """C13 on Day 3's campaign; on both nights either the wolf, guard and reporter answered their
    prompts while everyone else ignored the dummy one (``acting``), or nobody answered at all."""
    t = elect(table(), 1)
    for night, winner in ((1, 2), (2, None)):
        if acting:
            t.night({9: None}, protect=night + 1, investigate=9)
        else:
            t.night()
        if winner:
            elect(t, winner)
    return t


def test_8_status_does_not_tell_who_answered_at_night() -> None:
    """Unanswered night prompts are not "missed": else the idle line would list everyone but the wolves,
    guard and reporter (§10.5)."""
    acting, silent = after_two_nights(acting=True), after_two_nights(acting=False)
    assert acting.ask(4, "status") == silent.ask(4, "status")
    assert acting.idle(4) == silent.idle(4) == []


def test_8_board_answer_is_the_public_seat_board() -> None:
    t = elect(table(), 1, 6)
    board = t.first("seats.board")
    assert t.ask(9, "board") == board
    assert t.ask(2, "board") == board


# -- collusion (AMB-48) ----------------------------------------------------------------------------------
def test_amb_48_role_check_relay_among_wolves_and_lover() -> None:
    t = table(C14, allowCollusion=True)
    assert t.phase == ("role_check", 0)
    say(t, 9, "I'll claim reporter")
    relayed = ("team.say", {"member": 9, "text": "I'll claim reporter"})
    assert t.team(10) == t.team(11) == [relayed]
    assert t.private(9) == [("team.sent", {})]
    assert all(t.team(s) == [] for s in (1, 6, 12, 13, 14))
    say(t, 11, "ok")
    assert t.team(9) == t.team(10) == [("team.say", {"member": 11, "text": "ok"})]
    assert say_refused(t, 12, "spy here") == "team.closed"


def test_amb_48_night_relay_among_active_wolves_only() -> None:
    t = elect(table(C14, allowCollusion=True).favourite(10), 1)
    say(t, 10, "P06?")
    assert t.team(9) == [("team.say", {"member": 10, "text": "P06?"})]
    assert t.team(11) == []
    # The lover is told why: at night only the wolves talk (AMB-48).
    assert say_refused(t, 11, "me too") == "team.wolves_only_at_night"


def test_amb_48_relay_closed_by_default() -> None:
    t = table(C14)
    assert say_refused(t, 9, "hi") == "team.closed"
    assert say_refused(t, 11, "hi") == "team.closed"
    elect(t.favourite(10), 1)
    assert say_refused(t, 9, "hi") == "team.closed"


def test_amb_48_relay_closed_during_the_day() -> None:
    t = table(C14, allowCollusion=True).favourite(10).candidacy()
    assert t.phase == ("campaign", 1)
    assert say_refused(t, 9, "hi") == "team.closed"


# -- who may post (AMB-49/50) ----------------------------------------------------------------------------
def test_amb_50_nobody_speaks_during_votes_runoffs_and_nights() -> None:
    t = table(C13).candidacy().campaign()
    assert RULES.speakers(t.state) == set()
    tie = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 9: 1, 1: 2, 8: 2, 10: 2, 11: 2, 12: 2, 13: 2}
    t.vote(tie)
    assert t.phase == ("runoff", 1)
    assert RULES.speakers(t.state) == set()
    t.vote(ballots_for(t, 1)).close()
    assert t.phase == ("night", 1)
    assert RULES.speakers(t.state) == set()


def test_amb_49_excluded_elected_and_out_players_do_not_speak_in_the_campaign() -> None:
    t = status_on_day_3()
    assert t.phase == ("campaign", 3)
    assert RULES.speakers(t.state) == set(eligible(t)) == {4, 5, 6, 7, 8, 9, 11, 12, 13}


def test_6_7_only_the_elected_player_speaks_in_the_policy_speech() -> None:
    t = table().candidacy().campaign()
    t.vote(ballots_for(t, 4))
    assert t.phase == ("policy_speech", 1)
    assert RULES.speakers(t.state) == {4}
