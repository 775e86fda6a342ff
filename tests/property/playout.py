"""Seeded random whole games of 徒桜戦争 on the pure core, driven by hypothesis.

A playout seats MIN_PLAYERS to MAX_PLAYERS (the implemented Megami pool caps the table, [ADZ-4.2]), starts the
game and then, move after move, lets hypothesis pick from what the game offers now: the phase's clock
(``Timeout`` at ``deadline_at``), or a seat with legal actions, one of its action kinds and one action of
that kind (``legal_actions`` is the only source of moves), plus an occasional team-channel message or
query. (:func:`play_with` takes the choices from any chooser, e.g. a seeded ``random.Random``.) After
:data:`MAX_DRAWN_MOVES` drawn moves only the clock plays, so an example stays short and the draw valve
(A54) ends the game within a few days.

Every ``decide`` call is recorded as a :class:`Step` and handed to the test's ``check`` at once, so an
invariant fails on the first step that breaks it.

The ``ci`` hypothesis profile (derandomized, no example database) is the default, so CI runs are
reproducible; ``ADZ_PROPERTY_PROFILE=dev`` explores more, at random, and shrinks failures.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from core.engine.commands import Act, Command, Join, Query, Say, StartGame, Timeout
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games import rules_for
from core.games.adazakura.model import AdzState
from core.games.adazakura.roles import implemented

RULES = rules_for("adazakura")
MIN_PLAYERS = RULES.min_players
MAX_PLAYERS = min(RULES.max_players, len(implemented()))
#: Moves drawn by hypothesis per game; then only the clock plays.
MAX_DRAWN_MOVES = 160
#: Every game must end within this many ``decide`` calls after the deal (invariant 1).
MAX_STEPS = MAX_DRAWN_MOVES + 120
#: The same without the draw valve (``draw_valve`` off): after the drawn moves every voter names the first
#: seat it may, so an exile a day ends the game.
MAX_STEPS_NO_VALVE = MAX_DRAWN_MOVES + 600
#: The budget of one game state in JSON: one DynamoDB item, far under its 400 KB limit (design §3).
MAX_STATE_BYTES = 64 * 1024
#: The ``now`` of the lobby and the deal (UTC epoch seconds).
START = 1_700_000_000
CLOCK, SAY, QUERY = "clock", "say", "query"

# No shrinking in CI: a whole game per example makes shrinking take minutes; the failing draws are printed
# and the run is reproducible. The dev profile explores at random and shrinks.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev", settings.get_profile("ci"), max_examples=300, derandomize=False, phases=tuple(Phase)
)
PROFILE = settings.get_profile(os.environ.get("ADZ_PROPERTY_PROFILE", "ci"))


def user(k: int) -> str:
    """The user id of the ``k``-th member to join (seats are shuffled at the deal, except in test mode)."""
    return f"local:{k}"


@dataclass(frozen=True)
class Step:
    """One ``decide`` call: the state it was given (and its dump taken just before the call), the command,
    ``now`` and what it returned."""

    before: AdzState
    command: Command
    now: int
    outcome: Accepted[AdzState] | Rejected
    #: Empty unless the dump was asked for (``decide(..., dump=True)``; ``play(..., dump_before=True)``):
    #: a dump is never empty, so a check that compares against a dump it did not ask for fails.
    before_dump: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def after(self) -> AdzState:
        """The state after the step (the input state when the command was refused)."""
        return self.outcome.state if isinstance(self.outcome, Accepted) else self.before


Check = Callable[[Step], None]
#: Picks one of ``options``; the label names the choice (hypothesis shows it in a failing example).
Choose = Callable[[list[Any], str], Any]
#: Called with the current state and ``now`` before each drawn move; it may decide extra commands but
#: must not change the game.
Probe = Callable[[AdzState, int], None]


@dataclass
class Playout:
    """A finished (or aborted) game: its seed, table size and every ``decide`` call in order."""

    seed: int
    players: int
    steps: list[Step] = field(default_factory=list)

    @property
    def final(self) -> AdzState:
        return self.steps[-1].after

    @property
    def commands(self) -> list[tuple[Command, int]]:
        return [(s.command, s.now) for s in self.steps]


def decide(state: AdzState, command: Command, now: int, *, dump: bool = True) -> Step:
    """Decide ``command``, keeping a dump of the input state from before the call (``dump``: a whole dump
    costs about as much as the ``decide``, so the playouts take it only for the checks that compare it)."""
    before = state.model_dump() if dump else {}
    return Step(state, command, now, RULES.decide(state, command, now=now), before)


def new_table(seed: int, **options: Any) -> AdzState:
    """A fresh lobby hosted by ``local:1``; ``options`` are the host's settings [ADZ-11.8]."""
    host = Member(user_id=user(1), name="P1")
    state = RULES.new_game(game_id="g1", chat_id="chat", host=host, settings=options, seed=seed, now=START)
    assert isinstance(state, AdzState)
    return state


def lobby(players: int) -> list[Command]:
    """Every member joins (the host first), then the host starts the game."""
    joins: list[Command] = [Join(user_id=user(i), name=f"P{i}") for i in range(1, players + 1)]
    return [*joins, StartGame(user_id=user(1))]


def menu(state: AdzState) -> list[object]:
    """What may happen next: the clock, each seat with legal actions, a team message, a query."""
    options: list[object] = [CLOCK] if state.deadline_at is not None else []
    options += [p.seat for p in state.players if RULES.legal_actions(state, p.seat)]
    if state.phase == "night" and any(p.alive and p.faction == "adazakura" for p in state.players):
        options.append(SAY)
    return [*options, QUERY]


