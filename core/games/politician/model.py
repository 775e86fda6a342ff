"""The state of a 政治家人狼 game (``politician.md`` §5): pydantic models, serialised to one item."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.engine.ledger import Line
from core.engine.structural import FROZEN, OPEN_LAST
from core.engine.table import TableState
from core.games.politician.roles import Cast, SeatValue

Status = Literal["active", "elected", "out"]
#: How a player was elected (§6.7 ``ANN_ELECTED`` method).
Method = Literal["vote", "runoff1", "runoff2", "lottery", "only"]


class Player(BaseModel):
    """A seat (§5.1). ``excluded``: hit by last night's negative campaign (``excludedToday``), set in the
    morning and cleared at the return step; ``ledger``: what this seat has learned privately (missed
    prompts: ``TableState.missed``, ``core.engine.afk``)."""

    seat: int
    user_id: str
    name: str
    role: str
    status: Status = "active"
    excluded: bool = False
    ledger: list[Line] = Field(default_factory=list)

    @property
    def alive(self) -> bool:
        """Still in the election (status ``active``), whether excluded today or not."""
        return self.status == "active"

    @property
    def eligible(self) -> bool:
        """An eligible voter and candidate today (§5.1 derived sets)."""
        return self.status == "active" and not self.excluded


class SeatRecord(BaseModel):
    """One filled seat (§5.2): ``number`` 1..S, ``day``, the elected ``seat`` and ``role``, its ``value``."""

    model_config = ConfigDict(frozen=True)

    number: int
    day: int
    seat: int
    role: str
    value: SeatValue
    method: Method


class Ballot(BaseModel):
    """One ballot, in arrival order: ``voter`` → ``target`` (None: an abstention, only with the host's
    ``freeBallot``); ``weight`` 2 for the chairman (§6.6.3)."""

    model_config = ConfigDict(frozen=True)

    voter: int
    target: int | None
    weight: int = 1


class Round(BaseModel):
    """A ballot round of a day (§6.6.4): ``round`` 0 = main vote, 1-2 = runoffs; ``public``: show of hands
    (ballots posted as cast) or secret (revealed at close); ``voters`` eligible when it opened."""

    day: int
    round: int
    public: bool
    candidates: list[int]
    voters: list[int]
    ballots: list[Ballot] = Field(default_factory=list)
    no_ballot: list[int] = Field(default_factory=list)
    top: list[int] = Field(default_factory=list)

    def has_voted(self, seat: int) -> bool:
        return any(b.voter == seat for b in self.ballots)


class Lottery(BaseModel):
    """The interactive draw (§10.6): ``tied`` in seat order, the 0-based index of the ``success`` card among
    ``len(tied)`` face-down cards, and ``picks`` (seat → card number, from 1)."""

    tied: list[int]
    success: int
    picks: dict[int, int] = Field(default_factory=dict)

    def free(self) -> list[int]:
        """Card numbers nobody has taken yet, ascending."""
        return [c for c in range(1, len(self.tied) + 1) if c not in self.picks.values()]


class NightState(BaseModel):
    """The open night window (§6.9): every active player is prompted (§10.5); ``proposals``: each wolf's
    latest negative-campaign proposal (a seat or ``"none"``) and ``order`` of arrival; ``locked``: all
    active wolves agreed; ``protect``/``investigate``/``trust``: the guard's, reporter's and dummy choices;
    ``done``: seats that have answered."""

    n: int
    prompted: list[int] = Field(default_factory=list)
    proposals: dict[int, int | str] = Field(default_factory=dict)
    locked: bool = False
    protect: int | None = None
    investigate: int | None = None
    trust: dict[int, int] = Field(default_factory=dict)
    done: list[int] = Field(default_factory=list)


class NightRecord(BaseModel):
    """What a night did, for the recap (§6.10): proposals, the resolved target (``tie_break`` when drawn,
    ``forced`` when drawn because the wolves named nobody under ``mandatoryNegativeCampaign``),
    protection, investigation, and the excluded player (None when nobody)."""

    n: int
    proposals: dict[int, int | str] = Field(default_factory=dict)
    target: int | None = None
    tie_break: bool = False
    forced: bool = False
    protect: int | None = None
    investigate: int | None = None
    excluded: int | None = None


class PolState(TableState):
    """Whole game state. Phases: ``lobby``, ``role_check``, ``candidacy``, ``campaign``, ``vote``,
    ``runoff``, ``lottery`` (the interactive draw, §10.6), ``policy_speech``, ``night``, ``ended``,
    ``cancelled`` (§6)."""

    game: str = "politician"
    players: list[Player] = Field(default_factory=list)
    cast: Cast | None = None
    day: int = 0
    #: Candidacy (§6.3): the seat now making its statement.
    speaker: int | None = None
    favourite: int | None = None
    lover_found: bool = False
    #: Set at night resolution, announced the next morning (AMB-34).
    lover_found_tonight: bool = False
    ready: list[int] = Field(default_factory=list)
    #: Only the last round is ever changed (a round is closed once the next opens): ``OPEN_LAST``.
    rounds: Annotated[list[Round], OPEN_LAST] = Field(default_factory=list)
    night: NightState | None = None
    lottery: Lottery | None = None
    #: A night's record is never changed once appended: ``FROZEN``.
    nights: list[Annotated[NightRecord, FROZEN]] = Field(default_factory=list)
    filled: list[SeatRecord] = Field(default_factory=list)
    #: The player elected today (between the policy speech and the night).
    elected: int | None = None
    result: Literal["human", "wolf"] | None = None
    reason: str | None = None
    winners: list[int] = Field(default_factory=list)

    @property
    def round(self) -> Round | None:
        """The ballot round of today still open or last closed (None before today's vote)."""
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and last.day == self.day else None

    def counts(self) -> dict[str, int]:
        """``{"human": H, "wolf": W, "none": N}`` (§5.2)."""
        out = {"human": 0, "wolf": 0, "none": 0}
        for record in self.filled:
            out[record.value] += 1
        return out
