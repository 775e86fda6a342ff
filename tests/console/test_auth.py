"""Who may open a console (issue 9 item 3): no or a bad credential → 401; a non-member, a member of another
game or an unknown game → 403 with the same body, naming nothing; the game comes from ``g``, else the
platform's start parameter, else the viewer's current game."""

from __future__ import annotations

import asyncio
import json

from handlers.console.auth import SeatTokens, Viewer
from tests.console.table import ConsoleTable

VIEW = "/console/api/view"


def test_no_or_a_bad_credential_is_401_and_changes_nothing() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        before = table.version()
        good = table.tokens.issue("local:1")
        for headers in ({}, {"authorization": "Seat nope"}, {"authorization": f"Bearer {good}"},
                        {"authorization": f"Seat {good}x"}, {"authorization": "Seat"}):  # fmt: skip
            response = await table.request("GET", VIEW, query={"g": table.game_id}, headers=headers)
            assert response.status == 401, headers
            assert json.loads(response.body)["error"] == "unauthorized"
            act = {
                "g": table.game_id,
                "phase_seq": 1,
                "action": {"kind": "done", "args": []},
                "client_id": "a",
            }
            posted = await table.request(
                "POST", "/console/api/act", headers=headers, body=json.dumps(act).encode()
            )
            assert posted.status == 401
        assert table.version() == before

    asyncio.run(run())


def test_a_non_member_a_member_of_another_game_and_an_unknown_game_get_the_same_403() -> None:
    async def run() -> None:
        table = await ConsoleTable.open()
        other = await table.other_lobby("local:7")
        stranger = {"authorization": f"Seat {table.tokens.issue('local:8')}"}
        member_elsewhere = {"authorization": f"Seat {table.tokens.issue('local:7')}"}
        bodies = set()
        for headers, game_id in ((stranger, table.game_id), (member_elsewhere, table.game_id),
                                 (table.auth(1), "nosuchgame"), (table.auth(1), other)):  # fmt: skip
            response = await table.request("GET", VIEW, query={"g": game_id}, headers=headers)
            assert response.status == 403
            bodies.add(response.body)
        assert len(bodies) == 1
        text = bodies.pop().decode()
        assert table.game_id not in text
        assert other not in text
        assert "ミナト" not in text
        # The member of the other lobby sees their own lobby (their pointer) without naming it.
        own = await table.request("GET", VIEW, headers=member_elsewhere)
        assert own.status == 200
        assert json.loads(own.body)["game_id"] == other

    asyncio.run(run())


def test_the_game_comes_from_g_else_the_platform_else_the_pointer() -> None:
    class StartParam:
        async def viewer(self, authorization: str, *, now: int) -> Viewer | None:
            return Viewer(user_id="local:2", game_id=authorization)

    async def run() -> None:
        table = await ConsoleTable.open()
        assert (await table.view(1))["game_id"] == table.game_id  # the user pointer
        table.api.authenticator = StartParam()
        named = await table.request("GET", VIEW, headers={"authorization": table.game_id})
        assert json.loads(named.body)["me"]["seat"] == 2
        wrong = await table.request("GET", VIEW, headers={"authorization": "elsewhere"})
        assert wrong.status == 403

    asyncio.run(run())


def test_seat_tokens_are_random_per_user_and_stable() -> None:
    tokens = SeatTokens()
    first, second = tokens.issue("local:1"), tokens.issue("local:2")
    assert first != second
    assert len(first) >= 32
    assert tokens.issue("local:1") == first
    assert asyncio.run(tokens.viewer(f"Seat {second}", now=0)) == Viewer(user_id="local:2")
    assert asyncio.run(SeatTokens().viewer(f"Seat {first}", now=0)) is None
