"""The state of a 徒桜戦争 game [ADZ-12], as pydantic models serialised to one DynamoDB item.

Per-ability bookkeeping lives in ``Player.memo[<megami id>]`` so that a role module owns its own fields
(no central list to edit when a Megami is added).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.engine.ledger import Line
from core.engine.notice import Action
from core.engine.table import TableState


class Player(BaseModel):
    """A seat. ``copied``: Kururu's copied Megami [ADZ-9.10]; ``gained``/``gained_until``: a Black Box gain
    and
    the day number at whose end it expires [ADZ-9.11]. ``ledger``: what this seat has learned privately."""

    seat: int
    user_id: str
    name: str
    megami: str
    faction: Literal["sakura", "adazakura", "none"]
    madman: bool = False
    alive: bool = True
    copied: str | None = None
    gained: str | None = None
    gained_until: int | None = None
    blackbox_on: bool = True
    invulnerable_until: int | None = None
    memo: dict[str, dict[str, Any]] = Field(default_factory=dict)
    ledger: list[Line] = Field(default_factory=list)


class TeamChoice(BaseModel):
    """One Adazakura member's current erasure choice [ADZ-7.1]; ``target`` None = "nobody"; ``at`` epoch s."""

    model_config = ConfigDict(frozen=True)

    target: int | None
    at: int
    order: int


class NightState(BaseModel):
    """The open night window: ``choices[seat][megami]`` are the chosen (not shifted) actions [ADZ-6.2]."""

    n: int
    sealed: list[int] = Field(default_factory=list)
    choices: dict[int, dict[str, Action]] = Field(default_factory=dict)
    done: list[int] = Field(default_factory=list)
    team: dict[int, TeamChoice] = Field(default_factory=dict)
    opened_at: int = 0
    alive: list[int] = Field(default_factory=list)


class DayEffects(BaseModel):
    """Effects scheduled at night for the next day: duels (declarer, challenged), freezes, Himika marks,
    revivals at M1 [ADZ-5.4]."""

    duels: list[tuple[int, int]] = Field(default_factory=list)
    frozen: list[int] = Field(default_factory=list)
    marked: list[int] = Field(default_factory=list)
    revived: list[int] = Field(default_factory=list)


class Seal(BaseModel):
    """A seal placed by ``source`` with ``megami``'s ability (Hatsumi, Raira) [ADZ-3.8] (A18, A20).

    Placed at night, pending (``active`` False) until the next morning's M2, where it replaces the
    source's earlier seal of the same ability. ``target`` None: a designation that only releases (a fizzled
    one, a Raira use without thunder 2, or one whose target died that night; A20, A69).
    """

    model_config = ConfigDict(frozen=True)

    source: int
    megami: str
    target: int | None
    active: bool = False


Ballot = int | Literal["none", "frozen"]


class DayState(BaseModel):
    """The current day [ADZ-5.5]. ``rounds``: finished ballot rounds (seat → ballot), main vote first."""

    n: int
    effects: DayEffects = Field(default_factory=DayEffects)
    ready: list[int] = Field(default_factory=list)
    ballots: dict[int, Ballot] = Field(default_factory=dict)
    rounds: list[dict[int, Ballot]] = Field(default_factory=list)
    candidates: list[int] = Field(default_factory=list)
    exiled: int | None = None
    skipped: bool = False


class CoRecord(BaseModel):
    """A CO board line [ADZ-11.7]; ``verified`` for reveals made by the rules (Saine's skip, Kanae)."""

    model_config = ConfigDict(frozen=True)

    day: int
    seat: int
    megami: str
    verified: bool = False


class Death(BaseModel):
    """A death for the log and the recap: ``when`` like ``night 2`` / ``day 3``; ``cause`` id."""

    model_config = ConfigDict(frozen=True)

    seat: int
    phase: Literal["night", "day"]
    n: int
    cause: str


class AdzState(TableState):
    """Whole game state. Phases: ``lobby``, ``night``, ``discussion``, ``vote``, ``runoff``, ``ended``,
    ``cancelled``. ``deck``: top first [ADZ-3.5]."""

    game: str = "adazakura"
    players: list[Player] = Field(default_factory=list)
    k: int = 0
    deck: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    night: NightState | None = None
    day: DayState | None = None
    #: The day the open night follows (its ballots and exile, for Utsuro and Honoka [ADZ-9.13],
    #: [ADZ-9.14]); kept from the night's opening until its resolution, None on night 0.
    last_day: DayState | None = None
    next_day: DayEffects = Field(default_factory=DayEffects)
    co_board: list[CoRecord] = Field(default_factory=list)
    seals: list[Seal] = Field(default_factory=list)
    deaths: list[Death] = Field(default_factory=list)
    quiet_phases: int = 0
    result: str | None = None
    winners: list[int] = Field(default_factory=list)
    #: The end of the game [ADZ-10]: set when a side wins at a checkpoint (None while running, on a draw).
    ending: Ending | None = None


class Turn(BaseModel):
    """One deducer's turn in the deduction phase [ADZ-10.2]: ``seat`` deduces; ``revealed``: the seat whose
    true Megami she made public (A73: optional); ``draft``: seat → Megami named so far (the revealed seat
    prefilled). Every Megami appears at most once in ``draft``."""

    seat: int
    revealed: int | None = None
    draft: dict[int, str] = Field(default_factory=dict)


class Attempt(BaseModel):
    """A finished deduction [ADZ-10.2]: ``outcome`` is ``success``, ``failure`` or ``timeout``; ``right``:
    entries that named the true Megami, out of ``total`` (N − 1)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    outcome: Literal["success", "failure", "timeout"]
    right: int = 0
    total: int = 0


class Ending(BaseModel):
    """The end-of-game steps [ADZ-10.1]. ``checkpoint``: the side that won at W1/W2; ``side``: the side whose
    players win now (``renri`` when her win replaced the side's, ``renri_alone``; a successful deducer's side
    replaces it); ``day``: the day number the game ended on;
    ``renri``: the seat of Renri if she met her condition [ADZ-9.22]; ``queue``: deducers still to come, in
    order, each re-checked when her turn comes; ``turn``: the deduction under way; ``attempts``: finished
    ones in order."""

    checkpoint: Literal["sakura", "adazakura"]
    side: Literal["sakura", "adazakura", "renri"]
    day: int = 0
    renri: int | None = None
    queue: list[int] = Field(default_factory=list)
    turn: Turn | None = None
    attempts: list[Attempt] = Field(default_factory=list)


AdzState.model_rebuild()
