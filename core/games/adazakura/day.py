"""The morning and the day [ADZ-5.4], [ADZ-5.5]: announcements, discussion, CO, vote, runoff,
exile [ADZ-8]."""

from __future__ import annotations

from core.engine import clock, voting
from core.engine.notice import Action, KeyRef, Param
from core.games.adazakura import effects, ending, victory, view
from core.games.adazakura.anytime import apply_anytime
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import can_speak, can_vote, legal
from core.games.adazakura.model import Ballot, CoRecord, DayEffects, DayState
from core.games.adazakura.roles import roles
from core.games.adazakura.settings import DAY_ENDS, OPTIONS, rule, timer


def morning(g: Ctx, n: int, *, quiet: bool) -> None:
    """Morning of Day ``n`` (M1-M7) after night ``n − 1``'s resolution [ADZ-5.4]."""
    if n >= 2:
        g.s.quiet_phases = g.s.quiet_phases + 1 if quiet else 0
    died = sorted(d.seat for d in g.s.deaths if d.phase == "night" and d.n == n - 1)
    g.s.night = None
    g.s.day = DayState(n=n, effects=g.s.next_day)
    g.s.next_day = DayEffects()
    revived = [s for s in g.s.day.effects.revived if effects.revive(g, s)]
    effects.settle_seals(g)
    if died and rule(g.s, "morning_megami"):
        g.announce("morning.deaths.megami", day=n, lines=_with_megami(g, died))
    elif died:
        g.announce("morning.deaths", day=n, players=g.refs(died))
    else:
        g.announce("morning.nobody", day=n)
    if revived:
        g.announce("morning.revived", players=g.refs(revived))
    if ending.checkpoint(g):
        return
    if victory.draw_due(g, n):
        ending.end_game(g, "draw")
        return
    announce_conditions(g)
    for seat in sorted(effects.sealed_by_seals(g)):
        g.tell(seat, "day.sealed", day=n)
    seconds = clock.ending_at(
        timer(g.s, "discussion"), now=g.now, settings=g.s.settings, ends=OPTIONS.get(g.s, DAY_ENDS)
    )
    if g.s.day.effects.duels:
        seconds //= 2
    g.s.enter("discussion", now=g.now, seconds=seconds)
    g.announce("day.start", day=n, living=g.refs([p.seat for p in g.living()]), deadline=g.s.deadline_at or 0)
    for seat in revived:
        view.role_card(g, seat)


def _with_megami(g: Ctx, seats: list[int]) -> list[Param]:
    """``morning_megami`` (the original text's 「メガミが発表された後」 read as naming them, against A07): one
    ``morning.death`` line per dead seat with the Megami it was dealt (never the faction or the cause)."""
    return [
        KeyRef(key="morning.death", params={"player": g.ref(s), "megami": g.role(g.p(s).megami)})
        for s in seats
    ]


def announce_conditions(g: Ctx) -> None:
    """M5: duels whose duelists both live, and living frozen players, go public [ADZ-9.1], [ADZ-9.15]."""
    day = g.s.day
    assert day is not None
    duels = []
    for declarer, target in day.effects.duels:
        if g.p(declarer).alive and g.p(target).alive:
            duels.append((declarer, target))
            g.announce("day.duel", declarer=g.ref(declarer), target=g.ref(target))
        elif g.p(declarer).alive:
            g.tell(declarer, "duel.cancelled")
    day.effects.duels = duels
    day.effects.frozen = [s for s in day.effects.frozen if g.p(s).alive]
    for seat in day.effects.frozen:
        g.announce("day.frozen", player=g.ref(seat))
        g.tell(seat, "freeze.you")


def act(g: Ctx, seat: int, action: Action) -> None:
    """A legal day action: CO, ready, a day ability, or a ballot."""
    day = g.s.day
    assert day is not None
    if action.kind == "co":
        megami = str(action.args[0])
        g.s.co_board.append(CoRecord(day=day.n, seat=seat, megami=megami))
        g.announce("co.posted", player=g.ref(seat), megami=g.role(megami))
        g.log("CameOut", seat=seat, megami=megami, day=day.n)
    elif action.kind == "ready":
        day.ready.append(seat)
        speakers = [p.seat for p in g.answering() if can_speak(g, p)]
        g.tell(seat, "day.ready.saved")
        if all(s in day.ready for s in speakers):
            start_vote(g)
    elif action.kind == "vote":
        cast(g, seat, action)
    else:
        for megami in effects.abilities_of(g.p(seat)):
            role = roles().get(megami)
            if role is not None and action in role.day_options(g, g.p(seat)):
                role.apply_day_action(g, g.p(seat), action)
                return
        apply_anytime(g, seat, action)


