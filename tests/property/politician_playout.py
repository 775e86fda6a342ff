"""Seeded random whole games of 政治家人狼 (``politician.md``), played by the bots of ``core.engine.bots``.

Hypothesis draws the table: the size (5-15, the §4 cast of that size) or a random custom cast that
:func:`~core.games.politician.roles.check_cast` accepts (§4.3), the §11 options that change the rules,
the deal seed and the bots' seed, a few idle seats (they never act, so their prompts time out: missing
ballots, afk draws, unanswered nights), whether the lover picks a favourite or lets it time out, and whether
players try the collusion channel (AMB-48); now and then someone asks ``/me``, ``/status`` or ``/board``.
Then :class:`~core.engine.bots.Driver` plays the game to the end; every ``decide`` call is handed to the
test's ``check`` as a :class:`Step` at once, so an invariant fails on the first step that breaks it.

The hypothesis profile is :data:`tests.property.playout.PROFILE` (``ci``: derandomized, no database)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from core.engine.bots import start_bot_game
from core.engine.commands import Act, Command, Say, StartGame
from core.games import rules_for
from core.games.politician.model import PolState
from core.games.politician.roles import MAX_PLAYERS, MIN_PLAYERS, SINGLE, Cast, check_cast
from tests.property import playing
from tests.property.playing import Chatter, play_table

RULES = rules_for("politician")
SIZES = range(MIN_PLAYERS, MAX_PLAYERS + 1)
#: Every game must end within this many ``decide`` calls after the deal (S ≤ 6 days, 15 seats).
MAX_STEPS = 3000


@dataclass(frozen=True)
class Game:
    """One table: ``players`` seats (bot ``k`` joins k-th and sits in seat k), the deal ``seed``, the bots'
    ``bot_seed``, the host's §11 ``options``, a custom ``cast`` (None: §4), the ``idle`` seats, whether the
    lover ``picks`` a favourite, whether players ``talk`` on the team channel."""

    players: int
    seed: int
    bot_seed: int
    options: dict[str, Any] = field(default_factory=dict)
    cast: Cast | None = None
    idle: frozenset[int] = frozenset()
    picks: bool = False
    talk: bool = False

    @property
    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {"options": dict(self.options)}
        if self.cast is not None:
            out["cast"] = self.cast.model_dump()
        return out


#: One accepted ``decide`` call (:class:`tests.property.playing.Step`).
Step = playing.Step[PolState]


Check = Callable[[Step], None]
#: Sees every state a move is chosen in, with ``now``; may decide extra commands, must not change the game.
Probe = Callable[[PolState, int], None]


# -- drawing tables ------------------------------------------------------------------------------------
def options() -> st.SearchStrategy[dict[str, Any]]:
    """The §11 options that change what happens (timers stay at their defaults)."""
    return st.fixed_dictionaries({
        "afkBallot": st.sampled_from(["none", "random"]),
        "endWhenDecided": st.booleans(),
        "guardSelfProtect": st.booleans(),
        "allowCollusion": st.booleans(),
        "policySpeechSeconds": st.sampled_from([60, 0]),
        "maxRunoffs": st.integers(0, 2),
        "publicVoteLastDay": st.integers(0, 4),
        "interactiveLottery": st.booleans(),
    })  # fmt: skip


@st.composite
def raw_casts(draw: st.DrawFn) -> Cast:
    """A composition (one holder at most of each single role, 1-3 wolves, 0-3 spies, enough humans for
    5-15 seats) with a seat rule S ≤ 6 leaving three voters on the last day; mostly valid by design."""
    roles = {role: draw(st.integers(0, 1), label=role) for role in sorted(SINGLE)}
    roles["wolf_member"] = draw(st.integers(1, 3), label="wolf_member")
    roles["spy"] = draw(st.integers(0, 3), label="spy")
    others = sum(roles.values())
    roles["human_member"] = draw(
        st.integers(max(1, MIN_PLAYERS - others), MAX_PLAYERS - others), label="human"
    )
    players = sum(roles.values())
    spare = players - 3 - roles["lover"] - roles["traitor"]
    seats = draw(st.integers(1, max(1, min(6, spare))), label="S")
    earners = roles["human_member"] + roles["traitor"]
    human = draw(st.integers(1, max(1, min(seats, earners))), label="h")
    wolf = draw(st.integers(1, seats), label="w")
    return Cast(roles={r: n for r, n in roles.items() if n}, seats=seats, human=human, wolf=wolf)


def casts() -> st.SearchStrategy[Cast]:
    """Random custom casts, only those §4.3 accepts (``check_cast`` is the gate)."""
    return raw_casts().filter(lambda cast: check_cast(cast) is None)


@st.composite
def games(draw: st.DrawFn, *, custom: bool | None = False) -> Game:
    """A :class:`Game`: a §4 size (``custom=False``), a custom cast (True) or either (None)."""
    use_cast = draw(st.booleans(), label="custom") if custom is None else custom
    cast = draw(casts(), label="cast") if use_cast else None
    players = cast.players if cast else draw(st.sampled_from(list(SIZES)), label="players")
    idle = draw(st.sets(st.integers(1, players), max_size=2), label="idle")
    return Game(
        players=players,
        seed=draw(st.integers(0, 2**32 - 1), label="seed"),
        bot_seed=draw(st.integers(0, 2**32 - 1), label="bot_seed"),
        options=draw(options(), label="options"),
        cast=cast,
        idle=frozenset(idle),
        picks=draw(st.booleans(), label="picks"),
        talk=draw(st.booleans(), label="talk"),
    )


def seeded_game(players: int, seed: int) -> Game:
    """A §4 table whose options, idle seats and habits come from ``seed`` (the bulk seeded run)."""
    rnd = random.Random(seed * 100 + players)
    opts = {
        "afkBallot": rnd.choice(["none", "random"]),
        "endWhenDecided": rnd.random() < 0.5,
        "guardSelfProtect": rnd.random() < 0.5,
        "allowCollusion": rnd.random() < 0.5,
        "policySpeechSeconds": rnd.choice([60, 0]),
        "maxRunoffs": rnd.randint(0, 2),
        "publicVoteLastDay": rnd.randint(0, 4),
    }
    idle = frozenset(rnd.sample(range(1, players + 1), rnd.randint(0, 2)))
    return Game(players, seed, seed ^ 0xB07B07, opts, None, idle, rnd.random() < 0.5, rnd.random() < 0.5)


# -- playing -------------------------------------------------------------------------------------------
#: A finished game (:class:`tests.property.playing.Played`).
Played = playing.Played[Game, PolState]


def started(game: Game) -> Step:
    """Deal ``game`` (``start_bot_game``) and return the deal as a step from the lobby."""
    outcome = start_bot_game(RULES, game.players, seed=game.seed, settings=game.settings)
    lobby = outcome.state.model_copy(update={"phase": "lobby", "phase_seq": 0})
    return Step(lobby, StartGame(user_id="bot:1"), 0, outcome)


def play(game: Game, check: Check = lambda step: None, *, probe: Probe | None = None) -> Played:
    """Play ``game`` to its end with bots; ``check`` sees every accepted step (the deal first), ``probe``
    every state a move is chosen in. Raises :class:`BotRefused` if a bot's move or a timer is refused;
    fails if the game has not ended after :data:`MAX_STEPS` steps."""
    deal = started(game)
    return play_table(RULES, game, deal, _extra, step=Step, check=check, probe=probe, max_steps=MAX_STEPS)


def _extra(game: Game, state: PolState, chatter: Chatter) -> Command | None:
    """Moves the bots never make: the lover's own favourite (§6.2 step 2) and team-channel text from a
    random seat during the role check or a night (refused unless ``allowCollusion`` and a member: the
    collusion channel, AMB-48), the 霊界's spectator and its texts (``Chatter.afterlife``), and now and
    then a query (``/me``, ``/status``, ``/board``, ``/help``) from a random seat."""
    rnd = chatter.rnd
    if game.picks and state.phase == "role_check":
        lover = next(p for p in state.players if p.role == "lover")
        if lover.seat not in game.idle:
            picks = RULES.legal_actions(state, lover.seat)
            if picks:
                return Act(user_id=lover.user_id, action=rnd.choice(picks), phase_seq=state.phase_seq)
    grave = chatter.afterlife(state) if game.talk else None
    if grave is not None:
        return grave
    if game.talk and state.phase in ("role_check", "night") and chatter.talks(state):
        return Say(user_id=rnd.choice(state.players).user_id, text="P3?")
    return chatter.query(state)
