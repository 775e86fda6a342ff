"""Games of platform users for the console's platform tests: the real :class:`handlers.service.Service`
over a :class:`infra.store.MemoryStore`, a recording sender, and each user's inputs as the platform
adapter would hand them in (``/newgame`` in the group, the private ``/start <game id>`` of the join
link, ``/startgame`` by the host). Times: UTC epoch seconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from itertools import count
from typing import Any

from devtools.local.sender import LocalSender
from handlers.messages import Inbound, TextCommand
from handlers.service import Service
from infra.store import MemoryStore
from tests.browser.serve import Loop


class Tables:
    """Games of one ``platform`` (``telegram``, ``line``) in one store, run on ``loop`` (the console
    server's); :meth:`open` seats users."""

    def __init__(self, platform: str, loop: Loop) -> None:
        self.platform, self.loop = platform, loop
        self.store = MemoryStore()
        self.sender = LocalSender()
        ids = count(1)
        self.service = Service(self.store, self.sender, new_id=lambda: f"g{next(ids)}", new_seed=lambda: 7,
                               settings_for=lambda chat_id: {"locale": "ja"})  # fmt: skip
        self._deliveries = count(1)
        #: The tables' clock: the wall clock when made (LINE's fake verify endpoint reads the wall clock).
        self.now = int(time.time())

    def _say(self, chat: str, user: str, intent: TextCommand, *, private: bool) -> None:
        inbound = Inbound(platform=self.platform, delivery_id=f"{self.platform}:{next(self._deliveries)}",
                          chat_id=chat, is_private=private, user_id=user, user_name=user.split(":")[-1][:8],
                          intent=intent)  # fmt: skip
        self.loop.run(lambda: self.service.handle(inbound, now=self.now))

    def open(self, group: str, users: Sequence[str], game: str = "deathnote") -> str:
        """Open a game of ``game`` in ``group`` with ``users`` (the first hosts), start it; its id."""
        self._say(group, users[0], TextCommand("newgame", (game,)), private=False)
        game_id = self.store.get_pointer("chat", group)
        assert game_id is not None, "no lobby opened"
        for user in users:
            self._say(user, user, TextCommand("start", (game_id,)), private=True)
        self._say(group, users[0], TextCommand("startgame"), private=False)
        assert self.state(game_id).players, f"{game} did not start"
        return game_id

    def state(self, game_id: str) -> Any:
        """The committed state of ``game_id``."""
        loaded = self.service.runner.load(game_id)
        assert loaded is not None, f"no game {game_id}"
        return loaded.state

    def snapshot(self, game_id: str) -> tuple[int, str]:
        """The game's committed version and state JSON (to show that a refused request changed nothing)."""
        stored = self.store.load(game_id)
        assert stored is not None
        return stored.version, stored.state
