"""Platform-neutral commands: what a player, the host or the clock asks the core to do.

Adapters (Telegram, LINE, local playground) parse their inputs into these; the core validates them.
Every command names its sender by a platform-qualified user id (``tg:123``, ``line:U…``, ``local:1``);
``Timeout`` comes from the timer and has none.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from core.engine.notice import Action


class Join(BaseModel):
    """Take a place in the lobby ([ADZ-4.1]: the player has opened the 1:1 chat). ``reachable`` False: the
    bot cannot message the player 1:1 yet (LINE: not a friend of the bot); see ``SetReachable``."""

    type: Literal["join"] = "join"
    user_id: str
    name: str
    reachable: bool = True


class Leave(BaseModel):
    """Leave the lobby before the game starts."""

    type: Literal["leave"] = "leave"
    user_id: str


class StartGame(BaseModel):
    """Host only: deal the game to the lobby's members."""

    type: Literal["start"] = "start"
    user_id: str


class CancelGame(BaseModel):
    """Host only: end the game at once without a result."""

    type: Literal["cancel"] = "cancel"
    user_id: str


class Act(BaseModel):
    """A player's action, valid only if it is in ``legal_actions`` now.

    ``phase_seq``: the phase the button was shown in; a different current phase makes the tap stale
    (``phase.stale``). ``None`` for typed commands, which are judged against the current phase.
    """

    type: Literal["act"] = "act"
    user_id: str
    action: Action
    phase_seq: int | None = None


class Say(BaseModel):
    """Free text for a relayed channel (the Adazakura team channel, [ADZ-11.6])."""

    type: Literal["say"] = "say"
    user_id: str
    text: str


class Timeout(BaseModel):
    """The deadline of phase ``phase_seq`` has passed; a no-op when that phase is over. ``excused``: user
    ids the runner found with private messages of the game still undelivered in the outbox at the
    deadline: no missed phase is counted for them (J29; ``core.engine.afk``)."""

    type: Literal["timeout"] = "timeout"
    phase_seq: int
    excused: tuple[str, ...] = ()


class Remind(BaseModel):
    """The timer: phase ``phase_seq`` closes soon; remind every seat it still waits for, once per
    reminder ([ADZ-11.8] "a reminder 30 s before a window closes"; long phases an hour and ten minutes
    before: ``core.engine.reminders.reminders``, docs/architecture.md "Timers"). ``at``: the second the
    reminder was scheduled for (UTC epoch s), so the core knows which one it is (``deadline_at - at``
    seconds before); ``None``: the 30 s one. A no-op when stale or already reminded."""

    type: Literal["remind"] = "remind"
    phase_seq: int
    at: int | None = None


class MoveChat(BaseModel):
    """The platform moved the game's group to ``chat_id`` (Telegram: a group upgraded to a supergroup)."""

    type: Literal["move"] = "move"
    chat_id: str


class LeftChat(BaseModel):
    """``user_id`` left the game's group (or was removed from it). In the lobby it leaves the lobby; in a
    game nothing waits for the seat, which is out of the game if still away when the phase ends (J27,
    P13, D18, W21; ``core.engine.decide``)."""

    type: Literal["left"] = "left"
    user_id: str


class BackInChat(BaseModel):
    """``user_id`` is in the game's group again (J27, P13, D18, W21): a seat that left and is not out of the
    game yet is no longer away."""

    type: Literal["back"] = "back"
    user_id: str


class BotRemoved(BaseModel):
    """The bot was removed from the game's group: the game ends at once without a result."""

    type: Literal["bot_removed"] = "bot_removed"


class SetReachable(BaseModel):
    """The shell learned that ``user_id`` can (not) be messaged in the 1:1 chat (blocked the bot, or
    pressed Start again). A game never starts while a member is unreachable [ADZ-4.1]."""

    type: Literal["reach"] = "reach"
    user_id: str
    reachable: bool


class Configure(BaseModel):
    """The host sets a game option in the lobby: ``option`` (e.g. ``pool``) and its ``values`` (ids, already
    resolved from names by the shell); no values shows the current setting."""

    type: Literal["configure"] = "configure"
    user_id: str
    option: str
    values: tuple[str, ...] = ()


class Query(BaseModel):
    """Read-only requests: ``me`` (role card), ``status``, ``board`` (CO board), ``help``, ``join`` (how to
    join: the lobby's join button, ``core.engine.lobby.how_to_join``)."""

    type: Literal["query"] = "query"
    user_id: str
    what: Literal["me", "status", "board", "help", "join"]
    public: bool = False


class Extend(BaseModel):
    """A living player asks for 60 more seconds of discussion, once per discussion
    (docs/architecture.md "Discussion control"; ``core.engine.control``)."""

    type: Literal["extend"] = "extend"
    user_id: str


class SkipVote(BaseModel):
    """A player's vote to end the discussion now; a strict majority of those who may speak now ends it
    (docs/architecture.md "Discussion control"; ``core.engine.control``). Not Saine's private ``/skip``
    [ADZ-11.2], which is an ``Act``."""

    type: Literal["skip_vote"] = "skip_vote"
    user_id: str


class Pause(BaseModel):
    """Host only: stop the current phase's clock (``core.engine.control``)."""

    type: Literal["pause"] = "pause"
    user_id: str


class Resume(BaseModel):
    """Host only: restart the paused clock with the seconds that were left (``core.engine.control``)."""

    type: Literal["resume"] = "resume"
    user_id: str


class Kick(BaseModel):
    """Host only: remove the member ``target`` (a seat or lobby number, or a name as typed). In the lobby
    they leave it (``core.engine.lobby.kick``); in a game only an idle seat, with the game's effect for
    leaving (``core.engine.afk.kick``)."""

    type: Literal["kick"] = "kick"
    user_id: str
    target: str


class Watch(BaseModel):
    """``/watch`` in the group: ``user_id`` (not seated, not in the lobby) watches the game as a spectator
    under ``name`` (``core.engine.afterlife``)."""

    type: Literal["watch"] = "watch"
    user_id: str
    name: str


class Unwatch(BaseModel):
    """``/unwatch``: the spectator ``user_id`` stops watching (``core.engine.afterlife``)."""

    type: Literal["unwatch"] = "unwatch"
    user_id: str


class SpectatorMuted(BaseModel):
    """The shell muted (``muted``) the spectator ``user_id`` in the group, or could not or lifted the mute
    (Telegram ``restrictChatMember``: a member the bot may restrict; not a group admin, not outside the
    group): only a muted spectator is shown hidden roles with 霊界表示 on (``core.engine.afterlife``)."""

    type: Literal["spectator_muted"] = "spectator_muted"
    user_id: str
    muted: bool


#: The discussion-control commands, handled by ``core.engine.control``.
ControlCommand = Extend | SkipVote | Pause | Resume


Command = Annotated[
    Join
    | Leave
    | StartGame
    | CancelGame
    | Act
    | Say
    | Timeout
    | Remind
    | MoveChat
    | LeftChat
    | BackInChat
    | BotRemoved
    | SetReachable
    | SpectatorMuted
    | Configure
    | Query
    | Extend
    | SkipVote
    | Pause
    | Resume
    | Kick
    | Watch
    | Unwatch,
    Field(discriminator="type"),
]
