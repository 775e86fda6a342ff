"""The group's membership as it changes under a table: a member who left the group or came back, the bot
removed from it, the group moved to a new chat id, and a running phase that waits only for members away.

Nothing waits on a player who left the group (``core.engine.afk.away``): a living seat still away when a
phase ends is out of the game (``core.engine.afk.drop``, 突然死), and a phase that still waits only for
seats away closes at once, as at its deadline. ``core.engine.decide`` routes ``LeftChat``, ``BackInChat``,
``BotRemoved`` and ``MoveChat`` here and calls :func:`catch_up` after every accepted change.

Functions take the game's working context (``core.engine.context.TableCtx``) and return a refusal or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine import afk
from core.engine.context import TableCtx, leave_lobby, seat_of
from core.engine.notice import Notice, to_user
from core.engine.result import Rejected
from core.engine.table import CANCELLED


def catch_up(
    g: TableCtx[Any],
    seq: int,
    *,
    waiting: Callable[[Any], set[int]],
    close: Callable[[Any], Rejected | None],
    leave: afk.Leave | None,
) -> None:
    """After a change that began in phase ``seq`` (its ``phase_seq``): a living seat still away when a
    phase ended (``phase_seq`` moved past ``seq``) is out of the game (``game.sudden_death``, the game's
    ``leave`` effect and win check); a running phase whose ``waiting`` seats are all away closes at once
    through ``close``, as at its deadline (their choices time out); and again, until neither holds
    (bounded: each round drops a seat or ends a phase)."""
    s = g.s
    for _ in range(2 * len(s.players) + 2):
        if not s.players or s.is_over or not s.left:
            return
        gone = sorted(seat for seat in afk.away(s) if g.p(seat).alive)
        if gone and s.phase_seq != seq:
            for seat in gone:
                if not s.is_over:
                    afk.drop(g, seat, by_host=False, leave=leave)
            seq = s.phase_seq
            continue
        pending = waiting(g)
        if s.deadline_at is None or not pending or not pending <= afk.away(s):
            return
        seq = s.phase_seq
        if close(g) is not None:
            return


def moved(g: TableCtx[Any], chat_id: str) -> Rejected | None:
    """The group now lives at ``chat_id``: every later group notice goes there. Refuses the same chat
    (``chat.same``)."""
    if g.s.chat_id == chat_id:
        return Rejected(reason="chat.same")
    g.s.chat_id = chat_id
    g.log("ChatMoved", chat_id=chat_id)
    return None


def bot_removed(g: TableCtx[Any], clear: Callable[[Any], None]) -> Rejected | None:
    """The bot was removed from the group: the game ends without a result (``clear`` drops the game's open
    windows); each member hears why in the 1:1 chat (``game.bot_removed``), since the group can no longer
    be reached. Refuses a finished game (``game.over``)."""
    s = g.s
    if s.is_over:
        return Rejected(reason="game.over")
    clear(s)
    s.enter(CANCELLED, now=g.now, seconds=None)
    g.notices += [Notice(key="game.bot_removed", to=to_user(m.user_id)) for m in s.members]
    g.log("GameCancelled", reason="bot_removed")
    return None


def left(g: TableCtx[Any], user_id: str) -> Rejected | None:
    """``user_id`` left the group. In the lobby they leave it as with ``/leave`` (the host passes on).
    In a game a living seat's departure is announced once (``game.player_left``): nothing waits for it
    from now on, and if it is still away when the phase ends it is out of the game (:func:`catch_up`); a
    host who left hands the host's ``/cancel`` to the first seat still in the group
    (``game.host_passed``). Refuses a second report of the same departure (``left.already``), a finished
    game (``game.over``) and a non-member (``not_player``)."""
    s = g.s
    if s.is_over:
        return Rejected(reason="game.over")
    seat = seat_of(s, user_id)
    if seat is None:
        return leave_lobby(g, user_id)
    gone = set(s.left)
    if seat in gone:
        return Rejected(reason="left.already")
    s.left.append(seat)
    g.log("PlayerLeft", seat=seat)
    if g.p(seat).alive and seat not in afk.kicked(s):
        g.announce("game.player_left", player=g.ref(seat))
    heir = next((p.seat for p in s.players if p.seat not in gone | {seat}), None)
    if s.host == user_id and heir is not None:
        s.host = g.p(heir).user_id
        g.announce("game.host_passed", player=g.ref(heir))
    return None


def back(g: TableCtx[Any], user_id: str) -> Rejected | None:
    """``user_id`` is in the group again: a seat that left and is not out of the game yet is no longer
    away, and the group is told (``game.player_back``). Refuses a finished game (``game.over``), a
    non-player (``not_player``) and a seat that was not away (``back.not_away``)."""
    s = g.s
    if s.is_over:
        return Rejected(reason="game.over")
    seat = seat_of(s, user_id)
    if seat is None:
        return Rejected(reason="not_player")
    if seat not in afk.away(s):
        return Rejected(reason="back.not_away")
    s.left.remove(seat)
    g.log("PlayerBack", seat=seat)
    if g.p(seat).alive:
        g.announce("game.player_back", player=g.ref(seat))
    return None
