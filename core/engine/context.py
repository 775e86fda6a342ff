"""The working context of one ``decide`` call, shared by the games: a private copy of the state plus what
the rules will say.

Rules code reads and changes ``g.s`` and speaks only through ``tell``/``announce``/``tell_team``/``log``,
which collect typed notices and events; ``decide`` returns them with the new state. A game subclasses
:class:`TableCtx` for its own lookups (teams, night results).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from core.engine.notice import PUBLIC, Action, Notice, PlayerRef, RoleRef, Scalar, to_seat, to_team
from core.engine.result import Event
from core.engine.table import TableState

S = TypeVar("S", bound=TableState)


class TableCtx(Generic[S]):
    """``s``: the state being built (players at ``s.players[seat - 1]``); ``now``: UTC epoch seconds."""

    def __init__(self, state: S, now: int) -> None:
        self.s = state
        self.now = now
        self.notices: list[Notice] = []
        self.events: list[Event] = []

    # -- lookups -------------------------------------------------------------------------------------
    def p(self, seat: int) -> Any:
        return self.s.players[seat - 1]  # type: ignore[attr-defined]

    def seats(self) -> list[int]:
        return [p.seat for p in self.s.players]  # type: ignore[attr-defined]

    def ref(self, seat: int) -> PlayerRef:
        return PlayerRef(seat=seat, name=self.p(seat).name)

    def refs(self, seats: list[int]) -> list[Scalar]:
        return [self.ref(s) for s in sorted(seats)]

    @staticmethod
    def role(role_id: str) -> RoleRef:
        return RoleRef(id=role_id)

    # -- speaking ------------------------------------------------------------------------------------
    def tell(self, seat: int, key: str, actions: list[Action] | None = None, **params: Any) -> None:
        """A private notice to one seat."""
        self.notices.append(
            Notice(
                key=key, to=to_seat(seat), params=params, actions=actions or [], phase_seq=self.s.phase_seq
            )
        )

    def tell_team(self, key: str, seats: list[int], **params: Any) -> None:
        """A notice to a team channel (``seats`` know each other); nothing when ``seats`` is empty."""
        if seats:
            self.notices.append(Notice(key=key, to=to_team(seats), params=params))

    def announce(self, key: str, actions: list[Action] | None = None, **params: Any) -> None:
        """A public notice to the group chat."""
        self.notices.append(
            Notice(key=key, to=PUBLIC, params=params, actions=actions or [], phase_seq=self.s.phase_seq)
        )

    def log(self, kind: str, **data: Any) -> None:
        """Append a recap event (past tense ``kind``)."""
        self.events.append(Event(kind=kind, data=data))
