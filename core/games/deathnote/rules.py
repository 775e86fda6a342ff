"""``decide`` for DEATH NOTE 人狼 (``deathnote.md``): validate a command against the state and
``legal_actions``, then apply it.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds); every
shuffle and draw comes from the state's RNG (or the test mode's injected shuffles, §1.4).
"""

from __future__ import annotations

from typing import Any

from core.engine import lobby
from core.engine.commands import Act, CancelGame, Command, Configure, Query, Say, StartGame, Timeout
from core.engine.context import LobbyCommand, apply_lobby, conclude, seat_of
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import CANCELLED, Member
from core.games.deathnote import effects, flow, night, settings, setup, view
from core.games.deathnote.cards import MAX_PLAYERS, MIN_PLAYERS
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.legal import CHOICES, NIGHTS, legal, refusal
from core.games.deathnote.model import DNState
from core.games.deathnote.settings import option

#: Longest relayed free-text signal (``signals = free_text``), in characters.
MAX_SAY = 200


def decide(state: DNState, command: Command, *, now: int) -> Accepted[DNState] | Rejected:
    """Apply ``command`` at ``now``; see the module docstring. Never raises for player input."""
    g = Ctx(state.fork(), now)
    return conclude(g, state, command, _dispatch(g, command))


def _dispatch(g: Ctx, command: Command) -> Rejected | None:
    s = g.s
    if isinstance(command, LobbyCommand):
        return apply_lobby(g, command, max_players=MAX_PLAYERS)
    if isinstance(command, StartGame):
        return start(g, command.user_id)
    if isinstance(command, CancelGame):
        return cancel(g, command.user_id)
    if isinstance(command, Configure):
        refused = lobby.check_configure(s, command.user_id)
        return refused or g.add(settings.configure(s, command.option, command.values))
    if isinstance(command, Timeout):
        return timeout(g, command.phase_seq)
    if isinstance(command, Query):
        return view.query(g, command)
    seat = seat_of(s, command.user_id)
    if seat is None:
        return Rejected(reason="not_player")
    if isinstance(command, Say):
        return say(g, seat, command.text)
    return act(g, seat, command)


