"""The ``user#`` pointer of a spectator (``/watch``, ``/unwatch``; ``core.engine.afterlife``): while they
watch, their 1:1 chat routes to the game they watch, so ``/t <text>`` there reaches its 霊界. Used by
:class:`handlers.service.Service` after an accepted ``Watch`` or ``Unwatch``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from core.engine.context import seat_of

if TYPE_CHECKING:
    from handlers.runner import GameRunner

log = logging.getLogger(__name__)


def point(runner: GameRunner, game_id: str, user_id: str, *, watching: bool, expires_at: int) -> None:
    """Point ``user_id``'s 1:1 chat at ``game_id`` (``watching``; until ``expires_at``, UTC epoch seconds),
    unless it names another game where they still play (a seat or a lobby place of a game not over: that
    game keeps their 1:1 chat; the 霊界 still reaches them, but their ``/t`` goes to their own game); or,
    after ``/unwatch``, release the pointer that still names ``game_id``. A store failure is logged,
    never raised: a stale pointer only routes their 1:1 commands to the game they watched."""
    store = runner.store
    try:
        current = store.get_pointer("user", user_id)
        if not watching:
            if current == game_id:
                store.set_pointer("user", user_id, None)
            return
        if current not in (None, game_id) and _plays(runner, current, user_id):
            return
        store.set_pointer("user", user_id, game_id, expires_at=expires_at)
    except Exception:
        log.exception("spectator pointer not set", extra={"game_id": game_id})


def _plays(runner: GameRunner, game_id: str, user_id: str) -> bool:
    """Whether ``user_id`` holds a lobby place or a seat in the unfinished game ``game_id``."""
    loaded = runner.load(game_id)
    if loaded is None or loaded.state.is_over:
        return False
    state = loaded.state
    return state.member(user_id) is not None or (bool(state.players) and seat_of(state, user_id) is not None)
