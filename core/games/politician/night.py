"""The night of 政治家人狼, 裏工作タイム (``politician.md`` §6.9, §10.5).

Every active player is prompted at once with a prompt of the same shape: the wolves propose a negative
campaign, the guard protects, the reporter investigates, everyone else answers a dummy question that the
rules never use. Choices are collected in parallel and resolved in the canonical order wolves → guard →
reporter (AMB-30) when the night closes: at its deadline, or earlier once every prompted player has
answered and the wolves have agreed (§10.5).
"""

from __future__ import annotations

from collections import Counter

from core.engine.notice import Action, KeyRef
from core.games.politician import recap
from core.games.politician.ctx import Ctx
from core.games.politician.legal import legal
from core.games.politician.model import NightRecord, NightState
from core.games.politician.settings import option


def open_night(g: Ctx, n: int) -> None:
    """Open Night ``n`` (after Day ``n``; AMB-42: none before Day 1)."""
    s = g.s
    s.night = NightState(n=n, prompted=[p.seat for p in g.active()])
    s.enter("night", now=g.now, seconds=option(s, "nightSeconds"))
    g.announce("night.start", night=n, seconds=option(s, "nightSeconds"), deadline=s.deadline_at or 0)
    for seat in s.night.prompted:
        g.tell(seat, "night.prompt", actions=legal(g, seat), night=n)


def wolves(g: Ctx) -> list[int]:
    """Active wolf-party members (AMB-28: only they run the negative campaign)."""
    return g.holders("wolf_member", active=True)


def submit(g: Ctx, seat: int, action: Action) -> bool:
    """Record a legal night choice; returns True when the night may close now (§10.5)."""
    night = g.s.night
    assert night is not None
    arg = action.args[0] if action.args else None
    if action.kind == "kill":
        assert arg is not None
        _propose(g, seat, arg)
    elif action.kind == "done":
        night.done.append(seat)
        g.tell(seat, "night.done_saved", left=g.s.seconds_left(g.now))
    else:
        assert isinstance(arg, int)
        if action.kind == "night.protect":
            night.protect = arg
        elif action.kind == "night.investigate":
            night.investigate = arg
        else:
            night.trust[seat] = arg
        night.done.append(seat)
        g.tell(seat, "night.saved", target=g.ref(arg), left=g.s.seconds_left(g.now))
    return complete(g)


def _propose(g: Ctx, seat: int, target: int | str) -> None:
    """AMB-27: a wolf's (changeable) proposal, relayed to the other active wolves; unanimity locks."""
    night = g.s.night
    assert night is not None
    night.proposals[seat] = target
    pack = wolves(g)
    shown = g.ref(target) if isinstance(target, int) else KeyRef(key="option.kill.none")
    if all(night.proposals.get(w) == target for w in pack):
        night.locked = True
        g.tell_team("night.locked", pack, target=shown)
        return
    g.tell(seat, "night.proposal_saved", target=shown)
    g.tell_team("night.proposal", [w for w in pack if w != seat], wolf=g.ref(seat), target=shown)


def complete(g: Ctx) -> bool:
    """Every prompted seat answered (a wolf by ``done``, or all wolves by agreeing)."""
    return not unanswered(g)


def unanswered(g: Ctx) -> set[int]:
    """Prompted seats that have not answered yet (see :func:`complete`)."""
    night = g.s.night
    assert night is not None
    answered = set(night.done) | (set(wolves(g)) if night.locked else set())
    return set(night.prompted) - answered


def resolve(g: Ctx) -> None:
    """§6.9.4: the wolves' target (with ``mandatoryNegativeCampaign``, a drawn one when they named nobody:
    :func:`_forced_target`), cancelled by a matching protection; the reporter's result privately."""
    s = g.s
    night = s.night
    assert night is not None
    target, tie_break = _wolf_target(g)
    forced = target is None and bool(wolves(g)) and bool(option(s, "mandatoryNegativeCampaign"))
    if forced:
        target = _forced_target(g)
    record = NightRecord(
        n=night.n, proposals=dict(night.proposals), target=target, tie_break=tie_break, forced=forced,
        protect=night.protect, investigate=night.investigate,
    )  # fmt: skip
    if target is not None and night.protect != target:
        g.p(target).excluded = True
        record.excluded = target
    s.nights.append(record)
    _seen(g, record)
    _investigation(g)
    g.log("NightResolved", **record.model_dump())
    s.night = None


def _seen(g: Ctx, record: NightRecord) -> None:
    """霊界表示 (``afterlifeSees``): the night's actions, as the recap will tell them, to every seat in the
    霊界 (elected or ``OUT``, not kicked) as the night resolves; nobody else."""
    s = g.s
    if not option(s, "afterlifeSees"):
        return
    for seat in sorted(p.seat for p in s.players if not p.alive and p.seat not in s.kicked):
        g.tell(seat, "afterlife.night", night=recap.night(g, record))


def _wolf_target(g: Ctx) -> tuple[int | None, bool]:
    """AMB-27: the agreed option, else the plurality of the latest proposals (ties drawn by the RNG);
    ``"none"`` or no proposal at all → no negative campaign. Returns (target, drawn)."""
    night = g.s.night
    assert night is not None
    pack = set(wolves(g))
    tally = Counter(v for w, v in night.proposals.items() if w in pack)
    if not tally:
        return None, False
    top = max(tally.values())
    tied = sorted(
        (v for v, n in tally.items() if n == top), key=lambda v: (isinstance(v, str), str(v).zfill(3))
    )
    choice = tied[0] if len(tied) == 1 else g.s.rng.choice(tied)
    return (choice if isinstance(choice, int) else None), len(tied) > 1


def _forced_target(g: Ctx) -> int:
    """``mandatoryNegativeCampaign`` (the original text's 「毎晩1人を指定し」): the wolves named nobody, so
    the RNG names one active player the wolves do not know as a teammate (not a wolf, the lover or a spy;
    anyone active if nobody else is left; docs/rules/politician-decisions.md P18)."""
    allies = {"wolf_member", "lover", "spy"}
    active = [p.seat for p in g.active()]
    return g.s.rng.choice([s for s in active if g.p(s).role not in allies] or active)


def _investigation(g: Ctx) -> None:
    """§3.2, §6.9.3: the result goes to the reporter at resolution, even when the reporter is tonight's
    target (AMB-38); the lover is "found" only once (AMB-36)."""
    s = g.s
    night = s.night
    assert night is not None
    if night.investigate is None:
        return
    reporter = g.holders("reporter")[0]
    target = g.p(night.investigate)
    if target.role == "wolf_member":
        g.learn(reporter, "result.wolf", night=night.n, player=g.ref(target.seat))
    elif target.role == "lover":
        favourite = g.ref(s.favourite) if s.favourite is not None else ""
        g.learn(reporter, "result.lover", night=night.n, player=g.ref(target.seat), favourite=favourite)
        if not s.lover_found:
            s.lover_found = s.lover_found_tonight = True
    else:
        g.learn(reporter, "result.not_wolf", night=night.n, player=g.ref(target.seat))
