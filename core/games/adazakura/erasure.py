"""The Adazakura side's erasure [ADZ-7]: the team's choice (A04) and the protection pipeline (A28).

The pipeline's order is ``order.ERASURE_STEPS``; roles register handlers for their steps, and the guard
check (K4) is the shared primitive of [ADZ-3.4].
"""

from __future__ import annotations

from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.order import ERASURE_STEPS
from core.games.adazakura.roles import roles
from core.games.adazakura.roles.base import ErasureHandler


def team_target(g: Ctx) -> int | None:
    """T0 [ADZ-7.1]: the option (a seat or nobody) most living members chose; a tie goes to the option
    whose latest supporting choice came last; no choices or "nobody" → None."""
    night = g.s.night
    assert night is not None
    votes: dict[int | None, tuple[int, int]] = {}
    for seat, choice in night.team.items():
        if not g.p(seat).alive:
            continue
        count, last = votes.get(choice.target, (0, 0))
        votes[choice.target] = (count + 1, max(last, choice.order))
    if not votes:
        return None
    target = max(votes, key=lambda t: votes[t])
    return target if target is not None and g.p(target).alive else None


def guard_check(g: Ctx, target: int) -> int | None:
    """K4: a valid guard on the target stops the erasure [ADZ-3.4]."""
    if effects.valid_guards(g, target):
        g.log("ErasureGuarded", target=target)
        return None
    return target


def run(g: Ctx, t0: int | None) -> None:
    """D1 [ADZ-7.2]: carry the erasure from T0 through K1-K7; K8 kills the final target."""
    if t0 is None:
        g.log("ErasureNone")
        return
    target: int | None = t0
    g.log("ErasureAimed", target=t0)
    for step in ERASURE_STEPS:
        handlers: list[ErasureHandler] = [guard_check] if step == "K4" else []
        handlers += [h for r in roles().values() if (h := r.erasure_steps().get(step)) is not None]
        for handler in handlers:
            assert target is not None
            aimed, target = target, handler(g, target)
            if target is None:
                g.log("ErasureStopped", step=step)
                for role in roles().values():
                    role.erasure_failed(g, aimed, step)
                return
    assert target is not None
    effects.kill(g, target, "erasure")
