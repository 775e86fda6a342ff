"""Fair AFK handling (docs/architecture.md "Lobby expiry and AFK"; J29, P15, D20, W12): missed phases,
idle players in ``/status``, and the host's ``/kick`` of an idle seat with the game's effect for leaving.
Also the routing of a phase deadline (``Timeout``), since that is where a phase is missed, and where a
lobby expires.

- **Missed.** At each deadline of a running game, every seat the phase still waited for
  (``Steps.waiting``, taken before the game's deadline step) gets one more missed phase in
  ``TableState.missed``, except a user the bot could not message (``TableState.unreachable``) or whose
  private messages of the game still waited undelivered at the deadline (``Timeout.excused``, filled by
  the runner): no penalty for the bot's own failure to deliver the prompt. A game's ``afk_exempt`` phases
  (prompts whose answer would tell roles apart, e.g. 政治家人狼's dummy night prompts, politician.md §8)
  count nothing either way. Any accepted ``Act`` of a seat outside those phases clears its count.
- **Idle.** A living seat with :data:`IDLE` (2) or more missed phases in a row, not yet kicked: listed
  in every ``/status`` answer (``afk.idle``), the same for everybody.
- **Kick.** The host may remove an idle seat, or one that left the group, mid-game (``Kick``): the group
  is told in one line (``game.kicked``) and the game's ``leave`` step applies its rules' effect for a
  player out of the game (徒桜戦争: dead; 政治家人狼: OUT; DEATH NOTE 人狼: eliminated), its win check
  included; without one the seat stays and times out on every prompt. Either way, from then on
  (:func:`kicked`) ``decide`` refuses the seat's actions and texts, and ``core.engine.control`` its
  ``/extend`` and ``/skip`` votes (``kick.removed``); it is never in ``Steps.waiting`` (no reminder, no
  missed phase).
- **Away** (J27, P13, D18, W21). A seat that left the group (``LeftChat``, :func:`away`) is waited for by
  nothing: ``/extend`` and ``/skip`` majorities leave it out, and a phase that still waits only for seats
  away closes at once (``core.engine.presence``). A living seat still away when a phase ends is out of the
  game (突然死) exactly as after a kick, announced as ``game.sudden_death`` (:func:`drop`).

Functions take the game's working context (``core.engine.context.TableCtx``) and return a refusal or None.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from core.engine import clock, lobby
from core.engine.commands import Query, Timeout
from core.engine.context import TableCtx
from core.engine.result import Rejected
from core.engine.table import LOBBY, Member, TableState

#: Missed phases in a row that make a seat idle (J29, P11, D20: "two missed in a row").
IDLE = 2
#: The recap event of a host's kick (``data["seat"]``).
KICKED = "PlayerKicked"
#: ``/status`` shows the deadline as a local time when more seconds than this are left (a long phase:
#: the default timers are all 15 minutes or shorter, and their answers give the seconds left).
LOCAL_DEADLINE_AFTER = 900

Step = Callable[[Any], Rejected | None]
#: A game's effect of a seat out of the game (``Steps.leave``: a host's kick, or 突然死): changes the state
#: (its win check included) without a notice of its own for the departure (:func:`drop` announces it).
Leave = Callable[[Any, int], None]


def deadline_passed(
    g: TableCtx[Any],
    command: Timeout,
    *,
    waiting: Callable[[Any], set[int]],
    exempt: Collection[str],
    close: Step,
) -> Rejected | None:
    """``Timeout``: refuse a stale or early one (``phase.stale``); in the lobby, expire it
    (:func:`core.engine.lobby.expire`); else run the game's deadline step ``close`` and count a missed
    phase for each seat ``waiting`` returned before it (see the module docstring)."""
    s = g.s
    if command.phase_seq != s.phase_seq or s.deadline_at is None or g.now < s.deadline_at:
        return Rejected(reason="phase.stale")
    if s.phase == LOBBY:
        g.log("GameCancelled", reason="lobby_expired")
        return g.add(lobby.expire(s, now=g.now))
    missed = set() if s.phase in exempt else waiting(g)
    refused = close(g)
    if refused is None:
        excused = set(command.excused) | set(s.unreachable)
        for seat in missed - {seat for seat in missed if g.p(seat).user_id in excused}:
            s.missed[seat] = s.missed.get(seat, 0) + 1
    return refused


def acted(state: TableState, seat: int, refused: Rejected | None, *, exempt: bool) -> Rejected | None:
    """After ``seat``'s action: when accepted (``refused`` None) in a phase that counts (``exempt``
    False), its count starts again. Returns ``refused``."""
    if refused is None and not exempt:
        state.missed.pop(seat, None)
    return refused


def kicked(state: TableState) -> set[int]:
    """Seats the host has kicked (``TableState.kicked``; each logged as :data:`KICKED`)."""
    return set(state.kicked)


def away(state: TableState) -> set[int]:
    """Seats that left the group mid-game (``TableState.left``) and are not out of the game yet."""
    return set(state.left) - set(state.kicked)


def drop(g: TableCtx[Any], seat: int, *, by_host: bool, leave: Leave | None) -> None:
    """``seat`` is out of the game: recorded as kicked (:data:`KICKED`), the group told in one line
    (``game.kicked`` after the host's ``/kick``, ``by_host``; else ``game.sudden_death``), then the game's
    ``leave`` effect (its win check included)."""
    g.s.kicked.append(seat)
    g.log(KICKED, seat=seat, by_host=by_host)
    if by_host:
        g.announce("game.kicked", player=g.ref(seat))
    else:
        g.announce("game.sudden_death", player=g.ref(seat))
    if leave is not None:
        leave(g, seat)


def idle(g: TableCtx[Any]) -> list[int]:
    """Living seats with :data:`IDLE` or more missed phases in a row, not kicked yet, in seat order."""
    gone = kicked(g.s)
    return [
        seat for seat, n in sorted(g.s.missed.items())
        if n >= IDLE and seat not in gone and g.p(seat).alive
    ]  # fmt: skip


def tell_idle(g: TableCtx[Any], query: Query, refused: Rejected | None) -> Rejected | None:
    """After the game answered ``query`` (``refused`` None): add to a ``/status`` answer of a running game,
    where the status was asked, the deadline of a long phase as a local time of the group's zone
    (``status.deadline``: more than :data:`LOCAL_DEADLINE_AFTER` seconds left; docs/architecture.md
    "Long games"), that the host paused the clock (``status.paused``, the seconds it holds) and the idle
    players (``afk.idle``, their names); nothing more when none holds. Returns ``refused``."""
    if refused is not None or query.what != "status" or not g.s.players or g.s.is_over:
        return refused
    deadline = g.s.deadline_at
    if deadline is not None and deadline - g.now > LOCAL_DEADLINE_AFTER:
        local = clock.local_parts(deadline, clock.zone_of(g.s.settings))
        month, day, time, zone = (local[k] for k in ("month", "day", "time", "zone"))
        g.reply(query, "status.deadline", month=month, day=day, time=time, zone=zone)
    if g.s.paused_left is not None:
        g.reply(query, "status.paused", seconds=g.s.paused_left)
    seats = idle(g)
    if seats:
        g.reply(query, "afk.idle", players=g.refs(seats))
    return None


def kick(g: TableCtx[Any], user_id: str, target: str, *, leave: Leave | None) -> Rejected | None:
    """Host only: in the lobby, :func:`core.engine.lobby.kick`. In a running game, remove the living seat
    ``target`` (a seat number or a name, :func:`core.engine.lobby.find`) when it is idle or has left the
    group (:func:`drop`, announced as ``game.kicked``). Refuses a finished game (``game.over``), a non-host
    (``not_host``), the host themself (``kick.self``), a seat kicked before (``kick.already``) and one
    that is not living, or neither idle nor gone (``kick.not_idle``)."""
    s = g.s
    if s.phase == LOBBY:
        return g.add(lobby.kick(s, user_id, target))
    if s.is_over:
        return Rejected(reason="game.over")
    if user_id != s.host:
        return Rejected(reason="not_host")
    seats = [Member(user_id=p.user_id, name=p.name) for p in s.players]
    index = lobby.find(seats, target)
    if isinstance(index, Rejected):
        return index
    seat = index + 1
    name = seats[index].name
    if seats[index].user_id == user_id:
        return Rejected(reason="kick.self")
    if seat in kicked(s):
        return Rejected(reason="kick.already", params={"name": name})
    if not g.p(seat).alive or not (seat in s.left or seat in idle(g)):
        return Rejected(reason="kick.not_idle", params={"name": name})
    drop(g, seat, by_host=True, leave=leave)
    return None
