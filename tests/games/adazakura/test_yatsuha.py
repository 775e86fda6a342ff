"""Yatsuha's Eight-Leaf Mirror [ADZ-9.16] (A57, A73): two looks or one, on night 0 only."""

from __future__ import annotations

import pytest

from tests.games.adazakura.table import table

pytestmark = pytest.mark.scenario

FIVE = "yatsuha/A saine/A shinra/S megumi/S himika/S"


def test_adz_9_16_two_looks() -> None:
    t = table(FIVE).night({1: ("night.yatsuha", 3, 5)})
    assert t.results(1) == [
        ("result.megami", {"target": 3, "megami": "shinra"}),
        ("result.megami", {"target": 5, "megami": "himika"}),
    ]


def test_adz_9_16_a73_one_look() -> None:
    t = table(FIVE).night({1: ("night.yatsuha", 4)})
    assert t.results(1) == [("result.megami", {"target": 4, "megami": "megumi"})]


def test_adz_9_16_a57_two_different_other_players_teammates_allowed() -> None:
    t = table(FIVE)
    assert ("night.yatsuha", 2) in t.offered(1)
    assert t.refused(1, "night.yatsuha", 1) == "action.illegal"
    assert t.refused(1, "night.yatsuha", 3, 3) == "action.illegal"
    assert t.refused(1, "night.yatsuha", 1, 3) == "action.illegal"


def test_adz_9_16_pair_in_any_order() -> None:
    t = table(FIVE).night({1: ("night.yatsuha", 5, 3)})
    assert len(t.results(1)) == 2


def test_adz_9_16_night0_only() -> None:
    t = table(FIVE).night().day()
    assert not any(move[0] == "night.yatsuha" for move in t.offered(1))
    assert t.refused(1, "night.yatsuha", 3) == "action.illegal"
