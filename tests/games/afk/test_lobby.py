"""The lobby's expiry and the host's ``/kick`` before the start (issue 8 §1; ``core.engine.lobby``)."""

from __future__ import annotations

import pytest

from core.engine.commands import Join, Kick, SetReachable, StartGame, Timeout
from core.engine.result import Accepted, Rejected
from core.engine.table import CANCELLED, Member
from core.games import rules_for
from tests.games.afk.helpers import GAMES

NOW = 1_000


def lobby(game: str = "adazakura", players: int = 3, **settings: object) -> Accepted:
    rules = rules_for(game)
    host = Member(user_id="u1", name="Aki")
    state = rules.new_game(game_id="g", chat_id="c", host=host, settings=settings, seed=1, now=NOW)
    result: Accepted = Accepted(state=state)
    for i, name in enumerate(["Aki", "Beni", "Chika", "Dai", "Emi", "Fumi"][:players], start=1):
        step = rules.decide(result.state, Join(user_id=f"u{i}", name=name), now=NOW)
        assert isinstance(step, Accepted)
        result = step
    return result


def decide(result: Accepted, command: object, now: int = NOW) -> Accepted | Rejected:
    return rules_for(result.state.game).decide(result.state, command, now=now)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_a_lobby_expires_after_thirty_minutes_with_a_notice_to_the_group(game: str) -> None:
    opened = lobby(game)
    assert opened.state.deadline_at == NOW + 1800
    early = decide(opened, Timeout(phase_seq=opened.state.phase_seq), now=NOW + 1799)
    assert isinstance(early, Rejected)
    assert early.reason == "phase.stale"
    expired = decide(opened, Timeout(phase_seq=opened.state.phase_seq), now=NOW + 1800)
    assert isinstance(expired, Accepted)
    assert expired.state.phase == CANCELLED
    [notice] = expired.notices
    assert (notice.key, notice.to.kind, notice.params["seconds"]) == ("lobby.expired", "public", 1800)


@pytest.mark.parametrize(("seconds", "lasts"), [(600, 600), (10, 60), (10**6, 86400), ("soon", 1800)])
def test_the_group_s_lobby_time_is_kept_within_a_minute_and_a_day(seconds: object, lasts: int) -> None:
    assert lobby(lobby_seconds=seconds).state.deadline_at == NOW + lasts


def test_a_started_game_is_not_cancelled_by_its_lobby_s_old_timer() -> None:
    opened = lobby("politician", players=5)
    started = decide(opened, StartGame(user_id="u1"))
    assert isinstance(started, Accepted)
    assert started.state.phase != "lobby"
    old = decide(started, Timeout(phase_seq=opened.state.phase_seq), now=NOW + 1800)
    assert isinstance(old, Rejected)
    assert old.reason == "phase.stale"


@pytest.mark.parametrize("target", ["2", "Beni", "beni", "@Beni"])
def test_the_host_removes_a_member_by_number_or_name(target: str) -> None:
    kicked = decide(lobby(), Kick(user_id="u1", target=target))
    assert isinstance(kicked, Accepted)
    assert [m.name for m in kicked.state.members] == ["Aki", "Chika"]
    [notice] = kicked.notices
    assert (notice.key, notice.to.kind) == ("lobby.kicked", "public")
    assert notice.params == {"name": "Beni", "count": 2, "names": ["Aki", "Chika"]}


@pytest.mark.parametrize(
    ("user", "target", "reason"),
    [
        ("u2", "3", "not_host"),
        ("u1", "1", "kick.self"),
        ("u1", "Aki", "kick.self"),
        ("u1", "7", "kick.unknown"),
        ("u1", "Zed", "kick.unknown"),
    ],
)
def test_kicks_the_lobby_refuses_change_nothing(user: str, target: str, reason: str) -> None:
    opened = lobby()
    refused = decide(opened, Kick(user_id=user, target=target))
    assert isinstance(refused, Rejected)
    assert refused.reason == reason


def test_two_members_of_the_same_name_are_told_apart_and_kicked_by_name_or_number() -> None:
    opened = lobby()
    twin = decide(opened, Join(user_id="u9", name="Beni"))
    assert isinstance(twin, Accepted)
    assert [m.name for m in twin.state.members][-1] == "Beni (2)"
    kicked = decide(twin, Kick(user_id="u1", target="Beni (2)"))
    assert isinstance(kicked, Accepted)
    assert [m.user_id for m in kicked.state.members] == ["u1", "u2", "u3"]
    by_number = decide(twin, Kick(user_id="u1", target="4"))
    assert isinstance(by_number, Accepted)
    assert [m.user_id for m in by_number.state.members] == ["u1", "u2", "u3"]


def test_a_kicked_unreachable_member_no_longer_blocks_the_start() -> None:
    opened = lobby("politician", players=6)
    blocked = decide(opened, SetReachable(user_id="u6", reachable=False))
    assert isinstance(blocked, Accepted)
    refused = decide(blocked, StartGame(user_id="u1"))
    assert isinstance(refused, Rejected)
    assert refused.reason == "lobby.unreachable"
    kicked = decide(blocked, Kick(user_id="u1", target="Fumi"))
    assert isinstance(kicked, Accepted)
    assert kicked.state.unreachable == []
    assert isinstance(decide(kicked, StartGame(user_id="u1")), Accepted)
