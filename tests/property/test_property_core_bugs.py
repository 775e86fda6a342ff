"""Core bugs found by the random playouts of this package, each as a minimal reproduction.

Each test states the behaviour a player or operator relies on. An open bug is marked
``xfail(strict=True)`` (once the core is fixed the test passes and the strict marker fails the run, so the
marker is removed); fixed bugs stay as plain regression tests.
"""

from __future__ import annotations

import pytest

from core.engine.commands import Act
from core.engine.notice import Action
from core.engine.result import Accepted, Rejected
from core.games.adazakura.model import AdzState
from tests.property.playout import MAX_STATE_BYTES, RULES, START, dealt, timer, user

pytestmark = pytest.mark.property


def tap(state: AdzState, seat: int, action: Action) -> object:
    command = Act(user_id=user(seat), action=action, phase_seq=state.phase_seq)
    return RULES.decide(state, command, now=state.deadline_at - 1 if state.deadline_at else START)


def test_a_forged_oboro_tap_without_arguments_is_refused() -> None:
    """Was an IndexError in ``Oboro.refusal`` (fixed in f02cad0): ``decide`` never raises for player input."""
    state = dealt("yatsuha/A oboro/S himika/S megumi/S")
    outcome = tap(state, 2, Action(kind="night.oboro"))
    assert isinstance(outcome, Rejected)


def test_a_forged_mizuki_tap_without_arguments_is_refused() -> None:
    """Was an IndexError in ``Mizuki.refusal`` (Sakura holder, night n >= 1; fixed in f02cad0)."""
    state = timer(timer(timer(dealt("yatsuha/A mizuki/S himika/S megumi/S"))))
    assert (state.phase, state.night and state.night.n) == ("night", 1)
    outcome = tap(state, 2, Action(kind="night.mizuki"))
    assert isinstance(outcome, Rejected)


def test_legal_actions_leaves_the_state_as_it_was() -> None:
    """``legal_actions`` is a read (GameRules: all functions are pure). Was: ``effects.memo`` used
    ``setdefault``, so an Adazakura Saine's skip button wrote ``memo["saine"] = {}`` and a stored game
    differed from its replay (fixed in 58848b6)."""
    state = timer(dealt("yatsuha/A saine/A himika/S mizuki/S megumi/S shinra/S"))
    assert state.phase == "discussion"
    before = state.model_dump()
    assert Action(kind="skip") in RULES.legal_actions(state, 2)
    assert state.model_dump() == before


def test_co_spam_in_one_discussion_keeps_the_state_under_64_kb() -> None:
    """Was: every /co was kept with no limit, so ~550 taps of one CO button in a 300 s discussion pushed
    the state past 64 KB (and flooded the group). Now capped per player and day (J08, 58848b6): further
    taps are refused and the state stays small."""
    state = timer(dealt("yatsuha/A himika/S megumi/S shinra/S"))
    assert state.phase == "discussion"
    claim = Action(kind="co", args=("kanae",))
    for _ in range(600):  # two taps a second for the default 300 s discussion [ADZ-11.8]
        outcome = tap(state, 2, claim)
        if isinstance(outcome, Accepted):
            state = outcome.state
    assert len(state.model_dump_json().encode()) < MAX_STATE_BYTES
