"""A fluent table for 政治家人狼 scenario tests: one line per game step, assertions on what players notice.

``table("human_member reporter … traitor", rng=[...])`` seats players 1..N with those roles (test mode:
``settings["setup"]``) and plays the role check. Steps send commands through ``rules.decide`` exactly as
the service would and fail the test at once if a command is refused. Notices are read back in plain form
(see :mod:`tests.games.adazakura.table`: player refs become seats, role refs ids, sub-keys tuples).

The clock only moves when a phase is closed by its timer: ``now`` jumps to the phase's deadline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.engine import ledger
from core.engine.commands import Command, Join, StartGame
from core.engine.notice import Notice
from core.engine.table import Member
from core.games import rules_for
from core.games.politician.model import PolState
from tests.games.base_table import BaseTable
from tests.games.plain import Heard, Move, as_action, heard, plain, user

RULES = rules_for("politician")
#: The standard 13-player cast ``C13`` of the spec's tests (§12).
C13 = ("human_member " * 5 + "reporter guard chairman wolf_member lover spy spy traitor").split()
#: ``C14`` of T10: two wolves.
C14 = ("human_member " * 5 + "reporter guard chairman wolf_member wolf_member lover spy spy traitor").split()

__all__ = ["C13", "C14", "RULES", "Heard", "Move", "Table", "as_action", "heard", "plain", "table", "user"]


class Table(BaseTable):
    """A started game. ``heard``: every notice of the last step, in order; ``history``: every accepted
    command with the phase it was sent in and its notices (golden transcripts)."""

    rules = RULES

    def __init__(self, seats: str | Iterable[str] | int, *, rng: list[int] | None = None, seed: int = 7,
                 seats_rule: tuple[int, int, int] | None = None, **options: Any) -> None:  # fmt: skip
        settings: dict[str, Any] = {"options": options} if options else {}
        if isinstance(seats, int):
            count = seats
        else:
            roles = seats.split() if isinstance(seats, str) else list(seats)
            count = len(roles)
            setup: dict[str, Any] = {"seats": roles, "rng": list(rng or [])}
            if seats_rule:
                setup["seats_rule"] = list(seats_rule)
            settings["setup"] = setup
        self.now = 0
        host = Member(user_id=user(1), name="P1")
        lobby = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=settings, seed=seed, now=0)
        assert isinstance(lobby, PolState)
        self.state = lobby
        self.heard: list[Notice] = []
        self.history: list[tuple[tuple[str, int], Command, list[Notice]]] = []
        for seat in range(1, count + 1):
            self.send(Join(user_id=user(seat), name=f"P{seat}"))
        self.step(StartGame(user_id=user(1)))

    # -- sending -------------------------------------------------------------------------------------
    # -- phases --------------------------------------------------------------------------------------
    def favourite(self, wolf: int | None = None) -> Table:
        """The lover picks ``wolf`` (None: the role check times out and the RNG picks)."""
        assert self.state.phase == "role_check", self.state.phase
        self.heard = []
        if wolf is None:
            return self.close()
        lover = next(p.seat for p in self.state.players if p.role == "lover")
        return self.tap(lover, "favourite", wolf)

    def candidacy(self) -> Table:
        """Every statement slot of the candidacy ends by its timer; Day 1's campaign opens."""
        self.heard = []
        while self.state.phase == "candidacy":
            self.close()
        return self

    def campaign(self) -> Table:
        """The campaign ends by its timer (same step as what follows, so ``public()`` shows the day)."""
        assert self.state.phase == "campaign", self.state.phase
        self.heard = []
        return self.close()

    def vote(
        self, ballots: Iterable[tuple[int, int]] | Mapping[int, int] = (), *, close: bool = True
    ) -> Table:
        """Cast ``ballots`` (voter, target) in arrival order; close the round by its timer when someone is
        missing (unless ``close`` is False). Continues the current step."""
        assert self.state.phase in ("vote", "runoff"), self.state.phase
        seq = self.state.phase_seq
        pairs = ballots.items() if isinstance(ballots, Mapping) else ballots
        for voter, target in pairs:
            self.tap(voter, "vote", target)
        if close and self.state.phase_seq == seq:
            self.close()
        return self

    def day(self, ballots: Iterable[tuple[int, int]] | Mapping[int, int] = (),
            *runoffs: Iterable[tuple[int, int]] | Mapping[int, int]) -> Table:  # fmt: skip
        """A whole day: the campaign by its timer, the ballots, each runoff's ballots, then the policy
        speech by its timer if the game goes on (the night opens)."""
        self.campaign()
        self.vote(ballots)
        for runoff in runoffs:
            assert self.state.phase == "runoff", self.state.phase
            self.vote(runoff)
        if self.state.phase == "policy_speech":
            self.close()
        return self

    def night(self, nc: Mapping[int, int | None] | None = None, *, protect: int | None = None,
              investigate: int | None = None, close: bool = True) -> Table:  # fmt: skip
        """Wolves' proposals (wolf seat → target, None = nobody), the guard's protection and the reporter's
        investigation, then the night's timer; the morning of the next day follows in the same step."""
        assert self.state.phase == "night", self.state.phase
        self.heard = []
        for wolf, target in (nc or {}).items():
            self.tap(wolf, "kill", target)
        if protect is not None:
            self.tap(self.holder("guard"), "night.protect", protect)
        if investigate is not None:
            self.tap(self.holder("reporter"), "night.investigate", investigate)
        return self.close() if close and self.state.phase == "night" else self

    # -- what players notice -------------------------------------------------------------------------
    def first(self, key: str, seat: int | None = None) -> Heard:
        """The first ``key`` notice of the last step (public, or in ``seat``'s 1:1 chat)."""
        found = [h for h in (self.public() if seat is None else self.private(seat)) if h.key == key]
        assert found, f"no {key} in {self.said(seat)}"
        return found[0]

    def ledger(self, seat: int) -> list[Heard]:
        """Everything ``seat`` has learned privately so far (``/me``)."""
        return [
            Heard(k.key, {n: plain(v) for n, v in k.params.items()})
            for k in ledger.read(self.state.players[seat - 1].ledger)
        ]

    def holder(self, role: str) -> int:
        return next(p.seat for p in self.state.players if p.role == role)

    def status(self, seat: int) -> str:
        return self.state.players[seat - 1].status

    @property
    def phase(self) -> tuple[str, int]:
        """(phase id, day number), e.g. ``("night", 2)`` or ``("vote", 3)``."""
        return self.state.phase, self.state.day

    @property
    def seats(self) -> list[tuple[int, str, str]]:
        """Filled seats in order: (elected seat, role, seat value)."""
        return [(r.seat, r.role, r.value) for r in self.state.filled]

    @property
    def result(self) -> str | None:
        return self.state.result

    @property
    def winners(self) -> list[int]:
        return self.state.winners


def table(seats: str | Iterable[str] | int = C13, *, rng: list[int] | None = None, seed: int = 7,
          seats_rule: tuple[int, int, int] | None = None, **options: Any) -> Table:  # fmt: skip
    """A started game at the end of the role check's dealing; see :class:`Table`. ``options``: §11 keys."""
    return Table(seats, rng=rng, seed=seed, seats_rule=seats_rule, **options)
