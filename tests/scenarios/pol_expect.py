"""What the 政治家人狼 playthroughs (``politician.md`` §12) read back from a table, in plain form.

Shared by ``test_pol_12_*``: the round results the group saw (visible counts, revealed ballots, missing
ballots), the seat board, what one seat learned privately, and :func:`assert_no_public_leak`, the §6.6.3 /
§8 check that nothing public before the end shows a weight, a weighted total or a player's role.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from core.engine.notice import KeyRef, Notice, PlayerRef, RoleRef
from core.games.politician.model import NightState
from tests.games.plain import heard
from tests.games.politician.table import Heard, Table

#: Public notices that may name roles before the end: the composition (counts only, AMB-44), the
#: elected player's reveal and the seat board (§6.7).
ROLE_NAMING = frozenset({"game.composition", "elected", "seats.board"})


def closed(t: Table) -> list[Heard]:
    """The ``vote.closed`` messages of the last step, one per round, in order."""
    return [h for h in t.public() if h.key == "vote.closed"]


def visible(h: Heard) -> dict[int, int]:
    """Visible counts of a ``vote.closed`` message, in the order shown: {seat: ballots}."""
    return {c[1]["player"]: c[1]["votes"] for c in h.params["counts"]}


def revealed(h: Heard) -> list[tuple[int, int]]:
    """The (voter, target) lines a ``vote.closed`` message shows: every ballot of a secret round; on a
    show-of-hands day only the ballots drawn at the close (``afkBallot = random``, §10.8)."""
    return [(b[1]["voter"], b[1]["target"]) for b in h.params["ballots"]]


def missing(h: Heard) -> list[int]:
    """The voters a ``vote.closed`` message lists as having cast no ballot (``ANN_NO_BALLOT``)."""
    value = h.params["missing"]
    if isinstance(value, tuple):
        return list(value[1]["players"])
    return list(value or [])


def shown_ballots(t: Table) -> list[tuple[int, int]]:
    """The show-of-hands ballots posted in the group during the last step, in arrival order."""
    return [(h.params["voter"], h.params["target"]) for h in t.public() if h.key == "vote.ballot"]


def elected(t: Table) -> tuple[int, str, str, str]:
    """The last step's election: (seat, method id, role id, seat value id)."""
    p = t.first("elected").params
    return p["player"], p["method"][0], p["role"], p["value"][0]


def board(t: Table) -> tuple[int, int, int, int]:
    """The last step's public seat board: (H, W, N, filled)."""
    p = t.first("seats.board").params
    return p["human_seats"], p["wolf_seats"], p["none_seats"], p["filled"]


def tonight(t: Table) -> NightState:
    """The open night window (fails outside a night)."""
    assert t.state.night is not None, t.phase
    return t.state.night


def told(n: Notice, seat: int) -> bool:
    """Whether ``seat`` reads ``n`` in private: in its 1:1 chat or in a team channel it belongs to."""
    return n.to.kind in ("seat", "team") and seat in n.to.seats


def knows(t: Table, seat: int) -> list[Heard]:
    """The role-check knowledge ``seat`` received in the last step (``know.*`` notices, in order), in its
    1:1 chat or, for the wolves' ``know.wolf``, in their team channel (§6.2 step 1)."""
    return [heard(n) for n in t.heard if told(n, seat) and n.key.startswith("know.")]


def mentioned(t: Table, seat: int) -> set[int]:
    """Every seat named in what ``seat`` received privately (1:1 chat or team channel) in the last step."""
    found: set[int] = set()
    for n in t.heard:
        if told(n, seat):
            found |= {r.seat for r in _refs(n.params, PlayerRef)}
    return found


def audiences(t: Table, key: str) -> list[tuple[str, tuple[int, ...]]]:
    """(audience kind, seats) of every ``key`` notice of the last step, in order."""
    return [(n.to.kind, n.to.seats) for n in t.heard if n.key == key]


def assert_no_public_leak(t: Table) -> None:
    """§6.6.3 and §8 over the whole game so far, up to ``game.over``: every show-of-hands ballot line has
    the same shape (chairman included); every ``vote.closed`` shows the visible counts of its round (one per
    ballot, never weighted) and, on a show-of-hands day, no ballot again but those drawn at the close; roles
    are named only by the composition and by the reveal of an elected player; no recap line (the
    chairman's marked ballots) appears before the end."""
    rounds = iter(t.state.rounds)
    reached_end = False
    for _, _, notices in t.history:
        for n in notices:
            if n.to.kind != "public" or reached_end:
                continue
            if n.key == "game.over":
                reached_end = True
                continue
            assert not n.key.startswith("recap."), n.key
            assert not any(k.key.startswith("recap.") for k in _refs(n.params, KeyRef)), n.key
            if n.key == "vote.ballot":
                assert set(n.params) == {"voter", "target"}, n.params
            if n.key == "vote.closed":
                _assert_visible(n, next(rounds))
            if n.key not in ROLE_NAMING:
                assert not list(_refs(n.params, RoleRef)), n.key


def _assert_visible(n: Notice, rnd: Any) -> None:
    tally = Counter(b.target for b in rnd.ballots)
    shown = {c.params["player"].seat: c.params["votes"] for c in n.params["counts"]}  # type: ignore[union-attr]
    assert shown == dict(tally), (shown, tally)
    if rnd.public:
        lines = n.params["ballots"]
        assert isinstance(lines, list), lines
        assert all(isinstance(x, KeyRef) and x.key == "vote.line.drawn" for x in lines), lines


def _refs(value: Any, kind: type) -> Iterator[Any]:
    """Every ``kind`` instance inside a param (recursively through lists and sub-phrases)."""
    if isinstance(value, kind):
        yield value
    if isinstance(value, KeyRef):
        yield from _refs(value.params, kind)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _refs(v, kind)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _refs(v, kind)
