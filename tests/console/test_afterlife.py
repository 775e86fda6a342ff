"""The console's 霊界 (issue 24 §1-2): a seat out of the table and a spectator get a 霊界 tab and its say
box; a spectator's console is read-only (the public table, the 霊界, no buttons); no living seat's view
ever holds a 霊界 text."""

from __future__ import annotations

import asyncio
import json
from itertools import count
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.commands import SpectatorMuted
from devtools.local.game import LocalGame
from devtools.local.sender import GROUP_CHAT, user_id
from handlers.messages import TextCommand
from tests.console.table import PLAYERS, ConsoleTable

SPECTATOR = "local:90"
#: Client ids of the says (one per request: the console applies a client id once).
CLIENTS = count(1)


#: A seed per game whose bots put a seat out of the table before the end.
SEEDS = {"politician": 2, "deathnote": 3, "werewolf": 2}


async def watched(game: str) -> ConsoleTable:
    """A bots-only local ``game`` with a spectator, played until a seat is out of the table."""
    local = LocalGame(players=PLAYERS[game], lang="ja", seed=SEEDS[game], game=game, auto=True)
    table = ConsoleTable(local)
    await local.open()
    local.names[SPECTATOR] = "Kai"
    await local.deliver(SPECTATOR, TextCommand("watch"), private=False)
    # muted in the group, as the Telegram shell does while the dead are held silent (the playground cannot)
    muted = SpectatorMuted(user_id=SPECTATOR, muted=True)
    await local.service.runner.apply(local.game_id, muted, delivery_id=None, now=local.now)
    for _ in range(200):
        state = local.state()
        if state.is_over or local.rules.afterlife(state):  # a seat in the 霊界 (政治家人狼: after the speech)
            break
        await local.step()
    assert not local.state().is_over, "the game ended before anybody was out of the table"
    return table


async def view_of(table: ConsoleTable, user: str) -> dict[str, Any]:
    headers = {"authorization": f"Seat {table.tokens.issue(user)}"}
    response = await table.request("GET", "/console/api/view", headers=headers)
    assert response.status == 200, response.body
    return dict(json.loads(response.body))


async def say(table: ConsoleTable, user: str, text: str) -> dict[str, Any]:
    headers = {"authorization": f"Seat {table.tokens.issue(user)}"}
    client = f"c{next(CLIENTS)}"
    body = json.dumps({"g": table.game_id, "text": text, "client_id": client}).encode()
    response = await table.request("POST", "/console/api/say", headers=headers, body=body)
    assert response.status == 200, response.body
    return dict(json.loads(response.body))


@pytest.mark.parametrize("game", ["politician", "deathnote", "werewolf"])
def test_the_dead_and_the_spectator_share_the_afterlife_tab_and_the_living_never_see_it(game: str) -> None:
    async def run() -> None:
        table = await watched(game)
        state = table.game.state()
        dead = state.players[table.game.rules.afterlife(state)[0] - 1]
        living = [p for p in state.players if p.alive]

        mine = await view_of(table, dead.user_id)
        assert mine["say"]["channel"] == "afterlife"
        assert mine["afterlife"] == []
        answer = await say(table, dead.user_id, "霊界からこんにちは")
        assert answer["ok"] is True, answer

        watcher = await view_of(table, SPECTATOR)
        assert [e["text"] for e in watcher["afterlife"] if "霊界からこんにちは" in e["text"]]
        assert watcher["actions"] == []
        assert watcher["read_only"] is True
        assert watcher["me"]["state"] == "spectator"
        assert watcher["say"]["channel"] == "afterlife"
        assert "card" not in {s["id"] for s in watcher["sections"]}
        assert "status" in {s["id"] for s in watcher["sections"]}
        back = await say(table, SPECTATOR, "観戦者より")
        assert back["ok"] is True, back
        assert [e for e in (await view_of(table, dead.user_id))["afterlife"] if "観戦者より" in e["text"]]

        for player in living:
            shown = json.dumps(await view_of(table, player.user_id), ensure_ascii=False)
            assert "霊界からこんにちは" not in shown, player.seat
            assert "観戦者より" not in shown, player.seat
        chats = [e.text for e in table.game.sender.log if e.chat_id in {p.user_id for p in living}]
        assert not [t for t in chats if "霊界からこんにちは" in t or "観戦者より" in t]
        group = [e.text for e in table.game.sender.log if e.chat_id == GROUP_CHAT]
        assert not [t for t in group if "霊界からこんにちは" in t]
        spectator = [e.text for e in table.game.sender.log if e.chat_id == SPECTATOR]
        assert [t for t in spectator if "霊界からこんにちは" in t]

    asyncio.run(run())


