"""Bot players: a simple policy over legal actions, and a driver that plays a game to its end.

Pure: bots draw only from their own :class:`Rng` (separate from the game's), so a bots-only game replays
exactly from (game seed, bot seed). A bot only ever picks one of the actions ``legal_actions`` offers;
when no bot wants to act, the driver fires the phase's ``Timeout`` (the timer a real game would get).
Used by ``jinro-gm simulate``, ``bench/run.py``, tests/tools and the playground's bot seats (``choose``).

The policy reads the action vocabulary the games share (``core/games/*/legal.py``): at night
``<ability>`` choices (kinds ``night.<id>``), the team's ``kill`` and ``done``; in discussion ``co``,
``ready`` and day abilities; in a vote ``vote`` with a seat or ``"none"`` (abstain); at the end a deduction
form (``deduce.reveal``/``deduce.pick`` per seat, then ``deduce.submit``); at 政治家人狼's role check the
lover's ``favourite``, and a lottery card (``draw``); DEATH NOTE 人狼's
one-off picks (a card to play, pass or give, a night name or signal). What a bot knows about its team
comes only from notices addressed to a team (:meth:`Driver.observe`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from core.engine.commands import Act, Command, Join, StartGame, Timeout
from core.engine.legal import LegalActions
from core.engine.notice import Action, Notice
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import Member

if TYPE_CHECKING:
    from core.games import GameRules

ABSTAIN = "none"
#: Kinds the policy handles by name; any other kind offered in discussion is a day ability.
_KNOWN = frozenset({"done", "kill", "cancel", "co", "ready", "vote"})
#: Kind families (the part before the first dot) of a one-off pick among equal options: 政治家人狼's
#: lover's favourite and a lottery card; DEATH NOTE 人狼's card plays, candidate picks, give-backs (or a
#: declined Exchange), night names and signals, and the host's start player.
_PICKS = frozenset(
    {"favourite", "draw", "play", "discard", "pick", "give", "decline", "name", "signal", "start"}
)
#: XORed into a game's seed to seed its bots, so the deal and the bots draw from unrelated streams.
BOT_SALT = 0xB07B07
#: Safety stop of :func:`play_out`: no game of ours needs this many inputs (16 players, 30 days).
MAX_STEPS = 50_000


class BotRefused(RuntimeError):
    """The rules refused a bot's command: bots only send legal actions, so this is a rules defect."""


def choose(
    actions: list[Action],
    rng: Rng,
    *,
    taken: Collection[str] = (),
    me: int | None = None,
    friends: Collection[int] = (),
) -> Action | None:
    """One of ``actions`` (a seat's legal actions now), or None when the bot has nothing more to do.

    ``taken``: action kinds this bot already sent in the current phase (each is sent at most once, so a
    phase always ends). ``me``/``friends``: seats the bot avoids naming for an erasure or a ballot.
    Night: an ability choice (2 in 3), then a ``kill`` target (team only), then ``done``; a night prompt
    without ``done`` (one final choice: ``night.<verb>`` or a team's ``kill``) gets one pick, once a phase
    and only before anything else was sent. Discussion: rarely
    a ``co`` (1 in 20) or a day ability (1 in 20), else ``ready``. Vote: abstain 1 in 8, else a random
    target. Draws from ``rng`` only when it returns an action.
    """
    kinds = {a.kind for a in actions}
    if "done" in kinds:
        return _night(actions, rng, taken, _avoid(me, friends))
    if "ready" in kinds:
        return _discussion(actions, rng, taken)
    if "vote" in kinds and "vote" not in taken:
        return _vote(actions, rng, _avoid(me, friends))
    if "deduce.pick" in kinds or "deduce.submit" in kinds:
        return _deduce(actions, rng, taken)
    if not kinds:
        return None
    # The cheaper test first: most seats asked here have already sent what they have (a cast ballot).
    if kinds.isdisjoint(taken) and {k.split(".")[0] for k in kinds} <= _PICKS:
        return rng.choice(actions)
    if not taken and all(k.startswith("night.") or k == "kill" for k in kinds):
        return rng.choice(actions)  # a night prompt without done: one final choice (人狼's 疑う, 占う …)
    return None


