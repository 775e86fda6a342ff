"""Random whole games of each game with the ``printed`` preset (every reading of the original text on,
``/option preset printed``): bots and hypothesis draw only from ``legal_actions``, so every choice the
readings add (Renri's removal, Utsuro's and Honoka's deck parts, an abstention, a declined Exchange, the
Shinigami before the draw) is played; no move offered is refused, every game ends, nothing leaks and every
notice renders in both languages."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.commands import Act
from core.engine.result import Accepted
from core.games.adazakura.settings import OPTIONS as ADAZAKURA
from core.games.deathnote.settings import OPTIONS as DEATHNOTE
from core.games.politician.settings import OPTIONS as POLITICIAN
from tests.property import deathnote_playout, politician_playout
from tests.property.deathnote_checks import assert_ended, check_step
from tests.property.leaks import assert_no_leak
from tests.property.playout import MAX_STATE_BYTES, PROFILE, Step, play
from tests.property.politician_checks import (
    NoLeak,
    assert_buttons_legal,
    assert_prompts,
    assert_seats_and_winner,
)
from tests.property.test_politician_games import assert_ended_once
from tests.property.test_property_notices import render_problems

pytestmark = [pytest.mark.property, pytest.mark.slow]


@settings(PROFILE, max_examples=30)
@given(st.data())
def test_adazakura_as_printed_ends_without_a_refused_move_or_a_leak(data: st.DataObject) -> None:
    """[ADZ-2.6] without the draw valve: a side (or Renri alone) wins; [ADZ-11.9] with the dead's Megami
    named at the morning; every drawn action accepted; every notice said in ja and en."""
    problems: set[str] = set()

    def check(step: Step) -> None:
        if isinstance(step.command, Act):
            assert isinstance(step.outcome, Accepted), f"{step.command.action} refused: {step.outcome}"
        if isinstance(step.outcome, Accepted):
            assert_no_leak(step.before, step.outcome.notices, step.after)
            problems.update(render_problems(step))
        assert len(step.after.model_dump_json().encode()) < MAX_STATE_BYTES

    final = play(data, check, options=dict(ADAZAKURA.printed)).final
    assert final.phase == "ended"
    assert final.result in ("sakura", "adazakura", "renri"), "no draw without the valve"
    assert not problems, "\n".join(sorted(problems))


@settings(PROFILE, max_examples=30)
@given(politician_playout.games(custom=None))
def test_politician_as_printed_ends_with_the_winner_its_seats_give(game: politician_playout.Game) -> None:
    """§7 as usual with self-votes, abstentions, a guard who may protect himself and a negative campaign
    every night: prompts uniform, buttons legal, nothing leaks (§8), the winner the seats give."""
    printed = dataclasses.replace(game, options={**game.options, **POLITICIAN.printed})
    leak = NoLeak()

    def check(step: politician_playout.Step) -> None:
        leak(step)
        assert_prompts(step)
        assert_buttons_legal(step)

    assert_seats_and_winner(assert_ended_once(printed, check).final)


@settings(PROFILE, max_examples=40)
@given(deathnote_playout.games())
def test_deathnote_as_printed_keeps_every_invariant_and_ends(game: deathnote_playout.Game) -> None:
    """§1.4 cards, §4.2 hand sizes (one fewer while a Shinigami played first waits for its draw), legal
    moves and buttons, §11.2 uniform prompts, §11.6 no leak; the end without a round limit, one L enough
    at 6 players."""
    printed = dataclasses.replace(game, options={**game.options, **DEATHNOTE.printed})
    assert_ended(deathnote_playout.play(printed, check_step))
