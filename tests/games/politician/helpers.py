"""Shortcuts for the scenario tests of ``politician.md`` §6.7-§8 (election, returns, night, victory,
reveal, visibility), on top of :mod:`tests.games.politician.table` (which they do not change)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from core.engine.commands import Say
from core.engine.notice import KeyRef, Notice, PlayerRef, RoleRef
from core.engine.result import Rejected
from tests.games.politician.table import RULES, Heard, Move, Table


def eligible(t: Table) -> list[int]:
    """Today's eligible voters and candidates (§5.1): active and not excluded."""
    return [p.seat for p in t.state.players if p.eligible]


def ballots_for(t: Table, winner: int) -> dict[int, int]:
    """Every eligible voter votes for ``winner``, who votes for the lowest other voter: a clear majority
    with four or more voters, whoever holds the chairman's double ballot."""
    voters = eligible(t)
    other = next(v for v in voters if v != winner)
    return {v: other if v == winner else winner for v in voters}


def elect(t: Table, *winners: int) -> Table:
    """One whole day per seat of ``winners``, each electing that seat by a clear vote; a night still open
    before a day passes with nobody acting (no negative campaign). Ends after the last day (its policy
    speech closed by its timer if the game goes on); ``t.heard`` then holds that whole day. Pending
    candidacy statements or a policy speech still open end by their timers first."""
    for winner in winners:
        if t.state.phase == "candidacy":
            t.candidacy()
        if t.state.phase == "policy_speech":
            t.close()
        if t.state.phase == "night":
            t.night()
        t.day(ballots_for(t, winner))
    return t


def game_over(t: Table) -> Heard:
    """The public ``game.over`` notice of the last step."""
    return t.first("game.over")


def ended(t: Table) -> tuple[str, str, list[int]]:
    """(winning camp, reason, winners) as announced in ``game.over``."""
    params = game_over(t).params
    return (
        params["camp"][0].removeprefix("camp."),
        params["reason"][0].removeprefix("end."),
        params["winners"],
    )


def prompted(t: Table, key: str = "night.prompt") -> list[int]:
    """Seats whose 1:1 chat got a ``key`` notice during the last step."""
    return sorted(p.seat for p in t.state.players if key in t.said(p.seat))


def buttons(t: Table, seat: int, key: str) -> list[Move]:
    """The buttons under the last ``key`` notice of ``seat``'s 1:1 chat during the last step."""
    found = [n for n in t.heard if n.key == key and n.to.kind == "seat" and seat in n.to.seats]
    assert found, f"seat {seat} got no {key}"
    return [(a.kind, *a.args) for a in found[-1].actions]


def say(t: Table, seat: int, text: str) -> Table:
    """``seat`` writes ``text`` to the bot in their 1:1 chat (relayed when collusion is open, AMB-48) as
    a new step; it must be accepted."""
    return t.step(Say(user_id=t.uid(seat), text=text))


def say_refused(t: Table, seat: int, text: str) -> str:
    """The reason ``seat``'s relayed text is refused; checks that the refusal changed nothing."""
    before = t.state.model_dump()
    outcome = RULES.decide(t.state, Say(user_id=t.uid(seat), text=text), now=t.now)
    assert isinstance(outcome, Rejected), f"seat {seat}'s text was accepted"
    assert t.state.model_dump() == before
    return outcome.reason


def role_claims(notice: Notice) -> Iterator[tuple[int | None, str]]:
    """Every role a notice names, with the player named beside it in the same phrase (None when none):
    ``(seat, role id)`` for each params dict holding a :class:`RoleRef`, sub-phrases included."""
    yield from _claims(notice.params)


def _claims(params: Mapping[str, Any]) -> Iterator[tuple[int | None, str]]:
    player = next((v.seat for v in params.values() if isinstance(v, PlayerRef)), None)
    for value in params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, RoleRef):
                yield player, item.id
            elif isinstance(item, KeyRef):
                yield from _claims(item.params)
