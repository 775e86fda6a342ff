"""The end of a classic 人狼 game (``werewolf.md`` §6.11): ``ANN_GAME_OVER`` with the result, the winners
and every seat's role (身代わり君 included), then the recap of every night's actions and every ballot
(also when ``votePublic`` is off), and every logged RNG draw."""

from __future__ import annotations

from core.engine.context import replay_ending
from core.engine.notice import KeyRef, Notice, Scalar
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.model import NightRecord, Player, Round, WWState


def final(g: Ctx) -> None:
    """Announce the result and the reveal, one recap message per night and the day after it (only the
    part that happened: ``recap.night_only`` / ``recap.day_only`` when the other has no lines), and the
    draws."""
    s = g.s
    assert s.result is not None
    g.announce(
        "game.over",
        result=KeyRef(key=f"result.{s.result}"),
        reason=KeyRef(key=f"end.{s.reason}"),
        winners=g.refs(s.winners) if s.winners else KeyRef(key="winners.none"),
        lines=[_reveal(g, p) for p in g.everyone()],
    )
    last = max([r.n for r in s.nights] + [s.day - 1, 0])
    for n in range(last + 1):
        record = next((r for r in s.nights if r.n == n), None)
        night: list[Scalar] = night_lines(g, record) if record else []
        day = _day_lines(g, n + 1)
        if night or day:
            # No heading without its lines: a game won at night has no day after its last night.
            key = "recap.cycle" if night and day else "recap.night_only" if night else "recap.day_only"
            g.announce(key, night=n, day=n + 1, night_lines=night or "", day_lines=day or "")
    if s.draws:
        g.announce("recap.draws", lines=[_draw(g, i) for i in range(len(s.draws))])


def _reveal(g: Ctx, p: Player) -> KeyRef:
    if p.seat == 0:
        won: Scalar = KeyRef(key="reveal.npc")
    else:
        won = KeyRef(key="reveal.won" if p.seat in g.s.winners else "reveal.lost")
    fate: Scalar = KeyRef(key="reveal.alive")
    if p.death is not None:
        fate = KeyRef(key=f"reveal.died.{p.death.phase}", params={
            "n": p.death.n, "cause": KeyRef(key=f"cause.{p.death.cause}"),
        })  # fmt: skip
    return KeyRef(key="reveal.line", params={"player": g.who(p.seat), "role": g.role(p.role), "fate": fate,
                                             "won": won})  # fmt: skip


def night_lines(g: Ctx, record: NightRecord) -> list[Scalar]:
    """Every action of a night: each choice with its verb, each wolf's latest proposal, the attack (drawn
    or not), the random white and who died."""
    lines: list[Scalar] = [
        KeyRef(key="recap.choice", params={
            "player": g.ref(seat), "verb": KeyRef(key=f"verb.{record.verbs.get(seat, 'night.suspect')}"),
            "target": g.who(target),
        })
        for seat, target in sorted(record.choices.items())
    ]  # fmt: skip
    lines += [
        KeyRef(key="recap.proposal", params={"wolf": g.ref(w), "target": g.who(t)})
        for w, t in sorted(record.proposals.items())
    ]
    if record.attack is not None:
        drawn = KeyRef(key=f"recap.drawn.{record.drawn}") if record.drawn else ""
        lines.append(KeyRef(key="recap.attack", params={"target": g.who(record.attack), "drawn": drawn}))
    if record.white is not None:
        lines.append(KeyRef(key="recap.white", params={"player": g.who(record.white)}))
    lines.append(
        KeyRef(key="recap.died", params={"players": g.whos(record.deaths)})
        if record.deaths
        else KeyRef(key="recap.nobody_died")
    )
    return lines


def _day_lines(g: Ctx, day: int) -> list[Scalar]:
    """Every ballot of Day ``day`` (each round), then its execution (or none) and every death of the day
    with its cause."""
    lines: list[Scalar] = [_round(g, r) for r in g.s.rounds if r.day == day]
    for event in [*g.s.log, *g.events]:
        if event.kind == "PlayerExecuted" and event.data["day"] == day:
            lines.append(KeyRef(key="recap.executed", params={"player": g.ref(event.data["seat"])}))
        elif event.kind == "NoExecution" and event.data["day"] == day:
            lines.append(KeyRef(key="recap.no_execution"))
    for p in g.s.players:
        death = p.death
        if death is not None and death.phase == "day" and death.n == day and death.cause != "execution":
            cause = KeyRef(key=f"cause.{death.cause}")
            lines.append(KeyRef(key="recap.day_death", params={"player": g.ref(p.seat), "cause": cause}))
    return lines


def _round(g: Ctx, r: Round) -> KeyRef:
    ballots: list[Scalar] = [
        KeyRef(key="recap.ballot", params={"voter": g.ref(v), "target": g.ref(r.ballots[v])})
        if v in r.ballots else KeyRef(key="recap.no_ballot", params={"voter": g.ref(v)})
        for v in sorted(r.voters)
    ]  # fmt: skip
    return KeyRef(key="recap.runoff" if r.round else "recap.round", params={"ballots": ballots})


def _draw(g: Ctx, index: int) -> KeyRef:
    d = g.s.draws[index]
    return KeyRef(key="recap.draw", params={
        "purpose": KeyRef(key=f"draw.{d.purpose}"), "pool": [_drawn(g, x) for x in d.pool],
        "pick": _drawn(g, d.pick),
    })  # fmt: skip


def _drawn(g: Ctx, item: int | str) -> Scalar:
    """A drawn item: a seat, or a card (身代わり君's card, ``P00_CARD``)."""
    return g.who(item) if isinstance(item, int) else g.role(item)


def replay(state: WWState, now: int) -> list[Notice]:
    """The notices of the end of the finished game ``state`` again (the result, the reveal and the recap,
    :func:`final` on a copy); ``[]`` for a game without a result. ``now``: UTC epoch seconds."""
    if state.result is None:
        return []
    return replay_ending(state, now, Ctx, final)
