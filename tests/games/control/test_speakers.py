"""``/extend`` and the ``/skip`` vote belong to the players who may speak now (issue 8 §3,
``core.engine.control.eligible``): 徒桜戦争's duel day gives the floor to the two duelists only
([ADZ-9.1]), so they alone extend and their strict majority ends the discussion; 政治家人狼's player benched
by the negative campaign (§6.5) neither extends nor counts toward the majority."""

from __future__ import annotations

import pytest

from core.engine.commands import Extend, SkipVote
from tests.games.adazakura.table import table
from tests.games.control.helpers import countdown, refused
from tests.games.politician.table import C13
from tests.games.politician.table import table as politician_table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 yurina · 3 saine · 4 shinra · 5 megumi · 6 himika (all Sakura); Yurina duels seat 1.
SIX = "yatsuha/A yurina/S saine/S shinra/S megumi/S himika/S"
#: Day 1 of C13 that elects P01: everyone votes P01, P01 votes P02.
ELECT_P01 = {**dict.fromkeys(range(2, 14), 1), 1: 2}


def test_on_a_duel_day_only_the_duelists_extend_and_their_two_votes_end_the_discussion() -> None:
    t = table(SIX).night({2: ("night.yurina", 1)})
    assert t.state.phase == "discussion"
    assert refused(t, Extend(user_id=t.uid(3))) == "control.not_speaker"
    assert refused(t, SkipVote(user_id=t.uid(3))) == "control.not_speaker"

    t.step(SkipVote(user_id=t.uid(1)))
    assert countdown(t)[0].params["needed"] == 2
    assert t.state.phase == "discussion"
    t.step(SkipVote(user_id=t.uid(2)))

    assert t.state.phase == "vote"


def test_a_player_benched_by_the_negative_campaign_has_no_say_on_the_campaigns_length() -> None:
    t = politician_table(C13, rng=[8]).candidacy().day(ELECT_P01).night({9: 3})
    assert t.state.phase == "campaign"
    assert t.state.players[2].excluded
    assert refused(t, Extend(user_id=t.uid(3))) == "control.not_speaker"
    assert refused(t, SkipVote(user_id=t.uid(3))) == "control.not_speaker"

    for seat in (2, 4, 5, 6, 7):  # 11 may speak (P01 elected, P03 benched): 6 are needed
        t.step(SkipVote(user_id=t.uid(seat)))
    assert (countdown(t)[0].params["votes"], countdown(t)[0].params["needed"]) == (5, 6)
    t.step(SkipVote(user_id=t.uid(8)))

    assert t.state.phase == "vote"
