"""The viewer's projection (issue 9 item 1): their role card and what they learned, the table's status, the
buttons of exactly their legal actions, their own private messages; never another seat's secrets; the
recap after the end."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.commands import Query
from core.engine.result import Accepted
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT
from handlers.console import view
from tests.console.table import ConsoleTable, leaves

GAMES = ("adazakura", "politician", "deathnote", "werewolf")


def me_reply(table: ConsoleTable, seat: int) -> str:
    """What ``/me`` answers seat ``seat`` in the chat, rendered as the chat shows it."""
    game = table.game
    state = game.state()
    user = game.rules.seats(state)[seat].user_id
    result = game.rules.decide(state, Query(user_id=user, what="me"), now=game.now)
    assert isinstance(result, Accepted)
    return "\n\n".join(i18n.render(n, state.locale, state.game) for n in result.notices)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_has_my_card_and_my_legal_actions_and_no_other_seat_s_card(game: str) -> None:
    async def run() -> None:
        table = await ConsoleTable.open(game)
        shown = await table.view(1)
        state = table.game.state()
        cards = {s["id"]: s["text"] for s in shown["sections"]}
        assert cards["card"] == me_reply(table, 1)
        assert "status" in cards
        assert shown["me"] == {
            "seat": 1,
            "name": state.member("local:1").name,
            "alive": True,
            "state": "alive",
        }
        legal = table.game.rules.legal_actions(state, 1)
        assert sorted(map(str, leaves(shown["actions"]))) == sorted(str((a.kind, a.args)) for a in legal)
        whole = json.dumps(shown, ensure_ascii=False)
        for seat in range(2, len(state.players) + 1):
            assert me_reply(table, seat) not in whole
        assert shown["game_id"] == table.game_id
        assert shown["title"] == i18n.text("game.name", "ja", game)
        assert shown["phase"] == state.phase
        assert shown["phase_seq"] == state.phase_seq
        assert shown["seconds_left"] == state.deadline_at - table.game.now
        assert shown["over"] is False
        assert shown["ui"] == i18n.texts("console.ui.", "ja", game)

    asyncio.run(run())


def test_every_private_message_of_mine_and_none_of_another_seat_is_in_my_feed() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        shown = await table.view(3)
        mine = [e.text for e in table.game.sender.log if e.chat_id == "local:3"]
        assert [e["text"] for e in shown["feed"]] == mine
        numbers = [e["n"] for e in shown["feed"]]
        assert numbers == sorted(set(numbers)), "each entry has its own number, growing with the game"
        theirs = [e.text for e in table.game.sender.log if e.chat_id == "local:1"]
        whole = json.dumps(shown, ensure_ascii=False)
        assert not [text for text in theirs if text not in mine and text in whole]
        # The newest message with buttons in this phase is the prompt to answer, from what is asked now.
        assert mine[-1].endswith(shown["prompt"])

    asyncio.run(run())


@pytest.mark.parametrize("seat", [1, 3])
def test_the_night_0_prompt_starts_at_what_is_asked_not_at_the_role_card(seat: int) -> None:
    async def run() -> None:
        table = await ConsoleTable.open()  # 徒桜戦争 night 0: the role card and the prompt come as one
        shown = await table.view(seat)
        card = next(s["text"] for s in shown["sections"] if s["id"] == "card")
        merged = next(e["text"] for e in shown["feed"] if e["phase_seq"] == shown["phase_seq"])
        assert merged.startswith(card)
        asked = i18n.text("night.prompt", "ja", "adazakura", night=0)
        assert shown["prompt"] == asked
        assert card not in shown["prompt"]

    asyncio.run(run())


def test_a_two_step_choice_is_a_tree_whose_steps_lead_to_legal_actions_only() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()  # seat 1 is Yatsuha: up to two seats on night 0 [ADZ-6]
        shown = await table.view(1)
        group = next(n for n in shown["actions"] if n["children"])
        assert group["action"] == {"kind": "night.yatsuha", "args": []}
        first = group["children"][0]
        assert first["action"]["args"] == [2]
        assert all(len(child["action"]["args"]) in (1, 2) for child in first["children"])
        assert all(node["label"] for node in first["children"])
        labels = json.dumps(shown["actions"], ensure_ascii=False)
        assert i18n.text("menu.menu", "ja", "adazakura") not in labels  # no back button: the page has one

    asyncio.run(run())


def test_a_lobby_member_sees_the_lobby_without_a_card_or_actions() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        other = await table.other_lobby("local:7")
        table.tokens.issue("local:7")
        response = await table.request(
            "GET", "/console/api/view", query={"g": other},
            headers={"authorization": f"Seat {table.tokens.issue('local:7')}"},
        )  # fmt: skip
        shown: dict[str, Any] = json.loads(response.body)
        assert shown["phase"] == "lobby"
        assert shown["phase_label"] == i18n.text("console.phase.lobby", "ja", "adazakura")
        assert shown["me"]["seat"] is None
        assert "card" not in [s["id"] for s in shown["sections"]]
        assert shown["actions"] == []
        assert shown["say"] is None

    asyncio.run(run())


@pytest.mark.parametrize("game", ["adazakura", "politician"])
def test_after_the_end_the_recap_the_group_got_is_a_section_and_nothing_is_left_to_do(game: str) -> None:
    async def run() -> None:
        local = LocalGame(players=6 if game == "adazakura" else 7, lang="en", seed=1, game=game, auto=True)
        table = ConsoleTable(local)
        await local.open()
        before = await table.view(1)
        assert "recap" not in [s["id"] for s in before["sections"]]
        for _ in range(500):
            if local.is_over:
                break
            await local.step()
        assert local.is_over
        shown = await table.view(1, g=local.game_id)  # the end released the user pointer: the link names it
        assert shown["over"] is True
        assert shown["actions"] == []
        recap = next(s for s in shown["sections"] if s["id"] == "recap")
        assert recap["title"] == "Recap"
        group = "\n\n".join(e.text for e in local.sender.log if e.chat_id == GROUP_CHAT)
        parts = [part for part in recap["text"].split("\n\n") if part]
        assert parts
        assert all(part in group for part in parts)

    asyncio.run(run())


@pytest.mark.parametrize(
    ("prompt", "card", "asked"),
    [
        ("役: オボロ\n\n夜2です。", "役: オボロ\n\n夜1: 2番はサクラ", "夜2です。"),
        ("夜2です。\n\n役: オボロ", "役: オボロ", "夜2です。"),
        ("夜2です。選んでください。", "役: オボロ", "夜2です。選んでください。"),
        ("役: オボロ", "役: オボロ", None),
        ("夜2です。", "", "夜2です。"),
        (None, "役: オボロ", None),
    ],
)
def test_the_prompt_leaves_out_what_the_card_shows(prompt: str | None, card: str, asked: str | None) -> None:
    assert view.asked_now(prompt, card) == asked
