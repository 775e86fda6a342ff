"""Bot players of the playground: the shared bot policy (:func:`core.engine.bots.choose`), played through
the service as ordinary taps and commands.

A bot knows what its seat knows: its own card, its team when it is on the Adazakura side (the role card
lists it [ADZ-4.4]) and the team's relayed erasure choices [ADZ-11.6]. On top of the shared policy the
team agrees on one erasure target: a member follows the latest choice of a living teammate (a person's
choice included), and re-aligns when that changes [ADZ-7.1]. CO and ``/ready`` are typed in the group;
every other action is a button tap in the bot's 1:1 chat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.engine.bots import choose, taken_key
from core.engine.notice import Action
from core.engine.rng import Rng
from handlers.messages import Intent, Tap, TextCommand

TEAM = "adazakura"
NOBODY = "none"
#: Actions a player types in the group rather than tapping in private.
GROUP_KINDS = frozenset({"co", "ready"})


@dataclass(frozen=True)
class Move:
    """One input of a bot: ``intent`` sent in its 1:1 chat (``private``) or in the group."""

    private: bool
    intent: Intent


def team_of(state: Any, seat: int) -> list[int]:
    """The teammates ``seat`` knows (itself excluded): the Adazakura side knows its members [ADZ-4.4]."""
    me = state.players[seat - 1]
    if me.faction != TEAM:
        return []
    return [p.seat for p in state.players if p.faction == TEAM and p.seat != seat]


def next_move(state: Any, seat: int, legal: list[Action], rng: Rng, taken: set[str]) -> Move | None:
    """The bot's next input in the current phase, or None when it is done for now. ``taken``: action
    kinds it already sent in this phase (updated here; each kind once, so every phase ends)."""
    action = choose(legal, rng, taken=taken, me=seat, friends=team_of(state, seat))
    if action is None:
        return realign(state, seat, legal)
    taken.add(taken_key(action))
    if action.kind == "kill":
        agreed = _agreed(state, seat)
        action = agreed if agreed is not None and agreed in legal else action
    return as_move(state, action)


def realign(state: Any, seat: int, legal: list[Action]) -> Move | None:
    """Follow a teammate's newer erasure choice (e.g. the person's), or None [ADZ-7.1]."""
    if state.phase != "night" or state.night is None or seat not in state.night.team:
        return None
    agreed = _agreed(state, seat)
    mine = state.night.team[seat].target
    if agreed is None or agreed not in legal or agreed.args[0] == (mine if mine is not None else NOBODY):
        return None
    return as_move(state, agreed)


def _agreed(state: Any, seat: int) -> Action | None:
    """The team's latest erasure choice by another living member, as a ``kill`` action; None if none."""
    choices = [c for s, c in state.night.team.items() if s != seat and state.players[s - 1].alive]
    if not choices:
        return None
    latest = max(choices, key=lambda c: c.order)
    return Action(kind="kill", args=(latest.target if latest.target is not None else NOBODY,))


def as_move(state: Any, action: Action) -> Move:
    """``action`` as a player would send it: typed in the group (CO, ready) or tapped in private."""
    if action.kind in GROUP_KINDS:
        return Move(private=False, intent=TextCommand(action.kind, tuple(str(a) for a in action.args)))
    return Move(private=True, intent=Tap(game_id=state.game_id, phase_seq=state.phase_seq, action=action))
