"""A fluent table for 徒桜戦争 scenario tests: one line per game step, assertions on what players notice.

``table("yatsuha/A mizuki/S saine/S", deck=[...], rng=[...])`` seats players 1..N in that order (test mode,
[ADZ-11.10]) and deals night 0. Steps (``night``, ``day``, ``act``, ``discuss``, ``vote``) send commands
through ``rules.decide`` exactly as the service would, and fail the test at once if a command is refused.
What each step made the bot say is read back in plain form: player refs become seat numbers, Megami and
faction refs their ids, sub-keys ``(key, params)`` tuples. So
``("morning.deaths", {"day": 4, "players": [3]})`` is what the group saw on the morning of Day 4.

The clock only moves when a phase is closed by its timer: ``now`` jumps to the phase's deadline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.engine.commands import Command, Join, Say, StartGame
from core.engine.notice import FactionRef, KeyRef, Notice, RoleRef
from core.engine.result import Rejected
from core.engine.table import Member
from core.games import rules_for
from core.games.adazakura.legal import kill_action
from core.games.adazakura.model import AdzState
from tests.games.base_table import BaseTable
from tests.games.plain import Heard, Move, as_action, heard, plain, user

RULES = rules_for("adazakura")

__all__ = ["Heard", "Move", "Table", "as_action", "heard", "plain", "table", "user"]


class Table(BaseTable):
    """A started game. ``heard``: every notice of the last step, in order; ``history``: every accepted
    command with the phase it was sent in and its notices, for golden transcripts."""

    rules = RULES

    def __init__(self, seats: str | int, *, deck: list[str] | None = None, rng: list[int] | None = None,
                 seed: int = 7, **settings: Any) -> None:  # fmt: skip
        if isinstance(seats, int):
            count = seats
        else:
            specs = seats.split()
            count = len(specs)
            setup: dict[str, Any] = {"seats": specs, "rng": list(rng or [])}
            if deck is not None:
                setup["deck"] = deck
            settings = {"setup": setup, **settings}
        self.now = 0
        host = Member(user_id=user(1), name="P1")
        lobby = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=settings, seed=seed, now=0)
        assert isinstance(lobby, AdzState)
        self.state = lobby
        self.heard: list[Notice] = []
        self.history: list[tuple[tuple[str, int], Command, list[Notice]]] = []
        for seat in range(1, count + 1):
            if self.state.member(user(seat)) is None:
                self.send(Join(user_id=user(seat), name=f"P{seat}"))
        self.step(StartGame(user_id=user(1)))

    # -- sending -------------------------------------------------------------------------------------
    # -- phases --------------------------------------------------------------------------------------
    def night(self, actions: Mapping[int, Move | list[Move]] | None = None,
              kill: Mapping[int, int | None] | None = None, *, close: bool = True) -> Table:  # fmt: skip
        """Submit night ``actions`` (one move or a list per seat) and team ``kill`` choices (seat → target,
        None = nobody), then close the night by its timer [ADZ-6.2]."""
        assert self.state.phase == "night", self.state.phase
        self.heard = []
        for seat, moves in (actions or {}).items():
            for move in moves if isinstance(moves, list) else [moves]:
                self.tap(seat, *move)
        for seat, target in (kill or {}).items():
            action = kill_action(seat, target)
            self.tap(seat, action.kind, *action.args)
        return self.close() if close else self

    def discuss(self, co: Mapping[int, str] | None = None) -> Table:
        """The discussion of the day: ``/co`` claims (seat → Megami id), then its timer ends it."""
        assert self.state.phase == "discussion", self.state.phase
        self.heard = []
        for seat, megami in (co or {}).items():
            self.tap(seat, "co", megami)
        return self.close()

    def vote(self, votes: Mapping[int, int | None] | None = None) -> Table:
        """Cast ballots (seat → seat, None = abstain); close by the timer unless every voter has voted.
        Continues the step of the discussion, so ``public()`` shows the whole day."""
        assert self.state.phase in ("vote", "runoff"), self.state.phase
        phase, seq = self.state.phase, self.state.phase_seq
        for seat, target in (votes or {}).items():
            self.tap(seat, "vote", target)
        if (self.state.phase, self.state.phase_seq) == (phase, seq):
            self.close()
        return self

    def day(self, votes: Mapping[int, int | None] | None = None,
            runoff: Mapping[int, int | None] | None = None) -> Table:  # fmt: skip
        """A whole day: discussion ends by its timer, ballots, then the runoff if ``runoff`` is given."""
        self.discuss()
        self.vote(votes)
        if runoff is not None:
            assert self.state.phase == "runoff", self.state.phase
            self.vote(runoff)
        return self

    def quiet_days(self, count: int) -> Table:
        """``count`` rounds of an all-abstain day followed by a night without actions."""
        for _ in range(count):
            self.day().night()
        return self

    # -- what players notice -------------------------------------------------------------------------
    def results(self, seat: int) -> list[Heard]:
        """``seat``'s night result lines of the last step (R5), without the repeated night number."""
        found = [n for n in self.heard if n.key == "night.results" and seat in n.to.seats]
        assert len(found) == 1, f"seat {seat} got {len(found)} night results"
        lines = plain(found[0].params["lines"])
        return [Heard(key, {k: v for k, v in params.items() if k != "night"}) for key, params in lines]

    def public_reveals(self) -> set[str]:
        """Megami and factions the group was told during the last step."""
        return revealed(n for n in self.heard if n.to.kind == "public")

    def sealed_tonight(self) -> list[int]:
        """Seats whose night prompt of the last step said their ability cannot be used tonight [ADZ-3.8]."""
        sealed = [p.seat for p in self.state.players
                  if any(k.startswith("night.prompt.sealed") for k in self.said(p.seat))]  # fmt: skip
        return sorted(sealed)

    def erasure_events(self, since: int) -> list[tuple[str, dict[str, Any]]]:
        """The erasure's recap events logged after event number ``since`` [ADZ-11.11]."""
        return [(e.kind, e.data) for e in self.state.log[since:] if e.kind.startswith("Erasure")]

    def said_refused(self, seat: int, text: str) -> str:
        """The reason ``seat``'s team-channel text is refused; checks that the refusal changed nothing."""
        before = self.state.model_dump()
        outcome = RULES.decide(self.state, Say(user_id=self.uid(seat), text=text), now=self.now)
        assert isinstance(outcome, Rejected), f"seat {seat}'s text was accepted"
        assert self.state.model_dump() == before
        return outcome.reason

    def buttons(self, seat: int, key: str) -> list[Move]:
        """The buttons under the last ``key`` notice ``seat``'s 1:1 chat got during the last step."""
        found = [n for n in self.heard if n.key == key and n.to.kind == "seat" and seat in n.to.seats]
        assert found, f"seat {seat} got no {key}"
        return [(a.kind, *a.args) for a in found[-1].actions]

    def offered_kinds(self, seat: int) -> set[str]:
        return {a.kind for a in RULES.legal_actions(self.state, seat)}

    def alive(self, seat: int) -> bool:
        return self.state.players[seat - 1].alive

    def dead(self) -> list[int]:
        return [p.seat for p in self.state.players if not p.alive]

    @property
    def phase(self) -> tuple[str, int]:
        """(phase id, day number), e.g. ``("night", 2)`` or ``("vote", 3)``."""
        s = self.state
        n = s.night.n if s.night else s.day.n if s.day else 0
        return s.phase, n

    @property
    def seconds_left(self) -> int:
        """Seconds until the current phase's deadline (its timer)."""
        return (self.state.deadline_at or self.now) - self.now

    @property
    def result(self) -> str | None:
        return self.state.result

    @property
    def winners(self) -> list[int]:
        return self.state.winners


