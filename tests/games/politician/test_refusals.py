"""Refusals that tell a player what to do instead (§6.9, §10.3): a night action of another role."""

from __future__ import annotations

from tests.games.politician.table import C13, Table, table


def night_one() -> Table:
    """C13 at Night 1 (P01 elected on Day 1)."""
    t = table(C13, rng=[8]).candidacy().campaign()
    t.vote({v: 1 if v != 1 else 2 for v in range(1, 14)})
    t.close()  # the policy speech
    assert t.phase == ("night", 1)
    return t


def test_6_9_only_wolves_choose_the_negative_campaign() -> None:
    t = night_one()
    assert t.refused(7, "kill", 3) == "night.kill_wolves_only"  # the guard
    assert t.refused(2, "kill", "none") == "night.kill_wolves_only"  # a human


def test_6_9_a_night_action_of_another_role_is_refused_with_its_reason() -> None:
    t = night_one()
    assert t.refused(9, "night.protect", 3) == "night.not_your_action"  # the wolf
    assert t.refused(7, "night.investigate", 3) == "night.not_your_action"  # the guard
    # The guard's own action on an invalid target keeps the target reason.
    assert t.refused(7, "night.protect", 7) == "target.invalid"
