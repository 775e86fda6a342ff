"""A spectator free to post in the group never reads what a silenced dead player writes (``afterlife.held``,
``readers``): while the game holds the seats out of the table silent in the group (政治家人狼, DEATH NOTE
人狼, 徒桜戦争 throughout play; 人狼 with ``strictMute``), a 霊界 text reaches only the spectators the
shell muted there too, and the shell is asked to mute every spectator; where the dead could post it
themselves (LINE cannot mute, 人狼 without ``strictMute``), every spectator reads it unmuted."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.commands import Say, SpectatorMuted
from handlers.outbox import recipients
from tests.games.afterlife.helpers import GAMES, SPECTATOR, with_the_dead

#: The games that hold their dead silent in the group by default, with the options that make 人狼 do so.
HELD: dict[str, dict[str, Any]] = {
    "adazakura": {}, "politician": {}, "deathnote": {}, "werewolf": {"strictMute": True},
}  # fmt: skip


def chats_of_a_dead_text(g: Any) -> list[str]:
    said = g.send(Say(user_id=g.user(g.out()[0]), text="わたしはキラの信者でした"))
    (relayed,) = [n for n in said.notices if n.key == "afterlife.say"]
    return recipients(g.rules, g.state, relayed)


@pytest.mark.parametrize("game", GAMES)
def test_while_the_dead_are_held_silent_only_a_muted_spectator_reads_them(game: str) -> None:
    g = with_the_dead(game, options=HELD[game])
    assert g.rules.spectators_to_mute(g.state) == [SPECTATOR], "the shell is asked to mute the spectator"
    assert SPECTATOR not in chats_of_a_dead_text(g), "an unmuted spectator could post it in the group"
    g.send(SpectatorMuted(user_id=SPECTATOR, muted=True))
    assert SPECTATOR in chats_of_a_dead_text(g)
    g.send(SpectatorMuted(user_id=SPECTATOR, muted=False))  # Telegram would not keep them muted (an admin)
    assert SPECTATOR not in chats_of_a_dead_text(g)


@pytest.mark.parametrize("game", GAMES)
def test_where_the_dead_could_say_it_themselves_every_spectator_reads_them(game: str) -> None:
    g = with_the_dead(game, options=HELD[game])
    g.state.settings["mutes"] = False  # LINE: nobody can be muted, the dead included
    assert g.rules.spectators_to_mute(g.state) == []
    assert SPECTATOR in chats_of_a_dead_text(g)


def test_werewolf_without_strict_mute_lets_the_dead_post_so_the_spectator_reads_unmuted() -> None:
    g = with_the_dead("werewolf")
    assert g.rules.speakers(g.state) is None
    assert g.rules.spectators_to_mute(g.state) == []
    assert SPECTATOR in chats_of_a_dead_text(g)