def hypothesis_chooser(data: st.DataObject) -> Choose:
    """Choices drawn by hypothesis (so failures shrink to fewer and earlier options)."""
    return lambda options, label: data.draw(st.sampled_from(options), label=label)


def random_chooser(rnd: random.Random) -> Choose:
    """Choices drawn from a seeded ``random.Random`` (for games played outside hypothesis)."""
    return lambda options, label: rnd.choice(options)


def next_move(choose: Choose, state: AdzState, now: int) -> tuple[Command, int]:
    """One move chosen from ``menu``, and the ``now`` it happens at (the clock fires at the deadline)."""
    pick = choose(menu(state), "move")
    if pick == CLOCK:
        return clock(state, now)
    soon = now + 1 if state.deadline_at is None else max(now, min(now + 1, state.deadline_at - 1))
    if pick == SAY:
        member = next(p for p in state.players if p.alive and p.faction == "adazakura")
        return Say(user_id=member.user_id, text=choose(["2?", "kill 3"], "text")), soon
    if pick == QUERY:
        who = choose([p.user_id for p in state.players], "asker")
        what = choose(["me", "status", "board", "help"], "query")
        return Query(user_id=who, what=what, public=choose([False, True], "public")), soon
    assert isinstance(pick, int)
    legal = RULES.legal_actions(state, pick)
    kind = choose(sorted({a.kind for a in legal}), "kind")
    action = choose([a for a in legal if a.kind == kind], "action")
    return Act(user_id=state.players[pick - 1].user_id, action=action, phase_seq=state.phase_seq), soon


def clock(state: AdzState, now: int) -> tuple[Command, int]:
    """The phase's timer: ``Timeout`` at its deadline. Fails if the running game has no deadline."""
    assert state.deadline_at is not None, f"phase {state.phase!r} has no deadline and nobody can act"
    return Timeout(phase_seq=state.phase_seq), max(now, state.deadline_at)


def play(
    data: st.DataObject,
    check: Check = lambda step: None,
    *,
    probe: Probe | None = None,
    options: dict[str, Any] | None = None,
    dump_before: bool = False,
) -> Playout:
    """Draw a table (seed, MIN_PLAYERS to MAX_PLAYERS seats) and play one whole game drawn by hypothesis;
    ``options``: the host's ``/option`` values (``settings["options"]``); ``dump_before``: each step keeps
    its ``before_dump``."""
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS), label="players")
    return play_with(
        hypothesis_chooser(data), seed, players, check, probe=probe, options=options, dump_before=dump_before
    )


def finish(state: AdzState, now: int) -> tuple[Command, int]:
    """A move after the drawn ones when the draw valve is off: in a vote, the first voter without a ballot
    names the first seat it may (so the day exiles someone); else the phase's timer."""
    day = state.day
    if state.phase in ("vote", "runoff") and day is not None:
        for p in state.players:
            named = [
                a
                for a in RULES.legal_actions(state, p.seat)
                if a.kind == "vote" and isinstance(a.args[0], int)
            ]
            if named and p.seat not in day.ballots:
                return Act(user_id=p.user_id, action=named[0], phase_seq=state.phase_seq), now
    return clock(state, now)


def play_with(
    choose: Choose,
    seed: int,
    players: int,
    check: Check = lambda step: None,
    *,
    probe: Probe | None = None,
    options: dict[str, Any] | None = None,
    dump_before: bool = False,
) -> Playout:
    """Play one whole game; ``check`` sees every step (with its ``before_dump`` when ``dump_before``),
    ``probe`` (see :data:`Probe`) every state a move is chosen in. Fails if the game has not ended after
    :data:`MAX_STEPS` steps (:data:`MAX_STEPS_NO_VALVE` with ``options`` that turn the draw valve off, when
    voters end it, :func:`finish`)."""
    playout = Playout(seed, players)
    state, now = new_table(seed, **({"options": options} if options else {})), START
    valve = (options or {}).get("draw_valve", True)
    after_draws = clock if valve else finish

    def run(command: Command, at: int) -> AdzState:
        playout.steps.append(decide(state, command, at, dump=dump_before))
        check(playout.steps[-1])
        return playout.steps[-1].after

    for command in lobby(players):
        state = run(command, now)
        assert not isinstance(playout.steps[-1].outcome, Rejected), playout.steps[-1].outcome
    budget = MAX_STEPS if valve else MAX_STEPS_NO_VALVE
    for moves in range(budget):
        if state.is_over:
            break
        if moves < MAX_DRAWN_MOVES:
            if probe is not None:
                probe(state, now)
            command, now = next_move(choose, state, now)
        else:
            command, now = after_draws(state, now)
        state = run(command, now)
    assert state.is_over, f"seed={seed} players={players}: not over after {budget} steps ({state.phase})"
    return playout


def dealt(seats: str) -> AdzState:
    """A game in test mode [ADZ-11.10] at night 0: ``seats`` as ``megami/F`` (F = S, A or -) in seat
    order; user ``local:k`` sits in seat k."""
    specs = seats.split()
    state = new_table(1, setup={"seats": specs})
    for command in lobby(len(specs)):
        state = decide(state, command, START, dump=False).after
    assert state.phase == "night", "the test-mode deal was refused"
    return state


def timer(state: AdzState) -> AdzState:
    """The current phase's deadline passes (``Timeout`` at ``deadline_at``)."""
    command, now = clock(state, START)
    return decide(state, command, now, dump=False).after


def replay(seed: int, commands: list[tuple[Command, int]]) -> list[Step]:
    """Decide the same commands at the same times on a fresh table with the same seed."""
    state, steps = new_table(seed), []
    for command, now in commands:
        steps.append(decide(state, command, now, dump=False))
        state = steps[-1].after
    return steps
