"""The working context of one ``decide`` call, shared by the games: a private copy of the state plus what
the rules will say.

Rules code reads and changes ``g.s`` and speaks only through ``tell``/``announce``/``tell_team``/``log``,
which collect typed notices and events; ``decide`` returns them with the new state. A game subclasses
:class:`TableCtx` for its own lookups (teams, night results).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar

from core.engine import lobby
from core.engine.commands import Command, Join, Leave, Query, SetReachable
from core.engine.notice import (
    PUBLIC,
    Action,
    Notice,
    PlayerRef,
    RoleRef,
    Scalar,
    player_ref,
    to_seat,
    to_team,
    to_user,
)
from core.engine.result import Accepted, Event, Rejected
from core.engine.table import ENDED, Member, TableState

S = TypeVar("S", bound=TableState)
T = TypeVar("T")


class TableCtx(Generic[S]):
    """``s``: the state being built (players at ``s.players[seat - 1]``); ``now``: UTC epoch seconds."""

    def __init__(self, state: S, now: int) -> None:
        self.s = state
        self.now = now
        self.notices: list[Notice] = []
        self.events: list[Event] = []
        #: What :meth:`once` remembers; None (a working context, whose rules change ``s``): nothing.
        self.memo: dict[str, Any] | None = None

    def at_rest(self) -> Self:
        """Mark this context as only read, over a state that does not change while it is in use (each
        seat's legal actions of one state, ``Steps.legal_of``): from now on :meth:`once` remembers."""
        self.memo = {}
        return self

    def once(self, name: str, compute: Callable[[], T]) -> T:
        """``compute()``, a lookup of the whole state that every seat asks for (the phase's seals, the
        ballots anybody may cast), remembered under ``name`` in a context at rest: valid there because
        nothing changes its state. In a working context it is computed at every call. Callers treat the
        answer as read-only (it is shared)."""
        if self.memo is None:
            return compute()
        if name not in self.memo:
            self.memo[name] = compute()
        found: T = self.memo[name]
        return found

    # -- lookups -------------------------------------------------------------------------------------
    def p(self, seat: int) -> Any:
        return self.s.players[seat - 1]  # type: ignore[attr-defined]

    def seats(self) -> list[int]:
        return [p.seat for p in self.s.players]  # type: ignore[attr-defined]

    def ref(self, seat: int) -> PlayerRef:
        return player_ref(seat, self.p(seat).name)

    def refs(self, seats: list[int]) -> list[Scalar]:
        return [self.ref(s) for s in sorted(seats)]

    @staticmethod
    def role(role_id: str) -> RoleRef:
        return RoleRef(id=role_id)

    # -- speaking ------------------------------------------------------------------------------------
    def tell(
        self, seat: int, key: str, actions: list[Action] | None = None, *, silent: bool = False, **params: Any
    ) -> None:
        """A private notice to one seat (``silent``: without a notification sound, see ``Notice``)."""
        self.notices.append(
            Notice.unchecked(key, to_seat(seat), params, actions, phase_seq=self.s.phase_seq, silent=silent)
        )

    def tell_team(self, key: str, seats: list[int], **params: Any) -> None:
        """A notice to a team channel (``seats`` know each other); nothing when ``seats`` is empty."""
        if seats:
            self.notices.append(Notice.unchecked(key, to_team(seats), params))

    def announce(self, key: str, actions: list[Action] | None = None, **params: Any) -> None:
        """A public notice to the group chat."""
        self.notices.append(Notice.unchecked(key, PUBLIC, params, actions, phase_seq=self.s.phase_seq))

    def reply(self, query: Query, key: str, **params: Any) -> None:
        """The answer to a read-only ``query``: in the group when it was asked there, else privately."""
        to = PUBLIC if query.public else to_user(query.user_id)
        self.notices.append(Notice.unchecked(key, to, params, phase_seq=self.s.phase_seq))

    def log(self, kind: str, **data: Any) -> None:
        """Append a recap event (past tense ``kind``)."""
        self.events.append(Event.unchecked(kind, data))

    def add(self, result: list[Notice] | Rejected) -> Rejected | None:
        """Keep the notices of a shared step (lobby, options), or pass its refusal on."""
        if isinstance(result, Rejected):
            return result
        self.notices += result
        return None


#: Action kind of the 「もう一回」 button at the end of a game (handled by the service, never a core command).
REMATCH = "rematch"

#: Lobby commands every game handles the same way (``core.engine.lobby``).
LobbyCommand = Join | Leave | SetReachable


def apply_lobby(g: TableCtx[Any], command: LobbyCommand, *, max_players: int) -> Rejected | None:
    """Join (up to ``max_players``), leave, or mark reachability in the lobby, for any game."""
    s = g.s
    if isinstance(command, Join):
        return g.add(
            lobby.join(
                s,
                Member(user_id=command.user_id, name=command.name),
                max_players=max_players,
                reachable=command.reachable,
            )
        )
    if isinstance(command, Leave):
        return leave_lobby(g, command.user_id)
    return g.add(lobby.set_reachable(s, command.user_id, command.reachable))


def leave_lobby(g: TableCtx[Any], user_id: str) -> Rejected | None:
    """``user_id`` leaves the lobby (``/leave``, or left the group): :func:`core.engine.lobby.leave`; the
    lobby closed by the last leaver is logged as ``GameCancelled`` (``reason`` ``lobby_empty``)."""
    refused = g.add(lobby.leave(g.s, user_id, now=g.now))
    if refused is None and g.s.is_over:
        g.log("GameCancelled", reason="lobby_empty")
    return refused


def conclude(g: TableCtx[S], before: S, command: Command, outcome: Rejected | None) -> Accepted[S] | Rejected:
    """The end of every game's ``decide``: a refusal as it is (the copy is dropped); else the new state
    with the events of the command logged, its notices (plus the ``game.rematch`` button when the command
    finished the game; never after a cancel), and ``changed`` False for a query or a no-op (a
    command that logged an event, e.g. a relayed signal, changed the game's history: it is committed, so a
    redelivery is recognised and its notices are not sent twice)."""
    if isinstance(outcome, Rejected):
        return outcome
    if g.s.phase == ENDED and before.phase != ENDED:
        # After the result: 「もう一回」, a new lobby with the same players and settings (the service's tap).
        g.announce("game.rematch", actions=[Action(kind=REMATCH)])
    changed = not isinstance(command, Query) and (bool(g.events) or g.s.differs_from(before))
    g.s.log.extend(g.events)
    return Accepted.unchecked(g.s, g.events, g.notices, changed=changed)


#: The log event of a game's end (every game's ending step logs one).
GAME_ENDED = "GameEnded"


def replay_ending(
    state: S, now: int, ctx: Callable[[S, int], TableCtx[S]], end: Callable[[Any], None]
) -> list[Notice]:
    """The notices a finished game's ending step ``end`` sends (the final announcement, every seat
    revealed, the recap), made again on a copy of ``state`` in a fresh ``ctx`` at ``now`` (UTC epoch
    seconds) for those who look later (the player console). The copy drops its ``GameEnded`` events, so
    the step logs nothing twice; ``state`` is never changed."""
    copy = state.fork()
    copy.log = [event for event in copy.log if event.kind != GAME_ENDED]
    g = ctx(copy, now)
    end(g)
    return g.notices


def seat_of(state: Any, user_id: str) -> int | None:
    """The seat of ``user_id`` in a started game (``state.players``), else None."""
    return next((p.seat for p in state.players if p.user_id == user_id), None)


def seats(state: Any) -> dict[int, Member]:
    """``{seat: member}`` of a started game (empty in the lobby)."""
    return {p.seat: Member(user_id=p.user_id, name=p.name) for p in state.players}
