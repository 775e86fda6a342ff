"""The host's ``/kick`` of an idle seat mid-game, with each game's effect for a player out of the game
(issue 8 §4, issue 21; ``core.engine.afk``; docs/rules/*-decisions.md J29, P15, D20): 徒桜戦争: dead;
政治家人狼: OUT (politician.md §10.8 [EXT], §6.8), also during a vote; DEATH NOTE 人狼: eliminated."""

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


def test_adazakura_a_kicked_idle_seat_dies() -> None:
    t = idle_table("adazakura")
    host, seat = t.seat_of(1), t.seat_of(2)
    t.send(Kick(user_id=t.user(host), target=str(seat)))
    assert next((n.key, n.to.kind) for n in t.heard) == ("game.kicked", "public")
    assert not t.state.players[seat - 1].alive  # 突然死, its Megami not shown
    assert not any(n.key == "sudden.megami" for n in t.heard)
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
    assert next(n.key for n in t.heard) == "game.kicked"


def test_politician_the_kicked_player_is_out_with_their_role_hidden() -> None:
    t = elect(table(), 1)  # Night 1; then Day 2's vote with seats 4 and 5 silent, twice
    t.night()
    t.state = t.state.model_copy(update={"missed": {4: 2}})
    t.step(Kick(user_id=t.uid(1), target="4"))
    assert [h.key for h in t.public()] == ["game.kicked"]
    assert t.public()[0].params == {"player": 4}
    assert t.status(4) == "out"
    assert 4 not in t.idle(2)


def test_politician_a_player_kicked_during_a_vote_neither_votes_nor_can_be_elected() -> None:
    t = elect(table(), 1).night().campaign()
    assert t.phase[0] == "vote"
    t.state = t.state.model_copy(update={"missed": {4: 2}})
    t.step(Kick(user_id=t.uid(1), target="4"))
    assert t.status(4) == "out"
    rnd = t.state.round
    assert 4 not in rnd.voters
    assert 4 not in rnd.candidates


def test_deathnote_a_kicked_seat_is_eliminated() -> None:
    t = idle_table("deathnote")
    host = t.seat_of(1)
    idle = [seat for seat in t.idle_in_status("bot:1", public=True) if seat != host]
    assert idle
    t.send(Kick(user_id="bot:1", target=str(idle[0])))
    assert t.keys()[0] == "game.kicked"
    assert not t.state.players[idle[0] - 1].alive
    assert refusal(t, "bot:1", str(idle[0])) in ("kick.already", "game.over")
