"""``decide`` for 政治家人狼 open rule (``politician.md``): validate a command against the state and
``legal_actions``, then apply it.

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
)  # fmt: skip
from core.engine.context import LobbyCommand, apply_lobby, conclude, seat_of
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import CANCELLED, Member
from core.games.politician import day as day_flow
from core.games.politician import lottery, settings, setup, view
from core.games.politician import night as night_flow
from core.games.politician.ctx import Ctx
from core.games.politician.legal import legal, refusal
from core.games.politician.model import PolState
from core.games.politician.roles import MAX_PLAYERS, MIN_PLAYERS
from core.games.politician.settings import option

#: Longest relayed message (collusion channel, AMB-48), in characters.
MAX_SAY = 500


def decide(state: PolState, command: Command, *, now: int) -> Accepted[PolState] | Rejected:
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
    """§6.1-§6.2: deal the cast for the table (or the host's custom cast), announce the composition, send
    the role cards and the role check; candidacy follows once the lover's favourite is fixed."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        s.rng.script = list(test_setup.get("rng", []))
        try:
            s.players, s.cast = setup.injected(s.members, test_setup)
        except setup.SetupError:
            return Rejected(reason="setup.invalid")
    else:
        cast = settings.cast_for(s, len(s.members))
        if cast is None or cast.players != len(s.members):
            players = cast.players if cast else 0
            return Rejected(reason="cast.mismatch", params={"players": players, "joined": len(s.members)})
        s.players, s.cast = setup.deal(s.members, s.rng, cast), cast
    g.log("GameStarted", seats=[p.role for p in s.players], cast=s.cast.model_dump())
    view.announce_deal(g)
    for p in s.players:
        view.role_card(g, p.seat)
    if setup.role_check(g):
        s.enter("role_check", now=g.now, seconds=option(s, "wakeupSeconds"))
        g.announce("role_check.start", deadline=s.deadline_at or 0)
        lover = g.holders("lover")[0]
        g.tell(lover, "favourite.prompt", actions=legal(g, lover), deadline=s.deadline_at or 0)
    else:
        day_flow.open_candidacy(g)
    return None


def cancel(g: Ctx, user_id: str) -> Rejected | None:
    """Host only: end the game with no result."""
    if g.s.is_over:
        return Rejected(reason="game.over")
    if user_id != g.s.host:
        return Rejected(reason="not_host")
    g.s.night = None
    g.s.enter(CANCELLED, now=g.now, seconds=None)
    g.announce("game.cancelled")
    g.log("GameCancelled")
    return None


def timeout(g: Ctx, phase_seq: int) -> Rejected | None:
    """The deadline of ``phase_seq`` passed: the §10.8 outcome of the open prompt; stale → no-op."""
    s = g.s
    if phase_seq != s.phase_seq or s.deadline_at is None or g.now < s.deadline_at:
        return Rejected(reason="phase.stale")
    if s.phase == "role_check":
        setup.choose_favourite(g, g.s.rng.choice(g.holders("wolf_member")), drawn=True)
        day_flow.open_candidacy(g)
    elif s.phase == "candidacy":
        day_flow.next_speaker(g, (s.speaker or 0) + 1)
    elif s.phase == "campaign":
        day_flow.start_vote(g)
    elif s.phase in ("vote", "runoff"):
        day_flow.close_round(g)
    elif s.phase == "policy_speech":
        day_flow.returns(g)
    elif s.phase == "lottery":
        lottery.timeout(g, day_flow.elect)
    elif s.phase == "night":
        end_night(g)
    else:
        return Rejected(reason="phase.stale")
    return None


def end_night(g: Ctx) -> None:
    night = g.s.night
    assert night is not None
    night_flow.resolve(g)
    day_flow.morning(g, night.n + 1)


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
    if s.phase == "role_check":
        target = action.args[0]
        assert isinstance(target, int)
        setup.choose_favourite(g, target)
        day_flow.open_candidacy(g)
    elif s.phase == "candidacy":
        day_flow.next_speaker(g, seat + 1)
    elif s.phase == "policy_speech":
        day_flow.returns(g)
    elif s.phase == "campaign":
        day_flow.ready(g, seat)
    elif s.phase in ("vote", "runoff"):
        day_flow.cast(g, seat, action)
    elif s.phase == "lottery":
        lottery.take(g, seat, int(action.args[0]), day_flow.elect)
    elif night_flow.submit(g, seat, action):
        end_night(g)


def say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """AMB-48 (``allowCollusion``): relay ``text`` among the wolves and the lover during the role check,
    and among the active wolves at night; refused otherwise."""
    s = g.s
    if s.phase == "role_check":
        channel = g.holders("wolf_member") + g.holders("lover")
    elif s.phase == "night":
        channel = night_flow.wolves(g)
    else:
        channel = []
    if not option(s, "allowCollusion") or seat not in channel:
        lover_at_night = s.phase == "night" and g.p(seat).role == "lover" and option(s, "allowCollusion")
        return Rejected(reason="team.wolves_only_at_night" if lover_at_night else "team.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    g.tell_team("team.say", [c for c in channel if c != seat], member=g.ref(seat), text=text)
    g.tell(seat, "team.sent")
    return None


def legal_actions(state: PolState, seat: int) -> list[Action]:
    """Public entry: every action ``seat`` may take now (no clock needed)."""
    if not state.players or state.is_over:
        return []
    return legal(Ctx(state, state.deadline_at or 0), seat)


def speakers(state: PolState) -> set[int] | None:
    """Seats that may post in the group now (§6.5, §10.7, AMB-49/50): the speaker during candidacy, the
    eligible voters in the campaign, the elected player during the policy speech; nobody during the role
    check, votes and nights; ``None`` (everyone) in the lobby and once the game is over."""
    if not state.players or state.is_over:
        return None
    if state.phase == "candidacy":
        return {state.speaker} if state.speaker else set()
    if state.phase == "policy_speech":
        return {state.elected} if state.elected else set()
    if state.phase == "campaign":
        return {p.seat for p in state.players if p.eligible}
    return set()


def new_game(
    *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
) -> PolState:
    """A fresh lobby; ``settings["locale"]`` (``ja`` default, or ``en``) is the group's language."""
    return PolState(
        game_id=game_id, chat_id=chat_id, host=host.user_id, created_at=now,
        rng=Rng.seeded(seed), settings=settings, locale=str(settings.get("locale", "ja")),
    )  # fmt: skip
