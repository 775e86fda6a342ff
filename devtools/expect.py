"""Plain JSON forms of notices, and the expectations a scenario file may assert (docs/scenarios.md).

Plain forms, as printed in a scenario transcript: a player is its seat number, a Megami or faction its id,
a sub-phrase ``{"key": …, "params": {…}}``, an action ``[kind, *args]``, an audience ``"public"``,
``"seat:3"``, ``"team:1,2"`` or ``"user:<id>"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from core.engine.notice import Action, Audience, CardRef, FactionRef, KeyRef, PlayerRef, RoleRef
from core.games import GameRules
from devtools import observe
from devtools.observe import HandPattern, TallyPattern, TimerPattern
from devtools.simulate import day_number

#: A scripted action as written in a scenario file: ``["night.oboro", "learn", 2]``, ``["vote", "none"]``.
Move = list[int | str]


def _keyref_dict(key: str, params: dict[str, Any]) -> Any:
    return {"key": key, "params": params}


def plain(value: Any, keyref: Callable[[str, dict[str, Any]], Any] = _keyref_dict) -> Any:
    """A notice param without its types (see the module docstring); ``keyref`` shapes a sub-phrase
    from its key and plain params (a dict by default)."""
    if isinstance(value, PlayerRef):
        return value.seat
    if isinstance(value, (RoleRef, FactionRef, CardRef)):
        return value.id
    if isinstance(value, KeyRef):
        return keyref(value.key, {k: plain(v, keyref) for k, v in value.params.items()})
    if isinstance(value, (list, tuple)):
        return [plain(v, keyref) for v in value]
    return value


def audience(to: Audience) -> str:
    """``public``, ``seat:3``, ``team:1,2`` or ``user:<id>``."""
    if to.kind == "public":
        return "public"
    if to.kind == "user":
        return f"user:{to.user_id}"
    return f"{to.kind}:{','.join(map(str, to.seats))}"


def move(action: Action) -> Move:
    return [action.kind, *action.args]


def matches(expected: Any, actual: Any) -> bool:
    """Deep match: a dict's listed keys must match (others are ignored), lists match item by item and
    have the same length, anything else is compared with ``==``."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(expected == actual)


def audience_matches(pattern: int | str, to: str) -> bool:
    """``3`` or ``"seat:3"``: a 1:1 notice that includes seat 3; ``"team:1"``: a team notice read by seat 1;
    ``"team"``/``"seat"``: any of that kind; ``"public"``: the group."""
    text = f"seat:{pattern}" if isinstance(pattern, int) else pattern
    kind, _, seats = text.partition(":")
    have_kind, _, have_seats = to.partition(":")
    if kind != have_kind:
        return False
    if kind == "user":
        return not seats or seats == have_seats
    wanted = {s for s in seats.split(",") if s}
    return wanted <= set(have_seats.split(","))


class NoticePattern(BaseModel):
    """A notice with this ``key``, to this audience (optional), whose params match ``params`` (optional)."""

    model_config = ConfigDict(extra="forbid")
    key: str
    to: int | str | None = None
    params: dict[str, Any] | None = None

    def found_in(self, lines: list[dict[str, Any]]) -> bool:
        return any(self.matches_line(line) for line in lines)

    def matches_line(self, line: dict[str, Any]) -> bool:
        return (
            line["type"] == "notice"
            and line["key"] == self.key
            and (self.to is None or audience_matches(self.to, line["to"]))
            and (self.params is None or matches(self.params, line["params"]))
        )


class RefusalPattern(BaseModel):
    """A refused scripted input: any of ``seat``, ``reason``, ``action`` that is given must match."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    reason: str | None = None
    action: Move | None = None

    def found_in(self, lines: list[dict[str, Any]]) -> bool:
        return any(self.matches_line(line) for line in lines)

    def matches_line(self, line: dict[str, Any]) -> bool:
        return line["type"] == "refused" and matches(self.model_dump(exclude_none=True), line)


class EventPattern(BaseModel):
    """A logged event of ``kind`` whose data match ``data`` (optional) [ADZ-11.11]."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    data: dict[str, Any] | None = None

    def found_in(self, lines: list[dict[str, Any]]) -> bool:
        return any(self.matches_line(line) for line in lines)

    def matches_line(self, line: dict[str, Any]) -> bool:
        return (
            line["type"] == "event"
            and line["kind"] == self.kind
            and (self.data is None or matches(self.data, line["data"]))
        )


