"""A whole game in a LINE group in push mode (``LINE_DELIVERY=push``, an operator setting for paid plans;
issue 5, "Push mode"), played only through the LINE webhook against the fake LINE API, on moto.

Messages that no reply token can carry (the timer's announcements, private prompts made by another
player's tap) are pushed, and each push is counted as LINE bills it (one per recipient: a push to the
group counts every member). With a small per-game budget the game still completes: once the budget is
spent, messages wait for their chat's next event, as in free mode, and nothing is lost.
"""

from __future__ import annotations

import pytest

from tests.e2e.line_bots import assert_all_delivered, counted_pushes, played_game

pytestmark = [pytest.mark.aws, pytest.mark.slow]

#: A push budget that runs out early in a game of 8: one group push costs 8 (every member counts).
SMALL_BUDGET = 12


def test_in_push_mode_pushes_are_counted_and_everything_arrives() -> None:
    with played_game("adazakura", 8, "push") as whole:
        fake, figures = whole.table.fake, whole.figures

        assert whole.table.state().is_over
        assert fake.pushed() > 0
        assert counted_pushes(whole.table) == fake.pushed(), "the game counted what LINE bills"
        assert figures.push_calls == len(fake.calls_to("push"))
        assert_all_delivered(whole)
    print(figures)


def test_with_a_small_push_budget_the_game_completes_and_the_rest_goes_by_reply() -> None:
    with played_game("adazakura", 8, "push", push_budget=SMALL_BUDGET) as whole:
        fake = whole.table.fake

        assert whole.table.state().is_over
        assert 0 < fake.pushed() <= SMALL_BUDGET
        assert counted_pushes(whole.table) == fake.pushed()
        posted = whole.table.posted
        spent = max(i for i, p in enumerate(posted) if any(d.via == "push" for d in p.delivered))
        held = [p for p in posted[spent:] if p.event is None and not p.delivered]
        assert held, "no timer's messages waited for a reply once the budget was spent"
        assert_all_delivered(whole)
    print(whole.figures)
