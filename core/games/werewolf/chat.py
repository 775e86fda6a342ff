"""Relayed text of classic 人狼 (``/t <text>`` in the 1:1 chat, the console's box): 遺言 [WW-6.9], the
night chats of the wolves, the masons and the foxes [WW-8.4], and the 霊界 of the dead [WW-8.3]."""

from __future__ import annotations

from typing import Any

from core.engine import afterlife
from core.engine.result import Rejected
from core.games.werewolf import execution, settings
from core.games.werewolf.ctx import Ctx

#: Longest relayed message, in characters.
MAX_SAY = 500


def _out(state: Any) -> set[int]:
    """The dead, but the executed player while their last words are awaited: they still speak to the
    living (遺言, [WW-6.9]), so nothing of the 霊界 (the dead's words, 霊界表示's roles) may reach them
    before their last words are said (``deaths.arrive`` welcomes them after)."""
    out = {p.seat for p in state.players if not p.alive}
    if state.phase == "last_words" and state.executed is not None:
        out.discard(state.executed)
    return out


#: The 霊界 [WW-8.3]: the dead, while ``afterlife`` is on (AMB-49; docs/rules/werewolf-decisions.md).
AFTERLIFE = afterlife.Afterlife(
    out=_out,
    enabled=lambda state: bool(settings.option(state, "afterlife")),
    # 霊界表示 is [WW-8.3]'s graveyardReveal, which the game shows the dead itself (deaths.arrive).
    sees_option="graveyardReveal",
    sees=lambda state: bool(settings.option(state, "graveyardReveal")),
)
#: ``teamChat`` values in increasing openness; a role's ``chat`` opens at its value and above (AMB-52).
LEVELS = ("none", "wolves", "all")


def say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """Relay ``text`` from ``seat``: the executed player's 遺言 while it is awaited; a dead player's words
    to the 霊界, the other dead and the spectators (never to the living, AMB-49; ``core.engine.afterlife``,
    refused ``afterlife.closed`` while the ``afterlife`` option is off); a living player's words at night
    to the living holders of the same role when its chat is open (``teamChat``). Refused:
    ``input.too_long``, ``team.closed``."""
    s = g.s
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    if s.phase == "last_words" and seat == s.executed:
        execution.last_words(g, text)
        return None
    if not g.p(seat).alive:
        return afterlife.say(g, AFTERLIFE, text, seat=seat)
    channel = team(g, seat)
    if not channel:
        return Rejected(reason="team.closed")
    g.tell_team("team.say", [m for m in channel if m != seat], member=g.ref(seat), text=text)
    g.tell(seat, "team.sent")
    return None


def team(g: Ctx, seat: int) -> list[int]:
    """The living holders of ``seat``'s role sharing a chat now (only at night, only when ``teamChat``
    opens that role's chat), ``seat`` included; empty when closed."""
    card = g.card(seat)
    opened = LEVELS.index(str(g.option("teamChat")))
    if g.s.phase != "night" or card.chat is None or opened < LEVELS.index(card.chat):
        return []
    return [m for m in g.holders(card.id, alive=True) if m != 0]
