"""Candidacy, the morning, the campaign and the election of 政治家人狼 (``politician.md`` §6.3-§6.8).

The vote elects: show of hands (each ballot posted the moment it is cast) up to ``publicVoteLastDay``,
then secret ballots revealed together; the chairman's ballot weighs 2 in every tally and is never shown
as such (§6.6.3); up to two runoffs among the tied, then a lottery by the game's RNG (§6.6.4).
"""

from __future__ import annotations

from core.engine import clock
from core.engine.afk import away
from core.engine.notice import Action, KeyRef, Scalar
from core.games.politician import lottery, victory, view
from core.games.politician import night as night_flow
from core.games.politician.ctx import Ctx
from core.games.politician.legal import legal
from core.games.politician.model import Ballot, Method, Round
from core.games.politician.roles import NEVER_RETURN, SEAT_VALUE
from core.games.politician.settings import option


# -- candidacy (§6.3, AMB-41) --------------------------------------------------------------------------
def open_candidacy(g: Ctx) -> None:
    """Everyone is declared a candidate of the human party; then seat-order statements."""
    g.announce("candidacy.start", players=g.refs(g.seats()), seconds=option(g.s, "candidacySecondsPerPlayer"))
    next_speaker(g, 1)


def next_speaker(g: Ctx, seat: int) -> None:
    """Give the floor to ``seat`` for one statement, or open Day 1 after the last seat."""
    if seat > len(g.s.players):
        g.s.speaker = None
        morning(g, 1)
        return
    g.s.speaker = seat
    g.s.enter("candidacy", now=g.now, seconds=option(g.s, "candidacySecondsPerPlayer"))
    g.announce("candidacy.turn", player=g.ref(seat), deadline=g.s.deadline_at or 0)
    g.tell(seat, "candidacy.prompt", actions=legal(g, seat))


# -- morning and campaign (§6.4, §6.5) -----------------------------------------------------------------
def morning(g: Ctx, day: int) -> None:
    """Start Day ``day``: the lover-found notice and the negative-campaign result (Day ≥ 2), then the
    campaign with its timer."""
    s = g.s
    s.day, s.ready, s.elected = day, [], None
    if day >= 2:
        if s.lover_found_tonight:
            g.announce("morning.lover_found")
            s.lover_found_tonight = False
        excluded = [p.seat for p in s.players if p.excluded]
        if excluded:
            g.announce("morning.nc", player=g.ref(excluded[0]), day=day)
            g.tell(excluded[0], "day.excluded", day=day)
        else:
            g.announce("morning.nc_none", day=day)
    seconds = option(s, "campaignSeconds" if day == 1 else "campaignLaterSeconds")
    seconds = clock.ending_at(seconds, now=g.now, settings=s.settings, ends=option(s, "dayEnds"))
    s.enter("campaign", now=g.now, seconds=seconds)
    public = day <= option(s, "publicVoteLastDay")
    g.announce(
        "campaign.start",
        day=day,
        seconds=seconds,
        candidates=g.refs(g.eligible()),
        deadline=s.deadline_at or 0,
        mode=KeyRef(key="mode.public" if public else "mode.secret"),
    )
    for seat in g.eligible():
        g.tell(seat, "campaign.prompt", actions=legal(g, seat), day=day)


def ready(g: Ctx, seat: int) -> None:
    """AMB-51: the campaign ends early once every eligible voter still in the group is ready (P13)."""
    g.s.ready.append(seat)
    g.tell(seat, "campaign.ready_saved")
    if set(g.eligible()) - away(g.s) <= set(g.s.ready):
        start_vote(g)


# -- the election (§6.6) ---------------------------------------------------------------------------------
def start_vote(g: Ctx) -> None:
    """Close the campaign: no candidate → wolves win; one → elected without a vote (AMB-15); else vote."""
    candidates = g.eligible()
    if not candidates:
        victory.end_game(g, "wolf", "no_candidate")
        return
    if len(candidates) == 1:
        g.announce("vote.only_candidate", player=g.ref(candidates[0]))
        elect(g, candidates[0], "only")
        return
    open_round(g, 0, candidates)


