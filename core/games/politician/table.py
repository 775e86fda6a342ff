"""The recap table of a finished 政治家人狼 game (``politician.md`` §6.10): every seat's role and
standing, every ballot of every day and runoff with the chairman's double weight (shown now that the game
is over), the elected seat marked and a seat that could not vote crossed (×), and every night's negative
campaign (ネガキャン) — who was kept out, or whose campaign the guard stopped. Read from the state alone."""

from __future__ import annotations

from core.engine import recaptable as rt
from core.engine.notice import KeyRef, RoleRef
from core.games.politician.model import PolState, Round, SeatRecord


def table(state: PolState) -> rt.RecapTable | None:
    """The :class:`~core.engine.recaptable.RecapTable` of ``state``; ``None`` before its result."""
    if state.result is None:
        return None
    seats = [
        rt.SeatLine(
            seat=p.seat, name=p.name, role=RoleRef(id=p.role), won=p.seat in state.winners,
            alive=p.status != "out", fate=KeyRef(key=f"status.{p.status}"),
        )
        for p in state.players
    ]  # fmt: skip
    elected = {f.day: f for f in state.filled}
    last = {r.day: r.round for r in state.rounds}
    everyone = [p.seat for p in state.players]
    votes = [_row(r, elected.get(r.day) if r.round == last[r.day] else None, everyone) for r in state.rounds]
    timeline = []
    for n in state.nights:
        hit: list[rt.Death] = []
        if n.excluded is not None:
            hit.append(rt.Death(seat=n.excluded, cause=KeyRef(key="table.cause.excluded")))
        elif n.target is not None:
            hit.append(rt.Death(seat=n.target, cause=KeyRef(key="table.cause.protected"), saved=True))
        timeline.append(rt.Entry(label=rt.night(n.n), deaths=hit))
    result = KeyRef(key="table.result", params={"camp": KeyRef(key=f"camp.{state.result}")})
    return rt.bounded("politician", result, list(state.winners), seats, votes, timeline)


def _row(r: Round, elected: SeatRecord | None, everyone: list[int]) -> rt.VoteRow:
    """One round's row, its outcome the seat ``elected`` after it (``lottery`` when a tie was drawn by lot,
    §6.6.4): each ballot, ``none`` (—) for a voter who cast none, and ``frozen`` (×, "could not
    vote") for every other seat of ``everyone``: elected already, under the negative campaign that day
    (§6.8), out of the game, or no voter of a runoff."""
    cells = {
        b.voter: rt.Cell(target=b.target, weight=b.weight)
        if b.target is not None
        else rt.Cell(blank="abstain")
        for b in r.ballots
    }
    cells.update({v: rt.Cell(blank="none") for v in r.no_ballot})
    outcome: rt.Outcome = "none"
    if elected is not None:
        outcome = "lottery" if elected.method == "lottery" else "elected"
    return rt.VoteRow(label=rt.vote(r.day, r.round), cells=rt.crossed(cells, everyone), outcome=outcome,
                      outcome_seat=elected.seat if elected is not None else None)  # fmt: skip
