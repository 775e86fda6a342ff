"""What happens to a game when its group or its players change on the platform (issue 4, "Platform
events"), for :class:`handlers.service.Service`.

- The group became a supergroup (Telegram ``migrate_to_chat_id``, in an update or a 400 error): the game
  follows (``MoveChat``: later group notices go to the new chat) and so does the chat pointer.
- A member left the group or was removed (``MemberLeft``): ``LeftChat`` (out of the lobby; in a game the
  seat stays and times out on every prompt, with a group notice: ``core.engine.decide``).
- The bot was removed from the group (``BotLeft``): ``BotRemoved`` ends the game without a result (each
  member hears why privately), then the chat pointer goes, so a later ``/newgame`` there starts afresh.
- A player blocked the bot (``Reachable(False)``) or came back: ``SetReachable`` (a group notice; a
  game never starts while a member is unreachable).

None of them answers in the chat: a refusal (not a member, no game there, already applied) only shows in
the input's log line (the returned :class:`~handlers.messages.Outcome`). Times are UTC epoch seconds.
"""

from __future__ import annotations

from core.engine.commands import BotRemoved, Command, LeftChat, SetReachable
from handlers.messages import BotLeft, Inbound, MemberLeft, Outcome, Reachable
from handlers.observability import outcome_of, traced
from handlers.runner import GameRunner

PlatformEvent = Reachable | MemberLeft | BotLeft


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
    refusal = await runner.apply(game_id, command, delivery_id=inbound.delivery_id, now=now)
    if isinstance(command, BotRemoved):
        runner.store.set_pointer("chat", inbound.chat_id, None)
    return traced(outcome_of(refusal), game_id, None, command.type)


def _command(inbound: Inbound, intent: PlatformEvent) -> Command | None:
    if isinstance(intent, MemberLeft):
        return LeftChat(user_id=intent.user_id)
    if isinstance(intent, BotLeft):
        return BotRemoved()
    if inbound.user_id is None:
        return None
    return SetReachable(user_id=inbound.user_id, reachable=intent.reachable)