def open_round(g: Ctx, number: int, candidates: list[int]) -> None:
    """Open round ``number`` (0 = main vote, 1-2 = runoffs) among ``candidates``; every eligible voter
    votes, tied candidates included (AMB-11); the day's mode applies to its runoffs (AMB-12)."""
    s = g.s
    public = s.day <= option(s, "publicVoteLastDay")
    voters = g.eligible()
    s.rounds.append(
        Round(day=s.day, round=number, public=public, candidates=sorted(candidates), voters=voters)
    )
    seconds = option(s, "publicVoteSeconds" if public else "secretVoteSeconds")
    how = KeyRef(key="vote.how.free" if option(s, "freeBallot") else "vote.how.others")
    s.enter("vote" if number == 0 else "runoff", now=g.now, seconds=seconds)
    g.announce(
        "vote.open" if number == 0 else "runoff.open",
        round=number,
        candidates=g.refs(candidates),
        seconds=seconds,
        deadline=s.deadline_at or 0,
        mode=KeyRef(key="mode.public" if public else "mode.secret"),
        how=how,
    )
    for seat in voters:
        g.tell(seat, "vote.prompt", actions=legal(g, seat), round=number, how=how)


def cast(g: Ctx, seat: int, action: Action) -> None:
    """Record a final ballot (AMB-17); show of hands posts it at once, identical for the chairman."""
    rnd = g.s.round
    assert rnd is not None
    target = action.args[0] if isinstance(action.args[0], int) else None
    weight = 2 if g.p(seat).role == "chairman" else 1
    rnd.ballots.append(Ballot(voter=seat, target=target, weight=weight))
    if target is None:  # never merged into the next prompt
        g.tell(seat, "vote.saved.abstain", silent=True)
    else:
        g.tell(seat, "vote.saved", silent=True, target=g.ref(target))
    if rnd.public:
        g.announce("vote.ballot", voter=g.ref(seat), target=g.ballot(target))
    voted = {b.voter for b in rnd.ballots}
    if all(v in voted for v in rnd.voters):
        close_round(g)


def close_round(g: Ctx) -> None:
    """§6.6.4: missing ballots, the reveal (secret mode), visible counts, then the weighted result."""
    rnd = g.s.round
    assert rnd is not None
    drawn = _missing_ballots(g)
    lines: list[Scalar] = [
        KeyRef(
            key="vote.line.drawn" if b.voter in drawn else "vote.line",
            params={"voter": g.ref(b.voter), "target": g.ballot(b.target)},
        )
        for b in rnd.ballots
        if not rnd.public or b.voter in drawn
    ]
    # P13: a candidate still away from the group as the round ends is out of the game: never elected,
    # ballots for them count for nobody (unless every candidate is away).
    electable = [c for c in rnd.candidates if c not in away(g.s)] or rnd.candidates
    visible: dict[int, int] = dict.fromkeys(electable, 0)
    weighted: dict[int, int] = dict.fromkeys(electable, 0)
    for b in rnd.ballots:
        if b.target in visible:
            visible[b.target] += 1
            weighted[b.target] += b.weight
    top = max(weighted.values())
    rnd.top = [c for c in electable if weighted[c] == top]
    counts: list[Scalar] = [
        KeyRef(key="vote.count", params={"player": g.ref(c), "votes": visible[c]})
        for c in sorted(electable, key=lambda c: (-visible[c], c))
        if visible[c]
    ]
    g.announce(
        "vote.closed",
        ballots=lines,
        missing=KeyRef(key="vote.missing", params={"players": [g.ref(v) for v in sorted(rnd.no_ballot)]})
        if rnd.no_ballot
        else "",
        counts=counts,
        round=rnd.round,
    )
    g.log("RoundClosed", day=rnd.day, round=rnd.round, top=rnd.top)
    if len(rnd.top) == 1:
        elect(g, rnd.top[0], ("vote", "runoff1", "runoff2")[min(rnd.round, 2)])
    elif rnd.round < option(g.s, "maxRunoffs"):
        g.log("RunoffCalled", day=rnd.day, round=rnd.round + 1, candidates=rnd.top)
        open_round(g, rnd.round + 1, rnd.top)
    else:
        lottery.draw(g, rnd.top, elect)


