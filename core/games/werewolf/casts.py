"""Casts of classic 人狼 (``werewolf.md`` §4): the standard table for 4-20 seats as configuration, the cast
modifiers, host casts and their validation V1-V8.

A cast is ``{role id: cards}`` (zero counts left out) for ``S`` seats: ``N`` humans, plus 身代わり君's
card when he plays (``S = N + 1``). Refusals are ``Rejected`` with the rule's reason id (``cast.v4`` …,
the spec's ``E_CAST_V4``) [WW-4.3].
"""

from __future__ import annotations

from typing import Final

from core.engine.result import Rejected
from core.games.werewolf.roles import order, role, roles

MIN_PLAYERS: Final = 4
MAX_PLAYERS: Final = 20
MAX_SEATS: Final = 20
#: The columns of :data:`TABLE`.
COLUMNS: Final = ("villager", "werewolf", "seer", "medium", "knight", "madman", "mason", "fox")
#: [WW-4.1] the standard casts by seats ``S``, counts in :data:`COLUMNS` order (AMB-54, AMB-55).
TABLE: Final[dict[int, tuple[int, ...]]] = {
    4: (1, 1, 1, 0, 0, 1, 0, 0),
    5: (1, 1, 1, 0, 1, 1, 0, 0),
    6: (2, 1, 1, 0, 1, 1, 0, 0),
    7: (3, 1, 1, 0, 1, 1, 0, 0),
    8: (4, 1, 1, 0, 1, 1, 0, 0),
    9: (3, 2, 1, 1, 1, 1, 0, 0),
    10: (4, 2, 1, 1, 1, 1, 0, 0),
    11: (5, 2, 1, 1, 1, 1, 0, 0),
    12: (5, 3, 1, 1, 1, 1, 0, 0),
    13: (6, 3, 1, 1, 1, 1, 0, 0),
    14: (5, 3, 1, 1, 1, 1, 2, 0),
    15: (5, 3, 1, 1, 1, 1, 2, 1),
    16: (6, 3, 1, 1, 1, 1, 2, 1),
    17: (7, 3, 1, 1, 1, 1, 2, 1),
    18: (7, 3, 1, 1, 1, 2, 2, 1),
    19: (7, 4, 1, 1, 1, 2, 2, 1),
    20: (8, 4, 1, 1, 1, 2, 2, 1),
}
#: [WW-4.2] modifier → (cards taken away, cards added), applied in this order; ``fox`` only without a fox.
MODIFIERS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "fanatic": (("madman",), ("fanatic",)),
    "nekomata": (("villager", "villager"), ("nekomata", "werewolf")),
    "fox": (("villager",), ("fox",)),
    "immoral": (("villager",), ("immoralist",)),
}


def standard(seats: int) -> dict[str, int] | None:
    """The [WW-4.1] cast for ``seats`` seats, or None outside 4-20."""
    counts = TABLE.get(seats)
    return None if counts is None else {r: n for r, n in zip(COLUMNS, counts, strict=True) if n}


def modified(cast: dict[str, int], modifiers: list[str]) -> dict[str, int] | Rejected:
    """``cast`` with ``modifiers`` applied in the order of :data:`MODIFIERS`; ``cast.modifier`` (with the
    ``modifier``) when one cannot apply [WW-4.2]."""
    out = dict(cast)
    for name in (m for m in MODIFIERS if m in modifiers):
        taken, added = MODIFIERS[name]
        needs_fox = name == "immoral" and not out.get("fox")
        short = any(out.get(r, 0) < taken.count(r) for r in taken)
        if short or needs_fox or (name == "fox" and out.get("fox")):
            return Rejected(reason="cast.modifier", params={"modifier": name})
        for r in taken:
            out[r] -= 1
        for r in added:
            out[r] = out.get(r, 0) + 1
    return {r: n for r, n in out.items() if n}


def shape(cast: dict[str, int]) -> Rejected | None:
    """The checks a host cast passes before the table size is known: known roles, V2-V5 and at most
    :data:`MAX_SEATS` cards."""
    if any(r not in roles() or n < 0 for r, n in cast.items()):
        return Rejected(reason="cast.unknown_role")
    if sum(cast.values()) > MAX_SEATS:
        return Rejected(reason="cast.v8", params={"min": MIN_PLAYERS, "max": MAX_PLAYERS, "seats": MAX_SEATS})
    if cast.get("werewolf", 0) < 1:
        return Rejected(reason="cast.v2")
    if any(cast.get(r.id, 0) > 1 for r in roles().values() if r.single):
        return Rejected(reason="cast.v3")
    if any(cast.get(r.id, 0) == 1 for r in roles().values() if r.paired):
        return Rejected(reason="cast.v4")
    if any(cast.get(r.id) and not cast.get(r.needs) for r in roles().values() if r.needs):
        return Rejected(reason="cast.v5")
    return None


def check(cast: dict[str, int], humans: int, scapegoat: bool) -> Rejected | None:
    """V1-V8 of [WW-4.3] (AMB-57, AMB-58) for ``humans`` players, with 身代わり君 or not."""
    seats = humans + int(scapegoat)
    if not MIN_PLAYERS <= humans <= MAX_PLAYERS or seats > MAX_SEATS:
        return Rejected(reason="cast.v8", params={"min": MIN_PLAYERS, "max": MAX_PLAYERS, "seats": MAX_SEATS})
    if sum(cast.values()) != seats:
        return Rejected(reason="cast.v1", params={"cards": sum(cast.values()), "seats": seats})
    refused = shape(cast)
    if refused:
        return refused
    wolves = sum(n for r, n in cast.items() if role(r).counted == "wolf")
    human = sum(n for r, n in cast.items() if role(r).counted == "human")
    if wolves >= human - int(scapegoat):
        return Rejected(reason="cast.v6")
    if scapegoat and not any(role(r).npc_card for r in cast):
        return Rejected(reason="cast.v7")
    return None


def warns(cast: dict[str, int]) -> bool:
    """[WW-4.3]: warn (never refuse) when the cast has no 占い師."""
    return not cast.get("seer")


def cards(cast: dict[str, int]) -> list[str]:
    """The card list in the canonical order of §3.1, each role repeated by its count [WW-4.4] step 1."""
    return [r for r in order() for _ in range(cast.get(r, 0))]
