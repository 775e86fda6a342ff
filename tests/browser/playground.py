"""The local browser playground (:class:`devtools.local.web.PlaygroundServer`) for the browser tests: a
server on a free port of 127.0.0.1 with one game, and what a test reads of it (the committed version and
state, the seats with their tokens) to decide its next click and to check what the pages showed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from devtools.local.web import PlaygroundServer


@contextmanager
def serving(game: str, players: int, seed: int) -> Iterator[PlaygroundServer]:
    """A playground of ``game`` (Japanese) with ``players`` seats dealt from ``seed``, stopped after."""
    server = PlaygroundServer(game=game, players=players, lang="ja", seed=seed, port=0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def table(server: PlaygroundServer) -> dict[str, Any]:
    """The playground's table as its page reads it (``/playground/api/state``)."""
    return server.playground.state()


def person(server: PlaygroundServer) -> dict[str, Any]:
    """The person's seat row (``local:1``): ``{"seat", "user_id", "name", "token", "owes", …}``."""
    return next(row for row in table(server)["seats"] if row["person"])


def committed(server: PlaygroundServer) -> tuple[int, Any]:
    """The game's committed version and state."""
    game = server.playground.game
    assert game is not None
    stored = game.store.load(game.game_id)
    assert stored is not None
    return stored.version, game.state()


def console_url(server: PlaygroundServer, row: dict[str, Any]) -> str:
    """The console of seat ``row`` (``/console?g=<game>&token=<seat token>``)."""
    return f"{server.url.rstrip('/')}/console?g={table(server)['game_id']}&token={row['token']}"
