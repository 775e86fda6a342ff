"""The recap table of a finished classic 人狼 game (``werewolf.md`` §6.11): every seat's role
and fate (身代わり君 as seat 0), every ballot of every day and runoff with the execution marked and a seat
that could not vote (dead, or no voter of a runoff) crossed (×), and every
night's deaths with their causes. Read from the state alone (rounds, night records, deaths)."""

from __future__ import annotations

from core.engine import recaptable as rt
from core.engine.notice import KeyRef, Param, RoleRef
from core.games.werewolf.model import Player, WWState


def table(state: WWState) -> rt.RecapTable | None:
    """The :class:`~core.engine.recaptable.RecapTable` of ``state``; ``None`` before its result."""
    if state.result is None:
        return None
    everyone = ([state.scapegoat] if state.scapegoat is not None else []) + list(state.players)
    seats = [_seat(state, p) for p in everyone]
    return rt.bounded(
        "werewolf", KeyRef(key=f"result.{state.result}"), list(state.winners), seats, _votes(state),
        _timeline(state, everyone),
    )  # fmt: skip


def _seat(state: WWState, p: Player) -> rt.SeatLine:
    name: Param = KeyRef(key="scapegoat.ref") if p.seat == 0 else p.name
    fate = rt.alive()
    if p.death is not None:
        fate = rt.died(p.death.phase, p.death.n, KeyRef(key=f"cause.{p.death.cause}"))
    won = p.seat != 0 and p.seat in state.winners
    return rt.SeatLine(seat=p.seat, name=name, role=RoleRef(id=p.role), won=won, alive=p.death is None,
                       fate=fate)  # fmt: skip


def _votes(state: WWState) -> list[rt.VoteRow]:
    executed = {
        p.death.n: p.seat for p in state.players if p.death is not None and p.death.cause == "execution"
    }
    last = {r.day: r.round for r in state.rounds}
    everyone = [p.seat for p in state.players]  # 身代わり君 (seat 0) never votes: no column
    rows = []
    for r in state.rounds:
        cells = {
            v: rt.Cell(target=r.ballots[v]) if v in r.ballots else rt.Cell(blank="none")
            for v in sorted(r.voters)
        }
        cells = rt.crossed(cells, everyone)  # × the dead (and a runoff's non-voters): could not vote
        seat = executed.get(r.day) if r.round == last[r.day] else None
        outcome: rt.Outcome = "exiled" if seat is not None else "none"
        rows.append(
            rt.VoteRow(label=rt.vote(r.day, r.round), cells=cells, outcome=outcome, outcome_seat=seat)
        )
    return rows


def _timeline(state: WWState, everyone: list[Player]) -> list[rt.Entry]:
    """One entry per night (its deaths, quiet or not); a day's deaths other than the execution (道連れ,
    後追い, 突然死) as an entry of that day."""
    entries = []
    last = max([r.n for r in state.nights] + [state.day, 0])
    for n in range(last + 1):
        for phase in ("night", "day"):
            dead = [
                rt.Death(seat=p.seat, cause=KeyRef(key=f"cause.{p.death.cause}"))
                for p in everyone
                if p.death is not None and p.death.phase == phase and p.death.n == n
                and p.death.cause != "execution"
            ]  # fmt: skip
            if phase == "night" and any(r.n == n for r in state.nights):
                entries.append(rt.Entry(label=rt.night(n), deaths=dead))
            elif phase == "day" and dead:
                entries.append(rt.Entry(label=KeyRef(key="table.daytime", params={"day": n}), deaths=dead))
    return entries
