"""``jinro-gm play --game politician``: 政治家人狼 in the playground, through the same shell as 徒桜戦争
(nothing in devtools/local is one game's): a whole game, a fixed deal, wolves agreeing on one negative
campaign (AMB-27) with the person and among bots."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

from core.games import registry
from devtools.local.game import LocalGame
from devtools.local.terminal import Screen, play
from devtools.local.texts import game_name, ui
from tests.local.runner import Play

pytestmark = pytest.mark.skipif("politician" not in registry(), reason="the politician core is not there")

#: Six seats, the person first: two wolf members (so proposals are relayed and must agree) and four humans.
WOLF_DEAL = ("wolf_member", "wolf_member", "human_member", "human_member", "reporter", "guard")


def _proposals(state: Any) -> list[dict[str, object]]:
    """Each resolved night's wolf proposals ``{seat: target}``, in night order."""
    return [e.data["proposals"] for e in state.log if e.kind == "NightResolved"]


def test_an_auto_game_of_politician_reaches_its_end(play: Play) -> None:
    run = play("--game", "politician", "--auto", "--seed", "1", "--players", "7")
    state = run.state()
    assert run.status == 0
    assert state.game == "politician"
    assert state.is_over
    assert state.result in ("human", "wolf")
    assert run.out.startswith(game_name("politician", "ja"))
    assert run.out.rstrip().endswith(ui("over", "ja"))


def test_the_deal_is_given_to_the_rules_unchanged(play: Play) -> None:
    run = play("--game", "politician", "--seed", "2", "--players", "6", stdin="/quit\n", deal=WOLF_DEAL)
    assert [p.role for p in run.state().players] == list(WOLF_DEAL)


def test_wolf_bots_agree_on_one_negative_campaign_target() -> None:
    agreed = 0
    for seed in (1, 2, 3):
        game = LocalGame(game="politician", players=15, lang="en", seed=seed, auto=True)
        asyncio.run(play(game, Screen(game, io.StringIO(), color=False), lambda: None, seed=seed, echo=False))
        for night in _proposals(game.state()):
            assert len(set(night.values())) == 1, (seed, night)
            agreed += len(night) > 1
    assert agreed >= 2, "no night with two wolf proposals was played"


def test_the_other_wolf_follows_the_persons_proposal() -> None:
    for seed in range(1, 30):
        picked = _first_night_as_a_wolf(seed)
        if picked is None:
            continue  # a wolf was elected on day 1: no two wolves that night
        game, target = picked
        first = _proposals(game.state())[0]
        assert set(first) == {"1", "2"}, "both wolves proposed"
        assert set(first.values()) == {target}
        return
    pytest.fail("no seed in 1..29 has both wolves active on the first night")


def _first_night_as_a_wolf(seed: int) -> tuple[LocalGame, int] | None:
    """The person (seat 1, a wolf) idles until the first night, then proposes a human the other wolf
    did not; returns the game once that night resolved and the person's target, or None if the other
    wolf is not active that night."""
    game = LocalGame(game="politician", players=6, lang="en", seed=seed, deal=WOLF_DEAL)
    screen = Screen(game, io.StringIO(), color=False)
    picked: list[int] = []

    def read() -> str | None:
        state = game.state()
        if picked:
            return None if _proposals(state) else ""
        if state.phase != "night":
            return ""
        if not all(state.players[s - 1].alive for s in (1, 2)):
            return None
        return _press_kill(state, screen, picked)

    asyncio.run(play(game, screen, read, seed=seed, echo=False))
    return (game, picked[0]) if picked else None


def _press_kill(state: Any, screen: Screen, picked: list[int]) -> str:
    """The number of a kill button for a human the other wolf did not propose; remembers the target."""
    wolves = {p.seat for p in state.players if p.role == "wolf_member"}
    proposed = set(state.night.proposals.values())
    for number, (button, _) in enumerate(screen.buttons, start=1):
        action = button.tap.action
        target = action.args[0] if action.args else None
        if action.kind == "kill" and isinstance(target, int) and target not in wolves | proposed:
            picked.append(target)
            return str(number)
    return ""
