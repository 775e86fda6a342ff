"""The recap of a finished game as data: who won, every seat's role and fate, the vote table
(days × voters, each cell the ballot's target) and the timeline of nights, as seats, catalog keys and
refs, no sentences. Each game builds one from its finished state (``Game.table``); the shell renders it
as the recap page and the recap picture (``handlers/recap``).

Catalog keys the shell renders: ``table.*`` in ``common`` (headings, legends, marks), and the keys a
game puts in ``result``, ``role``, ``fate``, ``label`` and ``cause`` (its own namespace).
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from core.engine.notice import KeyRef, Param

#: What a vote row's outcome did to its seat: exiled (徒桜戦争, 人狼: executed), elected (政治家人狼;
#: ``lottery``: elected by drawing lots after a tie, §6.6.4), written in the DEATH NOTE (a Judgment), led
#: to a runoff (``runoff``: the next row is a runoff of the same day; :func:`bounded` marks it), or
#: nothing happened.
Outcome = Literal["exiled", "elected", "lottery", "written", "runoff", "none"]
#: A cell without a target: the voter did not vote (``none``), could not (``frozen``), abstained on
#: purpose (``abstain``; 政治家人狼's blank ballot).
Blank = Literal["none", "frozen", "abstain"]
#: The most rows a table keeps (a game longer than this shows its last rows; ``truncated`` says so).
MAX_ROWS = 40
#: The most timeline entries a table keeps.
MAX_ENTRIES = 40


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SeatLine(_Frozen):
    """One seat at the end: its number, name (a ``str``, or a game key for an NPC), role (a ``RoleRef``
    or a game key), whether it won, its fate (``KeyRef``: alive, or how and when it died or left), and
    ``side``: its side as the end text shows it, for a game whose role does not tell it (徒桜戦争), else
    ``None`` (no side column)."""

    seat: int
    name: Param
    role: Param
    won: bool
    alive: bool
    fate: KeyRef
    side: Param | None = None


class Cell(_Frozen):
    """One ballot: its ``target`` seat, or ``blank`` saying why there is none; ``weight`` > 1 for a ballot
    that counted more (the chairman's, 徒桜戦争's extra votes), shown only now that the game is over."""

    target: int | None = None
    blank: Blank | None = None
    weight: int = 1


class VoteRow(_Frozen):
    """One vote (a day's ballot or runoff, a Judgment): ``label`` (``KeyRef``), each voter's :class:`Cell`
    by seat, and the seat it chose (``outcome_seat``) with what happened to it."""

    label: KeyRef
    cells: dict[int, Cell] = Field(default_factory=dict)
    outcome: Outcome = "none"
    outcome_seat: int | None = None


class Death(_Frozen):
    """A seat that died (or was saved, ``saved``) in a timeline entry, with its cause (``KeyRef``)."""

    seat: int
    cause: KeyRef
    saved: bool = False


class Entry(_Frozen):
    """One night (or a round, in DEATH NOTE 人狼): ``label`` and its deaths; none is a quiet night."""

    label: KeyRef
    deaths: list[Death] = Field(default_factory=list)


class RecapTable(_Frozen):
    """A finished game's recap as data: ``game`` id, ``result`` (``KeyRef`` in the game's namespace),
    ``winners`` (seats), every seat (:class:`SeatLine`, seat order), the vote rows and the timeline in
    play order (at most :data:`MAX_ROWS` / :data:`MAX_ENTRIES`, the latest kept; ``truncated`` when some
    were left out)."""

    game: str
    result: KeyRef
    winners: list[int] = Field(default_factory=list)
    seats: list[SeatLine] = Field(default_factory=list)
    votes: list[VoteRow] = Field(default_factory=list)
    timeline: list[Entry] = Field(default_factory=list)
    truncated: bool = False


def bounded(
    game: str, result: KeyRef, winners: list[int], seats: list[SeatLine], votes: list[VoteRow],
    timeline: list[Entry],
) -> RecapTable:  # fmt: skip
    """A :class:`RecapTable` with the vote rows and timeline cut to their last :data:`MAX_ROWS` and
    :data:`MAX_ENTRIES`; a row that decided nothing (``none``) and is followed by a runoff of its day
    (:func:`vote`) reads ``runoff``."""
    votes = [
        row.model_copy(update={"outcome": "runoff"})
        if row.outcome == "none" and nxt is not None and _runoff_of(nxt.label, row.label)
        else row
        for row, nxt in zip_longest(votes, votes[1:])  # the last row has no next (None)
    ]
    truncated = len(votes) > MAX_ROWS or len(timeline) > MAX_ENTRIES
    return RecapTable(
        game=game, result=result, winners=sorted(winners), seats=seats, votes=votes[-MAX_ROWS:],
        timeline=timeline[-MAX_ENTRIES:], truncated=truncated,
    )  # fmt: skip


def _runoff_of(label: KeyRef, before: KeyRef) -> bool:
    """Whether ``label`` is a runoff (:func:`vote`) of the day of ``before``."""
    return (
        label.key == "table.runoff"
        and before.key in ("table.day", "table.runoff")
        and (label.params.get("day") == before.params.get("day"))
    )


def crossed(cells: dict[int, Cell], seats: list[int]) -> dict[int, Cell]:
    """``cells`` with every seat of ``seats`` that has none marked ``frozen`` (×, could not vote: dead,
    out of the game, elected, no voter of a runoff; ``table.legend.votes``), in seat order."""
    marked = {**{seat: Cell(blank="frozen") for seat in seats}, **cells}
    return dict(sorted(marked.items()))


def alive() -> KeyRef:
    """The fate of a seat alive at the end."""
    return KeyRef(key="table.fate.alive")


def died(phase: Literal["night", "day", "round"], n: int, cause: KeyRef) -> KeyRef:
    """The fate of a seat that died in night, day or round ``n`` of ``cause``."""
    return KeyRef(key=f"table.fate.{phase}", params={"n": n, "cause": cause})


def night(n: int) -> KeyRef:
    return KeyRef(key="table.night", params={"n": n})


def vote(day: int, runoff: int = 0) -> KeyRef:
    """A day's vote label; ``runoff`` ≥ 1 for the runoffs after it."""
    if runoff:
        return KeyRef(key="table.runoff", params={"day": day, "n": runoff})
    return KeyRef(key="table.day", params={"day": day})
