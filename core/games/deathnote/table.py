"""The recap table of a finished DEATH NOTE 人狼 game (``deathnote.md`` §9.5), from its log
(the state must carry its full log, ``core.engine.history``): every seat's identity and fate, each
Judgment as a row (every note written that night, Kira's and the decoys', §11.2, with the name that took
effect marked), and the timeline of the nights (§6 Shinigami nights, §7 Judgments, each under the round it
closes, with what was public: a Judgment's name and a Fake Name's save) and of a player who left.

An arrest eliminates nobody (§6.2, §8: only the Death Note eliminates): an arrested Kira stays alive, as
the end text says (``reveal.line``), so his fate reads alive, arrested in round n (``table.fate.arrested``),
and the arrest is no night of the timeline."""

from __future__ import annotations

from typing import Any

from core.engine import recaptable as rt
from core.engine.notice import KeyRef
from core.games.deathnote.model import DNState


def table(state: DNState) -> rt.RecapTable | None:
    """The :class:`~core.engine.recaptable.RecapTable` of ``state``; ``None`` before its result."""
    if state.result is None:
        return None
    votes: list[rt.VoteRow] = []
    timeline: list[rt.Entry] = []
    fates: dict[int, KeyRef] = {}
    out: set[int] = set()  # eliminated so far
    current = 1
    everyone = [p.seat for p in state.players]
    for event in state.log:
        d = event.data
        if event.kind == "RoundStarted":
            current = int(d["round"])
        elif event.kind == "JudgmentResolved":
            votes.append(_row(d, everyone, out))
            target = d.get("target")
            hit = [] if target is None else [
                rt.Death(seat=target, cause=KeyRef(key="table.cause.written"), saved=bool(d.get("saved")))
            ]  # fmt: skip
            label = KeyRef(key="table.night.judgment", params={"round": current, "n": d["n"]})
            timeline.append(rt.Entry(label=label, deaths=hit))
        elif event.kind == "ShinigamiResolved":  # public: only that the night was (§6.10, the swap is secret)
            label = KeyRef(key="table.night.shinigami", params={"round": current})
            timeline.append(rt.Entry(label=label))
        elif event.kind == "ArrestResolved" and d.get("success"):
            fates[int(d["target"])] = KeyRef(key="table.fate.arrested", params={"n": current})
        elif event.kind == "PlayerEliminated":
            out.add(int(d["seat"]))
            cause = KeyRef(key="table.cause.left" if d.get("left") else "table.cause.written")
            if d.get("left"):
                timeline.append(rt.Entry(label=KeyRef(key="table.round", params={"n": current}),
                                         deaths=[rt.Death(seat=d["seat"], cause=cause)]))  # fmt: skip
            fates[int(d["seat"])] = rt.died("round", current, cause)
    seats = [
        rt.SeatLine(
            seat=p.seat, name=p.name, role=KeyRef(key=f"identity.{p.identity}"), won=p.seat in state.winners,
            alive=p.alive, fate=fates.get(p.seat, rt.alive() if p.alive else KeyRef(key="table.fate.dead")),
        )
        for p in state.players
    ]  # fmt: skip
    return rt.bounded("deathnote", KeyRef(key=f"result.{state.result}"), list(state.winners), seats, votes,
                      timeline)  # fmt: skip


def _row(d: dict[str, Any], everyone: list[int], out: set[int]) -> rt.VoteRow:
    """One Judgment's row: the name each living player wrote (Kira's note or a decoy, §11.2), ``none``
    (—) for one who wrote none, ``frozen`` (×) for a seat eliminated before it (``out``)."""
    cells = {
        int(seat): rt.Cell(target=t) if isinstance(t, int) else rt.Cell(blank="none")
        for seat, t in sorted(d.get("named", {}).items(), key=lambda kv: int(kv[0]))
    }
    cells |= {seat: rt.Cell(blank="none") for seat in everyone if seat not in cells and seat not in out}
    cells = rt.crossed(cells, everyone)
    target = d.get("target")
    written = target is not None and not d.get("saved")
    return rt.VoteRow(
        label=KeyRef(key="table.judgment", params={"n": d["n"]}),
        cells=cells,
        outcome="written" if written else "none",
        outcome_seat=target if written else None,
    )
