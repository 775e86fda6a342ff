"""The bots' playing loop shared by every game's random whole games (``tests/property/<game>_playout.py``):
deal, then each step the game's extra move (relayed text, a query) or the bots' next command, decided by the
rules, every accepted step shown to a check (:class:`Step`). Each game keeps what is its own: its table, its
deal and its extra moves; the extra moves games have in common (relayed text within a budget per phase, now
and then a query) are :class:`Chatter`'s, and :func:`play_table` plays a table whose extra moves use it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from core.engine.bots import BotRefused, Driver, next_now
from core.engine.commands import Command, Query, Say, SpectatorMuted, Watch
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng

#: A game's state.
S = TypeVar("S")
#: A game's table.
G = TypeVar("G")
#: Relayed texts a game may try per phase.
SAYS_PER_PHASE = 2
#: The chance of a relayed text at a move, while the phase's budget lasts.
SAY_CHANCE = 0.3
#: The chance of a query before each move.
QUERIES = 0.03
QUERY_KINDS: list[Literal["me", "status", "board", "help"]] = ["me", "status", "board", "help"]
#: The chance of a 霊界 move (a spectator watching, a text from the 霊界) before each move.
AFTERLIFE_CHANCE = 0.05
#: The chance, at each step while the spectator watches unmuted, that the game is told they were muted
#: (often enough that a muted spectator reads the 霊界 of a game that holds its dead silent, which an
#: unmuted one does not: ``core.engine.afterlife.readers``).
MUTE_CHANCE = 0.1
#: The user who watches the random games (issue 24 §2).
SPECTATOR = "spectator:1"


@dataclass(frozen=True)
class Step(Generic[S]):
    """One accepted ``decide`` call: the state it was given, the command (None when unknown), ``now`` (the
    game's clock, UTC epoch s) and what it returned."""

    before: S
    command: Command | None
    now: int
    outcome: Accepted[S]

    @property
    def after(self) -> S:
        return self.outcome.state


@dataclass
class Played(Generic[G, S]):
    """A finished game: its table, the final state and the number of ``decide`` calls after the deal."""

    game: G
    final: S
    steps: int


class Seated(Protocol):
    """What :func:`play_table` reads of a game's table: the bots' seed, the idle join numbers, whether
    players talk."""

    @property
    def bot_seed(self) -> int: ...

    @property
    def idle(self) -> frozenset[int]: ...

    @property
    def talk(self) -> bool: ...


#: A table :func:`play_table` plays.
T = TypeVar("T", bound=Seated)


class IdleRules:
    """``rules`` as the bots see them: the seats of ``idle`` joiners (join numbers) are offered nothing, so
    they never act and the phase's timer fires."""

    def __init__(self, rules: Any, idle: frozenset[int]) -> None:
        self.rules = rules
        self.idle = {f"bot:{k}" for k in idle}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return self.legal_of(state)(seat)

    def legal_of(self, state: Any) -> Callable[[int], list[Action]]:
        """What the bots look up (``core.engine.legal.LegalActions``): nothing for an idle joiner's seat."""
        legal: Callable[[int], list[Action]] = self.rules.legal_of(state)
        return lambda seat: [] if state.players[seat - 1].user_id in self.idle else legal(seat)


@dataclass
class Chatter:
    """The extra moves games share, drawn from ``rnd``: a relayed text (:meth:`talks`: at most
    :data:`SAYS_PER_PHASE` a phase) and now and then a query (:meth:`query`)."""

    rnd: random.Random
    said: dict[int, int] = field(default_factory=dict)
    #: The 霊界's own draws, apart from ``rnd`` (so the games the other moves make stay as they were).
    grave: random.Random = field(default_factory=lambda: random.Random(24))
    #: When the spectator is muted (``SpectatorMuted``), apart from both.
    mutes: random.Random = field(default_factory=lambda: random.Random(25))

    def talks(self, state: Any) -> bool:
        """Whether to send a relayed text now (counted in the phase's budget; :data:`SAY_CHANCE`)."""
        if self.said.get(state.phase_seq, 0) >= SAYS_PER_PHASE or self.rnd.random() >= SAY_CHANCE:
            return False
        self.said[state.phase_seq] = self.said.get(state.phase_seq, 0) + 1
        return True

    def afterlife(self, state: Any) -> Command | None:
        """Now and then (:data:`AFTERLIFE_CHANCE`) a move of the 霊界 (issue 24): :data:`SPECTATOR` starts
        watching, or a spectator or a seat out of the table writes (refused where the 霊界 is closed); now and
        then (:data:`MUTE_CHANCE`) the spectator is muted, as the Telegram shell tells the game."""
        watched = [m.user_id for m in getattr(state, "spectators", ())]
        if (
            SPECTATOR in watched
            and SPECTATOR not in state.muted_spectators
            and self.mutes.random() < MUTE_CHANCE
        ):
            return SpectatorMuted(user_id=SPECTATOR, muted=True)  # the Telegram shell's restrictChatMember
        if not state.players or self.grave.random() >= AFTERLIFE_CHANCE:
            return None
        if not state.spectators:
            return Watch(user_id=SPECTATOR, name="Mika")
        out = [p.user_id for p in state.players if not p.alive]
        return Say(user_id=self.grave.choice([SPECTATOR, *out]), text="P3?")

    def query(self, state: Any) -> Query | None:
        """One time in :data:`QUERIES`, a query of a random kind from a random seat (in the group or not)."""
        if self.rnd.random() >= QUERIES:
            return None
        what = self.rnd.choice(QUERY_KINDS)
        return Query(
            user_id=self.rnd.choice(state.players).user_id, what=what, public=self.rnd.random() < 0.5
        )


def play_table(
    rules: Any,
    game: T,
    deal: Step[Any],
    extra: Callable[[T, Any, Chatter], Command | None],
    *,
    skippable: tuple[type, ...] = (Say, Query),
    step: Callable[[Any, Command | None, int, Accepted[Any]], Any],
    check: Callable[[Any], None],
    probe: Callable[[Any, int], None] | None,
    max_steps: int,
) -> Played[T, Any]:
    """Play the table ``game`` from its ``deal`` to the end (:func:`play_out`, the deal shown to ``check``
    first). ``extra(game, state, chatter)``: the game's own move before the bots' while the game runs (a
    :class:`Chatter` seeded with the bots' seed); a refused command of a ``skippable`` type (a relayed text
    or a query) is skipped."""
    check(deal)
    chatter = Chatter(random.Random(game.bot_seed))
    final, count = play_out(
        rules,
        deal,
        idle=game.idle,
        bot_seed=game.bot_seed,
        extra=lambda state: None if state.is_over else extra(game, state, chatter),
        skippable=skippable,
        step=step,
        check=check,
        probe=probe,
        max_steps=max_steps,
        label=game,
    )
    return Played(game, final, count)


def play_out(
    rules: Any,
    deal: Any,
    *,
    idle: frozenset[int],
    bot_seed: int,
    extra: Callable[[Any], Command | None],
    skippable: tuple[type, ...],
    step: Callable[[Any, Command | None, int, Accepted[Any]], Any],
    check: Callable[[Any], None],
    probe: Callable[[Any, int], None] | None,
    max_steps: int,
    label: object,
) -> tuple[Any, int]:
    """Play from ``deal`` (a step whose outcome is the dealt game, already checked) to the end: the final
    state and the number of ``decide`` calls. ``extra(state)``: the game's own move, if any, before the
    bots'; a refused command of a ``skippable`` type is skipped, any other refusal raises
    :class:`BotRefused`; ``step`` builds what ``check`` sees of each accepted call; ``probe`` sees every
    state a move is chosen in. Fails after ``max_steps`` calls (``label`` names the game)."""
    driver = Driver(IdleRules(rules, idle), Rng.seeded(bot_seed))
    driver.observe(deal.outcome.notices)
    state, now = deal.outcome.state, 0
    for count in range(max_steps):
        if probe is not None and not state.is_over:
            probe(state, now)
        command = extra(state) or driver.next_command(state)
        if command is None:
            return state, count
        now = next_now(state, command, now)
        outcome = rules.decide(state, command, now=now)
        if isinstance(outcome, Rejected):
            if isinstance(command, skippable):
                continue
            raise BotRefused(f"{command!r} refused in {state.phase}: {outcome.reason}")
        driver.observe(outcome.notices)
        check(step(state, command, now, outcome))
        state = outcome.state
    raise AssertionError(f"{label}: not over after {max_steps} steps ({state.phase})")
