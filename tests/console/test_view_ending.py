"""Tester's findings on the console (issue 9): the end shows who won as the group got it, the header
names the viewer's standing in their game's words (an elected politician is not "dead"), no question is
left once nothing can be answered, and a tap must name the phase it was made in."""

from __future__ import annotations

import asyncio
import json

import pytest

import core.i18n as i18n
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT
from tests.console.table import PLAYERS, ConsoleTable

#: The catalog key of the winner's name in each game's final announcement.
WINNER_KEY = {
    "adazakura": "end.result.{}", "politician": "camp.{}", "deathnote": "result.{}", "werewolf": "result.{}",
}  # fmt: skip


async def finished(game: str) -> ConsoleTable:
    local = LocalGame(players=PLAYERS[game], lang="en", seed=1, game=game, auto=True)
    table = ConsoleTable(local)
    await local.open()
    for _ in range(800):
        if local.is_over:
            break
        await local.step()
    assert local.is_over
    return table


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote", "werewolf"])
def test_the_recap_starts_with_the_winner_announcement_the_group_got(game: str) -> None:
    async def run() -> None:
        table = await finished(game)
        state = table.game.state()
        shown = await table.view(1, g=table.game_id)
        recap = next(s for s in shown["sections"] if s["id"] == "recap")["text"]
        winner = i18n.text(WINNER_KEY[game].format(state.result), "en", game)
        group = [e.text for e in table.game.sender.log if e.chat_id == GROUP_CHAT]
        line = next(ln for text in group for ln in text.splitlines() if winner in ln)
        assert recap.count(line) == 1
        opening = recap.split("\n\n")[0]  # the section starts with the announcement the group got
        assert line in opening
        assert any(opening in text for text in group)

    asyncio.run(run())


@pytest.mark.parametrize("game", ["adazakura", "politician", "deathnote", "werewolf"])
def test_the_header_names_each_seat_s_standing_in_its_game_s_words(game: str) -> None:
    async def run() -> None:
        table = await finished(game)
        state = table.game.state()
        for number in range(1, len(state.players) + 1):
            me = (await table.view(number, g=table.game_id))["me"]
            player = next(p for p in state.players if p.seat == me["seat"])
            if game == "politician":
                expected = {"active": "alive"}.get(player.status, player.status)
            else:
                expected = "alive" if player.alive else {"deathnote": "eliminated"}.get(game, "dead")
            assert me["state"] == expected
            assert me["alive"] is player.alive
            if expected != "alive":
                assert me["state"] != "dead" or game in ("adazakura", "werewolf")
        shown = await table.view(1, g=table.game_id)
        for word in ("alive", "dead", "eliminated", "out", "elected"):
            assert shown["ui"][f"state.{word}"] == i18n.text(f"console.ui.state.{word}", "en", game)

    asyncio.run(run())


def test_an_elected_politician_is_shown_elected_not_dead() -> None:
    async def run() -> None:
        table = await finished("politician")
        elected = [int(p.user_id.split(":")[1]) for p in table.game.state().players if p.status == "elected"]
        assert elected
        me = (await table.view(elected[0], g=table.game_id))["me"]
        assert me["state"] == "elected"
        assert me["alive"] is False

    asyncio.run(run())


def test_once_nothing_is_left_to_do_the_question_is_gone() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        emptied = []
        for seat in range(1, 7):
            if not (await table.view(seat))["prompt"]:
                continue
            answer = await table.act(seat, "done", [], client_id=f"done-{seat}")
            shown = await table.view(seat)
            if answer["ok"] and shown["actions"] == []:
                emptied.append(shown["prompt"])
        assert emptied
        assert emptied == [None] * len(emptied)

    asyncio.run(run())


@pytest.mark.parametrize("extra", [{}, {"phase_seq": None}, {"phase_seq": "1"}, {"phase_seq": 1.0}])
def test_an_action_without_its_phase_is_400_and_changes_nothing(extra: dict[str, object]) -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before, sent = table.version(), len(table.game.sender.log)
        data = {"g": table.game_id, "action": {"kind": "done", "args": []}, "client_id": "no-seq", **extra}
        response = await table.post(1, "act", data)
        assert response.status == 400
        assert json.loads(response.body)["error"] == "bad_request"
        assert table.version() == before
        assert len(table.game.sender.log) == sent

    asyncio.run(run())
