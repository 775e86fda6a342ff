"""Bot players of the playground: the shared bot policy (:func:`core.engine.bots.choose`), played through
the service as ordinary taps and commands.

A bot knows what its seat knows: its own card, its team from the notices addressed to a team audience
(as :meth:`core.engine.bots.Driver.observe`: 徒桜戦争's team channel [ADZ-11.6]) and the team's ``kill``
choices, which every game relays to the other members at once (徒桜戦争's erasure [ADZ-11.6], 政治家人狼's
negative campaign, AMB-27): whoever chose a ``kill`` in the same phase is a teammate. On top of the shared
policy a team agrees on one ``kill`` target: a member follows the latest choice of a living teammate (a
person's choice included), and re-aligns when that changes [ADZ-7.1]; so a member who chose never sends
``done`` while it could still change its choice (a ``done`` may be final, as in 政治家人狼): the phase's
timer closes it. CO and ``/ready`` are typed in the group; every other action is a button tap in the
bot's 1:1 chat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.engine.bots import choose, taken_key
from core.engine.notice import Action, Notice
from core.engine.rng import Rng
from handlers.messages import Intent, Tap, TextCommand

#: The team's shared choice (an erasure, a negative campaign): one target per team and phase.
KILL = "kill"
DONE = "done"
#: Actions a player types in the group rather than tapping in private.
GROUP_KINDS = frozenset({"co", "ready"})


class Mind:
    """A bot's memory: its random source, the phase it last acted in and the action kinds sent in it."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.phase_seq: int | None = None
        self.taken: set[str] = set()


@dataclass(frozen=True)
class Move:
    """One input of a bot: ``intent`` sent in its 1:1 chat (``private``) or in the group."""

    private: bool
    intent: Intent


@dataclass
class Memory:
    """What the bots of one game have learnt. ``friends``: seat → the teammates it was told of (team
    notices); ``kills``: phase_seq → {seat: ``kill`` target} as accepted, oldest first."""

    friends: dict[int, set[int]] = field(default_factory=dict)
    kills: dict[int, dict[int, int | str]] = field(default_factory=dict)

    def observe(self, notices: list[Notice]) -> None:
        """Remember every team audience: its seats know each other."""
        for notice in notices:
            if notice.to.kind == "team":
                for seat in notice.to.seats:
                    self.friends.setdefault(seat, set()).update(s for s in notice.to.seats if s != seat)

    def sent(self, phase_seq: int, seat: int, action: Action) -> None:
        """``seat``'s accepted ``action`` in phase ``phase_seq``; a ``kill`` becomes its latest choice, and
        the seats that chose one in this phase know each other (their choices are relayed)."""
        if action.kind == KILL and action.args:
            choices = self.kills.setdefault(phase_seq, {})
            choices.pop(seat, None)
            choices[seat] = action.args[0]
            for member in choices:
                self.friends.setdefault(member, set()).update(s for s in choices if s != member)

    def team_of(self, seat: int) -> set[int]:
        """The teammates ``seat`` knows (itself excluded)."""
        return self.friends.get(seat, set())


def alive(state: Any, seat: int) -> bool:
    """Whether ``seat`` is still in play (its player's ``alive``; a game without it: always)."""
    return bool(getattr(state.players[seat - 1], "alive", True))


def next_move(
    state: Any, seat: int, legal: list[Action], rng: Rng, taken: set[str], memory: Memory
) -> Move | None:
    """The bot's next input in the current phase, or None when it is done for now. ``taken``: action
    kinds it already sent in this phase (updated here; each kind once, so every phase ends)."""
    action = choose(legal, rng, taken=taken, me=seat, friends=memory.team_of(seat))
    if action is None or (action.kind == DONE and _may_follow(state, seat, legal, memory)):
        return realign(state, seat, legal, memory)
    taken.add(taken_key(action))
    if action.kind == KILL:
        agreed = _agreed(state, seat, memory)
        action = agreed if agreed is not None and agreed in legal else action
    return as_move(state, action)


def _may_follow(state: Any, seat: int, legal: list[Action], memory: Memory) -> bool:
    """Whether ``seat`` chose a ``kill`` in this phase and may still change it (so it holds ``done``)."""
    return seat in memory.kills.get(state.phase_seq, {}) and any(a.kind == KILL for a in legal)


def realign(state: Any, seat: int, legal: list[Action], memory: Memory) -> Move | None:
    """Follow a teammate's newer ``kill`` choice (e.g. the person's) once the bot chose, or None
    [ADZ-7.1]."""
    choices = memory.kills.get(state.phase_seq, {})
    if seat not in choices:
        return None
    agreed = _agreed(state, seat, memory)
    if agreed is None or agreed not in legal or agreed.args[0] == choices[seat]:
        return None
    return as_move(state, agreed)


def _agreed(state: Any, seat: int, memory: Memory) -> Action | None:
    """The latest ``kill`` choice of this phase by another living member, as an action; None if none."""
    choices = memory.kills.get(state.phase_seq, {})
    latest = [target for s, target in choices.items() if s != seat and alive(state, s)]
    return Action(kind=KILL, args=(latest[-1],)) if latest else None


def as_move(state: Any, action: Action) -> Move:
    """``action`` as a player would send it: typed in the group (CO, ready) or tapped in private."""
    if action.kind in GROUP_KINDS:
        return Move(private=False, intent=TextCommand(action.kind, tuple(str(a) for a in action.args)))
    return Move(private=True, intent=Tap(game_id=state.game_id, phase_seq=state.phase_seq, action=action))
