"""Host settings of a 徒桜戦争 game and their defaults [ADZ-11.8], [ADZ-4.3], (A37).

``settings`` is a plain dict in the state: ``timers`` (seconds per phase), ``k`` (Adazakura-side count
override), ``pool`` (Megami that may be dealt), ``shinra_k`` (cards per Shinra deck look), ``setup`` (test
mode, [ADZ-11.10]).
"""

from __future__ import annotations

from core.engine.notice import PUBLIC, Notice, Param, RoleRef, Scalar
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games.adazakura.megami import TAROTS
from core.games.adazakura.roles import implemented

#: Megami always dealt, so always in the pool [ADZ-4.2].
ALWAYS = "yatsuha"
#: The smallest pool a host may set: enough Megami for the smallest table [ADZ-4.1].
MIN_POOL = 4

#: Default phase lengths in seconds [ADZ-11.8].
TIMERS: dict[str, int] = {
    "night0": 120,
    "night": 120,
    "discussion": 300,
    "vote": 60,
    "runoff": 45,
    "deduction": 300,
}


def timer(state: TableState, phase: str) -> int:
    """Seconds for ``phase`` (a key of :data:`TIMERS`), from the host's settings or the default."""
    return int(state.settings.get("timers", {}).get(phase, TIMERS[phase]))


def shinra_k(state: TableState) -> int:
    """Cards per Shinra deck look: 3 by default, host-settable 1-5 (A37)."""
    value = int(state.settings.get("shinra_k", 3))
    return value if 1 <= value <= 5 else 3


def pool(state: TableState) -> tuple[str, ...]:
    """Megami that may be dealt, in table order: the host's pool, or every implemented Megami [ADZ-4.2]."""
    chosen = state.settings.get("pool")
    have = implemented()
    return tuple(m for m in have if m in chosen) if chosen else have


def configure_pool(state: TableState, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/pool``: no values shows the pool; ``all`` deals from every Megami again; Megami ids limit the
    deal to them (Yatsuha is always added). Refuses an unknown id (``megami.unknown``) and a pool too
    small for the smallest table (``pool.too_small``)."""
    if values == ("all",):
        state.settings.pop("pool", None)
    elif values:
        unknown = [v for v in values if v not in TAROTS]
        if unknown:
            return Rejected(reason="megami.unknown")
        chosen = {ALWAYS, *values}
        if len(chosen) < MIN_POOL:
            return Rejected(reason="pool.too_small", params={"min": MIN_POOL})
        state.settings["pool"] = [m for m in TAROTS if m in chosen]
    dealt = pool(state)
    key = "lobby.pool.limited" if state.settings.get("pool") else "lobby.pool.all"
    megami: list[Scalar] = [RoleRef(id=m) for m in dealt]
    params: dict[str, Param] = {"megami": megami, "count": len(dealt)}
    return [Notice(key=key, to=PUBLIC, params=params, phase_seq=state.phase_seq)]