def skip_day(g: Ctx) -> None:
    """Saine's Final Song: no vote and no exile today; W2, then the night [ADZ-9.2]."""
    day = g.s.day
    assert day is not None
    day.skipped = True
    end_day(g)


def start_vote(g: Ctx) -> None:
    """Discussion over: the hidden vote in the 1:1 chats [ADZ-8.2]."""
    g.s.enter("vote", now=g.now, seconds=timer(g.s, "vote"))
    _prompt_ballots(g, "vote.start")


def _prompt_ballots(g: Ctx, key: str) -> None:
    day = g.s.day
    assert day is not None
    day.ballots = {}
    g.announce(key, candidates=g.refs(day.candidates), deadline=g.s.deadline_at or 0)
    for p in g.living():
        if can_vote(g, p):
            g.tell(
                p.seat, "runoff.prompt" if g.s.phase == "runoff" else "vote.prompt", actions=legal(g, p.seat)
            )
        else:
            g.tell(p.seat, "vote.denied")


def cast(g: Ctx, seat: int, action: Action) -> None:
    """Record (or change) a ballot, acknowledged privately; the window closes early once every voter has
    one [ADZ-8.2] (a seat the host kicked is not waited for, J29)."""
    day = g.s.day
    assert day is not None
    choice = action.args[0]
    day.ballots[seat] = choice if isinstance(choice, int) else "none"
    # Silent, as the answer to one's own tap: it is never merged into the next phase's prompt when this
    # ballot closes the vote (the console's 「いまできること」 starts at what is asked now).
    if isinstance(choice, int):
        g.tell(seat, "vote.saved.player", silent=True, target=g.ref(choice))
    else:
        g.tell(seat, "vote.saved.none", silent=True)
    if all(p.seat in day.ballots for p in g.answering() if can_vote(g, p)):
        close_vote(g)


def weight(g: Ctx, seat: int) -> int:
    """A ballot's weight [ADZ-8.3]: the largest of 1, passive weights and a declarer's 2; Himika → 0."""
    day = g.s.day
    assert day is not None
    if seat in day.effects.marked:
        return 0
    p = g.p(seat)
    found = [1] + [2 for declarer, _ in day.effects.duels if declarer == seat]
    for megami in effects.abilities_of(p):
        role = roles().get(megami)
        w = role.vote_weight(g, p) if role else None
        if w is not None:
            found.append(w)
    return max(found)


def close_vote(g: Ctx) -> None:
    """Tally; exile, runoff or nobody [ADZ-8.4]-[ADZ-8.6]."""
    day = g.s.day
    assert day is not None
    record: dict[int, Ballot] = {}
    for p in g.living():
        record[p.seat] = day.ballots.get(p.seat, "none") if can_vote(g, p) else "frozen"
    day.rounds.append(record)
    weights = {str(k): weight(g, k) for k, v in record.items() if isinstance(v, int)}  # for the recap
    g.log(
        "VoteClosed", day=day.n, round=len(day.rounds), ballots={str(k): v for k, v in record.items()},
        weights=weights,
    )  # fmt: skip
    named = {s: b for s, b in record.items() if isinstance(b, int)}
    sums = voting.tally(named, {s: weight(g, s) for s in named})
    top = voting.leaders(sums)
    if len(top) == 1:
        exile(g, top[0])
    elif len(top) > 1 and g.s.phase == "vote":
        day.candidates = top
        g.s.enter("runoff", now=g.now, seconds=timer(g.s, "runoff"))
        _prompt_ballots(g, "runoff.start")
    else:
        g.announce("exile.nobody")
        end_day(g)


def exile(g: Ctx, seat: int) -> None:
    """The vote's target dies by exile unless invulnerable (A35) [ADZ-8.6]."""
    day = g.s.day
    assert day is not None
    if effects.kill(g, seat, "exile"):
        day.exiled = seat
        g.announce("exile.done", player=g.ref(seat))
    else:
        g.announce("exile.survived", player=g.ref(seat))
    end_day(g)


def end_day(g: Ctx) -> None:
    """W2, the draw valve, end-of-day housekeeping, then night n [ADZ-5.5] steps 5-7 (asked of the phase
    flow: ``Ctx.next``)."""
    day = g.s.day
    assert day is not None
    died_today = any(d.phase == "day" and d.n == day.n for d in g.s.deaths)
    g.s.quiet_phases = 0 if died_today else g.s.quiet_phases + 1
    if ending.checkpoint(g):
        return
    for p in g.s.players:
        if p.gained_until is not None and p.gained_until <= day.n:
            p.gained, p.gained_until = None, None
    effects.prune_seals(g)
    if victory.draw_due(g, day.n):
        ending.end_game(g, "draw")
        return
    g.next = ("night", day.n, False)
