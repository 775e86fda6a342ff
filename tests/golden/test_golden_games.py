"""Same seed, same game: bots-only games recorded before the engine's copy and caching were changed are
replayed, and every step (command, refusal or new state as stored, events, notices, ``changed``, every
seat's legal actions, the probes' answers) must hash the same, and the final state must be the same JSON,
byte for byte (:mod:`tests.golden.games`)."""

from __future__ import annotations

import json

import pytest

from tests.golden.games import GAMES, fixture_path, play


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{n}p-seed{s}" for g, n, s in GAMES])
def test_a_recorded_bots_game_replays_byte_for_byte(game: str, players: int, seed: int) -> None:
    recorded = json.loads(fixture_path(game, players, seed).read_text())
    steps, final = play(game, players, seed)
    first = next((i for i, (a, b) in enumerate(zip(steps, recorded["steps"], strict=False)) if a != b), None)
    assert first is None, f"step {first} of {len(recorded['steps'])} differs from the recording"
    assert len(steps) == len(recorded["steps"])
    assert final == json.dumps(recorded["final_state"], ensure_ascii=False, separators=(",", ":"))
