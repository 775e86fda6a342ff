"""A console over a whole local game: :class:`ConsoleTable` is a :class:`~devtools.local.game.LocalGame` (the
real Service on a MemoryStore, bots in the other seats, a fake clock) with a :class:`ConsoleApi` and the
local playground's seat tokens, and the requests a page would send."""

from __future__ import annotations

import json
from typing import Any

from devtools.local.game import LocalGame
from devtools.local.sender import user_id
from handlers.console.api import ConsoleApi, ConsoleRequest, ConsoleResponse
from handlers.console.auth import SeatTokens
from handlers.messages import Inbound, TextCommand

#: 徒桜戦争, six seats: the person (seat 1) and seat 2 are the Adazakura team; the others Sakura.
ADZ_DEAL = ("yatsuha/A", "megumi/A", "hagane/S", "tokoyo/S", "honoka/S", "utsuro/S")
#: Players per game for the tables of every game.
PLAYERS = {"adazakura": 6, "politician": 7, "deathnote": 6, "werewolf": 6}


class ConsoleTable:
    """``game`` opened and started (``/newgame``, every seat joins, ``/startgame``); bots have not moved."""

    def __init__(
        self, game: LocalGame, *, platform: str = "local", page_config: dict[str, Any] | None = None
    ):
        self.game = game
        self.tokens = SeatTokens()
        self.api = ConsoleApi(game.service, self.tokens, platform=platform, page_config=page_config)

    @classmethod
    async def open(
        cls, game: str = "adazakura", *, lang: str = "ja", seed: int = 1, **kwargs: Any
    ) -> ConsoleTable:
        deal = ADZ_DEAL if game == "adazakura" else None
        local = LocalGame(players=PLAYERS[game], lang=lang, seed=seed, deal=deal, game=game)
        table = cls(local, **kwargs)
        await local.open()
        return table

    @property
    def game_id(self) -> str:
        return self.game.game_id

    def version(self) -> int:
        stored = self.game.store.load(self.game_id)
        assert stored is not None
        return stored.version

    def auth(self, seat: int) -> dict[str, str]:
        return {"authorization": f"Seat {self.tokens.issue(user_id(seat))}"}

    async def request(
        self, method: str, path: str, *, query: dict[str, str] | None = None,
        headers: dict[str, str] | None = None, body: bytes = b"",
    ) -> ConsoleResponse:  # fmt: skip
        request = ConsoleRequest(method, path, query or {}, headers or {}, body)
        return await self.api.handle(request, now=self.game.now)

    async def view(self, seat: int, **query: str) -> dict[str, Any]:
        response = await self.request("GET", "/console/api/view", query=query, headers=self.auth(seat))
        assert response.status == 200, response.body
        return dict(json.loads(response.body))

    async def post(self, seat: int, route: str, data: dict[str, Any]) -> ConsoleResponse:
        body = json.dumps(data).encode()
        return await self.request("POST", f"/console/api/{route}", headers=self.auth(seat), body=body)

    async def act(self, seat: int, kind: str, args: list[Any], *, client_id: str, phase_seq: int | None = None
                  ) -> dict[str, Any]:  # fmt: skip
        seq = self.game.state().phase_seq if phase_seq is None else phase_seq
        data = {
            "g": self.game_id,
            "phase_seq": seq,
            "action": {"kind": kind, "args": args},
            "client_id": client_id,
        }
        response = await self.post(seat, "act", data)
        assert response.status == 200, response.body
        return dict(json.loads(response.body))

    async def other_lobby(self, user: str) -> str:
        """A second game's lobby, opened in another group by ``user`` (who joins it); its game id."""
        service, now = self.game.service, self.game.now
        opened = Inbound(
            "local", None, "local:group2", False, user, "Zed", TextCommand("newgame", ("adazakura",))
        )
        await service.handle(opened, now=now)
        game_id = self.game.store.get_pointer("chat", "local:group2")
        assert game_id is not None
        assert game_id != self.game_id
        join = Inbound("local", None, user, True, user, "Zed", TextCommand("start", (game_id,)))
        await service.handle(join, now=now)
        return game_id


def leaves(nodes: list[dict[str, Any]]) -> list[tuple[str, tuple[Any, ...]]]:
    """Every final action of a view's action tree as ``(kind, args)``."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    for node in nodes:
        if node["children"] is None:
            out.append((node["action"]["kind"], tuple(node["action"]["args"])))
        else:
            out += leaves(node["children"])
    return out
