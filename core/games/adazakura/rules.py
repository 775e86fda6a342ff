"""The steps of ``decide`` for 徒桜戦争: the start, the Megami pool, each phase's deadline, the team channel
and a legal action; the shared skeleton is :class:`core.engine.decide.Steps`.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds).
"""

from __future__ import annotations

from core.engine import afterlife, lobby
from core.engine.decide import Steps
from core.engine.notice import Action, Notice
from core.engine.result import Rejected
from core.games.adazakura import day as day_flow
from core.games.adazakura import effects, ending, setup, view
from core.games.adazakura import night as night_flow
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import can_speak, can_vote, legal, refusal
from core.games.adazakura.model import AdzState, Death
from core.games.adazakura.settings import check_k, k_override, pool, rule
from core.games.adazakura.settings import configure as configure_options

MIN_PLAYERS = 4
#: [ADZ-4.1] (A74): 16 at most; also capped by the Megami pool that may be dealt.
MAX_PLAYERS = 16
#: Longest team-channel message relayed [ADZ-11.6], in characters.
MAX_SAY = 500


def max_players(state: AdzState) -> int:
    return min(MAX_PLAYERS, len(pool(state)))


def start(g: Ctx, user_id: str) -> Rejected | None:
    """Deal and open night 0 [ADZ-4], [ADZ-5.2]; host only, 4-16 reachable players."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=max_players(s))
    refused = refused or check_k(s, len(s.members))
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        s.rng.script = list(test_setup.get("rng", []))
        s.players, s.deck, s.k = setup.injected(s.members, test_setup)
    else:
        s.players, s.deck, s.k = setup.deal(s.members, s.rng, pool(s), k_override(s))
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


def configure(state: AdzState, option: str, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """A host option in the lobby: the timers [ADZ-11.8], ``k`` [ADZ-4.3], ``shinra_k`` (A37), or ``pool``
    (the Megami dealt, [ADZ-4.2]); see :func:`core.games.adazakura.settings.configure`."""
    return configure_options(state, option, values)


def clear(s: AdzState) -> None:
    """What a cancel drops: the open night or day."""
    s.night, s.day = None, None


def deadline(g: Ctx) -> Rejected | None:
    """The current phase's deadline passed: close that phase (and open the next, :func:`advance`)."""
    s = g.s
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
    advance(g)
    return None


def apply(g: Ctx, seat: int, action: Action) -> None:
    """A seat's legal action: a night choice or a day action (and the next phase, :func:`advance`)."""
    if g.s.phase == "night":
        night_flow.submit(g, seat, action)
    else:
        day_flow.act(g, seat, action)
    advance(g)


#: The phase flow [ADZ-5.1]: what opens a phase another one asked for (``Ctx.next``): the night after the
#: day, the morning after the night.
OPENERS = {
    "night": lambda g, n, quiet: night_flow.open_night(g, n),
    "morning": lambda g, n, quiet: day_flow.morning(g, n, quiet=quiet),
}


def advance(g: Ctx) -> None:
    """Open the phases the steps just run asked for (``Ctx.next``), one after the other."""
    while g.next is not None:
        kind, n, quiet = g.next
        g.next = None
        OPENERS[kind](g, n, quiet)


#: The 霊界 of the dead [ADZ-3.3], only when the host turns ``afterlife`` on (A08: off by default).
AFTERLIFE = afterlife.Afterlife.of_the_dead(
    lambda state: rule(state, "afterlife"), welcome=lambda state, seat: "afterlife.you"
)


def team_say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """Relay ``text`` to the other living team members during a night window [ADZ-11.6]; a dead player's
    text goes to the 霊界 when the host opened it (``core.engine.afterlife``), else is refused
    (``not_alive``)."""
    team = g.team()
    if not g.p(seat).alive:
        if not AFTERLIFE.enabled(g.s):
            return Rejected(reason="not_alive")
        return afterlife.say(g, AFTERLIFE, text, seat=seat)
    if g.s.phase != "night" or seat not in team:
        return Rejected(reason="team.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    others = [t for t in team if t != seat]
    g.tell_team("team.say", seats=others, member=g.ref(seat), text=text)
    g.tell(seat, "team.sent")
    return None


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


def pending(g: Ctx) -> set[int]:
    """Seats whose choice the phase still needs (the 30 s reminder, [ADZ-11.8]): at night the living
    players who have not pressed done, whatever their Megami [ADZ-11.4]; in a vote or runoff the living
    voters without a ballot [ADZ-8.2]; in Kanae's deduction the deducer [ADZ-10.2]; nobody in a
    discussion (speech and claims are never owed)."""
    s = g.s
    if s.phase == "night" and s.night is not None:
        return {seat for seat in s.night.alive if g.p(seat).alive and seat not in s.night.done}
    if s.phase in ("vote", "runoff") and s.day is not None:
        return {p.seat for p in g.living() if can_vote(g, p) and p.seat not in s.day.ballots}
    if s.phase == ending.DEDUCTION and s.ending is not None and s.ending.turn is not None:
        return {s.ending.turn.seat}
    return set()


def leave(g: Ctx, seat: int) -> None:
    """J27, J29: a seat out of the game (the host's ``/kick``, or still away from the group when
    a phase ended) dies at once, whatever would protect it (突然死, recap cause ``left``): every effect on
    it ends as for any death [ADZ-3.3], it acts no more tonight, and its Megami stays hidden unless the
    host's ``morning_megami`` names the dead with theirs (``sudden.megami``). Then the checkpoint W1/W2
    runs at once [ADZ-2.6] (not once the game is decided: Renri's and Kanae's turns go on)."""
    s = g.s
    p = g.p(seat)
    if not p.alive:
        return
    p.invulnerable_until = None
    effects.kill(g, seat, "left")
    s.deaths[-1] = Death(seat=seat, phase="day", n=g.day_n, cause="left")  # never a night's death
    if s.night is not None and seat in s.night.alive:
        s.night.alive.remove(seat)
    if rule(s, "morning_megami"):
        g.announce("sudden.megami", player=g.ref(seat), megami=g.role(p.megami))
    if s.ending is None:
        ending.checkpoint(g)


#: Where /extend and the /skip vote apply (J28): the day's discussion [ADZ-8.1], [ADZ-11.8].
DISCUSSION = frozenset({"discussion"})

STEPS = Steps(
    model=AdzState, ctx=Ctx, max_players=max_players, start=start, configure=configure, deadline=deadline,
    query=view.query, say=team_say, legal=legal, refusal=refusal, apply=apply, clear=clear,
    # Kanae's deduction takes its own answers [ADZ-10.2]; any other action must be legal.
    act=ending.act, free_form=frozenset({ending.DEDUCTION}),
    pending=pending, discussion=DISCUSSION, speakers=speakers, leave=leave, afterlife=AFTERLIFE,
)  # fmt: skip
