"""Seeded randomness carried in the game state.

The state holds the generator's whole state (one 64-bit integer), so a game replays exactly from its seed
and its commands. In test mode ([ADZ-11.10]) a script of indices is consumed before the generator is used.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
#: SplitMix64's increment and its two mixing multipliers.
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: ``_LIMITS[n]``: the largest multiple of ``n`` up to 2**64, the rejection bound of a draw from ``range(n)``
#: (:func:`_limit`), for the sizes the games draw from (seats, cards, options): two of the dozen
#: big-integer operations of a draw.
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(65))


class ScriptExhausted(ValueError):
    """Raised when a test script names an index outside the set drawn from."""


class Rng(BaseModel):
    """SplitMix64 generator; ``state`` is the only thing stored (UTC-free, I/O-free).

    ``script``: indices returned, in order, by the next draws (test mode). Each index must be below the size
    of the set it is drawn from, else :class:`ScriptExhausted` is raised.
    """

    state: int = 0
    script: list[int] = Field(default_factory=list)

    def below(self, n: int) -> int:
        """A uniform index in ``range(n)``; ``n`` ≥ 1."""
        if n < 1:
            raise ValueError("cannot draw from an empty set")
        if self.script:
            return self._scripted(n)
        self.state, index = _bounded(self.state, n)
        return index

    def _scripted(self, n: int) -> int:
        i = self.script.pop(0)
        if not 0 <= i < n:
            raise ScriptExhausted(f"scripted index {i} outside range({n})")
        return i

    def choice(self, items: list[T]) -> T:
        """One element of ``items`` drawn uniformly (items in the caller's order, e.g. ascending seats)."""
        return items[self.below(len(items))]

    def shuffled(self, items: list[T]) -> list[T]:
        """A new list with ``items`` in a uniformly random order (Fisher-Yates, one draw per position).
        The same draws as :meth:`below` one by one; the generator's state is written back once."""
        out = list(items)
        if self.script:
            for i in range(len(out) - 1, 0, -1):
                j = self.below(i + 1)
                out[i], out[j] = out[j], out[i]
            return out
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            state, j = _bounded(state, i + 1)
            out[i], out[j] = out[j], out[i]
        self.state = state
        return out

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)


def _bounded(state: int, n: int) -> tuple[int, int]:
    """SplitMix64 from ``state``: ``(new state, a uniform index in range(n))``, rejecting the draws above
    the largest multiple of ``n`` (no modulo bias)."""
    limit = _LIMITS[n] if n < len(_LIMITS) else _limit(n)
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < limit:
            return state, z % n


def _limit(n: int) -> int:
    """The largest multiple of ``n`` up to 2**64: a draw at or above it is rejected."""
    return _SPAN - _SPAN % n
