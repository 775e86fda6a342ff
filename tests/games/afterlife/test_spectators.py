"""Spectators (issue 24 §2; ``core.engine.afterlife``): ``/watch`` and ``/unwatch``, listed in ``/status``,
bounded, never prompted nor waited for, never counted for ``/skip`` or ``/extend``."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.afterlife import MAX_SPECTATORS
from core.engine.bots import bot_user, start_bot_game
from core.engine.commands import Extend, Join, Query, SetReachable, SkipVote, Timeout, Unwatch, Watch
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games import rules_for
from tests.games.afterlife.helpers import GAMES, SPECTATOR, reason, with_the_dead


def welcome(game: str) -> str:
    """The welcome of a new spectator: no /t promised where the 霊界 is closed (徒桜戦争 by default, A08)."""
    return "watch.welcome.closed" if game == "adazakura" else "watch.welcome"


def started(game: str) -> tuple[Any, Any]:
    rules = rules_for(game)
    return rules, start_bot_game(rules, 5, seed=3).state


def accept(rules: Any, state: Any, command: Any, now: int = 0) -> Accepted[Any]:
    result = rules.decide(state, command, now=now)
    assert isinstance(result, Accepted), result
    return result


@pytest.mark.parametrize("game", GAMES)
def test_watch_welcomes_privately_and_status_lists_the_spectators(game: str) -> None:
    """Nothing in the group: its messages are the game's (DEATH NOTE 人狼 sends none while players
    choose, §11.6); ``/status`` names the spectators."""
    rules, state = started(game)
    watched = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika"))
    assert [(n.key, n.to.kind, n.to.user_id) for n in watched.notices] == [(welcome(game), "user", SPECTATOR)]
    status = accept(rules, watched.state, Query(user_id=bot_user(2), what="status", public=True))
    (line,) = [n for n in status.notices if n.key == "watch.list"]
    assert line.params == {"names": ["Mika"], "count": 1}
    assert line.to.kind == "public"
    left = accept(rules, watched.state, Unwatch(user_id=SPECTATOR))
    assert [(n.key, n.to.kind, n.to.user_id) for n in left.notices] == [("watch.left", "user", SPECTATOR)]
    status = accept(rules, left.state, Query(user_id=bot_user(2), what="status", public=True))
    assert "watch.list" not in [n.key for n in status.notices]


@pytest.mark.parametrize("game", GAMES)
def test_players_cannot_watch_and_nobody_watches_twice(game: str) -> None:
    rules, state = started(game)
    seated = rules.decide(state, Watch(user_id=bot_user(1), name="Bot 1"), now=0)
    assert reason(seated) == "watch.seated"
    state = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika")).state
    again = rules.decide(state, Watch(user_id=SPECTATOR, name="Mika"), now=0)
    assert reason(again) == "watch.already"
    nobody = rules.decide(state, Unwatch(user_id="tg:901"), now=0)
    assert reason(nobody) == "watch.not_watching"


def test_the_spectators_are_bounded_with_a_polite_refusal() -> None:
    rules, state = started("werewolf")
    for k in range(MAX_SPECTATORS):
        state = accept(rules, state, Watch(user_id=f"tg:{1000 + k}", name="x" * 500)).state
    assert len(state.spectators) == MAX_SPECTATORS
    assert all(len(m.name) <= 64 for m in state.spectators)  # a name as long as the platform gives, bounded
    full = rules.decide(state, Watch(user_id="tg:2000", name="late"), now=0)
    assert reason(full) == "watch.full"
    assert isinstance(full, Rejected)
    assert full.params == {"max": MAX_SPECTATORS}


def test_a_spectator_the_bot_cannot_message_is_told_of_in_the_group_and_dropped() -> None:
    """As the lobby does for a player (``lobby.unreachable``): the shell's 403 becomes ``SetReachable``."""
    rules, state = started("politician")
    state = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika")).state
    dropped = accept(rules, state, SetReachable(user_id=SPECTATOR, reachable=False))
    assert [(n.key, n.to.kind) for n in dropped.notices] == [("watch.unreachable", "public")]
    assert dropped.state.spectators == []


@pytest.mark.parametrize("game", GAMES)
def test_spectators_are_never_prompted_waited_for_nor_counted(game: str) -> None:
    g = with_the_dead(game, out=1)
    assert SPECTATOR not in {g.user(seat) for seat in g.rules.waiting(g.state)}
    for command in (Extend(user_id=SPECTATOR), SkipVote(user_id=SPECTATOR)):
        refused = g.decide(command)
        assert isinstance(refused, Rejected), command
    assert g.state.deadline_at is not None
    g.now = g.state.deadline_at
    timed = g.send(Timeout(phase_seq=g.state.phase_seq))
    assert [n.key for n in timed.notices if n.to.kind in ("user", "afterlife")] == []  # no prompt, no missed
    assert [m.user_id for m in g.state.spectators] == [SPECTATOR]


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote"])
def test_while_the_group_must_stay_silent_an_unreachable_spectator_is_dropped_quietly(game: str) -> None:
    """A night whose group is silent (DEATH NOTE 人狼 §11.3; nobody may post): no group notice."""
    rules, state = started(game)
    for _ in range(40):
        if rules.speakers(state) == set():
            break
        state = accept(rules, state, Timeout(phase_seq=state.phase_seq), now=state.deadline_at).state
    assert rules.speakers(state) == set()
    watched = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika"), now=state.deadline_at - 1)
    assert [(n.key, n.to.kind) for n in watched.notices] == [(welcome(game), "user")]
    left = accept(rules, watched.state, Unwatch(user_id=SPECTATOR), now=state.deadline_at - 1)
    assert [(n.key, n.to.kind, n.to.user_id) for n in left.notices] == [("watch.left", "user", SPECTATOR)]
    again = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika"), now=state.deadline_at - 1).state
    dropped = accept(
        rules, again, SetReachable(user_id=SPECTATOR, reachable=False), now=state.deadline_at - 1
    )
    assert dropped.notices == []
    assert dropped.state.spectators == []


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_who_joins_the_lobby_stops_watching(game: str) -> None:
    """A seat never hears the 霊界 as a spectator: joining ends watching (a refused join changes nothing)."""
    rules = rules_for(game)
    host = Member(user_id=bot_user(1), name="B1")
    state = rules.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=1, now=0)
    state = accept(rules, state, Watch(user_id=SPECTATOR, name="Mika")).state
    assert [m.user_id for m in state.spectators] == [SPECTATOR]
    joined = accept(rules, state, Join(user_id=SPECTATOR, name="Mika")).state
    assert joined.spectators == []
    assert joined.member(SPECTATOR) is not None
    assert reason(rules.decide(joined, Watch(user_id=SPECTATOR, name="Mika"), now=0)) == "watch.seated"
