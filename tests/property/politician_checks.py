"""Invariants of 政治家人狼 (``politician.md``) checked on every step or on the end of a random game.

- :func:`assert_seats_and_winner`: the seat record follows §7.1 and the result is the §7.3 win check
  replayed over the seat sequence (AMB-46, AMB-45), the winners are the winning camp (AMB-47);
- :func:`assert_prompts`: §10.5 prompt uniformity (every active player gets one ``night.prompt``, nobody
  else) and one ``vote.prompt`` per eligible voter of a round that opens; excluded, elected and ``OUT``
  players are never voters or candidates (§5.1, AMB-06);
- :func:`assert_buttons_legal`, :func:`offered_are_accepted`: buttons are legal actions of their
  addressee, and every legal action is accepted;
- :class:`NoLeak`: §8 on every notice (see its docstring).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from core.engine.notice import KeyRef, Notice, PlayerRef, RoleRef
from core.games.politician.legal import NIGHT_KINDS
from core.games.politician.model import PolState, Round
from core.games.politician.roles import Cast
from core.games.politician.settings import option
from tests.property import offers
from tests.property.leaks import Level, levels
from tests.property.notices import addressed, assert_afterlife, seats_named
from tests.property.politician_playout import RULES, Check, Probe, Step

# -- §7: seats and the winner ----------------------------------------------------------------------------
#: §7.1 (AMB-01/02), restated from the spec rather than read from the core.
SEAT_VALUE = {
    "human_member": "human", "traitor": "human", "wolf_member": "wolf", "spy": "wolf", "lover": "wolf",
    "reporter": "none", "guard": "none", "chairman": "none",
}  # fmt: skip
#: §7.4: the camps.
WOLF_CAMP = frozenset({"wolf_member", "lover", "spy", "traitor"})


def replay_win_check(cast: Cast, values: list[str], end_when_decided: bool) -> tuple[int, str, str] | None:
    """§7.3 after each election of ``values`` (seat values in order): the 1-based election that decides,
    the winning camp and the reason; None if no election decides."""
    h = w = 0
    for filled, value in enumerate(values, start=1):
        h += value == "human"
        w += value == "wolf"
        if h >= cast.human:
            return filled, "human", "human_threshold"
        if w >= cast.wolf:
            return filled, "wolf", "wolf_threshold"
        if filled >= cast.seats:
            return filled, "wolf", "all_filled"
        if end_when_decided and h + (cast.seats - filled) < cast.human:
            return filled, "wolf", "unreachable"
    return None


def assert_seats_and_winner(final: PolState) -> None:
    """§7.1 seat values, one election per day (§6), at most S seats, §7.3 decides the result at the last
    election, and the winners are exactly the winning camp (§7.4)."""
    cast = final.cast
    assert cast is not None
    assert final.phase == "ended", f"not ended: {final.phase}"
    assert final.result in ("human", "wolf"), final.result
    records = final.filled
    assert 1 <= len(records) <= cast.seats, f"{len(records)} seats filled of {cast.seats}"
    for number, record in enumerate(records, start=1):
        role = final.players[record.seat - 1].role
        assert (record.number, record.day, record.role) == (number, number, role), record
        assert record.value == SEAT_VALUE[role], f"{role} filled a {record.value} seat"
    elected = {p.seat for p in final.players if p.status == "elected"}
    assert elected == {r.seat for r in records}, "the elected players are not the seat record"
    assert len(elected) == len(records), "a player elected twice"
    decided = replay_win_check(cast, [r.value for r in records], bool(option(final, "endWhenDecided")))
    expected = (len(records), final.result, final.reason)
    assert decided == expected, (
        f"§7.3 says {decided}, the game ended {expected} ({[r.role for r in records]})"
    )
    camp = {p.seat for p in final.players if (p.role in WOLF_CAMP) == (final.result == "wolf")}
    assert sorted(final.winners) == sorted(camp), f"winners {final.winners} ≠ the {final.result} camp {camp}"


# -- §10.5 prompts, §5.1 voters and candidates -------------------------------------------------------------
def assert_prompts(step: Step) -> None:
    """A night that opens prompts every active player once, with the same shape (§10.5); a round that
    opens prompts every eligible voter once (§6.6.1); no prompt at any other step."""
    before, after, notices = step.before, step.after, step.outcome.notices
    opened = after.phase_seq != before.phase_seq
    nights, prompts = offers.prompted(notices, "night.prompt")
    if after.phase == "night" and opened:
        assert after.night is not None
        active = {p.seat for p in after.players if p.status == "active"}
        assert dict(nights) == dict.fromkeys(active, 1), f"night prompts {dict(nights)} for active {active}"
        assert set(after.night.prompted) == active
        assert len({tuple(sorted(n.params)) for n in prompts}) == 1, "night prompts of different shapes"
        for n in prompts:
            kinds = {a.kind for a in n.actions}
            assert "done" in kinds, f"prompt {n.to}: {kinds}"
            assert kinds <= NIGHT_KINDS, f"prompt {n.to}: {kinds}"
            assert len(kinds) == 2, f"prompt {n.to}: {kinds} (one choice and done)"
    else:
        assert not nights, f"night prompts outside the opening of a night: {dict(nights)}"
    ballots, _ = offers.prompted(notices, "vote.prompt")
    if after.phase in ("vote", "runoff") and opened:
        rnd = after.round
        assert rnd is not None
        _assert_round(after, rnd)
        assert dict(ballots) == dict.fromkeys(rnd.voters, 1), f"vote prompts {dict(ballots)} ≠ {rnd.voters}"
    else:
        assert not ballots, f"vote prompts outside the opening of a round: {dict(ballots)}"


def _assert_round(state: PolState, rnd: Round) -> None:
    """§5.1: voters are the eligible voters; excluded, elected and OUT players are neither voters nor
    candidates; runoffs are among the tied of the round before (AMB-10)."""
    eligible = [p.seat for p in state.players if p.status == "active" and not p.excluded]
    barred = {p.seat for p in state.players if p.excluded or p.status != "active"}
    assert rnd.voters == eligible, f"voters {rnd.voters} ≠ eligible {eligible}"
    assert not barred & (set(rnd.voters) | set(rnd.candidates)), f"barred {barred} in round {rnd}"
    if rnd.round == 0:
        assert rnd.candidates == eligible
    else:
        before = state.rounds[-2]
        assert (before.day, before.round) == (rnd.day, rnd.round - 1)
        assert rnd.candidates == before.top
        assert len(rnd.candidates) >= 2


# -- buttons and legal actions ----------------------------------------------------------------------------
#: Every button of a notice of the current phase is legal for its addressee at the end of a step
#: (:func:`tests.property.offers.buttons_legal`).
assert_buttons_legal: Check = partial(offers.buttons_legal, RULES)
#: A probe (seeded): what the game offers is accepted (:func:`tests.property.offers.offered_are_accepted`).
offered_are_accepted: Callable[[int], Probe] = partial(offers.offered_are_accepted, RULES)


# -- §8: nobody hears what they may not know ---------------------------------------------------------------
#: Keys that tell hidden facts: only in the final announcement and recap (§6.10).
SECRET = ("recap.", "reveal.", "camp.", "status.", "result.", "know.", "end.", "game.over")
#: Keys under those prefixes that say only public facts: the ``/status`` lines (excluded today, elected,
#: out, missed two votes in a row: all announced in the group when they happened).
PUBLIC_LINES = ("status.line.",)
#: What a ``vote.closed`` may show as a ballot: cast in a secret round, or drawn at the close (§10.8).
BALLOT_LINES = {"vote.line", "vote.line.drawn"}
#: Private knowledge keys (§3.3, §3.2) and the roles that may hear them.
KNOWS = {
    "know.wolf": "wolf_member", "know.lover": "wolf_member", "know.spies": "wolf_member", "know.spy": "spy",
    "know.lover_wolves": "lover", "know.favourite": "lover", "know.favourite.auto": "lover",
    "know.favourite.drawn": "lover", "know.clue": "reporter",
}  # fmt: skip


def walk(notice: Notice) -> Iterator[Level]:
    return levels(notice.key, notice.params)


class NoLeak:
    """§8 on every step, for one game (it remembers the ballots shown so far):

    - public, while the game runs: no ``recap.*``/``reveal.*``/``result.*``/``know.*``/``camp.*`` key
      (``/status``'s ``status.line.*`` aside), no role of a player not elected (a role next to no player
      only in ``composition.line``), no weight; ``vote.closed`` shows visible counts (one per ballot) and
      the missing ballots, and every ballot of a round is shown exactly once (§6.6.3): ``vote.ballot`` as
      cast on a show-of-hands day, a ``vote.line`` at the close of a secret round, a ``vote.line.drawn``
      at the close for a ballot drawn with ``afkBallot = random`` (§10.8);
    - team: only wolf-party members (at the deal, §6.2 step 1; active ones at night), plus the lover
      during the role check with ``allowCollusion`` (AMB-48); no roles;
    - a seat: ``know.*`` per §3.3 and ``result.*`` only to the reporter, results only at night resolution
      (§10.5); roles only of itself or of elected players.
    """

    def __init__(self) -> None:
        self.shown: dict[tuple[int, int], list[tuple[int, int | None]]] = {}

    def __call__(self, step: Step) -> None:
        assert_afterlife(step.before, step.outcome.notices, step.after)
        for notice, where in addressed(step):
            if notice.to.kind == "public":
                self._public(step, notice, where)
            elif notice.to.kind == "team":
                _team(step, notice, where)
            elif notice.to.kind != "afterlife":  # the 霊界: assert_afterlife
                _private(step, notice, where)

    def _public(self, step: Step, notice: Notice, where: str) -> None:
        after = step.after
        if after.is_over and (notice.key == "game.over" or notice.key.startswith("recap.")):
            return
        elected = {r.seat for r in after.filled}
        for level in walk(notice):
            secret = level.owner.startswith(SECRET) and not level.owner.startswith(PUBLIC_LINES)
            assert not secret, f"public {level.owner} while the game runs ({where})"
            assert not any("weight" in name.lower() for name in level.params), f"weight param ({where})"
            seats, hidden = level.refs()
            if not hidden:
                continue
            assert seats or level.owner == "composition.line", (
                f"a role next to nobody in {level.owner} ({where})"
            )
            assert seats <= elected, f"public role {hidden} of unelected {seats - elected} ({where})"
            if len(seats) == 1:
                role = after.players[next(iter(seats)) - 1].role
                assert hidden == [RoleRef(id=role)], f"seat {seats} shown as {hidden}, is {role} ({where})"
        if notice.key == "vote.ballot":
            rnd = step.before.round
            assert rnd is not None, f"a ballot posted outside a round ({where})"
            assert rnd.public, f"a ballot posted in a secret round ({where})"
            self.shown.setdefault((rnd.day, rnd.round), []).append(_pair(notice.params))
        elif notice.key == "vote.closed":
            self._closed(step, notice, where)

    def _closed(self, step: Step, notice: Notice, where: str) -> None:
        params = notice.params
        rnd = next(r for r in step.after.rounds if (r.day, r.round) == (step.before.day, params["round"]))
        lines = _keyrefs(params["ballots"])
        kinds = {line.key for line in lines}
        assert kinds <= BALLOT_LINES, f"ballot lines {kinds} ({where})"
        if rnd.public:
            assert kinds <= {"vote.line.drawn"}, f"a show of hands repeats its ballots at the close ({where})"
        if "vote.line.drawn" in kinds:
            assert option(step.after, "afkBallot") == "random", f"a drawn ballot without afkBallot ({where})"
        shown = self.shown.setdefault((rnd.day, rnd.round), [])
        shown += [_pair(line.params) for line in lines]
        cast = [(b.voter, b.target) for b in rnd.ballots]
        assert Counter(shown) == Counter(cast), f"ballots shown {shown} ≠ cast {cast} ({where})"
        counts = {_seat(c.params["player"]): c.params["votes"] for c in _keyrefs(params["counts"])}
        visible = Counter(b.target for b in rnd.ballots if b.target is not None)
        assert counts == dict(visible), f"counts {counts} ≠ one per ballot {dict(visible)} ({where})"
        missing = sorted(seats_named(params.get("missing", [])))
        assert missing == sorted(rnd.no_ballot), f"missing {missing} ≠ {rnd.no_ballot} ({where})"


def _pair(params: dict[str, Any]) -> tuple[int, int | None]:
    """A posted ballot: the voter and the seat named (None: an abstention, ``freeBallot``)."""
    target = params["target"]
    abstained = isinstance(target, KeyRef) and target.key == "vote.abstain"
    return _seat(params["voter"]), None if abstained else _seat(target)


def _seat(ref: Any) -> int:
    assert isinstance(ref, PlayerRef), ref
    return ref.seat


def _keyrefs(value: Any) -> list[KeyRef]:
    assert isinstance(value, list)
    return [v for v in value if isinstance(v, KeyRef)]


def _team(step: Step, notice: Notice, where: str) -> None:
    before = step.before
    phase = before.phase
    # The wolves meet in their channel when the game starts (§6.2 step 1), then only at night (and in the
    # role check when collusion is open). At the start the seats are those just dealt.
    assert phase in ("lobby", "role_check", "night"), f"team notice in {phase} ({where})"
    players = step.after.players if phase == "lobby" else before.players
    wolves = {p.seat for p in players if p.role == "wolf_member" and (phase != "night" or p.alive)}
    lover = {p.seat for p in players if p.role == "lover"}
    allowed = wolves | (lover if phase == "role_check" and option(before, "allowCollusion") else set())
    assert set(notice.to.seats) <= allowed, f"team notice to {set(notice.to.seats) - allowed} ({where})"
    for level in walk(notice):
        assert not level.refs()[1], f"a role in the team channel ({where})"


def _private(step: Step, notice: Notice, where: str) -> None:
    before, after = step.before, step.after
    elected = {r.seat for r in after.filled}
    if notice.key.startswith("result."):
        assert before.phase == "night", f"a result outside the night ({where})"
        assert after.night is None, f"a result before the night's end ({where})"
    seats = notice.to.seats or tuple(p.seat for p in after.players if p.user_id == notice.to.user_id)
    for seat in seats:
        mine = after.players[seat - 1].role
        for level in walk(notice):
            owner = level.owner
            if owner.startswith("result.") or owner in KNOWS:
                allowed = KNOWS.get(owner, "reporter")
                assert mine == allowed, f"{owner} told to seat {seat}, a {mine} ({where})"
            named, hidden = level.refs()
            if hidden and named:
                assert named <= elected | {seat}, f"seat {seat} told roles of {named - elected} ({where})"
                if named == {seat}:
                    assert hidden == [RoleRef(id=mine)], f"seat {seat} told it is {hidden} ({where})"
