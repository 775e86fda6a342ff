"""Missed phases and idle players (issue 8 §4, ``core.engine.afk``): a seat the phase still waited for at
its deadline misses it; two in a row make it idle in everybody's ``/status``; its own accepted action
starts the count again; no penalty when the bot did not deliver the prompt, or cannot reach the player."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, SetReachable
from core.engine.decide import SPEECH_KINDS
from tests.games.afk.helpers import GAMES, Table
from tests.games.politician.helpers import elect
from tests.games.politician.table import table


def test_a_night_and_a_vote_left_unanswered_make_everyone_idle_in_status() -> None:
    t = Table("adazakura")
    t.timeout()  # night 1: nobody pressed done
    assert t.idle_in_status("bot:1", public=True) == []
    t.until("vote")  # the discussion waits for nobody: it is not missed
    assert set(t.state.missed.values()) == {1}
    t.timeout()  # the vote: no ballot
    assert t.idle_in_status("bot:1", public=True) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("game", GAMES)
def test_status_names_the_same_idle_players_to_everyone_in_the_group_and_in_private(game: str) -> None:
    t = Table(game)
    while not t.state.missed or max(t.state.missed.values()) < 2:
        t.timeout()
    answers = [t.idle_in_status(f"bot:{i}", public=public) for i in range(1, 6) for public in (True, False)]
    assert answers[0]
    assert all(a == answers[0] for a in answers)


def test_an_accepted_action_starts_the_count_again() -> None:
    t = Table("adazakura")
    t.timeout()
    t.until("night")  # night 2: every seat has missed night 1 and the vote
    seat = 3
    action = next(a for a in t.rules.legal_actions(t.state, seat) if a.kind not in SPEECH_KINDS)
    t.send(Act(user_id=t.user(seat), action=action, phase_seq=t.state.phase_seq))
    assert seat not in t.idle_in_status("bot:1", public=True)
    assert t.idle_in_status("bot:1", public=True) == [s for s in range(1, 6) if s != seat]


def test_a_player_whose_prompt_was_not_delivered_misses_nothing() -> None:
    t = Table("adazakura")
    late = t.user(2)
    t.timeout(late)  # night 1: seat 2's prompt still waited in the outbox at the deadline
    assert t.state.missed.get(2) is None
    assert t.state.missed.get(1) == 1


def test_a_player_the_bot_cannot_message_misses_nothing() -> None:
    t = Table("adazakura")
    t.send(SetReachable(user_id=t.user(4), reachable=False))
    t.timeout()
    t.until("night")
    assert 4 not in t.idle_in_status("bot:1", public=True)
    assert t.state.missed.get(4) is None


def test_politician_nights_are_never_counted_so_status_tells_no_role() -> None:
    t = elect(table(), 1)
    assert t.phase == ("night", 1)
    before = dict(t.state.missed)
    t.night()  # nobody answered the night prompt (real or dummy): not missed (§8, §10.5)
    assert t.state.missed == before


def test_deathnote_nights_are_never_counted_so_status_tells_no_kira() -> None:
    t = Table("deathnote")
    t.until("judgment")
    before = dict(t.state.missed)
    t.timeout()  # nobody named anyone at the Judgment: Kira and the decoys alike, not missed (§11.6)
    assert t.state.missed == before
