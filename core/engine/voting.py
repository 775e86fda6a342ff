"""Weighted plurality voting shared by the games: tally, top candidates, and the runoff question.

A ballot names a candidate (an int) or abstains (``None``); each voter's weight is an int ≥ 0.
"""

from __future__ import annotations

from collections.abc import Mapping


def tally(ballots: Mapping[int, int | None], weights: Mapping[int, int]) -> dict[int, int]:
    """Sum of weights per named candidate (candidates with only weight-0 ballots appear with 0)."""
    sums: dict[int, int] = {}
    for voter, choice in ballots.items():
        if choice is not None:
            sums[choice] = sums.get(choice, 0) + weights.get(voter, 1)
    return sums


def leaders(sums: Mapping[int, int]) -> list[int]:
    """Candidates sharing the largest sum M, ascending; empty when M is 0 or nobody was named
    ([ADZ-8.4]: M = 0 means no exile)."""
    top = max(sums.values(), default=0)
    return [] if top == 0 else sorted(c for c, v in sums.items() if v == top)
