"""Notices and moves in plain form, for every game's test table: player refs become seat numbers, role
and faction refs their ids, sub-phrases ``(key, params)`` tuples; a move is ``(kind, *args)``."""

from __future__ import annotations

from typing import Any, NamedTuple

from core.engine.notice import Action, Notice
from devtools import expect

#: A night or day action as written in tests: ``("night.shinra", "megami", 3)`` or ``("vote", 2)``.
Move = tuple[Any, ...]


class Heard(NamedTuple):
    """One notice in plain form; compares equal to a plain ``(key, params)`` tuple."""

    key: str
    params: dict[str, Any]


def plain(value: Any) -> Any:
    """A notice param without its types: seats for players, ids for Megami and factions, and a
    sub-phrase as a ``(key, params)`` tuple (the scenario runner's plain form otherwise)."""
    return expect.plain(value, lambda key, params: (key, params))


def heard(notice: Notice) -> Heard:
    return Heard(notice.key, {k: plain(v) for k, v in notice.params.items()})


def as_action(move: Move | Action) -> Action:
    """``("night.shinra", "megami", 3)`` (or that tuple wrapped once, or an Action) as an Action;
    ``None`` stands for the ``"none"`` option (abstain, nobody)."""
    if isinstance(move, Action):
        return move
    if len(move) == 1 and isinstance(move[0], (tuple, Action)):
        return as_action(move[0])
    kind, *args = move
    return Action(kind=kind, args=tuple("none" if a is None else a for a in args))


def user(seat: int) -> str:
    return f"u{seat}"
