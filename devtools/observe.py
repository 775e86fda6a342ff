"""What a scenario's state checks read from a game's state, in plain form, and those checks
(docs/scenarios.md): the deck, the hands, the discard pile and the removed cards, the CO or seat board,
the vote tallies and the seconds left on the current phase's timer.

徒桜戦争 [ADZ-3.5]: the deck and the removed cards are Megami ids; the board is the CO board [ADZ-11.7];
tallies come from the ``VoteClosed`` events of the log (ballots and their weights, [ADZ-8.3]).
政治家人狼: the board is the filled seats (§5.2); tallies come from the ballot rounds (§6.6.4).
DEATH NOTE 人狼 (§1.4): the draw pile, hands, discard pile (bottom first, a hidden card marked ``*``) and
removed cards are card types. A reading a game does not have is ``None``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict

from core.games.deathnote.cards import kind

#: The checks answered by :func:`reading` (docs/scenarios.md).
READINGS = frozenset({"hand", "timer", "deck", "deck_size", "removed", "discard"})


def deck(state: Any) -> list[str] | None:
    """The deck (徒桜戦争) or draw pile (DEATH NOTE 人狼), top first."""
    if state.game == "adazakura":
        return list(state.deck)
    if state.game == "deathnote":
        return [kind(c) for c in state.draw]
    return None


def removed(state: Any) -> list[str] | None:
    """Cards removed from the game, in the order they left."""
    if state.game == "adazakura":
        return list(state.removed)
    if state.game == "deathnote":
        return [kind(c) for c in state.removed]
    return None


def discard(state: Any) -> list[str] | None:
    """DEATH NOTE 人狼's discard pile, bottom first; a hidden card (an eliminated hand, §8) ends in ``*``."""
    if state.game != "deathnote":
        return None
    return [kind(d.card) + ("*" if d.hidden else "") for d in state.discard]


def hand(state: Any, seat: int) -> list[str] | None:
    """The card types in ``seat``'s hand, sorted (a hand has no order a player could see)."""
    if state.game != "deathnote" or not 1 <= seat <= len(state.players):
        return None
    return sorted(kind(c) for c in state.players[seat - 1].hand)


def board(state: Any) -> list[dict[str, Any]] | None:
    """徒桜戦争's CO board (``day``, ``seat``, ``megami``, ``verified``) or 政治家人狼's filled seats
    (``number``, ``day``, ``seat``, ``role``, ``value``, ``method``), in order."""
    if state.game == "adazakura":
        return [r.model_dump() for r in state.co_board]
    if state.game == "politician":
        return [r.model_dump() for r in state.filled]
    return None


def tallies(state: Any) -> list[dict[str, Any]]:
    """Every ballot round so far, in order: ``day``, ``round`` (0 the day's vote, 1… its runoffs) and, per
    seat named by at least one ballot (as a string), its ``weighted`` sum and its ``visible`` count."""
    if state.game == "politician":
        return [
            _tally(r.day, r.round, [(b.target, b.weight) for b in r.ballots if b.target is not None])
            for r in state.rounds
        ]
    if state.game != "adazakura":
        return []
    out = []
    for event in state.log:
        if event.kind == "VoteClosed":
            named = [
                (v, event.data["weights"][k]) for k, v in event.data["ballots"].items() if isinstance(v, int)
            ]
            out.append(_tally(event.data["day"], event.data["round"] - 1, named))
    return out


def _tally(day: int, number: int, ballots: list[tuple[int, int]]) -> dict[str, Any]:
    weighted: Counter[str] = Counter()
    visible: Counter[str] = Counter()
    for target, weight in ballots:
        weighted[str(target)] += weight
        visible[str(target)] += 1
    return {"day": day, "round": number, "weighted": dict(weighted), "visible": dict(visible)}


def seconds_left(state: Any, now: int) -> int | None:
    """Seconds before the current phase's deadline at ``now`` (None: a phase without a timer)."""
    return None if state.deadline_at is None else state.deadline_at - now


def reading(name: str, state: Any, now: int, wanted: Any) -> tuple[Any, Any]:
    """``(actual, expected)`` for a check of :data:`READINGS` with its ``wanted`` value, at ``now``."""
    return _actual(name, state, now, wanted), _wanted(name, wanted)


class TallyPattern(BaseModel):
    """A ballot round: on ``day`` (default: the last round's day), round ``round`` (0 the vote, 1… the
    runoffs; default: that day's last), with exactly these ``weighted`` sums and ``visible`` counts per
    seat named (keys are seats)."""

    model_config = ConfigDict(extra="forbid")
    day: int | None = None
    round: int | None = None
    weighted: dict[int, int] | None = None
    visible: dict[int, int] | None = None

    def check(self, tallies: list[dict[str, Any]]) -> str | None:
        day = self.day if self.day is not None else (tallies[-1]["day"] if tallies else None)
        rounds = [t for t in tallies if t["day"] == day and (self.round is None or t["round"] == self.round)]
        if not rounds:
            return (
                f"no round {self.round} on day {day}" if self.round is not None else f"no vote on day {day}"
            )
        found = rounds[-1]
        for name in ("weighted", "visible"):
            wanted = getattr(self, name)
            if wanted is not None and {str(k): v for k, v in wanted.items()} != found[name]:
                return f"{name}: {found[name]}"
        return None


class HandPattern(BaseModel):
    """Exactly these cards (types, any order) in ``seat``'s hand."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    cards: list[str]


class TimerPattern(BaseModel):
    """The current phase (``phase``, optional) has ``seconds`` left on its timer (None: no timer)."""

    model_config = ConfigDict(extra="forbid")
    phase: str | None = None
    seconds: int | None


def _wanted(name: str, wanted: Any) -> Any:
    if name == "hand":
        return sorted(wanted.cards)
    if name == "timer":
        return (wanted.phase, wanted.seconds)
    return wanted


def _actual(name: str, state: Any, now: int, wanted: Any) -> Any:
    if name == "hand":
        return hand(state, wanted.seat)
    if name == "timer":
        return (wanted.phase and state.phase, seconds_left(state, now))
    if name == "deck_size":
        cards = deck(state)
        return None if cards is None else len(cards)
    return {"deck": deck, "removed": removed, "discard": discard}[name](state)
