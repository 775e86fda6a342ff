"""Seeded random whole games of classic 人狼 (``werewolf.md``), played by the bots of ``core.engine.bots``.

Hypothesis draws the table: the size (4-20, the [WW-4.1] cast with random modifiers) or a random host cast
that [WW-4.3] accepts, the [WW-11] options that change the rules (身代わり君 included), the deal seed and the
bots' seed, a few idle seats (they never act: missed ballots, 突然死, unanswered nights), and whether
players type into the relay (``/t``: team chats at night, the 霊界, 遺言); now and then someone asks
``/me``, ``/status`` or ``/board``. Then :class:`~core.engine.bots.Driver` plays the game to the end; every
``decide`` call is handed to the test's ``check`` as a :class:`Step` at once, so an invariant fails on the
first step that breaks it.

The hypothesis profile is :data:`tests.property.playout.PROFILE` (``ci``: derandomized, no database)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from core.engine.bots import start_bot_game
from core.engine.commands import Command, Say, StartGame
from core.games import rules_for
from core.games.werewolf import casts
from core.games.werewolf.model import WWState
from core.games.werewolf.roles import order
from tests.property import playing
from tests.property.playing import Chatter, play_table

RULES = rules_for("werewolf")
SIZES = range(casts.MIN_PLAYERS, casts.MAX_PLAYERS + 1)
#: Every game must end within this many ``decide`` calls after the deal (20 players, the stall draw).
MAX_STEPS = 6000


@dataclass(frozen=True)
class Game:
    """One table: ``players`` humans (bot ``k`` joins k-th; seats are dealt at random), the deal ``seed``,
    the bots' ``bot_seed``, the host's [WW-11] ``options``, ``modifiers`` (§4.2) or a host ``cast``
    (§4.3), the ``idle`` join numbers (never act) and whether players ``talk`` through the relay."""

    players: int
    seed: int
    bot_seed: int
    options: dict[str, Any] = field(default_factory=dict)
    modifiers: tuple[str, ...] = ()
    cast: tuple[tuple[str, int], ...] | None = None
    idle: frozenset[int] = frozenset()
    talk: bool = False

    @property
    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {"options": dict(self.options)}
        if self.cast is not None:
            out["cast"] = dict(self.cast)
        if self.modifiers:
            out["modifiers"] = list(self.modifiers)
        return out


#: One accepted ``decide`` call (:class:`tests.property.playing.Step`).
Step = playing.Step[WWState]


Check = Callable[[Step], None]
#: Sees every state a move is chosen in, with ``now``; may decide extra commands, must not change the game.
Probe = Callable[[WWState, int], None]


# -- drawing tables ------------------------------------------------------------------------------------
def options() -> st.SearchStrategy[dict[str, Any]]:
    """The [WW-11] options that change what happens (the timers stay at their defaults)."""
    return st.fixed_dictionaries({
        "scapegoat": st.booleans(),
        "firstNightDivination": st.sampled_from(["none", "free", "random_white"]),
        "consecutiveGuard": st.booleans(),
        "selfGuard": st.booleans(),
        "tieBreak": st.sampled_from(["none", "random"]),
        "votePublic": st.booleans(),
        "lastWords": st.booleans(),
        "suddenDeathMisses": st.integers(0, 2),
        "graveyardReveal": st.booleans(),
        "teamChat": st.sampled_from(["none", "wolves", "all"]),
        "suspicionReport": st.booleans(),
        "quietCycleDrawLimit": st.integers(0, 3),
        "strictMute": st.booleans(),
    })  # fmt: skip


def valid(players: int, scapegoat: bool, cast: dict[str, int] | None, modifiers: tuple[str, ...]) -> bool:
    """Whether the table can be dealt (V1-V8 on the host cast or the modified standard one)."""
    seats = players + int(scapegoat)
    base = cast if cast is not None else casts.standard(seats)
    if base is None:
        return False
    dealt = base if cast is not None else casts.modified(base, list(modifiers))
    return isinstance(dealt, dict) and casts.check(dealt, players, scapegoat) is None


@st.composite
def raw_casts(draw: st.DrawFn) -> dict[str, int]:
    """A composition of 4-20 cards: 1-4 wolves, at most one of each single role, masons 0 or 2-3, a fox
    maybe with an immoralist, madmen and fanatics, villagers to fill; mostly valid by design."""
    cast = {"werewolf": draw(st.integers(1, 4), label="werewolf")}
    for role_id in ("seer", "medium", "knight", "nekomata"):
        cast[role_id] = draw(st.integers(0, 1), label=role_id)
    cast["mason"] = draw(st.sampled_from([0, 0, 2, 3]), label="mason")
    cast["fox"] = draw(st.integers(0, 2), label="fox")
    cast["immoralist"] = draw(st.integers(0, 1), label="immoralist") if cast["fox"] else 0
    cast["madman"] = draw(st.integers(0, 2), label="madman")
    cast["fanatic"] = draw(st.integers(0, 1), label="fanatic")
    others = sum(cast.values())
    cast["villager"] = draw(st.integers(max(0, casts.MIN_PLAYERS - others), max(0, casts.MAX_SEATS - others)))
    return {r: cast[r] for r in order() if cast.get(r)}


@st.composite
def games(draw: st.DrawFn, *, custom: bool | None = False) -> Game:
    """A :class:`Game`: a [WW-4.1] size with modifiers (``custom=False``), a host cast (True) or either."""
    opts = draw(options(), label="options")
    use_cast = draw(st.booleans(), label="custom") if custom is None else custom
    scapegoat = bool(opts["scapegoat"])
    if use_cast:
        cast = draw(raw_casts().filter(lambda c: valid(sum(c.values()) - scapegoat, scapegoat, c, ())))
        players, modifiers = sum(cast.values()) - int(scapegoat), ()
    else:
        cast = None
        players = draw(st.sampled_from(list(SIZES)).filter(lambda n: n + scapegoat <= casts.MAX_SEATS))
        chosen = draw(st.lists(st.sampled_from(list(casts.MODIFIERS)), max_size=2, unique=True))
        modifiers = tuple(chosen) if valid(players, scapegoat, None, tuple(chosen)) else ()
    idle = draw(st.sets(st.integers(1, players), max_size=2), label="idle")
    return Game(
        players=players,
        seed=draw(st.integers(0, 2**32 - 1), label="seed"),
        bot_seed=draw(st.integers(0, 2**32 - 1), label="bot_seed"),
        options=opts,
        modifiers=modifiers,
        cast=tuple(cast.items()) if cast else None,
        idle=frozenset(idle),
        talk=draw(st.booleans(), label="talk"),
    )


def seeded_game(players: int, seed: int) -> Game:
    """A [WW-4.1] table whose options, modifiers, idle seats and habits come from ``seed`` (the bulk run)."""
    rnd = random.Random(seed * 100 + players)
    scapegoat = players < casts.MAX_SEATS and rnd.random() < 0.3
    opts = {
        "scapegoat": scapegoat,
        "firstNightDivination": rnd.choice(["none", "free", "random_white"]),
        "consecutiveGuard": rnd.random() < 0.5,
        "tieBreak": rnd.choice(["none", "random"]),
        "votePublic": rnd.random() < 0.5,
        "suddenDeathMisses": rnd.choice([0, 1, 2]),
        "graveyardReveal": rnd.random() < 0.5,
        "teamChat": rnd.choice(["none", "wolves", "all"]),
        "suspicionReport": rnd.random() < 0.5,
    }
    chosen = tuple(rnd.sample(list(casts.MODIFIERS), rnd.randint(0, 2)))
    modifiers = chosen if valid(players, scapegoat, None, chosen) else ()
    idle = frozenset(rnd.sample(range(1, players + 1), rnd.randint(0, 2)))
    return Game(players, seed, seed ^ 0xB07B07, opts, modifiers, None, idle, rnd.random() < 0.5)


# -- playing -------------------------------------------------------------------------------------------
#: A finished game (:class:`tests.property.playing.Played`).
Played = playing.Played[Game, WWState]


def started(game: Game) -> Step:
    """Deal ``game`` (``start_bot_game``) and return the deal as a step from the lobby."""
    outcome = start_bot_game(RULES, game.players, seed=game.seed, settings=game.settings)
    empty = {"phase": "lobby", "phase_seq": 0, "players": [], "scapegoat": None}
    lobby = outcome.state.model_copy(update=empty)
    return Step(lobby, StartGame(user_id="bot:1"), 0, outcome)


def play(game: Game, check: Check = lambda step: None, *, probe: Probe | None = None) -> Played:
    """Play ``game`` to its end with bots; ``check`` sees every accepted step (the deal first), ``probe``
    every state a move is chosen in. Raises :class:`BotRefused` if a bot's move or a timer is refused;
    fails if the game has not ended after :data:`MAX_STEPS` steps."""
    deal = started(game)
    return play_table(RULES, game, deal, _extra, step=Step, check=check, probe=probe, max_steps=MAX_STEPS)


def _extra(game: Game, state: WWState, chatter: Chatter) -> Command | None:
    """Moves the bots never make: relayed text from a random seat (the executed player's 遺言, a dead
    player's 霊界, a night team chat; refused where closed), the 霊界's spectator and its texts
    (``Chatter.afterlife``) and now and then a query."""
    rnd = chatter.rnd
    grave = chatter.afterlife(state) if game.talk else None
    if grave is not None:
        return grave
    if game.talk and chatter.talks(state):
        speaker = state.executed if state.phase == "last_words" and rnd.random() < 0.5 else None
        user = state.players[speaker - 1].user_id if speaker else rnd.choice(state.players).user_id
        return Say(user_id=user, text="P3?")
    return chatter.query(state)