class ActionPattern(BaseModel):
    """A legal action of ``seat`` now, of ``kind`` (and with exactly ``args`` when given)."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    kind: str
    args: list[int | str] | None = None

    def found_in(self, legal: list[Action]) -> bool:
        return any(a.kind == self.kind and (self.args is None or list(a.args) == self.args) for a in legal)


class LinePattern(BaseModel):
    """One item of an ``order`` check: exactly one of a notice, an event or a refused input."""

    model_config = ConfigDict(extra="forbid")
    notice: NoticePattern | None = None
    event: EventPattern | None = None
    refused: RefusalPattern | None = None

    @model_validator(mode="after")
    def _one_pattern(self) -> LinePattern:
        if len(self.model_fields_set) != 1:
            raise ValueError("an order item sets exactly one of notice, event, refused")
        return self

    def matches_line(self, line: dict[str, Any]) -> bool:
        pattern = self.notice or self.event or self.refused
        return pattern is not None and pattern.matches_line(line)


def in_order(patterns: list[LinePattern], lines: list[dict[str, Any]]) -> str | None:
    """None when a line matches each pattern, each after the line that matched the one before; else which
    item was not found (1-based) after the earlier ones."""
    at = 0
    for number, pattern in enumerate(patterns, start=1):
        found = next((i for i in range(at, len(lines)) if pattern.matches_line(lines[i])), None)
        if found is None:
            return f"item {number} not found after item {number - 1}" if number > 1 else "item 1 not found"
        at = found + 1
    return None


class Expect(BaseModel):
    """One check; exactly one field is set. See docs/scenarios.md for each."""

    model_config = ConfigDict(extra="forbid")
    alive: list[int] | None = None
    dead: list[int] | None = None
    result: str | None = None
    winners: list[int] | None = None
    phase: str | None = None
    day: int | None = None
    notice: NoticePattern | None = None
    no_notice: NoticePattern | None = None
    refused: RefusalPattern | None = None
    event: EventPattern | None = None
    no_event: EventPattern | None = None
    offered: ActionPattern | None = None
    not_offered: ActionPattern | None = None
    order: list[LinePattern] | None = None
    tally: TallyPattern | None = None
    deck: list[str] | None = None
    deck_size: int | None = None
    removed: list[str] | None = None
    discard: list[str] | None = None
    hand: HandPattern | None = None
    board: list[dict[str, Any]] | None = None
    timer: TimerPattern | None = None

    @model_validator(mode="after")
    def _one_check(self) -> Expect:
        if len(self.model_fields_set) != 1:
            raise ValueError(f"an expectation sets exactly one of {sorted(type(self).model_fields)}")
        return self

    @property
    def name(self) -> str:
        return next(iter(self.model_fields_set))


def check(
    expect: Expect, rules: GameRules, state: Any, lines: list[dict[str, Any]], now: int = 0
) -> str | None:
    """None if ``expect`` holds for ``state`` at ``now`` (scenario seconds) and the transcript ``lines`` in
    scope, else what was found."""
    name = expect.name
    wanted = getattr(expect, name)
    if name in ("notice", "no_notice", "refused", "event", "no_event"):
        present = not name.startswith("no_")
        found = wanted.found_in(lines)
        return None if found == present else ("not found" if present else "found")
    if name in ("offered", "not_offered"):
        found = wanted.found_in(rules.legal_actions(state, wanted.seat))
        return None if found == (name == "offered") else ("not offered" if name == "offered" else "offered")
    if name == "order":
        return in_order(wanted, lines)
    if name == "tally":
        return wanted.check(observe.tallies(state))
    if name == "board":
        actual = observe.board(state)
        return None if matches(wanted, actual) else f"actual: {actual!r}"
    if name in observe.READINGS:
        actual, expected = observe.reading(name, state, now, wanted)
        return None if actual == expected else f"actual: {actual!r}"
    actual = _observed(name, state)
    return None if actual == wanted else f"actual: {actual!r}"


def _observed(name: str, state: Any) -> Any:
    players = getattr(state, "players", [])
    if name == "alive":
        return [p.seat for p in players if p.alive]
    if name == "dead":
        return [p.seat for p in players if not p.alive]
    if name == "result":
        return getattr(state, "result", None)
    if name == "winners":
        return list(getattr(state, "winners", []))
    if name == "phase":
        return state.phase
    return day_number(state)
