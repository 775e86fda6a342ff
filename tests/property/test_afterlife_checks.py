"""The 霊界 in the random games (issue 24 §1): every playout proves that what the 霊界 relays never reaches
a living seat's user (:func:`tests.property.notices.assert_afterlife`, run by each game's never-leak
check); here, that the check catches each way of breaking it, and that the random games do relay 霊界
texts to the dead and to a spectator (so a green playout means something)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.engine.commands import Say
from core.engine.notice import Notice, to_afterlife, to_seat, to_team
from core.engine.table import Member
from core.games import rules_for
from handlers.outbox import recipients
from tests.games.afterlife.helpers import with_the_dead
from tests.property import deathnote_playout, politician_playout, werewolf_playout
from tests.property.notices import assert_afterlife, ref
from tests.property.playing import SPECTATOR

pytestmark = pytest.mark.property


def said(seats: list[int], *, to: Any = None) -> Notice:
    return Notice(key="afterlife.say", to=to or to_afterlife(seats, sender=None), params={"member": ref(1)})


def test_the_check_passes_the_dead_and_catches_each_way_to_the_living() -> None:
    g = with_the_dead("werewolf")
    dead, living = g.out(), g.living()
    assert_afterlife(g.state, [said(dead)], g.state)
    wrong = {
        "a living seat in the 霊界": said([*dead, living[0]]),
        "the 霊界's text to a seat": said([], to=to_seat(living[0])),
        "the 霊界's text to a team": said([], to=to_team(dead)),
        "another text in the 霊界": Notice(key="divine.result", to=to_afterlife(dead, sender=None)),
    }
    for label, notice in wrong.items():
        with pytest.raises(AssertionError, match="霊界"):
            assert_afterlife(g.state, [notice], g.state)
        assert label


def test_the_check_catches_a_spectator_who_sits_at_the_table() -> None:
    """The shell's expansion (the spectators) is checked too: a living seat's user listed as a spectator
    (which ``/watch`` refuses) would hear the 霊界."""
    g = with_the_dead("politician")
    living = g.living()[0]
    g.state.spectators.append(Member(user_id=g.user(living), name="x"))
    g.state.muted_spectators.append(g.user(living))  # muted: a reader of the 霊界 politician holds silent
    with pytest.raises(AssertionError, match="living users"):
        assert_afterlife(g.state, [said(g.out())], g.state)


Play = Callable[[Any, Callable[[Any], None]], Any]
GAMES: dict[str, tuple[Callable[[int, int], Any], Play, int]] = {
    "werewolf": (werewolf_playout.seeded_game, werewolf_playout.play, 9),
    "politician": (politician_playout.seeded_game, politician_playout.play, 9),
    "deathnote": (deathnote_playout.seeded_game, deathnote_playout.play, 6),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_random_games_relay_the_afterlife_to_the_dead_and_the_spectator(game: str) -> None:
    seeded, play, players = GAMES[game]
    heard: list[str] = []

    def listen(step: Any) -> None:
        for notice in step.outcome.notices:
            if notice.to.kind == "afterlife" and isinstance(step.command, Say):
                heard.extend(recipients(rules_for(game), step.after, notice))

    for seed in range(1, 8):
        play(seeded(players, seed), listen)
    assert SPECTATOR in heard
    assert any(user != SPECTATOR for user in heard)
