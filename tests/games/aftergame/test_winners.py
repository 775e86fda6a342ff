"""Who won, for the group's statistics (``Game.winners``), and the 「もう一回」 button at the end: whole
bot games of every game (``core.engine.bots``), plus 徒桜戦争's Renri and draw endings."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.bots import BOT_SALT, play_out, start_bot_game
from core.engine.commands import CancelGame
from core.engine.notice import PUBLIC, Action, Notice
from core.engine.result import Accepted
from core.engine.rng import Rng
from core.games import rules_for
from core.games.politician.roles import CAMP
from tests.games.adazakura.table import table

SEEDS = range(1, 7)
PLAYERS = {"adazakura": 7, "politician": 7, "deathnote": 5}


def side_of(game: str, player: Any) -> str:
    """The side a winning seat won with, as the game's final announcement counts it."""
    if game == "adazakura":
        return "renri" if player.megami == "renri" else "adazakura" if player.madman else player.faction
    if game == "politician":
        return CAMP[player.role]
    return str(player.team)


def played(game: str, seed: int) -> tuple[Any, list[Notice]]:
    """A whole bot game of ``game``: its final state and every notice it produced."""
    rules = rules_for(game)
    start = start_bot_game(rules, PLAYERS[game], seed=seed)
    heard: list[Notice] = list(start.notices)
    out = play_out(
        rules, start.state, Rng.seeded(seed ^ BOT_SALT), 0, heard=start.notices,
        on_step=lambda result: heard.extend(result.notices),
    )  # fmt: skip
    return out.state, heard


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_winners_are_the_sides_of_the_announced_winning_seats(game: str, seed: int) -> None:
    state, _ = played(game, seed)
    assert state.phase == "ended"
    sides = rules_for(game).winners(state)
    assert set(sides) == {side_of(game, state.players[s - 1]) for s in state.winners}
    assert len(sides) == len(set(sides))


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_group_gets_one_rematch_button_as_the_games_last_word(game: str, seed: int) -> None:
    _, heard = played(game, seed)
    rematch = [n for n in heard if n.key == "game.rematch"]
    assert rematch == [heard[-1]]
    assert rematch[0].to == PUBLIC
    assert rematch[0].actions == [Action(kind="rematch")]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_cancelled_game_has_no_winners_and_no_rematch(game: str) -> None:
    rules = rules_for(game)
    start = start_bot_game(rules, PLAYERS[game], seed=3)
    cancelled = rules.decide(start.state, CancelGame(user_id="bot:1"), now=1)
    assert isinstance(cancelled, Accepted)
    assert cancelled.state.phase == "cancelled"
    assert rules.winners(cancelled.state) == []
    assert "game.rematch" not in [n.key for n in cancelled.notices]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_running_game_has_no_winners_yet(game: str) -> None:
    rules = rules_for(game)
    assert rules.winners(start_bot_game(rules, PLAYERS[game], seed=3).state) == []


#: 1 renri · 2 yatsuha/A · 3 shinra · 4 megumi · 5 himika (tests/games/adazakura/test_renri.py).
FIVE = "renri/- yatsuha/A shinra/S megumi/S himika/S"
DECK = ["hagane", "yurina", "saine", "tokoyo", "oboro", "chikage"]


def test_adz_renri_winning_beside_the_sakura_side_counts_for_both() -> None:
    t = table(FIVE, deck=DECK).night()
    t.discuss({1: "hagane"}).vote({3: 2, 4: 2, 5: 2})
    assert rules_for("adazakura").winners(t.state) == ["sakura", "renri"]


def test_adz_a_draw_has_no_winners_but_still_offers_a_rematch() -> None:
    t = table(FIVE).night().quiet_days(3).day().night()
    assert t.state.phase == "ended"
    assert t.state.result == "draw"
    assert rules_for("adazakura").winners(t.state) == []
    assert [h.key for h in t.public()][-1] == "game.rematch"
