"""Per-player views and read-only answers of classic 人狼: the role card (``/me``), ``/status`` (public
information only, [WW-8.2] item 4), ``/board`` (the composition and the options, AMB-07), ``/help``, and
the per-seat projection."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Query
from core.engine.notice import Action, KeyRef, Param, Scalar
from core.engine.result import Rejected
from core.games.werewolf import settings, setup
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.legal import arg, legal, offer
from core.games.werewolf.model import WWState
from core.games.werewolf.roles.base import ATTACK


def status_params(g: Ctx) -> dict[str, Any]:
    """The phase (``phase.<id>`` with the day ``n`` and seconds ``left``), the living, the dead (no role,
    no cause), and during a vote how many have voted."""
    s = g.s
    phase = KeyRef(key=f"phase.{s.phase}", params={"n": s.day, "left": s.seconds_left(g.now)})
    if not s.players:
        return {"phase": phase, "living": [m.name for m in s.members], "dead": "", "progress": ""}
    dead = [p.seat for p in g.everyone() if not p.alive]
    rnd = s.round
    progress: Scalar = ""
    if s.phase in ("vote", "runoff") and rnd is not None:
        counts: dict[str, Param] = {"voted": len(rnd.ballots), "voters": len(rnd.voters)}
        progress = KeyRef(key="status.progress", params=counts)
    return {
        "phase": phase,
        "living": g.refs(g.living_humans()),
        "dead": KeyRef(key="status.dead", params={"players": g.whos(dead)}) if dead else "",
        "progress": progress,
    }


def board_params(g: Ctx) -> dict[str, Any]:
    """The public composition (身代わり君's card counted) and every option [WW-6.2]."""
    s = g.s
    return {
        "count": len(s.players),
        "seats": len(s.players) + int(s.scapegoat is not None),
        "scapegoat": KeyRef(key="cast.scapegoat") if s.scapegoat else "",
        "cast": settings.composition(s.cast),
        "options": settings.option_lines(s),
    }


def query(g: Ctx, q: Query) -> Rejected | None:
    """Answer ``/me``, ``/status``, ``/board`` or ``/help`` without changing the game."""
    seat = next((p.seat for p in g.s.players if p.user_id == q.user_id), None)
    if q.what == "me":
        if seat is None:
            return Rejected(reason="not_player")
        setup.role_card(g, seat, actions=True)
    elif q.what == "status":
        g.reply(q, "status", **status_params(g))
    elif q.what == "board":
        if not g.s.players:
            return Rejected(reason="game.not_started")
        g.reply(q, "board", **board_params(g))
    else:
        g.reply(q, "help")
    return None


def project(state: WWState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see now: own role and camp, ledger, who is alive, the phase and legal actions."""
    g = Ctx(state, state.deadline_at or 0)
    p = g.p(seat)
    return {
        "seat": seat,
        "role": p.role,
        "camp": g.card(seat).camp,
        "alive": p.alive,
        "ledger": list(p.ledger),
        "living": g.living_humans(),
        "phase": state.phase,
        "day": state.day,
        "actions": [a.model_dump() for a in legal(g, seat)] if not state.is_over else [],
    }


def chosen(state: WWState, seat: int) -> list[Action]:
    """``seat``'s choice standing now (what its buttons show as chosen): a wolf's attack proposal at night,
    which it may change until the night closes (AMB-22); empty otherwise (a ballot and the other night
    answers are final)."""
    night = state.night
    if state.phase != "night" or night is None or seat not in night.proposals:
        return []
    return [offer(ATTACK, arg(night.proposals[seat]))]