def start(g: Ctx, user_id: str) -> Rejected | None:
    """§3.3: seats, identities, start player and the guaranteed deal (or the test mode's injected state),
    then the public setup, one identity card per player (§3.4) and the first turn."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        return _start_injected(g, test_setup)
    setup.seat(g, s.members)
    host = seat_of(s, s.host)
    if option(s, "start_player") == "host_choice" and host is not None:
        s.enter("start_player", now=g.now, seconds=int(option(s, "t_turn")))
        g.announce("start_player.wait", player=g.ref(host))
        g.tell(host, "start_player.prompt", legal(g, host))
        return None
    s.start_seat = s.rng.choice(g.seats())
    _begin(g)
    return None


def _start_injected(g: Ctx, test_setup: dict[str, Any]) -> Rejected | None:
    s = g.s
    shuffle = test_setup.get("shuffle")
    s.shuffles = "noop" if shuffle == "noop" else [list(map(str, x)) for x in shuffle] if shuffle else None
    s.rng.script = list(test_setup.get("rng", []))
    try:
        setup.injected(g, s.members, test_setup)
    except (setup.SetupError, ValueError, KeyError, TypeError):
        return Rejected(reason="setup.invalid")
    if "hands" not in test_setup:
        _begin(g)
        return None
    _announce_deal(g)
    active = int(test_setup.get("active", s.start_seat))
    played = [int(x) for x in test_setup.get("played", [])]
    order = flow.round_order(g, played)
    if not order or order[0] != active:
        return Rejected(reason="setup.invalid")
    flow.begin_round(g, played)
    return None


def _begin(g: Ctx) -> None:
    setup.deal(g)
    _announce_deal(g)
    flow.begin_round(g)


def _announce_deal(g: Ctx) -> None:
    s = g.s
    g.log("GameStarted", seats=[p.identity for p in s.players], start=s.start_seat)
    g.log("HandsDealt", hands={p.seat: list(p.hand) for p in s.players}, draw=list(s.draw))
    view.announce_setup(g)
    for p in s.players:
        setup.identity_card(g, p.seat)


def cancel(g: Ctx, user_id: str) -> Rejected | None:
    """Host only (AMB-62): end the game with no result."""
    if g.s.is_over:
        return Rejected(reason="game.over")
    if user_id != g.s.host:
        return Rejected(reason="not_host")
    g.s.night = g.s.choice = None
    g.s.enter(CANCELLED, now=g.now, seconds=None)
    g.announce("game.cancelled")
    g.log("GameCancelled")
    return None


def timeout(g: Ctx, phase_seq: int) -> Rejected | None:
    """The deadline of ``phase_seq`` passed: the §11.5 default of the open prompt; stale → no-op."""
    s = g.s
    if phase_seq != s.phase_seq or s.deadline_at is None or g.now < s.deadline_at:
        return Rejected(reason="phase.stale")
    if s.phase == "start_player":
        s.start_seat = s.rng.choice(g.seats())
        _begin(g)
    elif s.phase == "turn" and s.active is not None:
        seat = s.active
        flow.apply_play(g, seat, flow.timeout_play(g, seat))
        g.p(seat).missed += 1
    elif s.phase in CHOICES:
        effects.fill_defaults(g)
        flow.finish_step(g)
    elif s.phase == "judgment":
        flow.after_judgment(g)
    elif s.phase == "shinigami_night":
        flow.after_shinigami(g)
    else:
        return Rejected(reason="phase.stale")
    return None


def act(g: Ctx, seat: int, command: Act) -> Rejected | None:
    """A player's action: stale, illegal or not-yet-allowed taps are refused and change nothing."""
    s = g.s
    if command.phase_seq is not None and command.phase_seq != s.phase_seq:
        return Rejected(reason="phase.stale")
    action = command.action
    if action not in legal(g, seat):
        return Rejected(reason=refusal(g, seat, action))
    _apply(g, seat, action)
    return None


def _apply(g: Ctx, seat: int, action: Action) -> None:
    s = g.s
    if s.phase == "start_player":
        s.start_seat = int(action.args[0])
        _begin(g)
    elif s.phase == "turn":
        g.p(seat).missed = 0
        flow.apply_play(g, seat, action)
    elif s.phase in CHOICES:
        if effects.pick(g, seat, str(action.args[0])):
            flow.finish_step(g)
    elif action.kind == "name":
        night.name(g, seat, action.args[0])
    else:
        night.signal(g, seat, action.kind, action.args)


def say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """``signals = free_text`` (§11.4 house rule): relay ``text`` to the recognised partner at night."""
    if option(g.s, "signals") != "free_text" or g.s.phase not in NIGHTS or not g.p(seat).alive:
        return Rejected(reason="signal.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    if not night.relay_text(g, seat, text):
        g.tell(seat, "signal.nowhere")
    return None


def legal_actions(state: DNState, seat: int) -> list[Action]:
    """Public entry: every action ``seat`` may take now (no clock needed)."""
    if not state.players or state.is_over:
        return []
    return legal(Ctx(state, state.deadline_at or 0), seat)


def speakers(state: DNState) -> set[int] | None:
    """Seats that may post in the group now (§11.3, AMB-59): nobody during a night phase; the living
    players otherwise (eliminated players take no further part, §8); ``None`` (everyone) in the lobby and
    once the game is over."""
    if not state.players or state.is_over:
        return None
    if state.phase in NIGHTS:
        return set()
    return {p.seat for p in state.players if p.alive}


def new_game(
    *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
) -> DNState:
    """A fresh lobby; ``settings["locale"]`` (``ja`` default, or ``en``) is the group's language."""
    return DNState(
        game_id=game_id, chat_id=chat_id, host=host.user_id, created_at=now,
        rng=Rng.seeded(seed), settings=settings, locale=str(settings.get("locale", "ja")),
    )  # fmt: skip
