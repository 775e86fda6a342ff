"""The day of classic 人狼 (``werewolf.md`` §6.4-§6.6): the morning, the discussion and the vote with one
runoff among the others; the execution that follows is :mod:`core.games.werewolf.execution`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.engine import afterlife
from core.engine.notice import PUBLIC, Action, KeyRef, Notice, Param, Scalar
from core.games.werewolf import deaths, execution, victory
from core.games.werewolf.chat import AFTERLIFE
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.legal import legal, offer
from core.games.werewolf.model import NightRecord, Round
from core.games.werewolf.recap import night_lines
from core.games.werewolf.roles.base import SUSPECT
from core.games.werewolf.settings import day_seconds

#: The ``Notice.slot`` of the vote's "k / n" counter: one edited message where the platform can edit.
SLOT = "countdown"


# -- morning (§6.4) -------------------------------------------------------------------------------------
def morning(g: Ctx, record: NightRecord) -> None:
    """Morning ``n + 1`` after Night ``n``: the dead in seat order without cause, or 平和な朝 (AMB-19,
    AMB-30); the optional 疑う report; the 霊界; the win check; the stall check; the discussion."""
    s = g.s
    s.day = record.n + 1
    s.executed = None
    if record.deaths:
        g.announce("morning.deaths", day=s.day, players=g.whos(record.deaths))
    else:
        g.announce("morning.peaceful", day=s.day)
    if g.option("suspicionReport"):
        _suspicion(g, record)
    if g.option("graveyardReveal"):
        earlier = [seat for seat in g.dead_humans() if seat not in record.deaths]
        g.tell_team("grave.night", earlier, night=record.n, lines=night_lines(g, record))
        afterlife.tell_seeing(g, AFTERLIFE, "grave.night", night=record.n, lines=night_lines(g, record))
    deaths.arrive(g)
    if victory.check(g) or victory.stalled(g):
        return
    open_discussion(g)


def _suspicion(g: Ctx, record: NightRecord) -> None:
    """AMB-50 ``suspicionReport``: the living player named most by 疑う tonight (a tie drawn,
    ``SUSPECT_TIE``); nothing when nobody was named."""
    named = Counter(
        target for seat, target in record.choices.items()
        if target and g.p(target).alive and g.card(seat).verb(g, seat) == SUSPECT
    )  # fmt: skip
    if not named:
        return
    most = max(named.values())
    tied = sorted(t for t, n in named.items() if n == most)
    pick = tied[0] if len(tied) == 1 else int(g.draw("SUSPECT_TIE", tied))
    g.announce("morning.suspected", player=g.who(pick))


def open_discussion(g: Ctx) -> None:
    """``ANN_DAY(d, s)`` with the 「投票へ」 button: the discussion ends early once more than half of the
    living have pressed it (AMB-34) [WW-6.5]."""
    s = g.s
    living = g.living_humans()
    seconds = day_seconds(s, len(living), g.now)
    s.enter("discussion", now=g.now, seconds=seconds)
    g.announce("day.start", actions=[offer("ready")], day=s.day, seconds=seconds,
               living=g.refs(living), needed=len(living) // 2 + 1)  # fmt: skip


# -- the vote (§6.6) -----------------------------------------------------------------------------------
def open_vote(g: Ctx) -> None:
    """The main vote: every living player, for any other living player (AMB-35)."""
    living = g.living_humans()
    _open_round(g, 0, living, living)


def _open_round(g: Ctx, number: int, candidates: list[int], voters: list[int]) -> None:
    s = g.s
    s.rounds.append(Round(day=s.day, round=number, candidates=candidates, voters=voters))
    seconds = int(g.option("voteSeconds"))
    s.enter("vote" if number == 0 else "runoff", now=g.now, seconds=seconds)
    key = "vote.open" if number == 0 else "runoff.open"
    g.announce(key, seconds=seconds, candidates=g.refs(candidates), voters=len(voters))
    for seat in candidates if number else []:
        g.tell(seat, "runoff.you")
    for seat in voters:
        g.tell(seat, "vote.prompt", actions=legal(g, seat), round=number)


def cast(g: Ctx, seat: int, action: Action) -> None:
    """A final ballot (AMB-36); the group sees only "k / n" (the ``countdown`` slot) [WW-6.6.1]; the last
    ballot closes the round."""
    rnd = g.s.round
    assert rnd is not None
    target = action.args[0]
    assert isinstance(target, int)
    rnd.ballots[seat] = target
    g.tell(seat, "vote.saved", target=g.ref(target))
    if len(rnd.ballots) == len(rnd.voters):
        close_round(g)
        return
    params: dict[str, Param] = {"voted": len(rnd.ballots), "voters": len(rnd.voters)}
    g.notices.append(Notice(key="vote.progress", to=PUBLIC, params=params, phase_seq=g.s.phase_seq,
                            slot=SLOT))  # fmt: skip


def close_round(g: Ctx) -> None:
    """[WW-6.6.2], [WW-6.6.3]: the missed-vote counters (main vote only, AMB-41), the result, then one
    execution, the runoff among the tied (voted by the others, AMB-37), or the tie-break (AMB-38, AMB-39);
    the missed-vote warnings last, and none when that ended the game (nobody is warned of a 突然死 that
    can no longer come)."""
    rnd = g.s.round
    assert rnd is not None
    warned = _count_missed(g, rnd) if rnd.round == 0 else []
    g.announce("vote.result", **_result_params(g, rnd))
    g.log("RoundClosed", day=rnd.day, round=rnd.round, top=rnd.top())
    _close(g, rnd)
    if not g.s.is_over:
        for seat in warned:
            g.tell(seat, "vote.afk_warning", left=1)


def _close(g: Ctx, rnd: Round) -> None:
    """The execution, the runoff or the tie-break that follows the result of ``rnd``."""
    top = rnd.top()
    if len(top) == 1:
        execution.execute(g, top[0], "vote" if rnd.round == 0 else "runoff")
        return
    voters = [s for s in g.living_humans() if s not in top]
    if rnd.round == 0 and voters:
        _open_round(g, 1, top, voters)
        return
    if rnd.round == 0:
        g.announce("runoff.nobody", candidates=g.refs(top))
    execution.tie_break(g, top, runoff=rnd.round > 0)


def _count_missed(g: Ctx, rnd: Round) -> list[int]:
    """[WW-6.6.1]: +1 for every living player without a ballot, 0 for the others; the seats one miss away
    from 突然死 [WW-6.8], to be warned (``PRIV_AFK_WARNING``) if the game goes on."""
    misses = int(g.option("suddenDeathMisses"))
    warned = []
    for seat in g.living_humans():
        p = g.p(seat)
        p.missed_votes = 0 if seat in rnd.ballots else p.missed_votes + 1
        if misses and seat not in rnd.ballots and p.missed_votes == misses - 1:
            warned.append(seat)
    return warned


def _result_params(g: Ctx, rnd: Round) -> dict[str, Any]:
    """``ANN_VOTE_RESULT``: with 投票先公開 one line per voter in seat order (未投票 named), else only the
    number without a ballot; the counts of the candidates named, most first, then seat order."""
    votes = rnd.votes()
    counts: list[Scalar] = [
        KeyRef(key="vote.count", params={"player": g.ref(c), "votes": n})
        for c, n in sorted(votes.items(), key=lambda item: (-item[1], item[0]))
        if n
    ]
    missing = [v for v in rnd.voters if v not in rnd.ballots]
    lines: list[Scalar] = []
    if g.option("votePublic"):
        lines = [
            KeyRef(key="vote.line", params={"voter": g.ref(v), "target": g.ref(rnd.ballots[v])})
            if v in rnd.ballots else KeyRef(key="vote.line.none", params={"voter": g.ref(v)})
            for v in sorted(rnd.voters)
        ]  # fmt: skip
    unvoted = KeyRef(key="vote.unvoted", params={"count": len(missing)}) if missing else ""
    return {"round": rnd.round, "lines": lines, "counts": counts,
            "unvoted": "" if g.option("votePublic") else unvoted}  # fmt: skip
