"""Seeded random whole games of DEATH NOTE 人狼 (``deathnote.md``), played by ``core.engine.bots``.

Hypothesis draws the table: 4, 5 or 6 players, the §11.5 options that change what happens (``signals``,
``end_when_no_arrest_left``, ``max_rounds``, ``start_player``, ``seat_order`` and the timers), the deal seed
and the bots' seed, a few idle seats (they never act, so their prompts time out: §11.5 defaults for a
turn, a pass, an Exchange, a face-down card, Kira's Death Note target), extra taps at night (a name tapped
again, more signals: the last tap counts, §7.2) and free-text relay attempts (``signals = free_text``,
§11.4; refused otherwise); now and then someone asks ``/hand``, ``/status`` or ``/help``. Then
:class:`~core.engine.bots.Driver` plays the game to the end; every accepted ``decide`` call is handed to the
test's ``check`` as a :class:`Step` at once, so an invariant fails on the first step that breaks it.

The hypothesis profile is :data:`tests.property.playout.PROFILE` (``ci``: derandomized, no database).
:func:`run_sweep` plays :func:`seeded_game` tables in bulk (``deathnote_checks.sweep`` with every check).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

from hypothesis import strategies as st

from core.engine.bots import start_bot_game
from core.engine.commands import Act, Command, Query, Say, StartGame
from core.engine.result import Accepted
from core.games import rules_for
from core.games.deathnote.model import DNState
from tests.property import playing
from tests.property.playing import Chatter, IdleRules, play_table

RULES = rules_for("deathnote")
SIZES = (4, 5, 6)
NIGHTS = ("judgment", "shinigami_night")
#: Every game must end within this many ``decide`` calls after the deal (60 rounds of 6 seats at most).
MAX_STEPS = 12_000
#: Extra night taps (a name again, a signal) and free-text attempts per night phase.
TAPS_PER_NIGHT = 4
SAYS_PER_NIGHT = 2
#: The chance of a query before each move.
QUERIES = 0.03
QUERY_KINDS: list[Literal["me", "status", "help"]] = ["me", "status", "help"]
#: ``max_rounds`` drawn for a game: short games (the §9.3 draw comes early) and the default.
ROUND_LIMITS = (2, 3, 4, 6, 20)


@dataclass(frozen=True)
class Game:
    """One table: ``players`` bots (bot ``k`` joins k-th), the deal ``seed``, the bots' ``bot_seed``, the
    host's §11.5 ``options``, the ``idle`` join numbers (bots that never act), whether players tap more at
    night (``taps``) and try free text (``talk``)."""

    players: int
    seed: int
    bot_seed: int
    options: dict[str, Any] = field(default_factory=dict)
    idle: frozenset[int] = frozenset()
    taps: bool = False
    talk: bool = False

    @property
    def settings(self) -> dict[str, Any]:
        return {"options": dict(self.options)}


@dataclass(frozen=True)
class Step:
    """One accepted ``decide`` call: the state it was given, the command, ``now`` and what it returned."""

    before: DNState
    command: Command
    now: int
    outcome: Accepted[DNState]

    @property
    def after(self) -> DNState:
        return self.outcome.state

    def actor(self) -> int | None:
        """The seat that sent the command (None for a timer or a non-player)."""
        user = getattr(self.command, "user_id", None)
        table = self.after if self.after.players else self.before
        return next((p.seat for p in table.players if p.user_id == user), None)


Check = Callable[[Step], None]
#: Sees every state a move is chosen in, with ``now``; may decide extra commands, must not change the game.
Probe = Callable[[DNState, int], None]


# -- drawing tables ------------------------------------------------------------------------------------
def options() -> st.SearchStrategy[dict[str, Any]]:
    """The §11.5 options that change what happens; timers vary so the fixed night lengths are checked."""
    return st.fixed_dictionaries({
        "signals": st.sampled_from(["structured", "free_text"]),
        "end_when_no_arrest_left": st.booleans(),
        "max_rounds": st.sampled_from(ROUND_LIMITS),
        "start_player": st.sampled_from(["random", "host_choice"]),
        "seat_order": st.sampled_from(["random", "join"]),
        "t_choice": st.sampled_from([10, 45]),
        "t_judgment": st.sampled_from([13, 45, 90]),
        "t_shinigami_night": st.sampled_from([13, 30]),
    })  # fmt: skip


@st.composite
def games(draw: st.DrawFn, *, players: int | None = None) -> Game:
    """A :class:`Game` of ``players`` seats (4-6 when None)."""
    n = players or draw(st.sampled_from(SIZES), label="players")
    return Game(
        players=n,
        seed=draw(st.integers(0, 2**32 - 1), label="seed"),
        bot_seed=draw(st.integers(0, 2**32 - 1), label="bot_seed"),
        options=draw(options(), label="options"),
        idle=frozenset(draw(st.sets(st.integers(1, n), max_size=2), label="idle")),
        taps=draw(st.booleans(), label="taps"),
        talk=draw(st.booleans(), label="talk"),
    )


def seeded_game(players: int, seed: int) -> Game:
    """A table whose options, idle seats and habits come from ``seed`` (the bulk seeded run)."""
    rnd = random.Random(seed * 10 + players)
    opts = {
        "signals": rnd.choice(["structured", "free_text"]),
        "end_when_no_arrest_left": rnd.random() < 0.3,
        "max_rounds": rnd.choice(ROUND_LIMITS),
        "start_player": rnd.choice(["random", "host_choice"]),
        "seat_order": rnd.choice(["random", "join"]),
        "t_judgment": rnd.choice([13, 45]),
    }
    idle = frozenset(rnd.sample(range(1, players + 1), rnd.choice([0, 0, 1, 2])))
    return Game(players, seed, seed ^ 0xB07B07, opts, idle, rnd.random() < 0.5, rnd.random() < 0.5)


# -- playing -------------------------------------------------------------------------------------------
#: A finished game (:class:`tests.property.playing.Played`).
Played = playing.Played[Game, DNState]


def started(game: Game) -> Step:
    """Deal ``game`` (``start_bot_game``) and return the start as a step from the lobby."""
    outcome = start_bot_game(RULES, game.players, seed=game.seed, settings=game.settings)
    lobby = outcome.state.model_copy(update={"phase": "lobby", "phase_seq": 0, "players": []})
    return Step(lobby, StartGame(user_id="bot:1"), 0, outcome)


def play(game: Game, check: Check = lambda step: None, *, probe: Probe | None = None) -> Played:
    """Play ``game`` to its end with bots; ``check`` sees every accepted step (the start first), ``probe``
    every state a move is chosen in. Raises :class:`BotRefused` if a bot's move or a timer is refused;
    fails if the game has not ended after :data:`MAX_STEPS` steps."""
    extra = _Extra(game, random.Random(game.bot_seed))

    def moves(game: Game, state: DNState, chatter: Chatter) -> Command | None:
        """The 霊界's moves (``Chatter.afterlife``: a spectator, texts of the eliminated), else
        :class:`_Extra`'s."""
        return (chatter.afterlife(state) if game.talk else None) or extra.command(state)

    return play_table(
        RULES, game, started(game), moves, skippable=(Say,),
        step=Step, check=check, probe=probe, max_steps=MAX_STEPS,
    )  # fmt: skip


