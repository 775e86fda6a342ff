"""「もう一回」: a new lobby with the players and settings of a finished game (docs/architecture.md "After
the game: rematch and statistics").

The finished game's group notice ``game.rematch`` carries the button (``core.engine.context.conclude``);
the service handles the tap (``handlers/rematch.py``): it checks here who may ask, builds the fresh lobby
with the game's own ``new_game`` from :func:`settings_of`, and seats the players with :func:`seat_again`.
Pure: the caller gives the ids, seed and time.
"""

from __future__ import annotations

from typing import Any, TypeVar

from core.engine.result import Rejected
from core.engine.table import ENDED, TableState

S = TypeVar("S", bound=TableState)


def check(old: TableState, user_id: str) -> Rejected | None:
    """Why ``user_id`` cannot ask for a rematch of ``old``, or None: the game must have ended with a
    result (``rematch.not_ended``: still running, or cancelled) and the tapper must have played in it
    (``rematch.not_player``)."""
    if old.phase != ENDED:
        return Rejected(reason="rematch.not_ended")
    if old.member(user_id) is None:
        return Rejected(reason="rematch.not_player")
    return None


def settings_of(old: TableState) -> dict[str, Any]:
    """The settings the rematch starts from: a deep copy of ``old``'s (host options, pool, cast, test
    setup …) in ``old``'s language."""
    settings: dict[str, Any] = old.model_dump(include={"settings"})["settings"]
    return {**settings, "locale": old.locale}


def seat_again(old: TableState, fresh: S, host: str) -> S:
    """``fresh`` (a new lobby of the same game) with ``old``'s members in their joining order, except those
    who left the group during the game (``PlayerLeft``); those the bot could not message stay marked so
    (the start waits for them, [ADZ-4.1]); ``host`` (the tapper) becomes the host."""
    left = {p.user_id for p in getattr(old, "players", []) if p.seat in old.left}
    fresh.members = [m.model_copy() for m in old.members if m.user_id not in left]
    fresh.unreachable = [u for u in old.unreachable if fresh.member(u) is not None]
    fresh.host = host
    return fresh
