"""The steps of ``decide`` for DEATH NOTE 人狼 (``deathnote.md``): the start, the options, each phase's
deadline, relayed text and a legal action; the shared skeleton is :class:`core.engine.decide.Steps`.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds); every
shuffle and draw comes from the state's RNG (or the test mode's injected shuffles, §1.4).
"""

from __future__ import annotations

from typing import Any

from core.engine import afterlife, lobby
from core.engine.context import seat_of
from core.engine.decide import Steps
from core.engine.notice import Action
from core.engine.result import Rejected
from core.games.deathnote import effects, flow, night, recap, settings, setup, victory, view
from core.games.deathnote.cards import MAX_PLAYERS, MIN_PLAYERS
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.legal import CHOICES, DECLINE, NIGHTS, legal, refusal
from core.games.deathnote.model import DNState
from core.games.deathnote.settings import option

#: Longest relayed free-text signal (``signals = free_text``), in characters.
MAX_SAY = 200


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
        g.tell(host, "start_player.prompt", legal(g, host), seconds=int(option(s, "t_turn")))
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
    played = [int(x) for x in test_setup.get("played", [])]
    order = flow.round_order(g, played)
    if not order:
        flow.end_round(g)  # every living seat has played: the round's end, its Judgment from round 2
        return None
    if order[0] != int(test_setup.get("active", order[0])):
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


def clear(s: DNState) -> None:
    """What a cancel drops (AMB-62: the host aborts, no result): the open step or night."""
    s.night = s.choice = None


def deadline(g: Ctx) -> Rejected | None:
    """The current phase's deadline passed: the §11.5 default of the open prompt."""
    s = g.s
    if s.phase == "start_player":
        s.start_seat = s.rng.choice(g.seats())
        _begin(g)
    elif s.phase == "turn" and s.active is not None:
        seat = s.active
        flow.apply_play(g, seat, flow.timeout_play(g, seat))
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


def apply(g: Ctx, seat: int, action: Action) -> None:
    """A seat's legal action in the current phase."""
    s = g.s
    if s.phase == "start_player":
        s.start_seat = int(action.args[0])
        _begin(g)
    elif s.phase == "turn":
        flow.apply_play(g, seat, action)
    elif s.phase in CHOICES and action.kind == DECLINE:
        effects.decline(g, seat)
        flow.finish_step(g)
    elif s.phase in CHOICES:
        if effects.pick(g, seat, str(action.args[0])):
            flow.finish_step(g)
    elif action.kind == "name":
        night.name(g, seat, action.args[0])
    else:
        night.signal(g, seat, action.kind, action.args)


#: What 霊界表示 shows the 霊界 as a night resolves: who wrote what (the Judgment), the Shinigami's swap.
NIGHT_RESULTS = frozenset({"JudgmentResolved", "ShinigamiResolved"})
#: The 霊界: the eliminated players (§8), while ``afterlife`` is on; with ``afterlifeSees`` (§11.5
#: ``spectators``, 霊界表示, off, AMB-51) each is shown every identity on arrival
#: (docs/rules/deathnote-decisions.md D29, D31).
AFTERLIFE = afterlife.Afterlife.of_the_dead(
    lambda state: bool(option(state, "afterlife")),
    sees_option="afterlifeSees",
    sees_also=("spectators",),
    sees=lambda state: bool(option(state, "afterlifeSees")),
    reveal=True,
    seen=lambda g, event: recap.line(g, event) if event.kind in NIGHT_RESULTS else None,
    welcome=lambda state, seat: "afterlife.you",
)


def say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """``signals = free_text`` (§11.4 house rule): relay ``text`` to the recognised partner at night. An
    eliminated player's text goes to the 霊界 (``core.engine.afterlife``)."""
    if not g.p(seat).alive:
        return afterlife.say(g, AFTERLIFE, text, seat=seat)
    if option(g.s, "signals") != "free_text" or g.s.phase not in NIGHTS or not g.p(seat).alive:
        return Rejected(reason="signal.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    if not night.relay_text(g, seat, text):
        g.tell(seat, "signal.nowhere")
    return None


def speakers(state: DNState) -> set[int] | None:
    """Seats that may post in the group now (§11.3, AMB-59): nobody during a night phase; the living
    players otherwise (eliminated players take no further part, §8); ``None`` (everyone) in the lobby and
    once the game is over."""
    if not state.players or state.is_over:
        return None
    if state.phase in NIGHTS:
        return set()
    return {p.seat for p in state.players if p.alive}


def pending(g: Ctx) -> set[int]:
    """Seats whose choice the phase still needs (the 30 s reminder): at a night every living player who
    has not tapped a name yet, Kira and decoys alike, so a reminder tells nothing (§11.2, §11.6); else
    those with a legal action left: the host choosing the start player, the active player, the players
    a step still waits for (§5)."""
    s = g.s
    if s.phase in NIGHTS and s.night is not None:
        return {seat for seat in g.living() if seat not in s.night.named}
    return {seat for seat in g.seats() if legal(g, seat)}


def leave(g: Ctx, seat: int) -> None:
    """D18, D20: a player out of the game (the host's ``/kick``, or still away from the group
    when a phase ended) is eliminated as by the Death Note (§8: hand hidden to the discard pile, the
    living circle shown again, the §9.4 checks), without a Judgment line or an identity. Kira out of the
    game ends it: the L team wins (``kira_out``), nobody being left to write. A turn of theirs ends; a
    secret step they opened or were aimed at is dropped and the turn ends; in another step they are no
    longer waited for (the step is carried out once every other pick is in)."""
    s = g.s
    p = g.p(seat)
    if not p.alive:
        return
    night.eliminate(g, seat, judged=False)
    if s.is_over:
        return
    if p.role == "KIRA":
        victory.end_game(g, "L_TEAM", "kira_out")
        return
    if seat in s.to_play and seat != s.active:
        s.to_play.remove(seat)
    c = s.choice
    if s.phase in CHOICES and c is not None:
        if seat in (c.user, c.target):
            s.choice = None
            flow.end_turn(g)
            return
        if seat in c.waiting:
            c.waiting.remove(seat)
            c.picks.pop(seat, None)
        if all(w in c.picks for w in c.waiting):
            flow.finish_step(g)
    elif s.phase == "turn" and s.active == seat:
        flow.end_turn(g)


#: No discussion phase (D19): talk is free during turns, whose clock is the active player's
#: decision time (§11.5 ``t_turn``), and nights have a fixed length (§11.3, §11.6 item 3).
DISCUSSION: frozenset[str] = frozenset()

STEPS = Steps(
    model=DNState, ctx=Ctx, max_players=lambda _: MAX_PLAYERS, start=start, configure=settings.configure,
    deadline=deadline, query=view.query, say=say, legal=legal, refusal=refusal, apply=apply, clear=clear,
    afterlife=AFTERLIFE,
    pending=pending, discussion=DISCUSSION, afk_exempt=NIGHTS, leave=leave,
    speakers=speakers,
)  # fmt: skip
