"""Retrying a commit that lost a version race (the game item's conditional write, docs/storage.md): each
retry decides again on the game as it then stands, the first at once on the item the refusal carried, the
later ones after a jittered backoff, so a crowd of racers on one item spreads out instead of retrying in
lockstep (AWS Architecture Blog, "Exponential Backoff And Jitter"). Times are seconds.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from handlers import decision
from handlers.decision import Loaded
from infra.store import GameStore, VersionConflict

#: Commits retried on version conflicts before giving up (each retry decides again on the game as it stands).
MAX_ATTEMPTS = 20
#: Backoff after the second and later conflicts of one input (seconds): full jitter, a draw in
#: [0, min(BACKOFF_CAP, BACKOFF_BASE * 2 ** (n - 1))) for the n-th retry (AWS Architecture Blog, "Exponential
#: Backoff And Jitter"). Base about one read-decide-write of a Lambda (10-30 ms), so that racers spread over
#: a few of those; at most 20 attempts wait under 8 s in all, well within the function's timeout.
BACKOFF_BASE = 0.02
BACKOFF_CAP = 0.5


_JITTER = random.Random()  # the shell's own draws (never the core's seeded Rng)


def jittered(retry: int) -> float:
    """Seconds to wait before the ``retry``-th (1-based) retry of a crowded commit (:data:`BACKOFF_BASE`)."""
    return _JITTER.uniform(0.0, min(BACKOFF_CAP, BACKOFF_BASE * 2 ** (retry - 1)))


async def after_conflict(
    store: GameStore, conflict: VersionConflict, attempt: int, *, backoff: Callable[[int], float] = jittered
) -> Loaded | None:
    """The game to decide on again after the ``attempt``-th (0-based) commit of one input lost a version
    race (None: the game is gone). The first time, at once, on the item the refusal carried (two inputs at
    once: no read, no wait). Later a crowd is committing on the same item: deciding again on the version
    that just beat us only fails again, so it waits ``backoff(attempt)`` seconds and reads the game anew
    (a failed conditional write is billed as a write)."""
    if attempt == 0:
        return decision.reload(store, conflict)
    await asyncio.sleep(backoff(attempt))
    return decision.load(store, conflict.game_id)