def _missing_ballots(g: Ctx) -> list[int]:
    """AMB-05: a voter without a ballot is ``NO_BALLOT``; with ``afkBallot = random`` the RNG votes for
    them among their valid targets, in seat order (§10.8). Returns the voters whose ballot was drawn (shown
    as drawn at the close, also on a show-of-hands day, §8). Missed ballots are counted by the engine
    (``core.engine.afk``). A voter away from the group has no ballot drawn (P13)."""
    rnd = g.s.round
    assert rnd is not None
    drawn: list[int] = []
    for voter in rnd.voters:
        p = g.p(voter)
        if rnd.has_voted(voter):
            continue
        if option(g.s, "afkBallot") == "random" and voter not in away(g.s):  # P13: nobody votes for them
            target = g.s.rng.choice([c for c in rnd.candidates if c != voter])
            rnd.ballots.append(Ballot(voter=voter, target=target, weight=2 if p.role == "chairman" else 1))
            drawn.append(voter)
        else:
            rnd.no_ballot.append(voter)
    return drawn


# -- policy speech and returns (§6.7, §6.8) ------------------------------------------------------------
def elect(g: Ctx, seat: int, method: Method) -> None:
    """§6.7: announce, reveal the exact role and its seat value, fill the seat, check the win, then the
    optional statement; returns come after it (AMB-22)."""
    s = g.s
    p = g.p(seat)
    value = SEAT_VALUE[p.role]
    p.status, s.elected = "elected", seat
    victory.fill(g, seat, method)
    g.announce(
        "elected",
        player=g.ref(seat),
        method=KeyRef(key=f"method.{method}"),
        role=g.role(p.role),
        value=KeyRef(key=f"seat.{value}"),
    )
    g.announce("seats.board", **view.board_params(g))
    if victory.check(g):
        return
    seconds = option(s, "policySpeechSeconds")
    if seconds:
        s.enter("policy_speech", now=g.now, seconds=seconds)
        g.announce("policy.turn", player=g.ref(seat), deadline=s.deadline_at or 0)
        g.tell(seat, "policy.prompt", actions=legal(g, seat))
    else:
        returns(g)


def returns(g: Ctx) -> None:
    """§6.8: the excluded player returns, except a lover or traitor, who is out for good (AMB-20/21)."""
    for p in g.s.players:
        if not p.excluded:
            continue
        p.excluded = False
        if p.role in NEVER_RETURN:
            p.status = "out"
            g.announce("return.no", player=g.ref(p.seat))
        else:
            g.announce("return.yes", player=g.ref(p.seat))
    night_flow.open_night(g, g.s.day)


def mark_out(g: Ctx, seat: int) -> None:
    """§10.8 [EXT] (P13, P15): a player out of the game (the host's ``/kick``, or still away
    from the group when a phase ended) is ``OUT`` with the effects of §6.8: no discussion, ballot,
    candidacy or night action from now on (a night's prompt is withdrawn); the card stays hidden until the
    end and the player stays in their camp. In an open round they are no voter any more (no ballot, none
    drawn) and no candidate (a ballot already cast for them counts for nobody); the round closes at once
    when every other voter has a ballot, the campaign when every other voter is ready. The group is told
    by the engine (``game.kicked`` / ``game.sudden_death``); the win check (§7.3) runs at once."""
    s = g.s
    p = g.p(seat)
    p.status, p.excluded = "out", False
    if s.night is not None and seat in s.night.prompted:
        s.night.prompted.remove(seat)
        s.night.proposals.pop(seat, None)
    if victory.check(g):
        return
    rnd = s.round
    if s.phase in ("vote", "runoff") and rnd is not None:
        if seat in rnd.voters and not rnd.has_voted(seat):
            rnd.voters.remove(seat)
        if seat in rnd.candidates and len(rnd.candidates) > 1:
            rnd.candidates.remove(seat)
            rnd.ballots = [
                b.model_copy(update={"target": None}) if b.target == seat else b for b in rnd.ballots
            ]
        if all(rnd.has_voted(v) for v in rnd.voters):
            close_round(g)
    elif s.phase == "campaign" and g.eligible() and set(g.eligible()) <= set(s.ready):
        start_vote(g)