def _avoid(me: int | None, friends: Collection[int]) -> set[int]:
    """The seats a bot avoids naming: its own and its team mates'."""
    return {*friends, *([me] if me is not None else [])}


def _deduce(actions: list[Action], rng: Rng, taken: Collection[str]) -> Action | None:
    """A guess for each seat not answered yet (a reveal first, half the time), then the submission."""
    reveals = [a for a in actions if a.kind == "deduce.reveal"]
    if reveals and "deduce.reveal" not in taken and rng.below(2) == 0:
        return rng.choice(reveals)
    picks = [a for a in actions if a.kind == "deduce.pick" and taken_key(a) not in taken]
    if picks:
        return rng.choice(picks)
    return next((a for a in actions if a.kind == "deduce.submit" and a.kind not in taken), None)


def taken_key(action: Action) -> str:
    """What ``taken`` remembers of a sent action: its kind; for a deduction entry, its kind and seat."""
    return f"{action.kind}:{action.args[0]}" if action.kind == "deduce.pick" else action.kind


# The branches below filter the actions only when a draw can use them: a bot that is ready or done is
# asked again at every input of the phase. The draws are those of the plain filters.
def _night(actions: list[Action], rng: Rng, taken: Collection[str], avoid: set[int]) -> Action:
    if not taken:
        abilities = [a for a in actions if a.kind.startswith("night.")]
        if abilities and rng.below(3) < 2:
            return rng.choice(abilities)
    if "kill" not in taken:
        kills = [a for a in actions if a.kind == "kill"]
        if kills:
            targets = [a for a in kills if isinstance(a.args[0], int) and a.args[0] not in avoid]
            return rng.choice(targets or kills)
    return _first(actions, "done")


def _discussion(actions: list[Action], rng: Rng, taken: Collection[str]) -> Action:
    roll = rng.below(20)
    if roll == 0 and "co" not in taken:
        claims = [a for a in actions if a.kind == "co"]
        if claims:
            return rng.choice(claims)
    if roll == 1:
        abilities = [a for a in actions if a.kind not in _KNOWN and a.kind not in taken]
        if abilities:
            return rng.choice(abilities)
    return _first(actions, "ready")


def _first(actions: list[Action], kind: str) -> Action:
    return next(a for a in actions if a.kind == kind)


def _vote(actions: list[Action], rng: Rng, avoid: set[int]) -> Action:
    named: list[Action] = []  # ballots naming a seat
    preferred: list[Action] = []  # of those, the ones naming neither the bot nor a team mate
    abstain: Action | None = None
    for a in actions:  # one pass instead of three filters
        if a.kind != "vote":
            continue
        target = a.args[0]
        if isinstance(target, int):
            named.append(a)
            if target not in avoid:
                preferred.append(a)
        elif target == ABSTAIN and abstain is None:
            abstain = a
    if abstain is not None and (not named or rng.below(8) == 0):
        return abstain
    return rng.choice(preferred or named)


@dataclass
class Driver:
    """Bots in every seat of one game. ``next_command(state)`` gives the next input; feed what the
    rules answered to :meth:`observe` so bots learn their team mates. ``legal``: the legal actions the
    bots looked up in the last state given (pass it to ``decide`` with the command, which then need
    not derive them again); ``users``: the user id of each seat, read from the first dealt state, and
    ``order`` its seats in ascending order (the bots are asked in a shuffle of it)."""

    rules: GameRules
    rng: Rng
    phase_seq: int = -1
    taken: dict[int, set[str]] = field(default_factory=dict)
    friends: dict[int, set[int]] = field(default_factory=dict)
    legal: LegalActions | None = None
    users: dict[int, str] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)

    def observe(self, notices: list[Notice]) -> None:
        """Remember every team audience: its seats know each other [design §3, ``Team`` notices]."""
        for notice in notices:
            if notice.to.kind == "team":
                for seat in notice.to.seats:
                    self.friends.setdefault(seat, set()).update(s for s in notice.to.seats if s != seat)

    def next_command(self, state: Any) -> Command | None:
        """A bot's ``Act`` (seats asked in a random order), else the phase's ``Timeout`` if it has a
        deadline, else None (the game is over, or nothing can move it)."""
        if state.is_over:
            return None
        if state.phase_seq != self.phase_seq:
            self.phase_seq, self.taken = state.phase_seq, {}
        if not self.users:  # the seats and their users never change once dealt
            self.users = {seat: member.user_id for seat, member in self.rules.seats(state).items()}
            self.order = sorted(self.users)
        self.legal = legal = LegalActions(self.rules, state)
        for seat in self.rng.shuffled(self.order):
            actions = legal.of(seat)
            if not actions:
                continue  # nothing to choose from: choose() would say None without a draw
            taken = self.taken.setdefault(seat, set())
            action = choose(actions, self.rng, taken=taken, me=seat, friends=self.friends.get(seat, ()))
            if action is not None:
                taken.add(taken_key(action))
                return Act(user_id=self.users[seat], action=action, phase_seq=state.phase_seq)
        if state.deadline_at is not None:
            return Timeout(phase_seq=state.phase_seq)
        return None


