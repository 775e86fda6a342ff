"""Joining a lobby from its link (Telegram: the private ``/start <game id>``; LINE: the lobby's join
postback), and the ``user#`` pointer that routes a player's 1:1 chat to their game (docs/storage.md "The
table"). Times are UTC epoch seconds."""

from __future__ import annotations

from core.engine.commands import Join, Query, SetReachable
from core.engine.table import LOBBY
from handlers.decision import Loaded
from handlers.desk import DEFAULT_GAME, Desk
from handlers.messages import ChatMembers, Inbound, JoinRequest, Outcome
from handlers.observability import outcome_of, traced
from handlers.runner import GameRunner

#: How long a player's ``user#`` pointer lives after they join (seconds): longer than any game, a long game
#: of 48 h phases included; a finished game's pointer routes like none (``Desk.loaded_of``) and the next
#: join repoints it, so nothing deletes it.
USER_POINTER_KEPT = 60 * 24 * 3600


async def join(runner: GameRunner, desk: Desk, inbound: Inbound, request: JoinRequest, now: int) -> Outcome:
    """Join game ``request.game_id`` (Telegram: the private ``/start <game id>`` of the join link; LINE:
    the lobby's join postback) and count as reachable or not (LINE: a friend of the account or not;
    [ADZ-4.1]). A seated player who comes back (after unblocking the bot) is reachable again and gets
    the role card."""
    user, game_id = inbound.user_id or "", request.game_id
    elsewhere = await outsider(runner, game_id, user)
    if elsewhere is not None:
        state = elsewhere.state
        refused = await desk.refuse(inbound, "join.not_in_group", state.locale, state.game)
        return traced(refused, game_id, state.phase, "join")
    joined = Join(user_id=user, name=inbound.user_name, reachable=request.reachable)
    refusal = await runner.apply(game_id, joined, delivery_id=inbound.delivery_id, now=now)
    pointed = now + USER_POINTER_KEPT
    if refusal is not None and refusal.reason in ("lobby.already_joined", "game.running"):
        reach = SetReachable(user_id=user, reachable=request.reachable)
        if await runner.apply(game_id, reach, delivery_id=None, now=now) is None:
            runner.store.set_pointer("user", user, game_id, expires_at=pointed)
            if refusal.reason == "game.running" and request.reachable:
                await runner.apply(game_id, Query(user_id=user, what="me"), delivery_id=None, now=now)
            return traced(outcome_of(refusal), game_id, None, "join")
    elif refusal is None:
        runner.store.set_pointer("user", user, game_id, expires_at=pointed)
        return traced(Outcome(), game_id, None, "join")
    # The payload is typed by whoever opened the link: only a game that exists is named in the log.
    known = None if refusal is not None and refusal.reason == "game.none" else game_id
    # A game that refuses answers in its own language (an English game in a Japanese group: English).
    refuser = runner.load(game_id) if refusal is not None and known else None
    locale, game = (refuser.state.locale, refuser.state.game) if refuser else (None, DEFAULT_GAME)
    outcome = await desk.refuse(inbound, refusal, locale, game) if refusal else Outcome()
    return traced(outcome, known, None, "join")


async def outsider(runner: GameRunner, game_id: str, user: str) -> Loaded | None:
    """The lobby ``game_id`` when ``user`` (not seated in it yet) is not in its group now, where the
    platform can tell (:class:`~handlers.messages.ChatMembers`: Telegram's ``getChatMember``); else
    None (a member, an unknown answer, no lobby: the join goes on as usual)."""
    sender = runner.sender
    if not isinstance(sender, ChatMembers):
        return None
    loaded = runner.load(game_id)
    if loaded is None or loaded.state.phase != LOBBY or loaded.state.member(user) is not None:
        return None
    return loaded if await sender.in_chat(loaded.state.chat_id, user) is False else None
