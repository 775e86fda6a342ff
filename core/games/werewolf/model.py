"""The state of a classic 人狼 game (``werewolf.md`` §5): pydantic models, serialised to one item.

Seats ``P01…PN`` are ``players[seat - 1]``; the optional NPC 身代わり君 is ``scapegoat`` (seat 0, no
user) [WW-4.4]. Times are UTC epoch seconds (``TableState``); days and nights are numbered as in
[WW-0.2]: Night 0 comes first, Day ``d`` follows Night ``d − 1``, Night ``d`` follows Day ``d``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from core.engine.ledger import Line
from core.engine.table import TableState

#: Causes of death [WW-5.1].
Cause = Literal["attack", "curse", "drag", "follow", "execution", "sudden", "scapegoat"]
#: Game results [WW-6.11].
Result = Literal["village", "werewolf", "fox", "draw"]
#: Purposes of the logged RNG draws [WW-5.2].
Purpose = Literal["P00_CARD", "RANDOM_WHITE", "WOLF_TIE", "WOLF_NONE", "DRAG", "TIE_BREAK", "SUSPECT_TIE"]
#: The seat of 身代わり君 [WW-0.2].
SCAPEGOAT = 0


class Death(BaseModel):
    """When and how a seat died: during ``night`` or ``day`` number ``n``, of ``cause`` [WW-5.1]."""

    phase: Literal["night", "day"]
    n: int
    cause: Cause


class Player(BaseModel):
    """A seat (§5.1). ``missed_votes``: consecutive days without a main-vote ballot [WW-6.8];
    ``last_guard``: the seat a knight actually guarded last night [WW-3.4.3]; ``ledger``: what this seat
    has learned privately, each a dumped ``KeyRef`` (``/me`` shows it again; kept as plain data so that
    copying the state does not validate every reference again)."""

    seat: int
    user_id: str = ""
    name: str = ""
    role: str
    death: Death | None = None
    missed_votes: int = 0
    last_guard: int | None = None
    ledger: list[Line] = Field(default_factory=list)

    @property
    def alive(self) -> bool:
        return self.death is None


class Round(BaseModel):
    """A ballot round of Day ``day``: ``round`` 0 = main vote, 1 = runoff [WW-6.6]; ``ballots`` voter →
    target (final once cast, AMB-36)."""

    day: int
    round: int
    candidates: list[int]
    voters: list[int]
    ballots: dict[int, int] = Field(default_factory=dict)

    def votes(self) -> dict[int, int]:
        """Ballots per candidate (every candidate, 0 included)."""
        out = dict.fromkeys(self.candidates, 0)
        for target in self.ballots.values():
            out[target] += 1
        return out

    def top(self) -> list[int]:
        """Candidates with the most ballots, ascending (all of them when nobody voted, AMB-39)."""
        votes = self.votes()
        most = max(votes.values(), default=0)
        return sorted(c for c, n in votes.items() if n == most)


class NightState(BaseModel):
    """The open night [WW-6.10]: ``prompted`` living humans at its opening; ``choices`` the final choice of
    each seer, knight and 疑う (seat → target, 0 = 身代わり君); ``proposals`` each wolf's latest attack
    proposal (AMB-22)."""

    n: int
    prompted: list[int] = Field(default_factory=list)
    choices: dict[int, int] = Field(default_factory=dict)
    proposals: dict[int, int] = Field(default_factory=dict)

    def answered(self, seat: int) -> bool:
        return seat in self.choices or seat in self.proposals


class NightRecord(BaseModel):
    """What Night ``n`` did, for the recap and 霊界表示 [WW-6.11]: every choice (with its ``verbs``) and
    proposal, the attack
    target (``drawn``: ``WOLF_TIE``/``WOLF_NONE`` when the RNG chose it), the random white, the deaths."""

    n: int
    choices: dict[int, int] = Field(default_factory=dict)
    verbs: dict[int, str] = Field(default_factory=dict)
    proposals: dict[int, int] = Field(default_factory=dict)
    attack: int | None = None
    drawn: str | None = None
    white: int | None = None
    deaths: list[int] = Field(default_factory=list)


class Draw(BaseModel):
    """One logged RNG draw [WW-5.2]: its ``purpose``, the ``pool`` in ascending seat order (card positions
    for ``P00_CARD``: role ids) and the ``pick``."""

    purpose: Purpose
    pool: list[int | str]
    pick: int | str
    day: int = 0


class WWState(TableState):
    """Whole game state. Phases: ``lobby``, ``night``, ``discussion``, ``vote``, ``runoff``,
    ``last_words``, ``ended``, ``cancelled`` [WW-6.1]; ``day`` is the current day (Night ``d`` keeps
    ``d``). ``cast``: role id → cards dealt (身代わり君's included); ``executed``: today's executed seat
    (its 遺言 and the medium's result); ``quiet``: consecutive quiet cycles [WW-7.4]."""

    game: str = "werewolf"
    players: list[Player] = Field(default_factory=list)
    scapegoat: Player | None = None
    cast: dict[str, int] = Field(default_factory=dict)
    day: int = 0
    rounds: list[Round] = Field(default_factory=list)
    night: NightState | None = None
    nights: list[NightRecord] = Field(default_factory=list)
    draws: list[Draw] = Field(default_factory=list)
    executed: int | None = None
    quiet: int = 0
    result: Result | None = None
    reason: str | None = None
    winners: list[int] = Field(default_factory=list)

    @property
    def round(self) -> Round | None:
        """The ballot round of today still open or last closed (None before today's vote)."""
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and last.day == self.day else None
