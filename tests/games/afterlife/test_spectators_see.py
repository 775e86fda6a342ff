"""Spectators and 霊界表示 (``core.engine.afterlife.seeing``): with the game's 霊界表示 option on, a
spectator the shell muted in the group (``SpectatorMuted``) is shown every role in the 1:1 chat, as the
dead are; one not muted, or with the option off, is shown nothing hidden; the mute lifted or ``/unwatch``
ends it."""

from __future__ import annotations

import pytest

from core.engine.bots import Driver, next_now
from core.engine.commands import SpectatorMuted, Unwatch, Watch
from core.engine.notice import to_seat, to_user
from core.engine.result import Accepted
from core.engine.rng import Rng
from tests.games.afterlife.helpers import SPECTATOR, reason, with_the_dead

SEES = {"politician": "afterlifeSees", "deathnote": "afterlifeSees", "werewolf": "graveyardReveal"}


def _keys_to(result: Accepted[object], user: str) -> list[str]:
    return [n.key for n in result.notices if n.to == to_user(user)]


@pytest.mark.parametrize("game", sorted(SEES))
def test_a_muted_spectator_is_shown_every_role_once(game: str) -> None:
    table = with_the_dead(game, out=1, options={SEES[game]: True})
    muted = table.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    roles = [n for n in muted.notices if n.to == to_user(SPECTATOR)]
    assert [n.key for n in roles] == ["afterlife.roles"]
    shown = [(line.params["player"].seat, line.params["role"].id) for line in roles[0].params["lines"]]
    assert shown == [(p.seat, p.role) for p in table.state.players]
    again = table.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    assert _keys_to(again, SPECTATOR) == []


@pytest.mark.parametrize("game", sorted(SEES))
def test_a_spectator_not_muted_or_with_the_option_off_is_shown_no_role(game: str) -> None:
    on = with_the_dead(game, out=1, options={SEES[game]: True})
    assert _keys_to(on.send(SpectatorMuted(user_id=SPECTATOR, muted=False)), SPECTATOR) == []
    off = with_the_dead(game, out=1)
    assert _keys_to(off.send(SpectatorMuted(user_id=SPECTATOR, muted=True)), SPECTATOR) == []
    assert off.state.muted_spectators == [SPECTATOR]


@pytest.mark.parametrize("game", sorted(SEES))
def test_unwatch_forgets_the_mute_and_watching_again_shows_nothing_until_muted(game: str) -> None:
    table = with_the_dead(game, out=1, options={SEES[game]: True})
    table.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    table.send(Unwatch(user_id=SPECTATOR))
    assert table.state.muted_spectators == []
    back = table.send(Watch(user_id=SPECTATOR, name="Mika"))
    assert _keys_to(back, SPECTATOR) == ["watch.welcome"]


def test_spectator_muted_is_refused_for_anyone_not_watching() -> None:
    table = with_the_dead("werewolf", out=1, options={"graveyardReveal": True})
    assert reason(table.decide(SpectatorMuted(user_id="tg:999", muted=True))) == "not_player"
    assert reason(table.decide(SpectatorMuted(user_id=table.user(1), muted=True))) == "not_player"


def test_a_muted_spectator_of_deathnote_sees_each_night_result_as_the_dead_do() -> None:
    """DEATH NOTE 人狼's 霊界 sees each night's result as it resolves (``Afterlife.seen``): a muted
    spectator is told the same lines as a seat in the 霊界, until the end."""
    table = with_the_dead("deathnote", out=1, options={"afterlifeSees": True})
    table.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    driver = Driver(table.rules, Rng.seeded(7))
    nights = 0
    while not table.state.is_over and (command := driver.next_command(table.state)) is not None:
        listener = min(table.out())
        table.now = next_now(table.state, command, table.now)
        result = table.rules.decide(table.state, command, now=table.now, legal=driver.legal)
        assert isinstance(result, Accepted), result
        driver.observe(result.notices)
        table.state = result.state
        dead = [
            n.params["night"]
            for n in result.notices
            if n.key == "afterlife.night" and n.to == to_seat(listener)
        ]
        mine = [
            n.params["night"]
            for n in result.notices
            if n.key == "afterlife.night" and n.to == to_user(SPECTATOR)
        ]
        if not result.state.is_over:
            assert mine == dead
        nights += bool(dead)
    assert nights > 0


def test_a_muted_spectator_of_werewolf_sees_each_night_as_the_earlier_dead_do() -> None:
    """[WW-8.3] graveyardReveal: each morning the dead who died before are shown that night's actions
    (``grave.night``); a muted spectator is shown the same lines."""
    table = with_the_dead("werewolf", out=1, options={"graveyardReveal": True})
    table.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    driver = Driver(table.rules, Rng.seeded(5))
    nights = 0
    while not table.state.is_over and (command := driver.next_command(table.state)) is not None:
        table.now = next_now(table.state, command, table.now)
        result = table.rules.decide(table.state, command, now=table.now, legal=driver.legal)
        assert isinstance(result, Accepted), result
        driver.observe(result.notices)
        table.state = result.state
        dead = [n.params for n in result.notices if n.key == "grave.night" and n.to.kind == "team"]
        mine = [n.params for n in result.notices if n.key == "grave.night" and n.to == to_user(SPECTATOR)]
        assert mine == dead
        nights += bool(dead)
    assert nights > 0
