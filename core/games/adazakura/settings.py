"""Host settings of a 徒桜戦争 game and their defaults [ADZ-11.8], [ADZ-4.3], (A37).

``settings`` is a plain dict in the state: ``options`` (the host options of :data:`OPTIONS`, set with
``/option <name> <value>`` or the group's ``/settings``: the phase timers, ``k`` and ``shinra_k``),
``pool`` (Megami that may be dealt, ``/pool``), ``setup`` (test mode, [ADZ-11.10]). The older keys
``timers`` (seconds per phase), ``k`` and ``shinra_k`` (scenario files, test setups) still apply where
the option was not set.
"""

from __future__ import annotations

from typing import Final

from core.engine.clock import MAX_PHASE_SECONDS as MAX
from core.engine.notice import PUBLIC, KeyRef, Notice, Param, RoleRef, Scalar
from core.engine.options import OptionTable
from core.engine.result import Rejected
from core.engine.table import TableState
from core.games.adazakura.megami import TAROTS
from core.games.adazakura.roles import implemented
from core.i18n.guide import echoed

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


#: The ``long`` preset (docs/rules/adazakura-decisions.md "Long games"): a night of 10 hours
#: (overnight), a discussion of 12 hours, a vote of 2 hours, a runoff of 1 hour, a deduction of 2 hours.
LONG: Final[dict[str, int | bool | str]] = {
    "night0": 36000, "night": 36000, "discussion": 43200, "vote": 7200, "runoff": 3600, "deduction": 7200,
}  # fmt: skip
#: ``dayEnds``: ``off``, or the clock time (``HH:MM``, the group's zone) the discussion ends at.
DAY_ENDS = "dayEnds"

#: The Adazakura-side count override's bound for the largest table: ``floor((16 - 2) / 2)`` [ADZ-4.3].
MAX_K = 7
#: Readings of the original rule text that the spec decided otherwise (docs/rules/adazakura-decisions.md
#: J30-J37): option → default (the spec's reading). ``w3_nightly``: Raira's wind 3 on consecutive nights
#: (A68); ``chikage_night0``: Chikage's barrier on night 0 (A39); ``deck_choices``: Renri's removal,
#: Utsuro's bottom-to-top move and Honoka's deck look are choices (A42, A43); ``seals_at_once``: Hatsumi's
#: and Raira's thunder-2 seals bite the night they are placed (A18); ``morning_megami``: the morning names
#: the night's dead with their Megami (A07); ``renri_alone``: Renri's win replaces the winning side's
#: (A43); ``draw_valve``: the draw after 8 quiet phases or at day 30 (A54); ``saine_first``: Saine's
#: immunity is spent by the first erasure aimed at her that fails for any reason but a guard (A32).
RULES: Final[dict[str, int | bool | str]] = {
    "w3_nightly": False, "chikage_night0": False, "deck_choices": False, "seals_at_once": False,
    "morning_megami": False, "renri_alone": False, "draw_valve": True, "saine_first": False,
}  # fmt: skip
#: Host options [ADZ-11.8] timers (seconds), ``k`` (Adazakura-side count, 0: the [ADZ-4.3] table),
#: ``shinra_k`` (cards per Shinra deck look, A37) and :data:`RULES`, each of which the ``printed`` preset
#: turns to the original text's reading; ``afterlife``, the 霊界 of the dead, off by default
#: (A08: no graveyard chat, since Hagane can bring the dead back; docs/rules/adazakura-decisions.md).
OPTIONS: Final = OptionTable(
    {**TIMERS, DAY_ENDS: "off", "k": 0, "shinra_k": 3, **RULES, "afterlife": False},
    {
        "night0": (30, MAX), "night": (30, MAX), "discussion": (30, MAX), "vote": (15, MAX),
        "runoff": (15, MAX), "deduction": (60, MAX), "k": (0, MAX_K), "shinra_k": (1, 5),
    },
    printed={name: not value for name, value in RULES.items()},
    long=LONG,
    clocks=frozenset({DAY_ENDS}),
)  # fmt: skip


def rule(state: TableState, name: str) -> bool:
    """Whether the reading ``name`` of :data:`RULES` is on at this table (the host's, else the default)."""
    return bool(OPTIONS.get(state, name))


def _chosen(state: TableState, name: str) -> object:
    """The value the host set for option ``name`` with ``/option`` or ``/settings``, else None."""
    return state.settings.get("options", {}).get(name)