def test_a_spectator_cannot_act_and_a_stranger_still_cannot_open_the_console() -> None:
    async def run() -> None:
        table = await watched("politician")
        headers = {"authorization": f"Seat {table.tokens.issue(SPECTATOR)}"}
        seq = table.game.state().phase_seq
        body = json.dumps({"g": table.game_id, "phase_seq": seq, "action": {"kind": "vote", "args": [1]},
                           "client_id": "x"}).encode()  # fmt: skip
        acted = await table.request("POST", "/console/api/act", headers=headers, body=body)
        assert json.loads(acted.body)["reason"] == "not_player"
        stranger = {"authorization": f"Seat {table.tokens.issue(user_id(77))}"}
        response = await table.request(
            "GET", "/console/api/view", query={"g": table.game_id}, headers=stranger
        )
        assert response.status == 403

    asyncio.run(run())


def test_a_spectator_the_playground_muted_reads_every_role_in_the_console() -> None:
    """霊界表示 on (人狼's ``graveyardReveal``): the playground mutes a spectator as the bot mutes one on
    Telegram (``devtools.local.speech``: ``SpectatorMuted`` once the game asks for it), who then reads every
    role in the console's feed; an unmuted spectator is shown nothing
    hidden (tests/games/afterlife/test_spectators_see.py, tests/e2e/test_telegram_spectators_see.py)."""

    async def run() -> None:
        local = LocalGame(players=PLAYERS["werewolf"], lang="ja", seed=2, game="werewolf", auto=True,
                          options=["graveyardReveal on"])  # fmt: skip
        table = ConsoleTable(local)
        await local.open()
        local.names[SPECTATOR] = "Kai"
        await local.deliver(SPECTATOR, TextCommand("watch"), private=False)
        heading = i18n.text("afterlife.roles", "ja", "werewolf", lines=[]).splitlines()[0]
        state = local.state()
        assert state.muted_spectators == [SPECTATOR]
        after = await view_of(table, SPECTATOR)
        [shown] = [e["text"] for e in after["feed"] if heading in e["text"]]
        for p in state.players:
            assert local.names[p.user_id] in shown
            assert i18n.text(f"role.{p.role}.name", "ja", "werewolf") in shown
        assert after["actions"] == []
        assert after["read_only"] is True

    asyncio.run(run())


@pytest.mark.parametrize("game", ["politician", "werewolf"])
def test_the_writer_reads_their_own_words_in_their_afterlife_tab_and_their_chat_gets_no_echo(
    game: str,
) -> None:
    """A seat out of the table and a spectator each find what they wrote in their own 霊界 tab (as any
    chat shows its writer their words), while their 1:1 chat is told ``afterlife.sent`` only: no echo."""

    async def run() -> None:
        table = await watched(game)
        state = table.game.state()
        dead = state.players[table.game.rules.afterlife(state)[0] - 1]
        for writer, words in ((dead.user_id, "自分の霊界メモ"), (SPECTATOR, "観戦者の霊界メモ")):
            sent = len(table.game.sender.log)
            answer = await say(table, writer, words)
            assert answer["ok"] is True, answer
            tab = [e["text"] for e in (await view_of(table, writer))["afterlife"]]
            assert [t for t in tab if words in t], (writer, tab)
            chat = [e.text for e in table.game.sender.log[sent:] if e.chat_id == writer]
            assert chat == [i18n.text("afterlife.sent", "ja", game)], chat

    asyncio.run(run())


def test_a_late_spectator_reads_the_afterlife_written_before_they_came() -> None:
    """One who watches after the 霊界 had posts finds them in their 霊界 tab (the console reads the history,
    and a 霊界 text reaches every spectator of the game as it stands when read)."""

    async def run() -> None:
        table = await watched("werewolf")
        state = table.game.state()
        dead = state.players[table.game.rules.afterlife(state)[0] - 1]
        assert (await say(table, dead.user_id, "先に書いたこと"))["ok"] is True
        late = "local:late"
        table.game.names[late] = "Ren"
        await table.game.deliver(late, TextCommand("watch"), private=False)
        view = await view_of(table, late)
        assert [e for e in view["afterlife"] if "先に書いたこと" in e["text"]]
        assert "ありません" not in view["ui"]["afterlife_empty"], "an empty tab never claims nobody wrote"

    asyncio.run(run())
