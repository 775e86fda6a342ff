"""Commands the game must refuse, drawn by hypothesis against a running 徒桜戦争 state [ADZ-11.2].

Each draw returns ``(what, command, now, expected)``: a label, a command that is certainly not allowed now,
when it is sent, and the reason id it must get (``None``: any reason). ``None`` as a whole when the drawn
forgery does not apply to this state (for example no dead player yet).

``offered`` remembers, per seat, every action the game has offered it so far (in first-offered order):
tapping one again after it stopped being legal (a once-per-game ability used, a repeated target, an
action of another seat) reaches the roles' own reasons (``ability.used_up``, ``target.repeat`` …).
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from core.engine.commands import Act, CancelGame, Command, Join, Leave, Say, StartGame, Timeout
from core.engine.notice import Action
from core.games.adazakura.megami import TAROTS
from core.games.adazakura.model import AdzState
from tests.property.playout import RULES

Forgery = tuple[str, Command, int, str | None]
#: Seat → actions offered to it so far, oldest first (a dict used as an ordered set).
Offered = dict[int, dict[Action, None]]
KINDS = ("night.yukihi", "night.shinra", "night.oboro", "night.nobody", "kill", "vote", "co", "skip", "ready",
         "done", "cancel", "blackbox", "", "night.")  # fmt: skip
STRANGER = "local:999"
DAY_KINDS = {"discussion": ("co", "ready", "skip"), "vote": ("vote",), "runoff": ("vote",)}


def forged_args(data: st.DataObject, state: AdzState) -> tuple[int | str, ...]:
    n = len(state.players)
    arg = st.one_of(
        st.sampled_from([0, -1, n + 1, 10**9]),
        st.integers(1, n),
        st.sampled_from(["none", "x", "megami", "kill", "", *TAROTS[:3]]),
    )
    return tuple(data.draw(st.lists(arg, max_size=3), label="args"))


def remember(offered: Offered, state: AdzState) -> None:
    """Add what ``state`` offers each seat to ``offered``."""
    for p in state.players:
        offered.setdefault(p.seat, {}).update(dict.fromkeys(RULES.legal_actions(state, p.seat)))


def draw_forgery(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """One refused command for ``state`` (a running game with seats), or None when none applies."""
    forge = data.draw(st.sampled_from(FORGERIES), label="forgery")
    return forge(data, state, now, offered)


def fits(phase: str, kind: str) -> bool:
    """Whether actions of ``kind`` belong to ``phase`` (so a refusal is about more than the phase)."""
    if phase == "night":
        return kind.startswith("night.") or kind in ("kill", "cancel", "done")
    return kind in DAY_KINDS.get(phase, ())


def _earlier(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """An action of this phase's kinds offered earlier to this seat (or to any seat), tapped now."""
    seat = data.draw(st.integers(1, len(state.players)))
    legal = RULES.legal_actions(state, seat)
    sources = [seat] if data.draw(st.booleans(), label="own") else sorted(offered)
    pool = [a for s in sources for a in offered.get(s, {}) if a not in legal and fits(state.phase, a.kind)]
    if not pool:
        return None
    action = data.draw(st.sampled_from(list(dict.fromkeys(pool))))
    return (
        "earlier",
        Act(user_id=state.players[seat - 1].user_id, action=action, phase_seq=state.phase_seq),
        now,
        None,
    )


def _stale(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """A button of an earlier (or a future) phase [ADZ-11.2]: ``phase.stale``."""
    seats = [p.seat for p in state.players if RULES.legal_actions(state, p.seat)]
    if not seats:
        return None
    seat = data.draw(st.sampled_from(seats))
    action = data.draw(st.sampled_from(RULES.legal_actions(state, seat)))
    seq = data.draw(
        st.sampled_from(
            [s for s in (state.phase_seq - 2, state.phase_seq - 1, state.phase_seq + 1) if s >= 0]
        )
    )
    return (
        "stale",
        Act(user_id=state.players[seat - 1].user_id, action=action, phase_seq=seq),
        now,
        "phase.stale",
    )


def _dead(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """A dead player's ballot, or any action a living player could take [ADZ-3.3]. (A dead Adazakura
    Kanae who deduces now is no ghost for this, [ADZ-10.2].)"""
    dead = [p for p in state.players if not p.alive and not RULES.legal_actions(state, p.seat)]
    if not dead:
        return None
    ghost = data.draw(st.sampled_from(dead))
    living = [p.seat for p in state.players if p.alive]
    now_offered = [a for p in state.players for a in RULES.legal_actions(state, p.seat)]
    action = data.draw(st.sampled_from([*now_offered, *(Action(kind="vote", args=(s,)) for s in living)]))
    return "dead", Act(user_id=ghost.user_id, action=action, phase_seq=state.phase_seq), now, None


def _forged(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """An action kind and arguments made up by a client (callback data can be forged)."""
    seat = data.draw(st.integers(1, len(state.players)))
    action = Action(kind=data.draw(st.sampled_from(KINDS)), args=forged_args(data, state))
    if action in RULES.legal_actions(state, seat):
        return None
    seq = data.draw(st.sampled_from([state.phase_seq, None]))
    return "forged", Act(user_id=state.players[seat - 1].user_id, action=action, phase_seq=seq), now, None


def _stranger(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """Someone who is not seated taps a real button: ``not_player``."""
    action = Action(kind="done") if state.phase == "night" else Action(kind="vote", args=("none",))
    return "stranger", Act(user_id=STRANGER, action=action, phase_seq=state.phase_seq), now, "not_player"


def _timeout(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """A timer of another phase, or one that fires before the deadline: a no-op ``phase.stale``."""
    if data.draw(st.booleans()) or state.deadline_at is None:
        seq = data.draw(st.sampled_from([state.phase_seq - 1, state.phase_seq + 1]))
        return "timeout", Timeout(phase_seq=seq), now, "phase.stale"
    early = min(now, state.deadline_at - 1)
    return "timeout", Timeout(phase_seq=state.phase_seq), early, "phase.stale"


def _lobby(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """Lobby commands while the game runs, and a cancel by someone who is not the host."""
    seated = data.draw(st.sampled_from(state.players)).user_id
    commands: list[tuple[Command, str]] = [
        (Join(user_id=STRANGER, name="late"), "game.running"),
        (Join(user_id=seated, name="again"), "game.running"),
        (Leave(user_id=seated), "game.running"),
        (StartGame(user_id=state.host), "game.running"),
    ]
    if seated != state.host:
        commands.append((CancelGame(user_id=seated), "not_host"))
    command, reason = data.draw(st.sampled_from(commands))
    return "lobby", command, now, reason


def _say(data: st.DataObject, state: AdzState, now: int, offered: Offered) -> Forgery | None:
    """Team-channel text outside the team or the night [ADZ-11.6] (from a dead player: ``not_alive``), or
    over the length limit."""
    team = [p for p in state.players if p.alive and p.faction == "adazakura"]
    others = [p for p in state.players if p not in team]
    if state.phase == "night" and team and data.draw(st.booleans()):
        return "say", Say(user_id=team[0].user_id, text="x" * 501), now, "input.too_long"
    speaker = data.draw(st.sampled_from(others if state.phase == "night" else state.players))
    reason = "team.closed" if speaker.alive else "not_alive"
    return "say", Say(user_id=speaker.user_id, text="hello"), now, reason


Forge = Callable[[st.DataObject, AdzState, int, Offered], Forgery | None]
FORGERIES: tuple[Forge, ...] = (_earlier, _stale, _dead, _forged, _stranger, _timeout, _lobby, _say)
