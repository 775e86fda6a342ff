"""Per-player views and read-only answers: the role card (/me), /status, the CO board, /help.

Only what the viewer may know goes out [ADZ-4.4], [ADZ-11.9]: /status never says who acted at night.
"""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.commands import Query
from core.engine.notice import Action, FactionRef, KeyRef, Param
from core.engine.result import Rejected
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import kill_action, legal
from core.games.adazakura.megami import ADAZAKURA, FACTION_VERSIONED
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles import roles
from core.games.adazakura.settings import rule


def ability_text(state: AdzState, megami: str, faction: str) -> list[KeyRef]:
    """An ability's text, one line per part: the holder's faction version [ADZ-0] (A40), then the lines
    that follow this table's options (the role's ``text_notes``: W3's limit, when seals start …)."""
    version = faction if faction in ("sakura", "adazakura") else "sakura"
    key = f"role.{megami}.text.{version}" if megami in FACTION_VERSIONED else f"role.{megami}.text"
    role = roles().get(megami)
    return [KeyRef(key=key), *(role.text_notes(state, version) if role is not None else [])]


def held_text(state: AdzState, megami: str, faction: str) -> list[KeyRef]:
    """The text of an ability held by a Kururu copy or a Black Box gain: the holder's faction version,
    except where a copy holds less than the dealt player (A64, A65): Yatsuha's looks without her faction,
    Renri's night-0 removal without faction or victory (a choice with ``deck_choices``), Kururu's look
    without a copy."""
    if megami == "yatsuha":
        return [KeyRef(key="role.yatsuha.text.held")]
    if megami == "renri":
        return [
            KeyRef(
                key="role.renri.text.held.choice" if rule(state, "deck_choices") else "role.renri.text.held"
            )
        ]
    if megami == "kururu":
        return [KeyRef(key="role.kururu.text.held")]
    return ability_text(state, megami, faction)


def faction_shown(p: Player) -> Param:
    """``p``'s faction as her card and the final announcement show it: with the madman flag once Kururu
    has become one [ADZ-2.4], [ADZ-10.3]."""
    faction = FactionRef(id=p.faction)
    return KeyRef(key="faction.madman", params={"faction": faction}) if p.madman else faction


def role_card(g: Ctx, seat: int) -> None:
    """Seat, Megami, faction, ability text, and the team list for the Adazakura side [ADZ-4.4]."""
    p = g.p(seat)
    team = [q.seat for q in g.s.players if q.faction == ADAZAKURA] if p.faction == ADAZAKURA else []
    held = [
        line
        for m in ([p.copied] if p.copied else []) + ([p.gained] if p.gained else [])
        for line in held_text(g.s, m, p.faction)
    ]
    g.tell(
        seat,
        "role.card.team" if team else "role.card",
        actions=[a for a in legal(g, seat) if a.kind != "co"],
        player=g.ref(seat),
        megami=g.role(p.megami),
        faction=faction_shown(p),
        text=list[Param](ability_text(g.s, p.megami, p.faction)),
        team=g.refs(team),
        held=list[Param](held),
        lines=list[Param](ledger.read(p.ledger, 12)),
    )


def query(g: Ctx, q: Query) -> Rejected | None:
    """Answer /me, /status, /board or /help without changing the game."""
    seat = next((p.seat for p in g.s.players if p.user_id == q.user_id), None)
    if q.what == "me":
        if seat is None:
            return Rejected(reason="not_player")
        role_card(g, seat)
    elif q.what == "status":
        s = status_params(g)
        key = "status" if s["dead"] else "status.none_out"
        g.reply(q, key, phase=s["phase"], day=s["day"], living=s["living"], dead=s["dead"])
    elif q.what == "board":
        lines: list[Param] = [
            KeyRef(
                key="board.line.verified" if r.verified else "board.line",
                params={"day": r.day, "player": g.ref(r.seat), "megami": g.role(r.megami)},
            )
            for r in g.s.co_board
        ]
        g.reply(q, "board" if lines else "board.empty", lines=lines)
    else:
        g.reply(q, "help")
    return None


def status_params(g: Ctx) -> dict[str, Any]:
    """Phase (a ``phase.<id>`` KeyRef with the day/night number ``n`` and the seconds ``left`` before the
    deadline), living and dead seats: nothing about night actions [ADZ-11.4]."""
    s = g.s
    left = s.seconds_left(g.now)
    common = {"phase": KeyRef(key=f"phase.{s.phase}", params={"n": g.day_n, "left": left}), "day": g.day_n}
    if not s.players:
        return {**common, "living": [m.name for m in s.members], "dead": []}
    return {
        **common,
        "living": g.refs([p.seat for p in s.players if p.alive]),
        "dead": g.refs([p.seat for p in s.players if not p.alive]),
    }


def project(state: AdzState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see now: own card, ledger, public board, living players and legal actions."""
    g = Ctx(state, state.deadline_at or 0)
    p = g.p(seat)
    return {
        "seat": seat,
        "megami": p.megami,
        "faction": p.faction,
        "alive": p.alive,
        "team": [q.seat for q in state.players if q.faction == ADAZAKURA] if p.faction == ADAZAKURA else [],
        "ledger": list(p.ledger),
        "status": {k: v if not isinstance(v, KeyRef) else v.key for k, v in status_params(g).items()},
        "co_board": [r.model_dump() for r in state.co_board],
        "actions": [a.model_dump() for a in legal(g, seat)] if not state.is_over else [],
    }


def chosen(s: AdzState, seat: int) -> list[Action]:
    """``seat``'s choices standing now, as the legal actions that made them (what its buttons show as
    chosen): its ballot in a vote or runoff; at night its kept ability choices and its team erasure
    choice [ADZ-6.2], [ADZ-7.1]. Empty otherwise."""
    if s.phase in ("vote", "runoff") and s.day is not None and seat in s.day.ballots:
        return [Action(kind="vote", args=(s.day.ballots[seat],))]
    if s.phase != "night" or s.night is None:
        return []
    out = list(s.night.choices.get(seat, {}).values())
    team = s.night.team.get(seat)
    if team is not None:
        out.append(kill_action(seat, team.target))
    return out
