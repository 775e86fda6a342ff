"""``decide`` for 徒桜戦争: validate a command against the state and ``legal_actions``, then apply it.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds).
"""

from __future__ import annotations

from typing import Any

from core.engine import lobby
from core.engine.commands import (
    Act,
    CancelGame,
    Command,
    Configure,
    Query,
    Say,
    StartGame,
    Timeout,
)
from core.engine.context import LobbyCommand, apply_lobby, conclude, seat_of
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import CANCELLED, Member
from core.games.adazakura import day as day_flow
from core.games.adazakura import ending, setup, view
from core.games.adazakura import night as night_flow
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import can_speak, legal, refusal
from core.games.adazakura.model import AdzState
from core.games.adazakura.settings import configure_pool, pool

MIN_PLAYERS = 4
#: [ADZ-4.1] (A74): 16 at most; also capped by the Megami pool that may be dealt.
MAX_PLAYERS = 16
#: Longest team-channel message relayed [ADZ-11.6], in characters.
MAX_SAY = 500


def max_players(state: AdzState) -> int:
    return min(MAX_PLAYERS, len(pool(state)))


def decide(state: AdzState, command: Command, *, now: int) -> Accepted[AdzState] | Rejected:
    """Apply ``command`` at ``now``; see the module docstring. Never raises for player input."""
    g = Ctx(state.fork(), now)
    return conclude(g, state, command, _dispatch(g, command))


def _dispatch(g: Ctx, command: Command) -> Rejected | None:
    s = g.s
    if isinstance(command, LobbyCommand):
        return apply_lobby(g, command, max_players=max_players(s))
    if isinstance(command, StartGame):
        return start(g, command.user_id)
    if isinstance(command, CancelGame):
        return cancel(g, command.user_id)
    if isinstance(command, Configure):
        return configure(g, command)
    if isinstance(command, Timeout):
        return timeout(g, command.phase_seq)
    if isinstance(command, Query):
        return view.query(g, command)
    seat = seat_of(s, command.user_id)
    if seat is None:
        return Rejected(reason="not_player")
    if isinstance(command, Say):
        return team_say(g, seat, command.text)
    return act(g, seat, command)


def start(g: Ctx, user_id: str) -> Rejected | None:
    """Deal and open night 0 [ADZ-4], [ADZ-5.2]; host only, 4-16 reachable players."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=max_players(s))
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        s.rng.script = list(test_setup.get("rng", []))
        s.players, s.deck, s.k = setup.injected(s.members, test_setup)
    else:
        s.players, s.deck, s.k = setup.deal(s.members, s.rng, pool(s), s.settings.get("k"))
    g.log(
        "GameStarted",
        seats=[p.megami for p in s.players],
        factions=[p.faction for p in s.players],
        deck=s.deck,
    )
    g.announce("game.seating", players=g.refs(g.seats()), count=len(s.players), k=s.k)
    for p in s.players:
        view.role_card(g, p.seat)
    night_flow.open_night(g, 0)
    return None


def configure(g: Ctx, command: Configure) -> Rejected | None:
    """A host option in the lobby; ``pool`` limits the Megami dealt [ADZ-4.2] (issue: host option)."""
    refused = lobby.check_configure(g.s, command.user_id)
    if refused:
        return refused
    if command.option not in ("pool", ""):
        return Rejected(reason="option.unknown")
    return g.add(configure_pool(g.s, command.values))


def cancel(g: Ctx, user_id: str) -> Rejected | None:
    """Host only: end the game with no result."""
    if g.s.is_over:
        return Rejected(reason="game.over")
    if user_id != g.s.host:
        return Rejected(reason="not_host")
    g.s.night, g.s.day = None, None
    g.s.enter(CANCELLED, now=g.now, seconds=None)
    g.announce("game.cancelled")
    g.log("GameCancelled")
    return None


def timeout(g: Ctx, phase_seq: int) -> Rejected | None:
    """The deadline of ``phase_seq`` passed: close that phase; stale → ``phase.stale`` (a no-op)."""
    s = g.s
    if phase_seq != s.phase_seq or s.deadline_at is None or g.now < s.deadline_at:
        return Rejected(reason="phase.stale")
    if s.phase == "night":
        night_flow.close_night(g)
    elif s.phase == "discussion":
        day_flow.start_vote(g)
    elif s.phase in ("vote", "runoff"):
        day_flow.close_vote(g)
    elif s.phase == ending.DEDUCTION:
        ending.timeout(g)  # no complete deduction in time: a failure [ADZ-10.2]
    else:
        return Rejected(reason="phase.stale")
    return None


def act(g: Ctx, seat: int, command: Act) -> Rejected | None:
    """A player's action: stale, illegal or not-yet-allowed taps are refused and change nothing."""
    s = g.s
    if command.phase_seq is not None and command.phase_seq != s.phase_seq:
        return Rejected(reason="phase.stale")
    action = command.action
    if s.phase == ending.DEDUCTION:
        return ending.act(g, seat, action)
    if action not in legal(g, seat):
        return Rejected(reason=refusal(g, seat, action))
    if s.phase == "night":
        night_flow.submit(g, seat, action)
    else:
        day_flow.act(g, seat, action)
    return None


def team_say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """Relay ``text`` to the other living team members during a night window [ADZ-11.6]."""
    team = g.team()
    if not g.p(seat).alive:
        return Rejected(reason="not_alive")
    if g.s.phase != "night" or seat not in team:
        return Rejected(reason="team.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    others = [t for t in team if t != seat]
    g.tell_team("team.say", seats=others, member=g.ref(seat), text=text)
    g.tell(seat, "team.sent")
    return None


def legal_actions(state: AdzState, seat: int) -> list[Action]:
    """Public entry: every action ``seat`` may take now (no clock needed)."""
    if not state.players or state.is_over:
        return []
    return legal(Ctx(state, state.deadline_at or 0), seat)


def speakers(state: AdzState) -> set[int] | None:
    """Seats with speaking rights in the group now [ADZ-8.1], [ADZ-11.3]: living players who may speak in
    a discussion (not frozen; duelists only on a duel day); nobody at night or while ballots are open;
    ``None`` (everyone) in the lobby, during Kanae's deduction (the game is decided, [ADZ-10.2]) and once
    the game is over."""
    if not state.players or state.is_over or state.phase == ending.DEDUCTION:
        return None
    if state.phase != "discussion":
        return set()
    g = Ctx(state, state.deadline_at or 0)
    return {p.seat for p in g.living() if can_speak(g, p)}


def new_game(
    *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
) -> AdzState:
    """A fresh lobby; the host joins like everyone else (so every member has opened the 1:1 chat).

    ``settings["locale"]`` (``ja`` default, or ``en``) is the group's language for this game.
    """
    return AdzState(
        game_id=game_id, chat_id=chat_id, host=host.user_id, created_at=now,
        rng=Rng.seeded(seed), settings=settings, locale=str(settings.get("locale", "ja")),
    )  # fmt: skip
