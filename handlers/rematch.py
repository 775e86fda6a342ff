"""The 「もう一回」 button (docs/architecture.md "After the game: rematch and statistics"): a tap on a
finished game's ``game.rematch`` notice opens a new lobby in that group with the same game, the same
members (all seated again, reachability kept) and the same settings; the tapper, who must have played,
becomes the host (``core.engine.rematch``).

Refused with a toast (the tap's answer): a game that did not end with a result (``rematch.not_ended``),
a tapper who did not play (``rematch.not_player``), a group whose next lobby is already open
(``rematch.lobby_open``: the second tap) or whose next game runs (``game.running``), and a button of a
game that is no longer the group's latest (``rematch.stale``). A redelivered tap changes nothing. Times
are UTC epoch seconds.
"""

from __future__ import annotations

from typing import Any

import core.i18n as i18n
from core.engine import rematch
from core.engine.result import Rejected
from core.engine.table import LOBBY, Member
from handlers import lobbies
from handlers.decision import Loaded
from handlers.desk import Desk
from handlers.messages import Inbound, Outcome
from handlers.observability import DUPLICATE, outcome_of, traced


async def tap(desk: Desk, inbound: Inbound, finished: Loaded, now: int) -> Outcome:
    """Open the rematch of the finished game ``finished`` (loaded from the tapped button's game id) for the
    tapper of ``inbound``, or answer why not."""
    runner, old = desk.runner, finished.state
    user = inbound.user_id or ""
    current_id = runner.store.get_pointer("chat", old.chat_id)
    current = runner.load(current_id) if current_id and current_id != finished.game_id else None
    current = finished if current_id == finished.game_id else current
    delivery = inbound.delivery_id
    if current is not None and delivery and runner.store.has_delivery(current.stored, delivery):
        await runner.flush(current, now=now)  # what a failed first attempt left
        return traced(outcome_of(Rejected(reason=DUPLICATE)), current.game_id, None, "rematch")
    refusal = rematch.check(old, user) or _blocked(old, current_id, current)
    if refusal is not None:
        refused = await desk.refuse(inbound, refusal, old.locale, old.game)
        return traced(refused, old.game_id, old.phase, "rematch")
    await runner.flush(finished, now=now)  # its last messages first (LINE: they may still wait)
    await runner.settle(finished, now=now)
    state = await _open(desk, inbound, finished, user, now)
    ack = i18n.text("rematch.ok", old.locale, old.game)
    return traced(Outcome(ack=ack, game_id=state.game_id), state.game_id, state.phase, "rematch")


def _blocked(old: Any, current_id: str | None, current: Loaded | None) -> Rejected | None:
    """Why the group cannot have this rematch now: its latest game is another one, open or running."""
    if current_id == old.game_id:
        return None
    if current is None:
        return Rejected(reason="rematch.stale")
    latest = current.state
    if latest.phase == LOBBY:
        return Rejected(reason="rematch.lobby_open")
    return Rejected(reason="game.running" if not latest.is_over else "rematch.stale")


async def _open(desk: Desk, inbound: Inbound, finished: Loaded, user: str, now: int) -> Any:
    """Commit the new lobby with its ``lobby.rematch`` notice and point the group and the members' 1:1
    chats at it (a member whose 1:1 chat belongs to another game that still runs keeps that pointer)."""
    runner, rules, old = desk.runner, finished.rules, finished.state
    host = Member(user_id=user, name=old.member(user).name)
    fresh = rules.new_game(
        game_id=runner.new_id(), chat_id=old.chat_id, host=host,
        settings=rematch.settings_of(old), seed=runner.new_seed(), now=now,
    )  # fmt: skip
    state = rematch.seat_again(old, fresh, user)
    delivery = inbound.delivery_id
    await lobbies.open_lobby(desk, rules, state, "lobby.rematch", host, delivery_id=delivery, now=now)
    for m in state.members:
        if _free(desk, m.user_id, old.game_id):
            runner.store.set_pointer("user", m.user_id, state.game_id)
    return state


def _free(desk: Desk, user_id: str, old_id: str) -> bool:
    """Whether ``user_id``'s 1:1 chat may route to the rematch: it names no game, the finished one, or a
    game that is over."""
    pointed = desk.runner.store.get_pointer("user", user_id)
    if pointed in (None, old_id):
        return True
    loaded = desk.runner.load(pointed)
    return loaded is None or bool(loaded.state.is_over)
