"""Returns after a negative campaign (``politician.md`` §6.8, AMB-20/21/22) and what ``OUT`` means for the
rest of the game (§5.1, AMB-37)."""

from __future__ import annotations

import pytest

from tests.games.politician.helpers import ballots_for, elect, prompted
from tests.games.politician.table import Table, table

pytestmark = pytest.mark.scenario


def hit_on_night_1(target: int) -> Table:
    """C13: seat 1 elected on Day 1; the wolf (seat 9) campaigns against ``target`` on Night 1."""
    return elect(table(), 1).night({9: target})


def test_6_8_excluded_player_returns_after_the_policy_speech() -> None:
    t = hit_on_night_1(2).campaign()
    t.vote(ballots_for(t, 3))
    assert t.phase == ("policy_speech", 2)
    assert not any(k.startswith("return.") for k in t.said())
    assert [p.seat for p in t.state.players if p.excluded] == [2]
    t.act(3, "done")
    assert t.public()[0] == ("return.yes", {"player": 2})
    assert t.said()[1] == "night.start"
    assert not any(p.excluded for p in t.state.players)
    assert t.status(2) == "active"
    assert 2 in prompted(t)


@pytest.mark.parametrize("seat", [10, 13], ids=["lover", "traitor"])
def test_6_8_lover_and_traitor_never_return_named_without_role(seat: int) -> None:
    t = elect(hit_on_night_1(seat), 2)
    [notice] = [h for h in t.public() if h.key.startswith("return.")]
    assert notice == ("return.no", {"player": seat})
    assert t.status(seat) == "out"
    assert seat not in prompted(t)


def test_amb_22_no_return_when_the_election_ends_the_game() -> None:
    t = elect(table(), 1, 2).night({9: 10})
    elect(t, 3)
    assert t.result == "human"
    assert not any(k.startswith("return.") for k in t.said())
    assert t.status(10) != "out"


def test_amb_20_out_player_gets_no_prompt_and_no_button() -> None:
    t = elect(hit_on_night_1(10), 2)
    assert t.offered(10) == []
    assert "night.prompt" not in t.said(10)
    t.night()
    assert "campaign.prompt" not in t.said(10)
    assert 10 not in t.first("campaign.start").params["candidates"]
    assert t.offered(10) == []
    t.campaign()
    assert "vote.prompt" not in t.said(10)
    assert t.offered(10) == []
    assert t.refused(10, "vote", 1) == "vote.not_voter"


def test_amb_20_out_player_cannot_be_voted_for() -> None:
    t = elect(hit_on_night_1(10), 2).night().campaign()
    assert 10 not in t.first("vote.open").params["candidates"]
    assert ("vote", 10) not in t.offered(3)
    assert t.refused(3, "vote", 10) == "vote.not_candidate"


def test_amb_20_out_player_is_no_negative_campaign_or_protection_target() -> None:
    t = elect(hit_on_night_1(13), 2)
    assert ("kill", 13) not in t.offered(9)
    assert ("night.protect", 13) not in t.offered(7)
    assert t.refused(9, "kill", 13) == "target.invalid"
    assert t.refused(7, "night.protect", 13) == "target.invalid"


@pytest.mark.parametrize(("seat", "result"), [(10, "result.lover"), (13, "result.not_wolf")])
def test_amb_37_reporter_may_investigate_an_out_player(seat: int, result: str) -> None:
    t = elect(hit_on_night_1(seat), 2)
    assert ("night.investigate", seat) in t.offered(6)
    t.night(investigate=seat)
    assert [h.key for h in t.private(6) if h.key.startswith("result.")] == [result]


def test_amb_20_out_player_still_counts_for_the_wolf_camp() -> None:
    t = elect(hit_on_night_1(10), 9)  # the lover goes out; the only wolf is elected
    assert t.status(10) == "out"
    elect(t, 11)  # the spy: a second wolf seat
    assert t.result == "wolf"
    assert 10 in t.winners
