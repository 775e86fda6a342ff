"""``LocalGame.state()`` reads the game as ``handlers.decision.load_whole`` does at every moment of a whole
game, though it parses the item and the history only when they changed; and the log
``handlers.history.events`` reads is the events of every whole entry ``handlers.history.load`` reads."""

from __future__ import annotations

import asyncio

import pytest

from core.engine.result import Event
from devtools.local.game import LocalGame
from handlers import decision, history


def whole(game: LocalGame) -> object:
    loaded = decision.load_whole(game.store, game.game_id)
    assert loaded is not None
    return loaded.state


@pytest.mark.parametrize(("name", "players"), [("deathnote", 5), ("adazakura", 6)])
def test_the_state_is_the_whole_game_as_stored_at_every_step(name: str, players: int) -> None:
    async def run() -> None:
        game = LocalGame(game=name, players=players, lang="en", seed=1, auto=True)
        assert game.state() is None
        await game.open()
        checked = 0
        for _ in range(800):
            first = game.state()
            assert first == whole(game)
            # A caller changing what it got changes neither the store nor the next read.
            first.log.append(Event(kind="Scribbled"))
            first.players[0].alive = not first.players[0].alive
            assert game.state() == whole(game) != first
            checked += 1
            if game.is_over:
                break
            await game.step()
        assert game.is_over
        assert checked > 5
        stored = game.store.load(game.game_id)
        assert stored is not None
        entries = game.store.history(stored)
        assert history.events(entries) == [e for text in entries for e in history.load(text).events]
        assert len(game.state().log) > checked

    asyncio.run(run())
