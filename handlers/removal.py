"""Pointers of members a lobby no longer holds (the host's ``/kick``, a ``/leave``): their
``user#`` pointer is deleted, so their 1:1 chat no longer routes to that lobby and they may join another
game at once. Used by :class:`handlers.service.Service` after an accepted ``Kick`` or ``Leave``."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from handlers.runner import GameRunner

log = logging.getLogger(__name__)


def release_removed(runner: GameRunner, game_id: str, before: Any) -> None:
    """Delete the ``user#`` pointer of each member of ``before`` (the state loaded before the command)
    who is no longer a member of the stored game ``game_id`` and whose pointer still names it. A store
    failure is logged, never raised: a stale pointer only routes that player's 1:1 commands to the lobby
    until they join another game."""
    stored = runner.store.load(game_id)
    if stored is None:
        return
    kept = {m["user_id"] for m in json.loads(stored.state).get("members", [])}
    for member in before.members:
        if member.user_id in kept:
            continue
        try:
            if runner.store.get_pointer("user", member.user_id) == game_id:
                runner.store.set_pointer("user", member.user_id, None)
        except Exception:
            log.exception("user pointer not released", extra={"game_id": game_id})