@dataclass
class _Extra:
    """Moves the bots never make: more taps at night from random living active seats (names, signals; a
    bot sends one action per phase), free text at night (refused unless ``signals = free_text``), and now
    and then a query from a random seat, in the group or in private."""

    game: Game
    rnd: random.Random
    used: dict[tuple[int, str], int] = field(default_factory=dict)

    def command(self, state: DNState) -> Command | None:
        if state.is_over:
            return None
        if state.phase in NIGHTS:
            tap = self._night(state)
            if tap is not None:
                return tap
        if self.rnd.random() < QUERIES and state.players:
            what = self.rnd.choice(QUERY_KINDS)
            user = self.rnd.choice(state.players).user_id
            return Query(user_id=user, what=what, public=self.rnd.random() < 0.5)
        return None

    def _night(self, state: DNState) -> Command | None:
        awake = [
            p for p in state.players if p.alive and p.user_id not in IdleRules(RULES, self.game.idle).idle
        ]
        if not awake or self.rnd.random() < 0.5:
            return None
        p = self.rnd.choice(awake)
        if self.game.talk and self._budget(state, "say", SAYS_PER_NIGHT):
            return Say(user_id=p.user_id, text=f"P{self.rnd.randint(1, len(state.players))}?")
        if self.game.taps and self._budget(state, "tap", TAPS_PER_NIGHT):
            action = self.rnd.choice(RULES.legal_actions(state, p.seat))
            return Act(user_id=p.user_id, action=action, phase_seq=state.phase_seq)
        return None

    def _budget(self, state: DNState, what: str, most: int) -> bool:
        key = (state.phase_seq, what)
        if self.used.get(key, 0) >= most or self.rnd.random() < 0.4:
            return False
        self.used[key] = self.used.get(key, 0) + 1
        return True


# -- the long run -----------------------------------------------------------------------------------------
@dataclass
class SweepReport:
    """Figures of :func:`run_sweep`: games per (players, result, reason), inputs (total and the longest
    game), failures (players, seed, error) and wall-clock seconds."""

    games: int = 0
    outcomes: Counter[tuple[int, str, str]] = field(default_factory=Counter)
    steps: int = 0
    longest: int = 0
    failures: list[tuple[int, int, str]] = field(default_factory=list)
    seconds: float = 0.0


Row = tuple[int, int, str, str, int, str | None]


def _one(run: Callable[[Game], Played], job: tuple[int, int]) -> Row:
    players, seed = job
    try:
        played = run(seeded_game(players, seed))
    except Exception as error:  # a sweep reports every failing game and goes on
        return players, seed, "", "", 0, f"{type(error).__name__}: {error}"[:2000]
    return players, seed, played.final.result or "", played.final.reason or "", played.steps, None


def run_sweep(
    run: Callable[[Game], Played], seeds: Iterable[int], sizes: Iterable[int] = SIZES, *, workers: int = 1
) -> SweepReport:
    """``run`` (a top-level function, e.g. ``deathnote_checks.checked``) on :func:`seeded_game` for every
    seed and size, in ``workers`` processes."""
    jobs = [(n, seed) for seed in seeds for n in sizes]
    report, started = SweepReport(), time.perf_counter()
    one = partial(_one, run)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            rows: list[Row] = list(pool.map(one, jobs, chunksize=4))
    else:
        rows = [one(job) for job in jobs]
    for players, seed, result, reason, steps, error in rows:
        report.games += 1
        if error is not None:
            report.failures.append((players, seed, error))
            continue
        report.outcomes[(players, result, reason)] += 1
        report.steps += steps
        report.longest = max(report.longest, steps)
    report.seconds = time.perf_counter() - started
    return report
