"""The shape of a scenario file (docs/scenarios.md): the players, the test-mode setup, the host's settings
and ``/option`` commands, and the script of steps with their expectations. Read and checked before
anything is played (:mod:`devtools.preflight`); played by :mod:`devtools.scenario`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from devtools.expect import Expect, Move

#: A seat's ballot (a seat, or ``"none"``/``null`` to abstain), or several sent one after the other (a
#: refused one, then a valid one).
Ballot = int | str | None
Ballots = dict[int, Ballot | list[Ballot]]

#: Step fields that only some step phases take (any phase takes ``n``, ``actions``, ``close``, ``expect``).
ONLY_IN = {"kill": "night", "say": "night", "co": "day", "votes": "day", "runoff": "day"}


class Step(BaseModel):
    """One phase of the script: a ``night`` (``actions``, team ``kill``, team ``say``), a ``day`` (徒桜戦争's
    discussion: ``co``, day ``actions``, then ``votes``, ``runoff``) or any other phase id of the game
    (``candidacy``, ``campaign``, ``vote`` … of 政治家人狼; ``turn``, ``exchange_give``, ``judgment`` … of
    DEATH NOTE 人狼: ``actions`` only). ``n``: the night/day/round number it must be. ``close: false``
    leaves the phase open (the next step continues it), else its timer fires."""

    model_config = ConfigDict(extra="forbid")
    phase: str
    n: int | None = None
    actions: dict[int, Move | list[Move]] = Field(default_factory=dict)
    kill: dict[int, int | str | None] = Field(default_factory=dict)
    say: dict[int, str] = Field(default_factory=dict)
    co: dict[int, str] = Field(default_factory=dict)
    votes: Ballots = Field(default_factory=dict)
    runoff: Ballots | None = None
    close: bool = True
    expect: list[Expect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_of_the_phase(self) -> Step:
        wrong = sorted(f for f in self.model_fields_set if ONLY_IN.get(f, self.phase) != self.phase)
        if wrong:
            where = ", ".join(f"{f} (only in a {ONLY_IN[f]} step)" for f in wrong)
            raise ValueError(f"a {self.phase} step cannot have {where}")
        return self


class Scenario(BaseModel):
    """A whole scenario file (docs/scenarios.md). ``configure``: the host's ``/option`` commands in the
    lobby, in order, each ``[name, *values]`` (``["preset", "printed"]``)."""

    model_config = ConfigDict(extra="forbid")
    game: str = "adazakura"
    title: str = ""
    players: list[str]
    setup: dict[str, Any]
    settings: dict[str, Any] = Field(default_factory=dict)
    configure: list[list[str]] = Field(default_factory=list)
    script: list[Step] = Field(default_factory=list)
    expect: list[Expect] = Field(default_factory=list)


def as_ballots(ballots: Ballot | list[Ballot]) -> list[Ballot]:
    """One ballot or a list of ballots (sent one after the other), as a list."""
    return ballots if isinstance(ballots, list) else [ballots]