@dataclass
class Playout:
    """The end of :func:`play_out`: final ``state``, ``steps`` (inputs applied), ``now`` (UTC epoch s)."""

    state: Any
    steps: int
    now: int


def bot_user(i: int) -> str:
    """The user id of bot ``i`` (1-based, join order)."""
    return f"bot:{i}"


def start_bot_game(
    rules: GameRules, players: int, *, seed: int, settings: dict[str, Any] | None = None, now: int = 0
) -> Accepted[Any]:
    """A game of ``players`` bots, dealt from ``seed`` (``settings`` as the host would give them), at
    night 0. Returns the start's ``Accepted`` (its notices include the role cards). Raises ValueError with
    the reason id when the rules refuse (e.g. ``lobby.too_few`` outside the table's size range)."""
    host = Member(user_id=bot_user(1), name="Bot 1")
    state = rules.new_game(
        game_id=f"bots-{seed}", chat_id="bots", host=host, settings=dict(settings or {}), seed=seed, now=now
    )
    commands: list[Command] = [Join(user_id=bot_user(i), name=f"Bot {i}") for i in range(1, players + 1)]
    result: Accepted[Any] | Rejected = Accepted(state=state)
    for command in [*commands, StartGame(user_id=bot_user(1))]:
        result = rules.decide(state, command, now=now)
        if isinstance(result, Rejected):
            raise ValueError(result.reason)
        state = result.state
    assert isinstance(result, Accepted)
    return result


def play_out(
    rules: GameRules,
    state: Any,
    rng: Rng,
    now: int,
    *,
    heard: list[Notice] | None = None,
    on_step: Callable[[Accepted[Any]], None] | None = None,
) -> Playout:
    """Drive ``state`` to the end with bots in every seat and timers when no bot acts.

    ``now``: UTC epoch seconds of the first input; bots act one second apart (never past the phase's
    deadline), a ``Timeout`` moves the clock to the deadline. ``heard``: notices already sent (e.g. of the
    start). ``on_step`` sees every accepted input. Stops when the game is over or nothing can move it.
    Raises :class:`BotRefused` if the rules refuse a bot's input, RuntimeError after :data:`MAX_STEPS`.
    """
    driver = Driver(rules, rng)
    driver.observe(heard or [])
    steps = 0
    while (command := driver.next_command(state)) is not None:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"no end after {MAX_STEPS} inputs")
        now = next_now(state, command, now)
        result = rules.decide(state, command, now=now, legal=driver.legal)
        if isinstance(result, Rejected):
            raise BotRefused(f"{command!r} refused: {result.reason}")
        driver.observe(result.notices)
        state, steps = result.state, steps + 1
        if on_step is not None:
            on_step(result)
    return Playout(state=state, steps=steps, now=now)


def next_now(state: Any, command: Command, now: int) -> int:
    """The time (UTC epoch s) at which to send ``command``: a bot one second after ``now`` but before the
    deadline; a ``Timeout`` at the deadline."""
    deadline: int | None = state.deadline_at
    if isinstance(command, Timeout):
        return max(now, deadline or now)
    return now + 1 if deadline is None or now + 1 < deadline else now
