"""The never-leak check of 徒桜戦争 [ADZ-11.9], reusable by any test that has notices and a state.

``assert_no_leak(state_before, notices)`` fails with a readable message if a notice tells someone what
they may not know while the game runs:

- public: no Megami or faction (RoleRef / FactionRef, also inside KeyRef params) before the end (A07,
  A61), except claims: the CO board and ``co.posted`` (what a player claimed, [ADZ-3.6]), Saine's
  ``skip.used`` reveal [ADZ-9.2] and Kanae's ``deduce.revealed`` [ADZ-10.2], and at a table with the
  host's ``morning_megami`` the dead's Megami at the morning (``morning.death``, never a faction); no
  param about ballots or counts of votes (A11); no cause of death (A07); once the game is over, the final
  announcement and the recap tell everything [ADZ-10.3], [ADZ-11.11];
- team: only living Adazakura-faction seats, and no Megami or faction [ADZ-11.6], (A03);
- a seat (or a user's 1:1 chat): another seat's Megami or faction only in ability results (``result.*``
  lines of ``night.results``, a ``result.*`` notice told at once by an instant ability, or of the role
  card's replay of the seat's own ledger); the role card only
  for its own seat, with the team list for Adazakura-faction seats only [ADZ-4.4];
- a seat that was already dead gets no night results and no team messages (A08).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from core.engine import ledger
from core.engine.notice import FactionRef, KeyRef, Notice, Param, PlayerRef, RoleRef
from core.games.adazakura.model import AdzState
from core.games.adazakura.settings import rule
from tests.property.notices import assert_afterlife

#: Keys whose Megami are claims, not truths (the CO board, [ADZ-11.7]; a deducer's own answers,
#: [ADZ-10.2]) or a sanctioned reveal (A48, A44).
CLAIMS = frozenset({
    "co.posted", "board", "board.line", "board.line.verified", "skip.used",
    "deduce.revealed", "deduce.line", "deduce.line.revealed",
})  # fmt: skip
#: The final announcement with every seat's Megami and faction [ADZ-10.3]: a win, or a draw.
END = frozenset({"end.result", "end.draw"})
#: The recap after it: every action, ballot (with weights) and death with its cause [ADZ-11.11].
RECAP = frozenset({"recap.night", "recap.night.more", "recap.day", "recap.day.more"})
CARD = frozenset({"role.card", "role.card.team"})
#: The morning's line naming a dead player's dealt Megami (``morning_megami``, [ADZ-5.4] as printed).
MORNING = frozenset({"morning.death"})
BALLOT_PARAM = re.compile(r"ballot|vote|tally|weight|^sums?$|score", re.IGNORECASE)
CAUSE = re.compile(r"cause|killer|killed_by|^by$", re.IGNORECASE)


@dataclass(frozen=True)
class Level:
    """One params dict of a notice: the key that owns it (the notice's or a KeyRef's) and its refs."""

    owner: str
    params: dict[str, Param]
    inside: tuple[str, ...]

    def refs(self, exclude: frozenset[str] = frozenset()) -> tuple[set[int], list[RoleRef | FactionRef]]:
        """(seats named by PlayerRefs, Megami and factions) directly at this level."""
        seats: set[int] = set()
        hidden: list[RoleRef | FactionRef] = []
        for name, value in self.params.items():
            if name in exclude:
                continue
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, PlayerRef):
                    seats.add(item.seat)
                elif isinstance(item, (RoleRef, FactionRef)):
                    hidden.append(item)
        return seats, hidden


def levels(key: str, params: dict[str, Param], inside: tuple[str, ...] = ()) -> Iterator[Level]:
    """Every params dict of a notice, its own first, then each nested KeyRef's (depth first)."""
    yield Level(key, params, inside)
    for value in params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, KeyRef):
                yield from levels(item.key, item.params, (*inside, key))


def assert_no_leak(
    state_before: AdzState, notices: Iterable[Notice], state_after: AdzState | None = None
) -> None:
    """Fail if any notice leaks hidden information (see the module docstring).

    ``state_before``: the state ``decide`` was given (who is alive, who holds what). ``state_after``: the
    new state, needed when the command dealt the game (seats are read from it then) and to allow the final
    announcement, which must come with the end of the game. Raises ``AssertionError``.
    """
    if state_before.is_over:
        return
    table = state_before if state_before.players else state_after
    ended = state_after is not None and state_after.is_over
    claims = CLAIMS | (MORNING if rule(state_before, "morning_megami") else frozenset())
    notices = list(notices)
    if state_after is not None:
        assert_afterlife(state_before, notices, state_after)
    for notice in notices:
        where = f"{notice.key} to {notice.to.kind} {notice.to.seats or notice.to.user_id or ''}"
        if notice.to.kind == "public":
            _check_public(notice, ended, where, claims)
        elif notice.to.kind != "afterlife" and table is not None and table.players:
            _check_private(table, notice, where)


