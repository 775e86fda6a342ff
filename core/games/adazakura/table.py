"""The recap table of a finished 徒桜戦争 game ([ADZ-11.11], [ADZ-10.3]), from its log (the
state must carry its full log, ``core.engine.history``): every seat's Megami and fate, every ballot of
every vote and runoff with its weight, the exile marked and a seat that could not vote crossed (×), and
each night's deaths and prevented deaths with their causes, an erasure that was stopped included, as the
post-game recap tells it (``recap.erasure.*``: the seat aimed at, the guard, reflection or Megami that
stopped it), and a day's deaths other than the exile as an entry of that day. The side column is the
faction as the final announcement shows it (``end.seat``, a madman marked)."""

from __future__ import annotations

from typing import Any

from core.engine import recaptable as rt
from core.engine.notice import KeyRef, RoleRef
from core.games.adazakura.megami import TAROTS
from core.games.adazakura.model import AdzState
from core.games.adazakura.recap import CAUSES, segments
from core.games.adazakura.view import faction_shown


def _cause(d: dict[str, Any]) -> KeyRef:
    return KeyRef(key=CAUSES.get(str(d.get("cause")), "recap.cause.other"))


def table(state: AdzState) -> rt.RecapTable | None:
    """The :class:`~core.engine.recaptable.RecapTable` of ``state``; ``None`` before its result."""
    if state.result is None:
        return None
    fates: dict[int, KeyRef] = {}
    votes: list[rt.VoteRow] = []
    timeline: list[rt.Entry] = []
    for kind, n, events in segments(state.log):
        deaths: list[rt.Death] = []
        aimed: int | None = None  # the erasure's current target (public in the recap)
        explained = False  # a stop already told by a guard, a reflection or a Megami
        for event in events:
            d = event.data
            if event.kind in ("ErasureAimed", "ErasureMoved"):
                aimed = d.get("target")
            elif event.kind in ("ErasureGuarded", "ErasureReflected"):
                explained = True
                guarded = event.kind == "ErasureGuarded"
                cause = KeyRef(key="table.erasure.guarded" if guarded else "table.erasure.reflected")
                deaths.append(rt.Death(seat=d["target"], cause=cause, saved=True))
            elif event.kind == "ErasureStopped":
                by, target = d.get("by"), d.get("target", aimed)
                if by in TAROTS and isinstance(target, int):  # a Megami's stop; the pipeline's stop follows
                    cause = KeyRef(key="table.erasure.stopped.by", params={"megami": RoleRef(id=str(by))})
                    deaths.append(rt.Death(seat=target, cause=cause, saved=True))
                    explained = True
                    continue
                if not explained and isinstance(target, int):
                    deaths.append(
                        rt.Death(seat=target, cause=KeyRef(key="table.erasure.stopped"), saved=True)
                    )
                explained = False
            elif event.kind == "VoteClosed":
                votes.append(_row(d, [p.seat for p in state.players]))
            elif event.kind in ("PlayerDied", "DeathPrevented") and d.get("cause") == "exile" and votes:
                if event.kind == "PlayerDied":
                    votes[-1] = votes[-1].model_copy(update={"outcome": "exiled", "outcome_seat": d["seat"]})
            elif event.kind in ("PlayerDied", "DeathPrevented"):
                deaths.append(rt.Death(seat=d["seat"], cause=_cause(d), saved=event.kind == "DeathPrevented"))
            if event.kind == "PlayerDied":
                fates[int(d["seat"])] = rt.died("night" if kind == "night" else "day", n, _cause(d))
        if kind == "night":
            timeline.append(rt.Entry(label=rt.night(n), deaths=deaths))
        elif deaths:
            timeline.append(rt.Entry(label=KeyRef(key="table.daytime", params={"day": n}), deaths=deaths))
    dead = KeyRef(key="table.fate.dead")
    seats = [
        rt.SeatLine(seat=p.seat, name=p.name, role=RoleRef(id=p.megami), won=p.seat in state.winners,
                    alive=p.alive, fate=rt.alive() if p.alive else fates.get(p.seat, dead),
                    side=faction_shown(p))
        for p in state.players
    ]  # fmt: skip
    result = KeyRef(key=f"end.result.{state.result}")
    return rt.bounded("adazakura", result, list(state.winners), seats, votes, timeline)


def _row(d: dict[str, Any], everyone: list[int]) -> rt.VoteRow:
    """One vote's row: each ballot with its weight, ``frozen`` (×) for a frozen voter and for every seat
    of ``everyone`` that had no ballot (dead, or no voter of a runoff), ``none`` (—) for one not cast."""
    weights: dict[str, Any] = d.get("weights", {})
    cells: dict[int, rt.Cell] = {}
    for voter, ballot in sorted(d.get("ballots", {}).items(), key=lambda kv: int(kv[0])):
        if isinstance(ballot, int):
            cells[int(voter)] = rt.Cell(target=ballot, weight=int(weights.get(voter, 1)))
        else:
            cells[int(voter)] = rt.Cell(blank="frozen" if ballot == "frozen" else "none")
    return rt.VoteRow(
        label=rt.vote(int(d["day"]), int(d.get("round", 1)) - 1), cells=rt.crossed(cells, everyone)
    )
