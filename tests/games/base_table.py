"""What every game's fluent test table shares: sending commands through ``rules.decide`` exactly as the
service would (failing the test at once on a refusal), timers, taps, refusals that must change nothing,
and reading back what each audience noticed in plain form (:mod:`tests.games.adazakura.table`).

A game's table subclasses :class:`BaseTable`, sets ``rules`` and adds its own phase steps (a night, a
day, a vote). The clock only moves when a phase is closed by its timer: ``now`` jumps to the deadline.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from core.engine.commands import Act, Command, Query, Timeout
from core.engine.notice import Notice
from core.engine.result import Accepted, Rejected
from core.games import GameRules
from tests.games.plain import Heard, Move, as_action, heard


class BaseTable:
    """A started game: ``state``, ``now`` (UTC epoch s), ``heard`` (every notice of the last step) and
    ``history`` (every accepted command with the phase it was sent in and its notices, for goldens)."""

    rules: ClassVar[GameRules]
    state: Any
    now: int
    heard: list[Notice]
    history: list[tuple[tuple[str, int], Command, list[Notice]]]

    @property
    def phase(self) -> tuple[str, int]:
        raise NotImplementedError

    def uid(self, seat: int) -> str:
        """The user id seated at ``seat``."""
        return str(self.state.players[seat - 1].user_id)

    # -- sending -------------------------------------------------------------------------------------
    def send(self, command: Command) -> Accepted[Any]:
        """Decide ``command`` now; it must be accepted. Its notices join the current step's."""
        phase = self.phase
        outcome = self.rules.decide(self.state, command, now=self.now)
        assert not isinstance(outcome, Rejected), f"{command!r} refused: {outcome.reason}"
        self.state = outcome.state
        self.heard += outcome.notices
        self.history.append((phase, command, outcome.notices))
        return outcome

    def step(self, *commands: Command) -> Any:
        """Start a new step (forgetting the last step's notices) and send ``commands``."""
        self.heard = []
        for command in commands:
            self.send(command)
        return self

    def close(self) -> Any:
        """The current phase's timer fires (same step)."""
        self.now = max(self.now, self.state.deadline_at or self.now)
        self.send(Timeout(phase_seq=self.state.phase_seq))
        return self

    def tap(self, seat: int, *move: Any) -> Any:
        """``seat`` submits one action (same step)."""
        self.send(Act(user_id=self.uid(seat), action=as_action(move), phase_seq=self.state.phase_seq))
        return self

    def act(self, seat: int, *move: Any) -> Any:
        """``seat`` submits one action as a new step."""
        self.heard = []
        return self.tap(seat, *move)

    def refused(self, seat: int, *move: Any, phase_seq: int | None = None) -> str:
        """The reason ``seat``'s action is refused; checks that the refusal changed nothing."""
        before = self.state.model_dump()
        seq = self.state.phase_seq if phase_seq is None else phase_seq
        command = Act(user_id=self.uid(seat), action=as_action(move), phase_seq=seq)
        outcome = self.rules.decide(self.state, command, now=self.now)
        assert isinstance(outcome, Rejected), f"seat {seat} {move} was accepted"
        assert self.state.model_dump() == before
        return outcome.reason

    # -- what players notice -------------------------------------------------------------------------
    def public(self) -> list[Heard]:
        """What the group chat saw during the last step."""
        return [heard(n) for n in self.heard if n.to.kind == "public"]

    def private(self, seat: int) -> list[Heard]:
        """What ``seat``'s 1:1 chat received during the last step (team channel excluded)."""
        return [heard(n) for n in self.heard if n.to.kind == "seat" and seat in n.to.seats]

    def team(self, seat: int) -> list[Heard]:
        """What ``seat`` read in a team channel during the last step."""
        return [heard(n) for n in self.heard if n.to.kind == "team" and seat in n.to.seats]

    def said(self, seat: int | None = None) -> list[str]:
        """Notice keys of the last step: public ones, or those of ``seat``'s 1:1 chat."""
        return [h.key for h in (self.public() if seat is None else self.private(seat))]

    def ask(self, seat: int, what: Literal["me", "status", "board", "help"]) -> Heard:
        """``seat`` sends ``/<what>`` as a new step; the answer, which only that user receives (a
        ``/status`` may be followed by the paused clock, ``status.paused``, and the idle players,
        ``afk.idle``: see :meth:`idle`)."""
        self.step(Query(user_id=self.uid(seat), what=what))
        answer, *extras = self.heard
        assert {n.key for n in extras} <= {"status.paused", "afk.idle"}, extras
        assert (answer.to.kind, answer.to.user_id) == ("user", self.uid(seat)), answer.to
        return heard(answer)

    def idle(self, seat: int) -> list[int]:
        """The seats ``seat``'s ``/status`` lists as idle (``afk.idle``, issue 8 §4), as a new step."""
        self.ask(seat, "status")
        return [p for n in self.heard if n.key == "afk.idle" for p in heard(n).params["players"]]

    def offered(self, seat: int) -> list[Move]:
        """``seat``'s legal actions now, as plain moves."""
        return [(a.kind, *a.args) for a in self.rules.legal_actions(self.state, seat)]