def _check_public(notice: Notice, ended: bool, where: str, claims: frozenset[str]) -> None:
    if ended and notice.key in END | RECAP:
        return
    for level in levels(notice.key, notice.params):
        _, hidden = level.refs()
        megami_only = level.owner not in MORNING or all(isinstance(h, RoleRef) for h in hidden)
        allowed = (level.owner in claims and megami_only) or (ended and notice.key in END)
        assert not hidden or allowed, f"public leak of {hidden} in {level.owner} ({where})"
        for name in level.params:
            assert not BALLOT_PARAM.search(name), (
                f"public ballot/count param {name!r} in {level.owner} ({where})"
            )
            assert not CAUSE.search(name), f"public cause-of-death param {name!r} in {level.owner} ({where})"
        assert not CAUSE.search(level.owner), f"public cause of death {level.owner!r} ({where})"


def recipients(table: AdzState, notice: Notice) -> list[int]:
    if notice.to.kind == "user":
        return [p.seat for p in table.players if p.user_id == notice.to.user_id]
    return list(notice.to.seats)


def _check_private(table: AdzState, notice: Notice, where: str) -> None:
    if notice.to.kind == "team":
        team = {p.seat for p in table.players if p.alive and p.faction == "adazakura"}
        assert set(notice.to.seats) <= team, (
            f"team notice to non-members {set(notice.to.seats) - team} ({where})"
        )
        for level in levels(notice.key, notice.params):
            assert not level.refs()[1], f"Megami/faction in the team channel: {level.owner} ({where})"
        return
    for seat in recipients(table, notice):
        me = table.players[seat - 1]
        if not me.alive:
            assert notice.key != "night.results", f"night results to dead seat {seat} ({where})"
        if notice.key in CARD:
            _check_card(table, seat, notice, where)
            continue
        for level in levels(notice.key, notice.params):
            seats, hidden = level.refs()
            if not hidden or seats <= {seat} or level.owner in CLAIMS:
                continue
            # A result line at dawn, or told on its own at once (Kururu's instant look, [ADZ-3.10]).
            in_results = level.owner.startswith("result.") and notice.key in ("night.results", level.owner)
            assert in_results, (
                f"seat {seat} told {hidden} of seats {seats - {seat}} in {level.owner} ({where})"
            )


def _check_card(table: AdzState, seat: int, notice: Notice, where: str) -> None:
    """The role card is the seat's own: its Megami, faction, the team list if Adazakura, its own ledger."""
    me = table.players[seat - 1]
    params = notice.params
    player = params.get("player")
    assert isinstance(player, PlayerRef), f"role card without its player to seat {seat}"
    assert player.seat == seat, f"role card of {player} to seat {seat}"
    assert params.get("megami") == RoleRef(id=me.megami), f"seat {seat}'s card shows {params.get('megami')}"
    faction = FactionRef(id=me.faction)
    shown = KeyRef(key="faction.madman", params={"faction": faction}) if me.madman else faction
    assert params.get("faction") == shown, f"seat {seat}'s card shows {params.get('faction')}"
    team = params.get("team")
    if me.faction != "adazakura":
        assert not team, f"team list on the card of non-Adazakura seat {seat} ({where})"
    elif team:
        assert isinstance(team, list)
        shown = {t.seat for t in team if isinstance(t, PlayerRef)}
        assert shown <= {p.seat for p in table.players if p.faction == "adazakura"}, f"bad team list {shown}"
    lines = params.get("lines") or []
    assert isinstance(lines, list)
    learned = ledger.read(me.ledger)
    for line in lines:
        assert line in learned, f"seat {seat}'s card replays {line} that is not in its ledger ({where})"
    for level in levels(notice.key, params):
        seats, hidden = level.refs(exclude=frozenset({"team"}) if level.owner in CARD else frozenset())
        ok = not hidden or seats <= {seat} or level.owner.startswith("result.") or level.owner in CLAIMS
        assert ok, f"seat {seat}'s card tells {hidden} of seats {seats - {seat}} in {level.owner} ({where})"
