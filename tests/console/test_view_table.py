"""The console's end screen carries the result table (View JSON ``table``): every seat with
its role and fate, the vote table and the nights, in the game's language, as the recap page and picture
show them; nothing before the end."""

from __future__ import annotations

import asyncio

import pytest

import core.i18n as i18n
from core.games import registry
from tests.console.test_view_ending import finished


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote", "werewolf"])
def test_the_end_screen_has_the_result_table(game: str) -> None:
    async def run() -> None:
        table = await finished(game)
        state = table.game.state()
        shown = (await table.view(1, g=table.game_id))["table"]
        recap = registry()[game].table(state)
        assert recap is not None
        assert shown["headings"]["title"] == i18n.text("table.title", "en", game)
        assert shown["result"] == i18n.render_param(recap.result, "en", game)
        assert [(s["seat"], s["role"]) for s in shown["seats"]] == [
            (str(s.seat), i18n.render_param(s.role, "en", game)) for s in recap.seats
        ]
        assert [v["label"] for v in shown["votes"]] == [
            i18n.render_param(r.label, "en", game) for r in recap.votes
        ]
        assert len(shown["nights"]) == len(recap.timeline)

    asyncio.run(run())


def test_no_table_before_the_end() -> None:
    async def run() -> None:
        from devtools.local.game import LocalGame
        from tests.console.table import PLAYERS, ConsoleTable

        local = LocalGame(players=PLAYERS["werewolf"], lang="en", seed=1, game="werewolf", auto=True)
        table = ConsoleTable(local)
        await local.open()
        await local.step()
        assert (await table.view(1, g=table.game_id))["table"] is None

    asyncio.run(run())
