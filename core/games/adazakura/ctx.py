"""The working context of one ``decide`` call: a private copy of the state plus what it will say.

Rules code reads and changes ``g.s`` and speaks only through ``tell``/``announce``/``result``/``log``,
which collect typed notices and events; ``decide`` returns them with the new state.
"""

from __future__ import annotations

from typing import Any

from core.engine.notice import PUBLIC, Action, KeyRef, Notice, Param, PlayerRef, RoleRef, to_seat, to_team
from core.engine.result import Event
from core.games.adazakura.megami import ADAZAKURA
from core.games.adazakura.model import AdzState, Player


class Ctx:
    """``s``: the state being built; ``now``: UTC epoch seconds of the command."""

    def __init__(self, state: AdzState, now: int) -> None:
        self.s = state
        self.now = now
        self.notices: list[Notice] = []
        self.events: list[Event] = []
        self.results: dict[int, list[KeyRef]] = {}
        # Night resolution only [ADZ-6.3]: actual actions after R0, guards and barriers of tonight.
        self.actual: dict[int, dict[str, Action]] = {}
        self.guards: dict[int, list[int]] = {}
        self.barriers: dict[int, list[int]] = {}

    # -- lookups -------------------------------------------------------------------------------------
    def p(self, seat: int) -> Player:
        return self.s.players[seat - 1]

    def living(self) -> list[Player]:
        return [p for p in self.s.players if p.alive]

    def seats(self) -> list[int]:
        return [p.seat for p in self.s.players]

    def ref(self, seat: int) -> PlayerRef:
        return PlayerRef(seat=seat, name=self.p(seat).name)

    def refs(self, seats: list[int]) -> list[Param]:
        return [self.ref(s) for s in sorted(seats)]

    def team(self) -> list[int]:
        """Living Adazakura-side seats [ADZ-2.2] (a madman is never a member)."""
        return [p.seat for p in self.living() if p.faction == ADAZAKURA]

    @property
    def day_n(self) -> int:
        if self.s.night is not None:
            return self.s.night.n
        return self.s.day.n if self.s.day is not None else 0

    # -- speaking ------------------------------------------------------------------------------------
    def tell(self, seat: int, key: str, actions: list[Action] | None = None, **params: Any) -> None:
        """A private notice to one seat."""
        self.notices.append(
            Notice(
                key=key, to=to_seat(seat), params=params, actions=actions or [], phase_seq=self.s.phase_seq
            )
        )

    def tell_team(self, key: str, seats: list[int] | None = None, **params: Any) -> None:
        """A notice to the living Adazakura team channel [ADZ-11.6]."""
        members = self.team() if seats is None else seats
        if members:
            self.notices.append(Notice(key=key, to=to_team(members), params=params))

    def announce(self, key: str, actions: list[Action] | None = None, **params: Any) -> None:
        """A public notice to the group chat."""
        self.notices.append(
            Notice(key=key, to=PUBLIC, params=params, actions=actions or [], phase_seq=self.s.phase_seq)
        )

    def result(self, seat: int, key: str, **params: Any) -> None:
        """A private night result line for ``seat``, delivered at R5 [ADZ-6.3] and kept in its ledger."""
        line = KeyRef(key=key, params={"night": self.day_n, **params})
        self.results.setdefault(seat, []).append(line)
        self.p(seat).ledger.append(line)

    def learn(self, seat: int, key: str, **params: Any) -> None:
        """Tell ``seat`` something at once and keep it in its ledger (instant results, role reminders)."""
        line = KeyRef(key=key, params=params)
        self.p(seat).ledger.append(line)
        self.tell(seat, key, **params)

    def log(self, kind: str, **data: Any) -> None:
        """Append a recap event [ADZ-11.11]."""
        self.events.append(Event(kind=kind, data=data))

    @staticmethod
    def role(megami: str) -> RoleRef:
        return RoleRef(id=megami)
