"""A :class:`~core.engine.recaptable.RecapTable` as the texts of one locale, laid out as the page and the
picture show them: the result, the seats table, the vote table (one row per vote, one column per voter,
each cell the target's seat number, the chosen seat starred, a weight over 1 as ``×2``) and the nights.
Every text comes from the catalogs (``table.*`` in ``common``, the game's own keys); player names are the
only text a player chose (:attr:`SeatRow.name`), which the picture may replace when its font lacks a glyph.
"""

from __future__ import annotations

from dataclasses import dataclass

import core.i18n as i18n
from core.engine.notice import Param
from core.engine.recaptable import Cell, RecapTable, VoteRow

#: The mark of the chosen seat's cells and of the winners.
CHOSEN = "★"


@dataclass(frozen=True)
class SeatRow:
    """One seat: its number (``"3"``), name, role, fate, whether it won and is alive, and its side
    (``None``: the game shows no side column)."""

    seat: str
    name: str
    role: str
    fate: str
    won: bool
    alive: bool
    side: str | None = None


@dataclass(frozen=True)
class VoteLine:
    """One vote: its label, one cell text per voter column (``""``: not a voter then), and its outcome."""

    label: str
    cells: list[str]
    outcome: str


@dataclass(frozen=True)
class Night:
    """One timeline entry: its label and one text per death (``"3 名前: cause"``), or the quiet text."""

    label: str
    lines: list[str]


@dataclass(frozen=True)
class Grid:
    """The whole recap in one locale (see the module docstring). ``voters``: the vote table's column
    heads (seat numbers); ``headings``: ``{"title", "result", "seats", "votes", "timeline", "seat",
    "name", "role", "side", "fate", "vote", "outcome", "won", "lost"}`` texts; ``sides``: whether the seats
    table has a side column (a seat has a side)."""

    locale: str
    game: str
    headings: dict[str, str]
    result: str
    seats: list[SeatRow]
    voters: list[str]
    votes: list[VoteLine]
    nights: list[Night]
    legend: str
    truncated: str | None
    sides: bool = False


def _say(value: Param, locale: str, game: str) -> str:
    try:
        return i18n.render_param(value, locale, game)
    except KeyError:
        return str(getattr(value, "key", value))


def _text(key: str, locale: str, game: str) -> str:
    return i18n.text(key, locale, game)


HEADINGS = ("title", "result", "seats", "votes", "timeline")
COLUMNS = ("seat", "name", "role", "side", "fate", "vote", "outcome")


def grid(table: RecapTable, locale: str) -> Grid:
    """The texts of ``table`` in ``locale`` (a catalog locale, ``core.i18n.resolve_locale``)."""
    game = table.game
    headings = {
        h: _text(f"table.heading.{h}" if h != "title" else "table.title", locale, game) for h in HEADINGS
    }
    headings |= {c: _text(f"table.column.{c}", locale, game) for c in COLUMNS}
    headings |= {"won": _text("table.won", locale, game), "lost": _text("table.lost", locale, game)}
    names = {s.seat: _say(s.name, locale, game) for s in table.seats}
    seats = [
        SeatRow(seat=str(s.seat), name=names[s.seat], role=_say(s.role, locale, game),
                fate=_say(s.fate, locale, game), won=s.won, alive=s.alive,
                side=None if s.side is None else _say(s.side, locale, game))
        for s in table.seats
    ]  # fmt: skip
    voters = sorted({v for row in table.votes for v in row.cells})
    votes = [
        VoteLine(label=_say(row.label, locale, game), outcome=_outcome(row, names, locale, game),
                 cells=[_cell(row, row.cells.get(v), locale, game) for v in voters])
        for row in table.votes
    ]  # fmt: skip
    nights = []
    for entry in table.timeline:
        lines = [
            f"{d.seat} {names.get(d.seat, '')}: {_say(d.cause, locale, game)}"
            + (f" ({_text('table.saved', locale, game)})" if d.saved else "")
            for d in entry.deaths
        ]
        nights.append(
            Night(label=_say(entry.label, locale, game), lines=lines or [_text("table.quiet", locale, game)])
        )
    truncated = _text("table.legend.truncated", locale, game) if table.truncated else None
    result = _say(table.result, locale, game)
    return Grid(locale=locale, game=game, headings=headings, result=result, seats=seats,
                voters=[str(v) for v in voters], votes=votes, nights=nights,
                legend=_text("table.legend.votes", locale, game), truncated=truncated,
                sides=any(s.side is not None for s in seats))  # fmt: skip


def _cell(row: VoteRow, cell: Cell | None, locale: str, game: str) -> str:
    if cell is None:
        return ""
    if cell.target is None:
        return _text(f"table.blank.{cell.blank or 'none'}", locale, game)
    text = str(cell.target)
    if cell.weight > 1:
        text += f"×{cell.weight}"
    return f"{CHOSEN}{text}" if row.outcome_seat is not None and cell.target == row.outcome_seat else text


def _outcome(row: VoteRow, names: dict[int, str], locale: str, game: str) -> str:
    said = _text(f"table.outcome.{row.outcome}", locale, game)
    if row.outcome_seat is None:
        return said
    return f"{said}: {row.outcome_seat} {names.get(row.outcome_seat, '')}".rstrip()
