"""The working context of one ``decide`` call for 政治家人狼: the shared :class:`TableCtx` plus the
derived sets of ``politician.md`` §5.1 and the private ledger."""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.context import TableCtx
from core.engine.notice import KeyRef, Scalar
from core.games.politician.model import Player, PolState


class Ctx(TableCtx[PolState]):
    """``s``: the state being built; ``now``: UTC epoch seconds of the command."""

    def p(self, seat: int) -> Player:
        return self.s.players[seat - 1]

    def active(self) -> list[Player]:
        """Players still in the election (status ``active``, excluded today or not)."""
        return [p for p in self.s.players if p.status == "active"]

    def eligible(self) -> list[int]:
        """Today's eligible voters and candidates (§5.1): active and not excluded."""
        return [p.seat for p in self.s.players if p.eligible]

    def holders(self, role: str, *, active: bool = False) -> list[int]:
        """Seats dealt ``role`` (only those still active when ``active``)."""
        return [p.seat for p in self.s.players if p.role == role and (p.alive or not active)]

    def ballot(self, target: int | None) -> Scalar:
        """A ballot's target as players read it: the player, or ``vote.abstain`` (``freeBallot``)."""
        return self.ref(target) if target is not None else KeyRef(key="vote.abstain")

    def learn(self, seat: int, key: str, actions: Any = None, **params: Any) -> None:
        """Tell ``seat`` something privately and keep it in its ledger (``/me`` shows it again)."""
        self.p(seat).ledger.append(ledger.line(KeyRef(key=key, params=params)))
        self.tell(seat, key, actions, **params)
