"""The working context of one ``decide`` call for classic 人狼: the shared :class:`TableCtx` plus the
derived sets of ``werewolf.md`` §5.3, seat 0 (身代わり君), the private ledger and the logged RNG draws."""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.context import TableCtx
from core.engine.notice import KeyRef, Scalar, player_ref
from core.games.werewolf import settings
from core.games.werewolf.model import SCAPEGOAT, Draw, Player, Purpose, WWState
from core.games.werewolf.roles import role
from core.games.werewolf.roles.base import Role


class Ctx(TableCtx[WWState]):
    """``s``: the state being built; ``now``: UTC epoch seconds of the command; ``fallen``: the seats that
    died in this command so far, in order (``core.games.werewolf.deaths``)."""

    def __init__(self, state: WWState, now: int) -> None:
        super().__init__(state, now)
        self.fallen: list[int] = []

    def p(self, seat: int) -> Player:
        """The player at ``seat`` (0: 身代わり君; raises AssertionError when he does not play)."""
        if seat == SCAPEGOAT:
            assert self.s.scapegoat is not None
            return self.s.scapegoat
        return self.s.players[seat - 1]

    def card(self, seat: int) -> Role:
        """The role dealt to ``seat``."""
        return role(self.p(seat).role)

    def option(self, name: str) -> Any:
        return settings.option(self.s, name)

    def night_n(self) -> int:
        """The number of the open night (the current day number while it is night) [WW-0.2]."""
        return self.s.night.n if self.s.night is not None else self.s.day

    # -- derived sets (§5.3) -----------------------------------------------------------------------------
    def everyone(self) -> list[Player]:
        """Every seat in order, 身代わり君 first when he plays."""
        return ([self.s.scapegoat] if self.s.scapegoat else []) + list(self.s.players)

    def living(self) -> list[int]:
        """Living seats, ascending (身代わり君 only during Night 0)."""
        return [p.seat for p in self.everyone() if p.alive]

    def living_humans(self) -> list[int]:
        return [p.seat for p in self.s.players if p.alive]

    def dead_humans(self) -> list[int]:
        return [p.seat for p in self.s.players if not p.alive]

    def holders(self, role_id: str, *, alive: bool = False) -> list[int]:
        """Seats dealt ``role_id`` (only the living ones when ``alive``), 身代わり君 included."""
        return [p.seat for p in self.everyone() if p.role == role_id and (p.alive or not alive)]

    def counts(self) -> tuple[int, int, int]:
        """``(W, H, F)`` of the living [WW-7.1]."""
        kinds = [self.card(s).counted for s in self.living()]
        return kinds.count("wolf"), kinds.count("human"), kinds.count("none")

    # -- speaking --------------------------------------------------------------------------------------
    def who(self, seat: int) -> Scalar:
        """A seat as a notice param: a :class:`PlayerRef`, or ``scapegoat.ref`` for seat 0."""
        if seat == SCAPEGOAT:
            return KeyRef(key="scapegoat.ref")
        return player_ref(seat, self.p(seat).name)

    def whos(self, seats: list[int]) -> list[Scalar]:
        return [self.who(s) for s in sorted(seats)]

    def learn(self, seat: int, key: str, **params: Any) -> None:
        """Tell ``seat`` something privately and keep it in its ledger (``/me`` shows it again)."""
        self.p(seat).ledger.append(ledger.line(KeyRef(key=key, params=params)))
        self.tell(seat, key, **params)

    def ledger(self, seat: int, last: int = 12) -> list[KeyRef]:
        """The last ``last`` lines ``seat`` has learned (its ``/me`` lines)."""
        return ledger.read(self.p(seat).ledger, last)

    def draw(self, purpose: Purpose, pool: list[Any]) -> Any:
        """One uniform draw from ``pool`` (ascending seats, AMB-60), logged with its ``purpose`` [WW-5.2]."""
        pick = self.s.rng.choice(pool)
        self.s.draws.append(Draw(purpose=purpose, pool=list(pool), pick=pick, day=self.s.day))
        return pick
