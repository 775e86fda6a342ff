"""The playground's stand-in for a group that mutes: its :class:`~handlers.aftercommit.AfterCommit`.

On Telegram the bot mutes a spectator in the group (``restrictChatMember``) while the game shows them what
the dead see or write (``GameRules.spectators_to_mute``), and tells the game so (``SpectatorMuted``,
:mod:`handlers.telegram.speech`); only then may they read the 霊界 of a game that holds its dead silent, or
see hidden roles with 霊界表示 on. The playground keeps seats who may not speak out of the group itself
(``HotSeatGame.may_speak``), so it mutes a spectator the same way: it reports them muted whenever the game
asks for it, and the page keeps them out of the group until the game no longer does. No call, no record:
the playground's group has no rights to lose.
"""

from __future__ import annotations

from typing import Any

from core.engine.commands import Command, SpectatorMuted
from core.games import GameRules
from handlers.aftercommit import Done, Prepared

KEY = "playground"


def mutes_to_report(rules: GameRules, state: Any) -> list[Command]:
    """``SpectatorMuted`` for each spectator of ``state`` whose mute the game does not know as it should be
    now: muted when ``rules.spectators_to_mute`` names them, released otherwise."""
    wanted = set(rules.spectators_to_mute(state))
    known = set(getattr(state, "muted_spectators", ()))
    return [
        SpectatorMuted(user_id=m.user_id, muted=m.user_id in wanted)
        for m in getattr(state, "spectators", ())
        if (m.user_id in wanted) != (m.user_id in known)
    ]


class LocalSpeech:
    """Mutes the playground's spectators as a Telegram group with an administrator bot would."""

    key = KEY

    async def prepare(
        self, rules: GameRules, state: Any, record: dict[str, Any], now: int
    ) -> Prepared | None:
        """The game told of the spectators muted or released by this change, after its commit; None when
        nothing changes. ``now``: UTC epoch seconds (unused: nothing here expires)."""
        found = mutes_to_report(rules, state)
        if not found:
            return None

        async def carry_out() -> Done:
            return Done(record=record, commands=found)

        return Prepared(record=record, carry_out=carry_out)
