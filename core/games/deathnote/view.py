"""Per-player views and read-only answers of DEATH NOTE 人狼 (``deathnote.md`` §10, §11.8): the private
``/hand``, the public ``/status``, ``/help``, and the public setup announcement (§3.4).

Only what the viewer may know goes out: ``/status`` shows public facts only; ``/hand`` adds the asking
player's own knowledge.
"""

from __future__ import annotations

from typing import Any

from core.engine.commands import Query
from core.engine.notice import Action, KeyRef, Scalar
from core.engine.result import Rejected
from core.games.deathnote.cards import kind, sort_cards
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.effects import arrests_left
from core.games.deathnote.legal import legal
from core.games.deathnote.model import DNState
from core.games.deathnote.night import partner
from core.games.deathnote.settings import composition


def announce_setup(g: Ctx) -> None:
    """§3.4 public: the seat circle with each player's left and right, the start player, the composition
    for n and the draw pile size."""
    n = len(g.s.players)
    parts = composition(n)
    g.announce("game.setup", circle=g.circle(), start=g.ref(g.s.start_seat), count=n, draw=len(g.s.draw),
               identities=parts["identities"], items=parts["items"])  # fmt: skip


def hand(g: Ctx, seat: int) -> None:
    """§11.8 ``/hand``: identity, hand, recognised partner, own Fake Name flag, what this seat learned."""
    p = g.p(seat)
    mate = partner(g, seat)
    g.tell(
        seat,
        "hand",
        legal(g, seat) if p.alive else None,
        player=g.ref(seat),
        identity=g.identity(p.identity),
        team=g.team(p.team),
        ability=g.ability(p.role),
        hand=g.cards(p.hand) or KeyRef(key="status.none"),
        partner=KeyRef(key="hand.partner", params={"player": g.ref(mate)}) if mate else "",
        fake_name=KeyRef(key="hand.fake_name_used") if p.fake_name_used else "",
        eliminated=KeyRef(key="hand.eliminated") if not p.alive else "",
        learned=KeyRef(key="hand.learned", params={"lines": list[Scalar](p.ledger)}) if p.ledger else "",
    )


def status_params(g: Ctx) -> dict[str, Any]:
    """§11.8 ``/status``: phase with seconds left, round, next Judgment, active player, living circle,
    revealed and exposed L's, Fake Names used, draw pile size, face-up discards and the hidden count,
    Arrest cards still in the game; nothing secret (§11.6)."""
    s = g.s
    left = s.seconds_left(g.now)
    phase = KeyRef(key=f"phase.{s.phase}", params={"left": left, "round": s.round})
    if not s.players:
        return {"phase": phase, "round": 0, "judgment": 2, "circle": [], "lines": [], "draw": 0,
                "discard": KeyRef(key="status.none"), "hidden": 0, "arrests": 0,
                "names": [m.name for m in s.members]}  # fmt: skip
    groups = {
        "revealed_l": [p.seat for p in s.players if not p.alive and p.role == "L"],
        "exposed_l": [p.seat for p in s.players if p.exposed_l],
        "fake_name": [p.seat for p in s.players if p.fake_name_used],
        "eliminated": [p.seat for p in s.players if not p.alive],
    }
    lines: list[Scalar] = [
        KeyRef(key=f"status.line.{name}", params={"players": g.refs(seats)})
        for name, seats in groups.items()
        if seats
    ]
    if s.active:
        lines.insert(0, KeyRef(key="status.line.active", params={"player": g.ref(s.active)}))
    face_up = [d.card for d in s.discard if not d.hidden]
    return {
        "phase": phase,
        "round": s.round,
        "judgment": max(2, s.round),
        "circle": g.circle(),
        "lines": lines,
        "draw": len(s.draw),
        "discard": [g.card(c) for c in face_up] or KeyRef(key="status.none"),
        "hidden": sum(d.hidden for d in s.discard),
        "arrests": arrests_left(g),
        "names": [],
    }


def query(g: Ctx, q: Query) -> Rejected | None:
    """Answer ``/hand`` (``me``), ``/status`` (also ``board``) or ``/help`` without changing the game."""
    seat = next((p.seat for p in g.s.players if p.user_id == q.user_id), None)
    if q.what == "me":
        if seat is None:
            return Rejected(reason="not_player")
        hand(g, seat)
    elif q.what in ("status", "board"):
        g.reply(q, "status", **status_params(g))
    else:
        g.reply(q, "help")
    return None


def project(state: DNState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see now: own identity, hand, ledger, the public status and legal actions."""
    g = Ctx(state, state.deadline_at or 0)
    p = g.p(seat)
    return {
        "seat": seat,
        "identity": p.identity,
        "role": p.role,
        "team": p.team,
        "alive": p.alive,
        "hand": [kind(c) for c in sort_cards(p.hand)],
        "partner": partner(g, seat),
        "ledger": [line.model_dump() for line in p.ledger],
        "phase": state.phase,
        "round": state.round,
        "actions": [a.model_dump() for a in legal(g, seat)] if not state.is_over else [],
    }


def chosen(state: DNState, seat: int) -> list[Action]:
    """``seat``'s choice standing now (what its buttons show as chosen): the name it tapped at a Judgment
    or a Shinigami night, which it may tap again until morning (§7.2, §11.2); empty otherwise."""
    night = state.night
    if night is None or seat not in night.named:
        return []
    return [Action(kind="name", args=(night.named[seat],))]
