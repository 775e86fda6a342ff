"""What happens to a game when its group or its players change on the platform, for
:class:`handlers.service.Service`.

- The group became a supergroup (Telegram ``migrate_to_chat_id``, in an update or a 400 error): the game
  follows (``MoveChat``: later group notices go to the new chat) and so does the chat pointer.
- A member left the group or was removed (``MemberLeft``): ``LeftChat`` (out of the lobby; in a game
  nothing waits for the seat, out of the game if still away when the phase ends: ``core.engine.presence``).
- A member is in the group again (``MemberBack``): ``BackInChat`` (a seat that left is no longer away).
- The bot was removed from the group (``BotLeft``): ``BotRemoved`` ends the game without a result (each
  member hears why privately; no phase deadline is left, so no timer moves it), then the chat pointer
  goes, so a later ``/newgame`` there starts afresh. A group send Telegram refuses (403, without the
  update) does the same (``handlers.followup.follow_ups``).
- A player blocked the bot (``Reachable(False)``) or came back (Telegram: unblocked; LINE: ``follow``):
  ``SetReachable`` (a group notice; a game never starts while a member is unreachable); a player of a
  running game marked unreachable gets what they missed again (:func:`resend`).

None of them answers in the chat: a refusal (not a member, no game there, already applied) only shows in
the input's log line (the returned :class:`~handlers.messages.Outcome`). Times are UTC epoch seconds.
"""

from __future__ import annotations

from core.engine.commands import BackInChat, BotRemoved, Command, LeftChat, Query, SetReachable
from handlers.messages import BotLeft, Inbound, MemberBack, MemberLeft, Outcome, Reachable
from handlers.observability import outcome_of, traced
from handlers.runner import GameRunner

PlatformEvent = Reachable | MemberLeft | MemberBack | BotLeft


async def move_chat(
    runner: GameRunner, game_id: str, old_chat: str, new_chat: str, delivery_id: str | None, now: int
) -> Outcome:
    """The group ``old_chat`` of game ``game_id`` now lives at ``new_chat``: the game and both chat
    pointers follow (:meth:`GameRunner.move_chat`)."""
    refusal = await runner.move_chat(game_id, old_chat, new_chat, delivery_id=delivery_id, now=now)
    return traced(outcome_of(refusal), game_id, None, "move")


async def apply_event(
    runner: GameRunner, inbound: Inbound, intent: PlatformEvent, game_id: str | None, *, now: int
) -> Outcome:
    """Apply ``intent`` (from ``inbound``) to ``game_id``, the game of the chat it happened in (of the
    user's 1:1 chat for ``Reachable``); ``None``: no game there, the event is ignored."""
    command = _command(inbound, intent)
    if command is None or game_id is None:
        return Outcome(result="ignored", command=None if command is None else command.type)
    reach = command if isinstance(command, SetReachable) and command.reachable else None
    back = reach is not None and _was_unreachable(runner, game_id, reach)
    refusal = await runner.apply(game_id, command, delivery_id=inbound.delivery_id, now=now)
    if isinstance(command, BotRemoved):
        runner.store.set_pointer("chat", inbound.chat_id, None)
    if reach is not None and back and refusal is None:
        await resend(runner, game_id, reach.user_id, now=now)
    return traced(outcome_of(refusal), game_id, None, command.type)


def _was_unreachable(runner: GameRunner, game_id: str, command: SetReachable) -> bool:
    """Whether ``command``'s user was marked unreachable in a started game that is not over."""
    loaded = runner.load(game_id)
    if loaded is None:
        return False
    state = loaded.state
    return bool(state.players) and not state.is_over and command.user_id in state.unreachable


async def resend(runner: GameRunner, game_id: str, user_id: str, *, now: int) -> None:
    """A player reachable again gets what they missed (J27): the role card with the current prompt's
    buttons (the game's ``/me`` answer: 徒桜戦争's Megami card, 政治家人狼's role card, DEATH NOTE 人狼's
    hand, each with the legal actions now)."""
    await runner.apply(game_id, Query(user_id=user_id, what="me"), delivery_id=None, now=now)


def _command(inbound: Inbound, intent: PlatformEvent) -> Command | None:
    if isinstance(intent, MemberLeft):
        return LeftChat(user_id=intent.user_id)
    if isinstance(intent, MemberBack):
        return BackInChat(user_id=intent.user_id)
    if isinstance(intent, BotLeft):
        return BotRemoved()
    if inbound.user_id is None:
        return None
    return SetReachable(user_id=inbound.user_id, reachable=intent.reachable)
