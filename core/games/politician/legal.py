"""Legal actions and refusal reasons of 政治家人狼: the one source of buttons, bot moves and the validation
of every tap (``politician.md`` §6, §10.3).

Kinds: ``favourite`` (the lover, role check), ``done`` (end one's candidacy or policy statement; at night:
finished), ``ready`` (campaign), ``vote`` (a seat; no abstain, AMB-05; with ``freeBallot`` also oneself or
``"none"``), ``kill`` (a wolf's negative-campaign proposal: a seat or ``"none"``, AMB-26; no ``"none"``
with ``mandatoryNegativeCampaign``), ``night.protect``, ``night.investigate``, ``night.trust`` (the
dummy prompt of every other active player, §10.5), ``draw`` (a card of the interactive lottery, §10.6).
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.politician import lottery
from core.games.politician.ctx import Ctx
from core.games.politician.settings import option

NOBODY = "none"
NIGHT_KINDS = frozenset({"kill", "night.protect", "night.investigate", "night.trust", "done"})
#: Night abilities typed by their own name in the 1:1 chat (``/protect 3``): typed word → action kind.
VERBS = {"protect": "night.protect", "investigate": "night.investigate", "trust": "night.trust"}


def legal(g: Ctx, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in button order."""
    s = g.s
    if s.phase == "role_check":
        lover = g.holders("lover")
        if s.favourite is None and lover == [seat]:
            return [Action.of("favourite", w) for w in g.holders("wolf_member")]
        return []
    if s.phase in ("candidacy", "policy_speech"):
        speaking = s.speaker if s.phase == "candidacy" else s.elected
        return [Action.of("done")] if speaking == seat else []
    if s.phase == "campaign":
        return [Action.of("ready")] if g.p(seat).eligible and seat not in s.ready else []
    if s.phase in ("vote", "runoff"):
        return _ballots(g, seat)
    if s.phase == "night":
        return _night(g, seat)
    if s.phase == "lottery":
        return lottery.choices(g, seat)
    return []


def _ballots(g: Ctx, seat: int) -> list[Action]:
    """§6.6.1: one ballot per eligible voter, for a candidate of this round other than themself (AMB-04);
    with ``freeBallot`` (the original text's 「当選させたい人に投票」) any candidate, themself included, or
    an abstention."""
    rnd = g.s.round
    if rnd is None or seat not in rnd.voters:
        return []
    # What every voter looks up alike, once a state when at rest (the bots ask seat after seat).
    if seat in g.once("voted", lambda: {b.voter for b in rnd.ballots}):  # Round.has_voted
        return []
    free = g.once("freeBallot", lambda: bool(option(g.s, "freeBallot")))
    ballots = [Action.of("vote", c) for c in rnd.candidates if c != seat or free]
    return ballots + ([Action.of("vote", NOBODY)] if free else [])


def _night(g: Ctx, seat: int) -> list[Action]:
    """§6.9: the prompted seat's choices until it has answered, then nothing."""
    night = g.s.night
    if night is None or seat not in night.prompted or seat in night.done:
        return []
    role = g.p(seat).role
    active = g.once("active", lambda: [p.seat for p in g.active()])  # every prompted seat asks alike
    if role == "wolf_member":
        if night.locked:
            return [Action.of("done")]
        nobody = [] if option(g.s, "mandatoryNegativeCampaign") else [Action.of("kill", NOBODY)]
        return [*(Action.of("kill", t) for t in active), *nobody, Action.of("done")]
    if role == "guard":
        self_ok = bool(option(g.s, "guardSelfProtect"))
        targets = [t for t in active if t != seat or self_ok]
        kind = "night.protect"
    elif role == "reporter":
        targets = [p.seat for p in g.s.players if p.seat != seat and p.status != "elected"]
        kind = "night.investigate"
    else:
        targets = [t for t in active if t != seat]
        kind = "night.trust"
    return [*(Action.of(kind, t) for t in targets), Action.of("done")]


def refusal(g: Ctx, seat: int, action: Action, legal_now: list[Action]) -> str:
    """The most helpful reason id for an ``action`` that is not among ``legal_now`` (``seat``'s legal
    actions now; §6.6.1 error ids)."""
    s = g.s
    me = g.p(seat)
    if action.kind == "vote":
        return _vote_refusal(g, seat, action)
    if action.kind in NIGHT_KINDS and s.phase == "night":
        if me.status != "active":
            return "not_alive"
        if s.night is not None and seat in s.night.done:
            return "night.answered"
        if action.kind != "done" and action.kind not in {a.kind for a in legal_now}:
            return "night.kill_wolves_only" if action.kind == "kill" else "night.not_your_action"
        return "target.invalid"
    if action.kind == "ready" and s.phase == "campaign":
        return "vote.not_voter" if not me.eligible else "ready.already"
    if action.kind == "favourite" and s.phase == "role_check":
        return "target.invalid" if g.holders("lover") == [seat] else "action.illegal"
    if action.kind == "draw" and s.phase == "lottery":
        return "lottery.not_your_turn" if lottery.drawer(g) != seat else "lottery.card_taken"
    if action.kind == "done" and s.phase in ("candidacy", "policy_speech"):
        return "speech.not_yours"
    if action.kind == "skip":
        return "skip.in_group"  # a private /skip: the campaign's skip vote is sent in the group
    return "phase.wrong"


def _vote_refusal(g: Ctx, seat: int, action: Action) -> str:
    rnd = g.s.round
    if g.s.phase not in ("vote", "runoff") or rnd is None:
        return "vote.closed"
    if seat not in rnd.voters:
        return "vote.not_voter"
    if rnd.has_voted(seat):
        return "vote.already"
    if action.args == (seat,):
        return "vote.self"
    return "vote.not_candidate"
