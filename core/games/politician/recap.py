"""The end of a 政治家人狼 game (``politician.md`` §6.10): the winner and reason, the full reveal (every
role, the favourite), and a recap of every ballot per day and round, the chairman's ballots now marked,
and every night's actions."""

from __future__ import annotations

from core.engine.notice import KeyRef, Scalar
from core.games.politician.ctx import Ctx
from core.games.politician.model import NightRecord, Round


def final(g: Ctx) -> None:
    """Announce the result, the reveal, then one recap message per day (its rounds and the night after)."""
    s = g.s
    assert s.result is not None
    reveal: list[Scalar] = [
        KeyRef(key="reveal.line", params={
            "player": g.ref(p.seat), "role": g.role(p.role), "status": KeyRef(key=f"status.{p.status}"),
            "won": KeyRef(key="reveal.won" if p.seat in s.winners else "reveal.lost"),
        })
        for p in s.players
    ]  # fmt: skip
    g.announce(
        "game.over",
        camp=KeyRef(key=f"camp.{s.result}"),
        reason=KeyRef(key=f"end.{s.reason}"),
        winners=g.refs(s.winners),
        lines=reveal,
        favourite=KeyRef(key="reveal.favourite", params={"player": g.ref(s.favourite)})
        if s.favourite
        else "",
    )
    for day in range(1, s.day + 1):
        rounds: list[Scalar] = [_round(g, r) for r in s.rounds if r.day == day]
        nights: list[Scalar] = [night(g, n) for n in s.nights if n.n == day]
        if rounds or nights:
            g.announce("recap.day", day=day, rounds=rounds, nights=nights)


def _round(g: Ctx, r: Round) -> KeyRef:
    ballots: list[Scalar] = [
        KeyRef(
            key="recap.ballot.double" if b.weight == 2 and b.target is not None else "recap.ballot",
            params={"voter": g.ref(b.voter), "target": g.ballot(b.target)},
        )
        for b in r.ballots
    ]
    ballots += [KeyRef(key="recap.no_ballot", params={"voter": g.ref(v)}) for v in r.no_ballot]
    return KeyRef(
        key="recap.runoff" if r.round else "recap.round", params={"round": r.round, "ballots": ballots}
    )


def night(g: Ctx, n: NightRecord) -> KeyRef:
    """One night's actions as the recap tells them (``recap.night``): the wolves' proposals, the protection,
    the investigation, whether the negative campaign struck; also what 霊界表示 shows the 霊界 at dawn."""
    lines: list[Scalar] = [
        KeyRef(key="recap.proposal", params={
            "wolf": g.ref(w), "target": g.ref(t) if isinstance(t, int) else KeyRef(key="recap.nobody"),
        })
        for w, t in sorted(n.proposals.items())
    ]  # fmt: skip
    if n.tie_break:
        lines.append(KeyRef(key="recap.tie_break"))
    if n.forced:
        lines.append(KeyRef(key="recap.forced"))
    for key, seat in (("recap.protect", n.protect), ("recap.investigate", n.investigate)):
        if seat is not None:
            lines.append(KeyRef(key=key, params={"player": g.ref(seat)}))
    if n.target is not None and n.excluded is None:
        lines.append(KeyRef(key="recap.blocked", params={"player": g.ref(n.target)}))
    lines.append(
        KeyRef(key="recap.excluded", params={"player": g.ref(n.excluded)})
        if n.excluded is not None
        else KeyRef(key="recap.excluded_none")
    )
    return KeyRef(key="recap.night", params={"night": n.n, "lines": lines})
