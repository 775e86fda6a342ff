"""A lobby everybody has left, the host included, is closed at once with a notice to the group, so
``/newgame`` works again there (issue 8; ``core.engine.lobby.leave``); nobody is shown "0 players"."""

from __future__ import annotations

import pytest

from core.engine.commands import Join, Leave, LeftChat
from core.engine.result import Accepted
from core.engine.table import CANCELLED, LOBBY
from tests.games.afk.helpers import GAMES
from tests.games.afk.test_lobby import NOW, decide, lobby


def left(result: Accepted, *users: str, by_group: bool = False) -> Accepted:
    for user in users:
        command = LeftChat(user_id=user) if by_group else Leave(user_id=user)
        step = decide(result, command)
        assert isinstance(step, Accepted), step
        result = step
    return result


@pytest.mark.parametrize("game", GAMES)
def test_the_last_member_leaving_closes_the_lobby_with_one_group_notice(game: str) -> None:
    opened = lobby(game, players=2)
    emptied = left(opened, "u1", "u2")  # the host first: Beni became host, then left too

    assert emptied.state.phase == CANCELLED
    assert emptied.state.deadline_at is None  # no expiry left to fire
    [notice] = emptied.notices
    assert (notice.key, notice.to.kind, notice.params) == ("lobby.emptied", "public", {"name": "Beni"})
    assert emptied.events[-1].kind == "GameCancelled"


def test_a_host_alone_who_leaves_the_group_closes_the_lobby_too() -> None:
    emptied = left(lobby(players=1), "u1", by_group=True)
    assert emptied.state.phase == CANCELLED
    assert [n.key for n in emptied.notices] == ["lobby.emptied"]


def test_a_lobby_with_somebody_left_stays_open_and_lists_them() -> None:
    rest = left(lobby(players=3), "u1")
    assert (rest.state.phase, rest.state.host) == (LOBBY, "u2")
    [notice] = rest.notices
    assert (notice.key, notice.params["count"]) == ("lobby.left", 2)
    assert notice.params["names"] == ["Beni", "Chika"]


def test_nobody_joins_a_closed_lobby() -> None:
    emptied = left(lobby(players=1), "u1")
    late = decide(emptied, Join(user_id="u9", name="Ike"), now=NOW + 1)
    assert getattr(late, "reason", None) == "game.over"