def lobby(players: int, *, seed: int = 1, **settings: Any) -> AdzState:
    """A lobby of ``players`` members (``u1`` … hosted by ``u1``) with the ``settings`` given; not started."""
    state = RULES.new_game(
        game_id="g", chat_id="c", host=Member(user_id="u1", name="P1"), settings=settings, seed=seed, now=0
    )
    for i in range(1, players + 1):
        joined = RULES.decide(state, Join(user_id=f"u{i}", name=f"P{i}"), now=0)
        assert not isinstance(joined, Rejected), joined
        state = joined.state
    assert isinstance(state, AdzState)
    return state


def table(seats: str | int, *, deck: list[str] | None = None, rng: list[int] | None = None, seed: int = 7,
          **settings: Any) -> Table:  # fmt: skip
    """A started game; see :class:`Table`. ``seats`` as ``"megami/F …"`` is test mode [ADZ-11.10] (members
    u1..uN named P1..PN join in seat order); an int N deals a real game to N members from ``seed``."""
    return Table(seats, deck=deck, rng=rng, seed=seed, **settings)


def revealed(notices: Iterable[Notice]) -> set[str]:
    """Every Megami or faction named by a typed ref anywhere in ``notices`` (leak checks, [ADZ-11.9])."""
    found: set[str] = set()
    stack: list[Any] = [n.params for n in notices]
    while stack:
        value = stack.pop()
        if isinstance(value, (RoleRef, FactionRef)):
            found.add(value.id)
        elif isinstance(value, KeyRef):
            stack.append(value.params)
        elif isinstance(value, dict):
            stack += list(value.values())
        elif isinstance(value, list):
            stack += value
    return found
