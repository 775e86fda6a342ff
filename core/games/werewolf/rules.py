"""The steps of ``decide`` for classic 人狼 (``werewolf.md``): the start, the options, each phase's deadline,
relayed text and a legal action; the shared skeleton is :class:`core.engine.decide.Steps`.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds); every draw
comes from the state's RNG (or the test mode's scripted draws).
"""

from __future__ import annotations

from core.engine import control, lobby
from core.engine.decide import Steps
from core.engine.notice import Action
from core.engine.result import Rejected
from core.games.werewolf import chat, day, deaths, execution, night, settings, setup, victory, view
from core.games.werewolf.casts import MAX_PLAYERS, MIN_PLAYERS
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.legal import legal, refusal
from core.games.werewolf.model import WWState
from core.games.werewolf.roles.base import ATTACK, DIVINE, GUARD, SUSPECT


def start(g: Ctx, user_id: str) -> Rejected | None:
    """[WW-6.2]: the cast for the table (V1-V8) or the test mode's, the deal, ``ANN_CAST``, the role
    cards, then Night 0 [WW-6.3]."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        try:
            setup.injected(g, s.members, test_setup)
        except setup.SetupError:
            return Rejected(reason="setup.invalid")
    else:
        cast = settings.cast_for(s, len(s.members))
        if isinstance(cast, Rejected):
            return cast
        setup.deal(g, s.members, cast)
    setup.announce(g)
    night.open_night(g, 0)
    return None


def clear(s: WWState) -> None:
    """What a cancel drops: the open night."""
    s.night = None


def deadline(g: Ctx) -> Rejected | None:
    """The current phase's deadline passed (or a majority pressed 「投票へ」): the timeout outcomes of
    [WW-10.9]."""
    s = g.s
    if s.phase == "night":
        end_night(g)
    elif s.phase == "discussion":
        day.open_vote(g)
    elif s.phase in ("vote", "runoff"):
        day.close_round(g)
    elif s.phase == "last_words":
        execution.last_words(g, None)
    else:
        return Rejected(reason="phase.stale")
    return None


def end_night(g: Ctx) -> None:
    day.morning(g, night.resolve(g))


def apply(g: Ctx, seat: int, action: Action) -> None:
    """A seat's legal action in the current phase."""
    s = g.s
    if action.kind == "ready":
        allowed = control.eligible(g, speakers)
        control.skip_vote(g, seat, deadline, allowed)
    elif s.phase in ("vote", "runoff"):
        day.cast(g, seat, action)
    elif night.submit(g, seat, action):
        end_night(g)


def pending(g: Ctx) -> set[int]:
    """Seats whose choice the phase still needs (the 30 s reminder): at night every prompted seat that has
    not answered (same reminder for every role, [WW-8.2]); in a vote the voters without a ballot."""
    if g.s.phase == "night" and g.s.night is not None:
        return night.unanswered(g)
    if g.s.phase in ("vote", "runoff"):
        return {seat for seat in g.seats() if legal(g, seat)}
    return set()


def speakers(state: WWState) -> set[int] | None:
    """Who may post in the group: everyone (``None``) unless ``strictMute`` [WW-10.7] or ``graveyardReveal``
    (霊界表示: the dead stay muted while they know every role), then the living players of a
    running game."""
    muted = settings.option(state, "strictMute") or settings.option(state, "graveyardReveal")
    if not state.players or state.is_over or not muted:
        return None
    return {p.seat for p in state.players if p.alive}


#: The night actions typed by their verb in the 1:1 chat (``/divine 3``, ``/占う 3``): word → action kind.
VERBS = {
    "divine": DIVINE, "guard": GUARD, "attack": ATTACK, "suspect": SUSPECT,
    "占う": DIVINE, "守る": GUARD, "襲う": ATTACK, "疑う": SUSPECT,
}  # fmt: skip

#: Phases whose unanswered prompts never count as missed: the night's prompts (every living player has
#: one, [WW-8.2]) and the discussion (no prompt); the vote counts (§6.8's 突然死 has its own counter).
AFK_EXEMPT = frozenset({"night", "discussion", "last_words"})


def leave(g: Ctx, seat: int) -> None:
    """A player out of the game (the host's ``/kick``, or still away from the group when a phase ended):
    dead as by 突然死 [WW-6.8] (no 道連れ, AMB-27; 後追い, the 霊界), the group having been told in one
    line by the engine; the win check runs at once. A phase that waited for them no longer does (they are
    not living)."""
    if not g.p(seat).alive:
        return
    deaths.kill(g, seat, "sudden")
    deaths.also_died(g, deaths.follow(g))
    deaths.arrive(g)
    victory.check(g)


STEPS = Steps(
    model=WWState, ctx=Ctx, max_players=lambda _: MAX_PLAYERS, start=start, configure=settings.configure,
    deadline=deadline, query=view.query, say=chat.say, legal=legal, refusal=refusal, apply=apply,
    clear=clear, pending=pending, discussion=frozenset({"discussion"}), afk_exempt=AFK_EXEMPT,
    speakers=speakers, leave=leave, afterlife=chat.AFTERLIFE,
)  # fmt: skip
