"""Actions and team messages from the console (issue 9 item 2) take the chat tap's path: decide → one
write → notices; a retried client id applies once; a stale or illegal action is refused with the reason's
text and changes nothing."""

from __future__ import annotations

import asyncio
import json

import pytest

import core.i18n as i18n
from tests.console.table import ConsoleTable


def test_an_action_applies_and_answers_with_the_new_view() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        answer = await table.act(1, "night.yatsuha", [3], client_id="tap-1")
        assert answer["ok"] is True
        assert answer["message"] == i18n.text("tap.ok", "ja", "adazakura")
        assert table.version() == before + 1
        kinds = [n["action"]["kind"] for n in answer["view"]["actions"]]
        assert "cancel.yatsuha" in kinds or len(kinds) > 2  # the choice can now be taken back
        assert answer["view"]["feed"][-1]["text"] == table.game.sender.log[-1].text

    asyncio.run(run())


def test_a_repeated_client_id_applies_once_and_answers_ok() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        first = await table.act(1, "night.yatsuha", [3], client_id="same")
        sent = len(table.game.sender.log)
        again = await table.act(1, "night.yatsuha", [3], client_id="same")
        assert first["ok"] is True
        assert again["ok"] is True
        assert table.version() == before + 1
        assert len(table.game.sender.log) == sent
        other_user = await table.act(2, "done", [], client_id="same")  # the id is per user
        assert other_user["ok"] is True
        assert table.version() == before + 2

    asyncio.run(run())


def test_a_stale_phase_is_refused_with_its_reason_and_changes_nothing() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before, sent = table.version(), len(table.game.sender.log)
        answer = await table.act(1, "done", [], client_id="old", phase_seq=0)
        assert answer["ok"] is False
        assert answer["reason"] == "phase.stale"
        assert answer["message"] == i18n.text("reason.phase.stale", "ja", "adazakura")
        assert answer["view"]["phase_seq"] == 1
        assert table.version() == before
        assert len(table.game.sender.log) == sent

    asyncio.run(run())


def test_an_action_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        answer = await table.act(3, "night.yatsuha", [1], client_id="x")  # seat 3 is no Yatsuha
        assert answer["ok"] is False
        assert answer["reason"]
        assert answer["message"] == i18n.text(f"reason.{answer['reason']}", "ja", "adazakura")
        assert table.version() == before

    asyncio.run(run())


def test_the_night_team_channel_reaches_the_team_only() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()  # seats 1 and 2 are the Adazakura team [ADZ-11.6]
        team = {"channel": "team", "title": i18n.text("console.say.team.title", "ja", "adazakura"),
                "placeholder": i18n.text("console.say.team", "ja", "adazakura")}  # fmt: skip
        assert (await table.view(1))["say"] == team
        assert (await table.view(3))["say"] is None
        said = await table.post(1, "say", {"g": table.game_id, "text": "今夜は3番で", "client_id": "s1"})
        assert json.loads(said.body)["ok"] is True
        mate, sakura = await table.view(2), await table.view(3)
        assert "今夜は3番で" in mate["feed"][-1]["text"]
        assert "今夜は3番で" not in json.dumps(sakura, ensure_ascii=False)
        before = table.version()
        refused = json.loads((await table.post(3, "say", {"text": "やあ", "client_id": "s2"})).body)
        assert refused["ok"] is False
        assert refused["reason"] == "team.closed"
        assert table.version() == before

    asyncio.run(run())


@pytest.mark.parametrize("client_id", ["", "has space", "x" * 65, None, 7, "ü"])
def test_a_bad_client_id_is_400_and_changes_nothing(client_id: object) -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        data = {
            "g": table.game_id,
            "phase_seq": 1,
            "action": {"kind": "done", "args": []},
            "client_id": client_id,
        }
        response = await table.post(1, "act", data)
        assert response.status == 400
        assert json.loads(response.body)["error"] == "bad_request"
        assert table.version() == before

    asyncio.run(run())
