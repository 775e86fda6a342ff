"""The host's ``/kick`` of an idle seat mid-game, with each game's effect for leaving (issue 8 §4;
``core.engine.afk``; docs/rules/*-decisions.md): 徒桜戦争 keeps the seat, which times out on every prompt
([ADZ-11.4]); 政治家人狼 marks the player OUT (politician.md §10.8 [EXT], §6.8); DEATH NOTE 人狼 refuses and
names ``/cancel`` (AMB-62)."""

from __future__ import annotations

from core.engine.commands import Kick, LeftChat
from core.engine.result import Rejected
from tests.games.afk.helpers import Table
from tests.games.politician.helpers import elect
from tests.games.politician.table import table


def idle_table(game: str) -> Table:
    """Every seat has missed two phases in a row."""
    t = Table(game)
    while not t.state.missed or min(t.state.missed.values()) < 2:
        t.timeout()
    return t


def refusal(t: Table, user: str, target: str) -> str:
    before = t.state.model_dump()
    result = t.decide(Kick(user_id=user, target=target))
    assert isinstance(result, Rejected), result
    assert t.state.model_dump() == before
    return result.reason


def test_adazakura_a_kicked_idle_seat_stays_and_times_out_like_one_who_left() -> None:
    t = idle_table("adazakura")
    host, seat = t.seat_of(1), t.seat_of(2)
    t.send(Kick(user_id=t.user(host), target=str(seat)))
    assert [(n.key, n.to.kind) for n in t.heard] == [("game.kicked", "public")]
    assert t.state.players[seat - 1].alive  # the seat keeps its Megami and its place
    assert seat not in t.idle_in_status(t.user(host), public=True)  # the host has dealt with it
    assert refusal(t, t.user(host), str(seat)) == "kick.already"


def test_kicks_of_a_running_game_are_refused_with_the_reason() -> None:
    t = Table("adazakura")
    host = t.user(t.seat_of(1))
    t.timeout()
    assert refusal(t, host, str(t.seat_of(2))) == "kick.not_idle"  # one missed phase is not idle
    t.until("night")
    assert refusal(t, t.user(t.seat_of(2)), "1") == "not_host"
    assert refusal(t, host, str(t.seat_of(1))) == "kick.self"
    assert refusal(t, host, "9") == "kick.unknown"


def test_a_player_who_left_the_group_may_be_kicked_before_being_idle() -> None:
    t = Table("adazakura")
    seat = t.seat_of(3)
    t.send(LeftChat(user_id=t.user(seat)))
    t.send(Kick(user_id="bot:1", target=t.state.players[seat - 1].name))
    assert [n.key for n in t.heard] == ["game.kicked"]


def test_politician_the_kicked_player_is_out_with_their_role_hidden() -> None:
    t = elect(table(), 1)  # Night 1; then Day 2's vote with seats 4 and 5 silent, twice
    t.night()
    t.state = t.state.model_copy(update={"missed": {4: 2}})
    t.step(Kick(user_id=t.uid(1), target="4"))
    assert [h.key for h in t.public()] == ["kick.out"]
    assert t.public()[0].params == {"player": 4}
    assert t.status(4) == "out"
    assert 4 not in t.idle(2)


def test_politician_nobody_is_marked_out_during_a_vote() -> None:
    t = elect(table(), 1).night().campaign()
    assert t.phase[0] == "vote"
    t.state = t.state.model_copy(update={"missed": {4: 2}})
    result = t.rules.decide(t.state, Kick(user_id=t.uid(1), target="4"), now=t.now)
    assert isinstance(result, Rejected)
    assert result.reason == "kick.not_now"


def test_deathnote_refuses_and_points_the_host_to_cancel() -> None:
    t = idle_table("deathnote")
    host = t.seat_of(1)
    idle = [seat for seat in t.idle_in_status("bot:1", public=True) if seat != host]
    assert idle
    assert refusal(t, "bot:1", str(idle[0])) == "kick.cancel_only"