def timer(state: TableState, phase: str) -> int:
    """Seconds for ``phase`` (a key of :data:`TIMERS`): the host's option, else the older ``timers``
    setting, else the default [ADZ-11.8]."""
    chosen = _chosen(state, phase)
    if chosen is not None:
        return int(str(chosen))
    return int(state.settings.get("timers", {}).get(phase, TIMERS[phase]))


def k_override(state: TableState) -> int | None:
    """The host's Adazakura-side count K [ADZ-4.3], or None for the table's (option ``k`` 0 or unset);
    whether it fits the table is checked at the start (:func:`check_k`)."""
    chosen = _chosen(state, "k")
    value = state.settings.get("k") if chosen is None else chosen
    return int(str(value)) if value else None


def check_k(state: TableState, players: int) -> Rejected | None:
    """Refuse the start (``option.k_range``, with the allowed maximum) when the host's K does not fit
    ``players``: ``1 ≤ K ≤ floor((N − 2) / 2)`` [ADZ-4.3]."""
    k = k_override(state)
    high = (players - 2) // 2
    if k is not None and not 1 <= k <= high:
        return Rejected(reason="option.k_range", params={"k": k, "max": high, "players": players})
    return None


def shinra_k(state: TableState) -> int:
    """Cards per Shinra deck look: 3 by default, host-settable 1-5 (A37)."""
    chosen = _chosen(state, "shinra_k")
    value = int(str(state.settings.get("shinra_k", 3) if chosen is None else chosen))
    return value if 1 <= value <= 5 else 3


def pool(state: TableState) -> tuple[str, ...]:
    """Megami that may be dealt, in table order: the host's pool, or every implemented Megami [ADZ-4.2]."""
    chosen = state.settings.get("pool")
    have = implemented()
    return tuple(m for m in have if m in chosen) if chosen else have


def configure_pool(state: TableState, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/pool``: no values shows the pool; ``all`` deals from every Megami again; Megami ids limit the
    deal to them (Yatsuha is always added). Refuses an unknown id (``pool.unknown``, the first one as
    typed, cut short by :func:`core.i18n.guide.echoed`) and a pool too
    small for the smallest table (``pool.too_small``)."""
    if values == ("all",):
        state.settings.pop("pool", None)
    elif values:
        unknown = [v for v in values if v not in TAROTS]
        if unknown:
            return Rejected(reason="pool.unknown", params={"typed": echoed(unknown[0])})
        chosen = {ALWAYS, *values}
        if len(chosen) < MIN_POOL:
            return Rejected(reason="pool.too_small", params={"min": MIN_POOL})
        state.settings["pool"] = [m for m in TAROTS if m in chosen]
    dealt = pool(state)
    key = "lobby.pool.limited" if state.settings.get("pool") else "lobby.pool.all"
    megami: list[Scalar] = [RoleRef(id=m) for m in dealt]
    params: dict[str, Param] = {"megami": megami, "count": len(dealt)}
    return [Notice(key=key, to=PUBLIC, params=params, phase_seq=state.phase_seq)]


def configure(state: TableState, name: str, values: tuple[str, ...]) -> list[Notice] | Rejected:
    """``/option [name] [value]`` in the lobby: without a name, show the settings; ``pool`` is ``/pool``
    (:func:`configure_pool`); ``preset printed|default`` sets every option of :data:`RULES` to the
    original text's reading or back; an option of :data:`OPTIONS` without a value shows the settings,
    with one sets it. Refuses ``option.unknown`` (with the names) and ``option.invalid`` (with the allowed
    range)."""
    if name.lower() == "pool":
        return configure_pool(state, values)
    refused = OPTIONS.configure(state, name, values, also=("pool",))
    if refused:
        return refused
    return [Notice(key="lobby.options", to=PUBLIC, params=summary(state), phase_seq=state.phase_seq)]


def summary(state: TableState) -> dict[str, Param]:
    """The lobby's view of the settings: every option with its value now (``options``, ``option.line``
    lines), the preset they follow (``preset``, a ``preset.line``) and the Megami that may be dealt
    (``pool``, a ``summary.pool.*`` line)."""
    dealt = pool(state)
    megami: list[Scalar] = [RoleRef(id=m) for m in dealt]
    key = "summary.pool.limited" if state.settings.get("pool") else "summary.pool.all"
    dealt_line = KeyRef(key=key, params={"megami": megami, "count": len(dealt)})
    return {"options": OPTIONS.every(state), "preset": OPTIONS.preset_line(state), "pool": dealt_line}
