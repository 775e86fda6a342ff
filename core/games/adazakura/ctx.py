"""The working context of one ``decide`` call for 徒桜戦争: the shared :class:`TableCtx` plus the
Adazakura team, the night's results and the night resolution's working sets.
"""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.afk import away, kicked
from core.engine.context import TableCtx
from core.engine.notice import Action, KeyRef
from core.games.adazakura.megami import ADAZAKURA
from core.games.adazakura.model import AdzState, Player


class Ctx(TableCtx[AdzState]):
    """``s``: the state being built; ``now``: UTC epoch seconds of the command."""

    def __init__(self, state: AdzState, now: int) -> None:
        super().__init__(state, now)
        self.results: dict[int, list[KeyRef]] = {}
        # Night resolution only [ADZ-6.3]: actual actions after R0, guards and barriers of tonight.
        self.actual: dict[int, dict[str, Action]] = {}
        self.guards: dict[int, list[int]] = {}
        self.barriers: dict[int, list[int]] = {}
        # Seats a seal placed tonight stops at once (``seals_at_once``, ``night.stop_sealed``).
        self.stopped: set[int] = set()
        # The phase a step asked to open next, opened by the phase flow (``rules.advance``) once the step is
        # done: ``("night", n, _)`` after day n, ``("morning", n, quiet)`` after night n - 1.
        self.next: tuple[str, int, bool] | None = None

    # -- lookups -------------------------------------------------------------------------------------
    def p(self, seat: int) -> Player:
        return self.s.players[seat - 1]

    def living(self) -> list[Player]:
        return [p for p in self.s.players if p.alive]

    def answering(self) -> list[Player]:
        """Living players a phase waits for before it closes early: not those the host kicked (J29), nor
        those who left the group (J27: out of the game if still away when the phase ends)."""
        gone = kicked(self.s) | away(self.s)
        return [p for p in self.living() if p.seat not in gone]

    def team(self) -> list[int]:
        """Living Adazakura-side seats [ADZ-2.2] (a madman is never a member)."""
        return [p.seat for p in self.living() if p.faction == ADAZAKURA]

    @property
    def day_n(self) -> int:
        if self.s.night is not None:
            return self.s.night.n
        return self.s.day.n if self.s.day is not None else 0

    # -- speaking ------------------------------------------------------------------------------------
    def tell_team(self, key: str, seats: list[int] | None = None, **params: Any) -> None:
        """A notice to the living Adazakura team channel [ADZ-11.6]."""
        super().tell_team(key, self.team() if seats is None else seats, **params)

    def result(self, seat: int, key: str, **params: Any) -> None:
        """A private night result line for ``seat``, delivered at R5 [ADZ-6.3] and kept in its ledger."""
        line = KeyRef(key=key, params={"night": self.day_n, **params})
        self.results.setdefault(seat, []).append(line)
        self.p(seat).ledger.append(ledger.line(line))

    def learn(self, seat: int, key: str, **params: Any) -> None:
        """Tell ``seat`` something at once and keep it in its ledger (instant results, role reminders)."""
        self.p(seat).ledger.append(ledger.line(KeyRef(key=key, params=params)))
        self.tell(seat, key, **params)
