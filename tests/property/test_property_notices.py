"""Random whole games of 徒桜戦争: no notice leaks hidden information [ADZ-11.9], and every notice and
button can be said in Japanese and English (core/i18n)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.result import Accepted
from core.i18n import render, render_action
from tests.property.leaks import assert_no_leak
from tests.property.playout import PROFILE, Step, play

pytestmark = [pytest.mark.property, pytest.mark.slow]
LOCALES = ("ja", "en")


@settings(PROFILE, max_examples=2 * PROFILE.max_examples)
@given(st.data())
def test_no_notice_leaks_hidden_information(data: st.DataObject) -> None:
    """[ADZ-11.9], A07, A08, A11, A61: see ``tests/property/leaks.py`` for what each audience may hear."""

    def check(step: Step) -> None:
        if isinstance(step.outcome, Accepted):
            assert_no_leak(step.before, step.outcome.notices, step.after)

    play(data, check)


def render_problems(step: Step) -> set[str]:
    """Every notice and button label of ``step`` that does not render in ja or en, as messages."""
    if not isinstance(step.outcome, Accepted):
        return set()
    names = {p.seat: p.name for p in step.after.players}
    problems = set()
    for notice in step.outcome.notices:
        for locale in LOCALES:
            try:
                render(notice, locale, "adazakura")
            except KeyError as missing:
                problems.add(f"{locale}: notice {notice.key}: {missing}")
            for action in notice.actions:
                try:
                    render_action(action, locale, "adazakura", names)
                except KeyError as missing:
                    problems.add(f"{locale}: button {action.kind}: {missing}")
    return problems


@settings(PROFILE)
@given(st.data())
def test_every_notice_and_button_renders_in_japanese_and_english(data: st.DataObject) -> None:
    """A notice the catalogs cannot say would reach the player as an error instead of a message."""
    problems: set[str] = set()
    play(data, lambda step: problems.update(render_problems(step)))
    assert not problems, "\n".join(sorted(problems))
