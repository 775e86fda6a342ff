"""A fluent table for classic 人狼 scenario tests (``werewolf.md`` §12): one line per game step,
assertions on what players notice.

``table(C9, rng=[…], **options)`` seats players 1..N with those roles (test mode: ``settings["setup"]``,
``scapegoat=`` 身代わり君's card) and deals; the game is then at Night 0. Steps send commands through
``rules.decide`` exactly as the service would and fail the test at once when one is refused. As in the
spec's tests, every seat whose night verb is 疑う and that is not named answers 疑う (its first target), so
nights close early; a seat with another verb that is not named does nothing.

The clock only moves when a phase is closed by its timer: ``now`` jumps to the phase's deadline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.engine.commands import Command, Join, Say, StartGame
from core.engine.notice import Notice
from core.engine.table import Member
from core.games import rules_for
from core.games.werewolf.model import WWState
from tests.games.base_table import BaseTable
from tests.games.plain import Heard, Move, heard, plain, user

RULES = rules_for("werewolf")
#: ``C9`` of §12: P01-P03 村人, P04 占い師, P05 霊媒師, P06 騎士, P07-P08 人狼, P09 狂人.
C9 = ["villager", "villager", "villager", "seer", "medium", "knight", "werewolf", "werewolf", "madman"]
#: ``F10`` (T3): C9's first eight, then P09 妖狐, P10 背徳者.
F10 = [*C9[:8], "fox", "immoralist"]
#: ``NK10`` (T4, T5): P07 猫又, P08-P09 人狼, P10 狂人.
NK10 = [*C9[:6], "nekomata", "werewolf", "werewolf", "madman"]
#: ``K13`` (T9): P07-P08 共有者, P09-P10 人狼, P11 狂信者, P12 妖狐, P13 背徳者.
K13 = [*C9[:6], "mason", "mason", "werewolf", "werewolf", "fanatic", "fox", "immoralist"]
#: ``X10`` (T10): P07 人狼, P08 狂人, P09 妖狐, P10 背徳者.
X10 = [*C9[:6], "werewolf", "madman", "fox", "immoralist"]

__all__ = ["C9", "F10", "K13", "NK10", "RULES", "X10", "Heard", "Move", "Table", "heard", "plain", "table"]


class Table(BaseTable):
    """A started game at Night 0. ``heard``: every notice of the last step; ``history``: every accepted
    command with the phase it was sent in and its notices (golden transcripts)."""

    rules = RULES
    state: WWState

    def __init__(self, seats: Iterable[str] | int, *, scapegoat: str | None = None,
                 rng: list[int] | None = None, seed: int = 7, **options: Any) -> None:  # fmt: skip
        settings: dict[str, Any] = {"options": options} if options else {}
        if isinstance(seats, int):
            count = seats
        else:
            roles = list(seats)
            count = len(roles)
            settings["setup"] = {"seats": roles, "rng": list(rng or []), "scapegoat": scapegoat}
        self.now = 0
        host = Member(user_id=user(1), name="P1")
        self.state = RULES.new_game(game_id="g1", chat_id="c1", host=host, settings=settings, seed=seed,
                                    now=0)  # fmt: skip
        self.heard: list[Notice] = []
        self.history: list[tuple[tuple[str, int], Command, list[Notice]]] = []
        for seat in range(1, count + 1):
            self.send(Join(user_id=user(seat), name=f"P{seat}"))
        self.step(StartGame(user_id=user(1)))

    @property
    def phase(self) -> tuple[str, int]:
        """(phase id, day number), e.g. ``("night", 1)`` or ``("vote", 2)``."""
        return self.state.phase, self.state.day

    # -- phases --------------------------------------------------------------------------------------
    def night(self, acts: Mapping[int, int | str] | None = None, *, close: bool = True) -> Table:
        """Each named seat takes its night action on the target (``"scapegoat"``: 身代わり君; wolves propose);
        every other seat whose verb is 疑う suspects its first target; then the night's timer unless it
        closed early (``close=False``: leave it open). The morning follows in the same step."""
        assert self.state.phase == "night", self.phase
        self.heard = []
        for seat, target in (acts or {}).items():
            self.tap(seat, self.verb(seat), target)
        for seat in sorted(self.state.night.prompted if self.state.night else []):
            if self.state.phase != "night" or seat in (acts or {}):
                continue
            offered = self.offered(seat)
            if offered and offered[0][0] == "night.suspect":
                self.tap(seat, *offered[0])
        if close and self.state.phase == "night":
            self.close()
        return self

    def verb(self, seat: int) -> str:
        """``seat``'s night action kind now."""
        offered = self.offered(seat)
        assert offered, f"seat {seat} has no night action"
        return str(offered[0][0])

    def discussion(self, ready: Iterable[int] = ()) -> Table:
        """The listed seats press 「投票へ」; then the discussion's timer unless they ended it (new step)."""
        assert self.state.phase == "discussion", self.phase
        self.heard = []
        for seat in ready:
            if self.state.phase == "discussion":
                self.tap(seat, "ready")
        if self.state.phase == "discussion":
            self.close()
        return self

    def vote(self, ballots: Iterable[tuple[int, int]] | Mapping[int, int] = (), *,
             close: bool = True) -> Table:  # fmt: skip
        """Cast ``ballots`` (voter, target) in order; close the round by its timer when someone is missing
        (unless ``close`` is False). Continues the current step."""
        assert self.state.phase in ("vote", "runoff"), self.phase
        seq = self.state.phase_seq
        for voter, target in ballots.items() if isinstance(ballots, Mapping) else ballots:
            self.tap(voter, "vote", target)
        if close and self.state.phase_seq == seq:
            self.close()
        return self

    def day(self, ballots: Iterable[tuple[int, int]] | Mapping[int, int] = (),
            runoff: Iterable[tuple[int, int]] | Mapping[int, int] | None = None) -> Table:  # fmt: skip
        """A whole day from the discussion (ended by its timer): the ballots, the runoff's if one is held;
        the last words window stays open (:meth:`words`)."""
        self.discussion()
        self.vote(ballots)
        if runoff is not None:
            assert self.state.phase == "runoff", self.phase
            self.vote(runoff)
        return self

    def words(self, text: str | None = None) -> Table:
        """The executed player's 遺言 (``text``, or none: the window closes by its timer)."""
        assert self.state.phase == "last_words", self.phase
        if text is None:
            return self.close()
        executed = self.state.executed
        assert executed is not None
        self.send(Say(user_id=self.uid(executed), text=text))
        return self

    def say(self, seat: int, text: str) -> Table:
        """``seat`` sends ``/t text`` as a new step."""
        self.heard = []
        self.send(Say(user_id=self.uid(seat), text=text))
        return self

    # -- what players notice -------------------------------------------------------------------------
    def first(self, key: str, seat: int | None = None) -> Heard:
        """The first ``key`` notice of the last step (public, or in ``seat``'s 1:1 chat)."""
        found = [h for h in (self.public() if seat is None else self.private(seat)) if h.key == key]
        assert found, f"no {key} in {self.said(seat)}"
        return found[0]

    def ledger(self, seat: int) -> list[Heard]:
        """Everything ``seat`` has learned privately so far (``/me``)."""
        return [Heard(line["key"], {k: plain_dumped(v) for k, v in line["params"].items()})
                for line in self.state.players[seat - 1].ledger]  # fmt: skip

    def holder(self, role: str) -> int:
        return next(p.seat for p in self.state.players if p.role == role)

    @property
    def alive(self) -> list[int]:
        return [p.seat for p in self.state.players if p.alive]

    @property
    def result(self) -> str | None:
        return self.state.result

    @property
    def winners(self) -> list[int]:
        return self.state.winners


def plain_dumped(value: Any) -> Any:
    """A dumped notice param (a ledger line's) in plain form: seats for players, ids for roles."""
    if isinstance(value, list):
        return [plain_dumped(v) for v in value]
    if isinstance(value, dict) and value.get("t") == "player":
        return value["seat"]
    if isinstance(value, dict) and value.get("t") == "role":
        return value["id"]
    if isinstance(value, dict) and value.get("t") == "key":
        return (value["key"], {k: plain_dumped(v) for k, v in value["params"].items()})
    return value


def table(seats: Iterable[str] | int = C9, *, scapegoat: str | None = None, rng: list[int] | None = None,
          seed: int = 7, **options: Any) -> Table:  # fmt: skip
    """A started game at Night 0; see :class:`Table`. ``options``: §11 keys."""
    return Table(seats, scapegoat=scapegoat, rng=rng, seed=seed, **options)


def told(t: Table, seat: int) -> list[Heard]:
    """What ``seat`` read privately in the last step: its 1:1 chat and its team channels."""
    return [heard(n) for n in t.heard if n.to.kind in ("seat", "team") and seat in n.to.seats]
