"""Notices as the leak checkers (``tests/property/<game>_checks.py``) read them and as their tests
(``tests/property/test_<game>_leaks.py``) build them by hand: :func:`addressed` walks a step's notices with
a label saying where each went, :func:`seats_named` finds the seats a param names; the builders make a
step of notices, each to the group, one seat or a team, with params as the rules give them (seats as
:class:`PlayerRef` named ``P<seat>``, nested keys as :class:`KeyRef`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from core.engine.notice import PUBLIC, KeyRef, Notice, PlayerRef, to_seat, to_team
from core.engine.result import Accepted
from core.games import rules_for
from handlers.outbox import recipients
from tests.property.playing import Step


def addressed(step: Step[Any]) -> Iterator[tuple[Notice, str]]:
    """Each notice of ``step`` with where it went (``"<key> to <kind> <seats> (<phase> → <phase>)"``); none
    once the game was over before the step (the final announcement and recap tell everything)."""
    if step.before.is_over:
        return
    moved = f"{step.before.phase} → {step.after.phase}"
    for notice in step.outcome.notices:
        yield notice, f"{notice.key} to {notice.to.kind} {notice.to.seats} ({moved})"


#: What the 霊界 relays (``core.engine.afterlife``): only ever to the ``afterlife`` audience.
AFTERLIFE_KEYS = frozenset({"afterlife.say", "afterlife.say.spectator"})
#: What a spectator is told in the 1:1 chat that hides nothing: anything else (``afterlife.roles``,
#: ``afterlife.night``) only while muted with 霊界表示 on (``core.engine.afterlife.seeing``).
SPECTATOR_KEYS = frozenset(
    {"watch.welcome", "watch.welcome.closed", "watch.left", "afterlife.sent", "watch.list"}
)


def assert_afterlife(before: Any, notices: list[Notice], after: Any) -> None:
    """Issue 24 §1 on one step while the game runs: a notice to the 霊界 (``afterlife``) relays a 霊界
    text and names only seats out of the table (not ``alive``) and not kicked, before and after the step,
    so the shell's expansion (those seats' users and the spectators) never reaches a living seat; a 霊界
    text goes to no other audience. Raises ``AssertionError`` with where it went."""
    if before.is_over or not after.players:
        return
    rules = rules_for(after.game)
    watching = {m.user_id for m in [*before.spectators, *after.spectators]}
    seeing = {  # muted with 霊界表示 on while the game ran, before the step or after it (one that ends it)
        user for state in (before, after) for user in rules.spectators_to_mute(state)
        if user in state.muted_spectators
    }  # fmt: skip
    for notice in notices:
        where = f"{notice.key} to {notice.to.kind} {notice.to.seats} ({before.phase} → {after.phase})"
        if notice.to.kind == "user" and notice.to.user_id in watching:
            # a spectator not muted is a living player (nothing hidden); a muted one sees what the dead see
            hidden = notice.key not in SPECTATOR_KEYS
            assert not hidden or notice.to.user_id in seeing, f"hidden to an unmuted spectator ({where})"
        if notice.to.kind != "afterlife":
            assert notice.key not in AFTERLIFE_KEYS, f"the 霊界 outside the 霊界 ({where})"
            continue
        assert notice.key in AFTERLIFE_KEYS, f"another text in the 霊界 ({where})"
        chats = set(recipients(rules, after, notice))
        living_users = {p.user_id for p in after.players if p.alive}
        assert not chats & living_users, f"the 霊界 to living users {chats & living_users} ({where})"
        for state in (before, after):
            living = {p.seat for p in state.players if p.alive} if state.players else set()
            assert not set(notice.to.seats) & living, (
                f"the 霊界 to living {set(notice.to.seats) & living} ({where})"
            )
            assert not set(notice.to.seats) & set(state.kicked), f"the 霊界 to a kicked seat ({where})"


def seats_named(value: Any) -> list[int]:
    """Seats of every PlayerRef in a param value, also inside lists and KeyRef params."""
    if isinstance(value, PlayerRef):
        return [value.seat]
    if isinstance(value, KeyRef):
        return [s for v in value.params.values() for s in seats_named(v)]
    if isinstance(value, list):
        return [s for v in value for s in seats_named(v)]
    return []


def ref(seat: int) -> PlayerRef:
    """Seat ``seat`` as a notice names it (``P<seat>``)."""
    return PlayerRef(seat=seat, name=f"P{seat}")


def key(name: str, **params: object) -> KeyRef:
    """The nested key ``name`` with ``params``."""
    return KeyRef(key=name, params=params)  # type: ignore[arg-type]


def public(name: str, **params: object) -> Notice:
    """Notice ``name`` to the group."""
    return Notice(key=name, to=PUBLIC, params=params)  # type: ignore[arg-type]


def private(seat: int, name: str, **params: object) -> Notice:
    """Notice ``name`` to seat ``seat`` alone."""
    return Notice(key=name, to=to_seat(seat), params=params)  # type: ignore[arg-type]


def team(seats: list[int], name: str, **params: object) -> Notice:
    """Notice ``name`` to the team of ``seats``."""
    return Notice(key=name, to=to_team(seats), params=params)  # type: ignore[arg-type]


def step(before: Any, *notices: Notice, after: Any = None) -> Step[Any]:
    """A step from ``before`` (to ``after``, default the same state) that said ``notices``; no command."""
    return Step(before, None, 0, Accepted(state=after or before, notices=list(notices)))
