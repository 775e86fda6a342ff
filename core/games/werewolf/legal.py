"""Legal actions and refusal reasons of classic 人狼: the one source of buttons, bot moves and the validation
of every tap (``werewolf.md`` §6, §10.3).

Kinds: ``ready`` (「投票へ」 in the discussion: a vote to end it, AMB-34), ``vote`` (a seat; no abstain,
AMB-36), and one night kind per seat and night (:data:`~core.games.werewolf.roles.base.VERBS`: 疑う, 占う,
守る, and the wolves' ``kill`` proposal) [WW-6.10.2]. Seats are ints; 身代わり君 (seat 0, a target only of
the Night-0 divination) is the word :data:`NPC`.
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.model import SCAPEGOAT
from core.games.werewolf.roles.base import ATTACK, VERBS

#: How an action names 身代わり君 (rendered by the catalog's ``option.<kind>.scapegoat``).
NPC = "scapegoat"


def offer(kind: str, *args: int | str) -> Action:
    """The (immutable, shared) action ``kind`` with ``args`` (``Action.of``: one instance per process)."""
    return Action.of(kind, *args)


def arg(seat: int) -> int | str:
    """A seat as an action argument."""
    return NPC if seat == SCAPEGOAT else seat


def seat_of_arg(value: int | str) -> int | None:
    """The seat an action argument names, or None."""
    if value == NPC:
        return SCAPEGOAT
    return value if isinstance(value, int) and value > 0 else None


def legal(g: Ctx, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in button order."""
    s = g.s
    if not s.players or s.is_over or not g.p(seat).alive:
        return []
    if s.phase == "discussion":
        return [] if seat in skipped(g) else [offer("ready")]
    if s.phase in ("vote", "runoff"):
        return _ballots(g, seat)
    if s.phase == "night":
        return _night(g, seat)
    return []


def skipped(g: Ctx) -> list[int]:
    """Seats that pressed 「投票へ」 in this discussion (the engine's skip votes, read without change)."""
    control = g.s.control
    return list(control.get("skip", [])) if control.get("seq") == g.s.phase_seq else []


def _ballots(g: Ctx, seat: int) -> list[Action]:
    """[WW-6.6.1]: one ballot per voter of the round, for a candidate other than themself."""
    rnd = g.s.round
    if rnd is None or seat not in rnd.voters or seat in rnd.ballots:
        return []
    return [offer("vote", c) for c in rnd.candidates if c != seat]


def _night(g: Ctx, seat: int) -> list[Action]:
    """[WW-6.10.2]: the seat's verb over its valid targets until it has answered (a wolf may change its
    proposal until the night closes)."""
    night = g.s.night
    if night is None or seat not in night.prompted or seat in night.choices:
        return []
    card = g.card(seat)
    kind = card.verb(g, seat)
    if kind != ATTACK and seat in night.proposals:
        return []
    return [offer(kind, arg(t)) for t in card.targets(g, seat)]


def refusal(g: Ctx, seat: int, action: Action, legal_now: list[Action]) -> str:
    """The most helpful reason id for an ``action`` that is not among ``legal_now`` (``seat``'s legal
    actions now; §6.6.1, §6.10.2 error ids)."""
    if action.kind == "vote":
        return _vote_refusal(g, seat, action)
    if action.kind in VERBS:
        return _night_refusal(g, seat, action)
    if action.kind == "ready":
        if g.s.phase != "discussion":
            return "phase.discussion_only"
        return "not_alive" if not g.p(seat).alive else "control.skip_already"
    if action.kind == "skip":
        return "skip.in_group"
    return "phase.wrong"


def _vote_refusal(g: Ctx, seat: int, action: Action) -> str:
    rnd = g.s.round
    if g.s.phase not in ("vote", "runoff") or rnd is None:
        return "vote.closed"
    if not g.p(seat).alive:
        return "not_alive"
    if seat not in rnd.voters:
        return "vote.not_voter"
    if seat in rnd.ballots:
        return "vote.already"
    if action.args == (seat,):
        return "vote.self"
    return "vote.not_candidate"


def _night_refusal(g: Ctx, seat: int, action: Action) -> str:
    night = g.s.night
    if g.s.phase != "night" or night is None:
        return "phase.wrong"
    if not g.p(seat).alive or seat not in night.prompted:
        return "not_alive"
    card = g.card(seat)
    if seat in night.choices or (card.verb(g, seat) != ATTACK and seat in night.proposals):
        return "night.answered"
    if action.kind != card.verb(g, seat):
        return "night.not_your_action"
    target = seat_of_arg(action.args[0]) if len(action.args) == 1 else None
    if target is not None:
        own = card.refusal(g, seat, target)
        if own:
            return own
    return "target.invalid"
