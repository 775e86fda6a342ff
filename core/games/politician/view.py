"""Per-player views and read-only answers of 政治家人狼: the role card (``/me``), ``/status``, the seat
board (``/board``, §5.2, issue: public after every election) and ``/help``.

Only what the viewer may know goes out (§8): the chairman's weight is never shown before the end.
"""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.commands import Query
from core.engine.notice import Action, KeyRef, Scalar
from core.engine.result import Rejected
from core.games.politician.ctx import Ctx
from core.games.politician.legal import legal
from core.games.politician.model import PolState
from core.games.politician.roles import CAMP, SEAT_VALUE
from core.games.politician.settings import composition, option


def role_card(g: Ctx, seat: int) -> None:
    """§10.1: role, camp, seat value, the role's help, the seat rule and what the seat has learned."""
    p = g.p(seat)
    cast = g.s.cast
    assert cast is not None
    g.tell(
        seat,
        "role.card",
        actions=legal(g, seat),
        player=g.ref(seat),
        role=g.role(p.role),
        camp=KeyRef(key=f"camp.{CAMP[p.role]}"),
        value=KeyRef(key=f"seat.{SEAT_VALUE[p.role]}"),
        text=role_text(g.s, p.role),
        seats=cast.seats,
        human=cast.human,
        wolf=cast.wolf,
        lines=list[Scalar](ledger.read(p.ledger, 12)),
    )


def role_text(state: PolState, role: str) -> list[Scalar]:
    """A role's help, one line per part: the guard's says whether he may protect himself at this table
    (``guardSelfProtect``, AMB-23)."""
    lines: list[Scalar] = [KeyRef(key=f"role.{role}.text")]
    if role == "guard":
        lines.append(
            KeyRef(
                key="role.guard.text.self" if option(state, "guardSelfProtect") else "role.guard.text.others"
            )
        )
    return lines


def board_params(g: Ctx) -> dict[str, Any]:
    """The public seat board: one line per filled seat (player, exact role, value), counts H/W/N, filled
    out of S, and the thresholds h and w (§5.2, §6.7)."""
    cast = g.s.cast
    assert cast is not None
    c = g.s.counts()
    lines: list[Scalar] = [
        KeyRef(key="seats.line", params={
            "number": r.number, "day": r.day, "player": g.ref(r.seat), "role": g.role(r.role),
            "value": KeyRef(key=f"seat.{r.value}"),
        })
        for r in g.s.filled
    ]  # fmt: skip
    return {
        "lines": lines,
        "human_seats": c["human"],
        "wolf_seats": c["wolf"],
        "none_seats": c["none"],
        "filled": len(g.s.filled),
        "seats": cast.seats,
        "human": cast.human,
        "wolf": cast.wolf,
    }


def status_params(g: Ctx) -> dict[str, Any]:
    """Phase (``phase.<id>`` with the day ``n`` and seconds ``left``), who is in the election, and one line
    each for those excluded today, elected and out, when there are any (idle players: ``afk.idle``, added
    by the engine); nothing about night actions or ballots not yet public (§8)."""
    s = g.s
    left = s.seconds_left(g.now)
    phase = KeyRef(key=f"phase.{s.phase}", params={"n": s.day, "left": left})
    if not s.players:
        return {"phase": phase, "day": 0, "active": [m.name for m in s.members], "lines": []}
    groups = {
        "excluded": [p.seat for p in s.players if p.alive and p.excluded],
        "elected": [r.seat for r in s.filled],
        "out": [p.seat for p in s.players if p.status == "out"],
    }
    lines: list[Scalar] = [
        KeyRef(key=f"status.line.{name}", params={"players": g.refs(seats)})
        for name, seats in groups.items()
        if seats
    ]
    return {
        "phase": phase,
        "day": s.day,
        "active": g.refs([p.seat for p in s.players if p.eligible]),
        "lines": lines,
    }


def query(g: Ctx, q: Query) -> Rejected | None:
    """Answer /me, /status, /board or /help without changing the game."""
    seat = next((p.seat for p in g.s.players if p.user_id == q.user_id), None)
    if q.what == "me":
        if seat is None:
            return Rejected(reason="not_player")
        role_card(g, seat)
    elif q.what == "status":
        board = KeyRef(key="seats.board", params=board_params(g)) if g.s.cast is not None else ""
        g.reply(q, "status", **status_params(g), board=board)
    elif q.what == "board":
        if g.s.cast is None:
            return Rejected(reason="game.not_started")
        g.reply(q, "seats.board", **board_params(g))
    else:
        g.reply(q, "help")
    return None


def announce_deal(g: Ctx) -> None:
    """§6.1 step 3 (AMB-44): the seating and the full composition with the seat rule, in public."""
    cast = g.s.cast
    assert cast is not None
    g.announce(
        "game.composition",
        players=g.refs(g.seats()),
        cast=composition(cast),
        count=len(g.s.players),
        seats=cast.seats,
        human=cast.human,
        wolf=cast.wolf,
    )


def project(state: PolState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see now: own role, ledger, public seat board, status and legal actions."""
    g = Ctx(state, state.deadline_at or 0)
    p = g.p(seat)
    return {
        "seat": seat,
        "role": p.role,
        "camp": CAMP[p.role],
        "status": p.status,
        "excluded": p.excluded,
        "ledger": list(p.ledger),
        "seats": [r.model_dump() for r in state.filled],
        "phase": state.phase,
        "day": state.day,
        "actions": [a.model_dump() for a in legal(g, seat)] if not state.is_over else [],
    }


def chosen(state: PolState, seat: int) -> list[Action]:
    """``seat``'s choice standing now (what its buttons show as chosen): a wolf's negative-campaign
    proposal at night, which it may change until the pack agrees (§6.9); empty otherwise (a ballot and
    the other night answers are final)."""
    night = state.night
    if state.phase != "night" or night is None or night.locked or seat not in night.proposals:
        return []
    return [Action(kind="kill", args=(night.proposals[seat],))]
