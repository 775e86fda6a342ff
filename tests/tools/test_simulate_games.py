"""``jinro-gm simulate --game <id>`` for every registered game: the JSON summary counts days and dealt roles
whatever shape the game's state has (徒桜戦争's ``day``/``night`` parts, 政治家人狼's day number)."""

from __future__ import annotations

import json

import pytest

from core.games import registry, rules_for
from devtools.__main__ import main


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_game_simulates_to_a_summary_with_days_and_roles(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = rules_for(game)
    players = min(max(rules.min_players, 7), rules.max_players)
    assert main(["simulate", "--game", game, "--players", str(players), "--games", "4", "--seed", "1"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["game"] == game
    assert summary["finished"] == 4
    assert summary["avg_days"] >= 1
    assert summary["roles_dealt"], "the roles dealt are counted"
    assert max(summary["roles_dealt"].values()) <= 4


@pytest.mark.parametrize("game", sorted(registry()))
def test_verbose_lines_name_the_dealt_roles(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_for(game)
    assert main(["simulate", "--game", game, "--players", str(rules.min_players), "--games", "1", "-v"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert len(line.split(" | ", 1)[1].split()) == rules.min_players
