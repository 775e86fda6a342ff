"""Finding a game's rules: by its id, importing that game alone (a cold Lambda's first tap), and the same
rules as the registry of every game lists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.games import find_rules, registry, rules_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote", "werewolf"])
def test_the_rules_of_one_game_import_that_game_alone(game: str) -> None:
    script = (
        "import sys\nfrom core.games import rules_for\n"
        f"assert rules_for({game!r}).id == {game!r}\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('core.games.')}))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr([game])


def test_each_game_is_found_as_the_registry_lists_it() -> None:
    games = registry()
    assert set(games) == {"adazakura", "politician", "deathnote", "werewolf"}
    for game, rules in games.items():
        assert find_rules(game) is rules
        assert rules_for(game) is rules


@pytest.mark.parametrize("game", ["", "engine", "__init__", "chess", "adazakura.rules"])
def test_an_unknown_game_is_none_or_a_key_error(game: str) -> None:
    assert find_rules(game) is None
    with pytest.raises(KeyError):
        rules_for(game)
