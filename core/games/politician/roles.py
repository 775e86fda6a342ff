"""Roles, camps, seat values and casts of 政治家人狼 open rule (``politician.md`` §3, §4, §7.1).

The casts are configuration ([EXT] §4.2: "read from configuration, not hard-coded" in the rules code):
:data:`CASTS` maps a player count to its composition and seat rule; a host may replace it with a custom
cast checked by :func:`check_cast` (§4.3).
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel

Camp = Literal["human", "wolf"]
SeatValue = Literal["human", "wolf", "none"]

#: Role ids in the spec's order (§3.1); the order of composition lists and of the final reveal.
ROLES: Final = (
    "human_member", "reporter", "guard", "chairman", "wolf_member", "lover", "spy", "traitor",
)  # fmt: skip
CAMP: Final[dict[str, Camp]] = {
    "human_member": "human", "reporter": "human", "guard": "human", "chairman": "human",
    "wolf_member": "wolf", "lover": "wolf", "spy": "wolf", "traitor": "wolf",
}  # fmt: skip
#: §7.1 with AMB-01/AMB-02: what an elected player's seat counts as.
SEAT_VALUE: Final[dict[str, SeatValue]] = {
    "human_member": "human", "traitor": "human",
    "wolf_member": "wolf", "spy": "wolf", "lover": "wolf",
    "reporter": "none", "guard": "none", "chairman": "none",
}  # fmt: skip
#: §6.8: these never return after a negative campaign (status ``out``).
NEVER_RETURN: Final = frozenset({"lover", "traitor"})
#: §4.3 rule 1: roles the rules assume a single holder of.
SINGLE: Final = frozenset({"lover", "reporter", "guard", "chairman", "traitor"})
MIN_PLAYERS: Final = 5
MAX_PLAYERS: Final = 15


class Cast(BaseModel):
    """A composition (role id → count, zero counts omitted) and the seat rule: ``seats`` S, thresholds
    ``human`` h and ``wolf`` w (§0.2)."""

    roles: dict[str, int]
    seats: int
    human: int
    wolf: int

    @property
    def players(self) -> int:
        return sum(self.roles.values())

    def count(self, role: str) -> int:
        return self.roles.get(role, 0)


def _cast(counts: tuple[int, ...], seats: int, human: int, wolf: int) -> Cast:
    return Cast(
        roles={r: n for r, n in zip(ROLES, counts, strict=True) if n}, seats=seats, human=human, wolf=wolf
    )


#: §4.1 (13-15, official) and §4.2 (5-12, [EXT]); counts in :data:`ROLES` order.
CASTS: Final[dict[int, Cast]] = {
    5: _cast((3, 1, 0, 0, 1, 0, 0, 0), 2, 2, 1),
    6: _cast((3, 1, 0, 0, 1, 0, 1, 0), 3, 2, 2),
    7: _cast((4, 1, 0, 0, 1, 0, 1, 0), 3, 2, 2),
    8: _cast((3, 1, 1, 0, 1, 0, 1, 1), 3, 2, 2),
    9: _cast((4, 1, 1, 0, 1, 0, 1, 1), 4, 3, 2),
    10: _cast((4, 1, 1, 0, 1, 1, 1, 1), 4, 3, 2),
    11: _cast((4, 1, 1, 1, 1, 1, 1, 1), 4, 3, 2),
    12: _cast((5, 1, 1, 1, 1, 1, 1, 1), 4, 3, 2),
    13: _cast((5, 1, 1, 1, 1, 1, 2, 1), 4, 3, 2),
    14: _cast((5, 1, 1, 1, 2, 1, 2, 1), 4, 3, 2),
    15: _cast((6, 1, 1, 1, 2, 1, 2, 1), 4, 3, 2),
}


def check_cast(cast: Cast) -> tuple[str, dict[str, int]] | None:
    """Why a host-defined ``cast`` is refused (a reason id and its params), or ``None`` (§4.3).

    Reasons: ``cast.unknown_role``, ``cast.no_wolf`` (rule 1: at least one wolf member; a lover needs a
    wolf), ``cast.seats`` (rule 2: at least one seat), ``cast.single`` (rule 1: at most one lover,
    reporter, guard, chairman, traitor),
    ``cast.thresholds`` (rule 2: 1 ≤ h ≤ S and 1 ≤ w ≤ S), ``cast.human_earners`` (rule 3),
    ``cast.last_day`` (rule 4: at least three voters on the last day), ``cast.size`` (rule 5: 5-15 players).
    """
    if any(role not in CAMP or n < 0 for role, n in cast.roles.items()):
        return "cast.unknown_role", {}
    if cast.count("wolf_member") < 1:
        return "cast.no_wolf", {}
    if any(cast.count(role) > 1 for role in SINGLE):
        return "cast.single", {}
    if cast.seats < 1:
        return "cast.seats", {}
    if not (1 <= cast.human <= cast.seats and 1 <= cast.wolf <= cast.seats):
        return "cast.thresholds", {"seats": cast.seats}
    earners = cast.count("human_member") + cast.count("traitor")
    if earners < cast.human:
        return "cast.human_earners", {"earners": earners, "human": cast.human}
    last_day = cast.players - (cast.seats - 1) - 1 - cast.count("lover") - cast.count("traitor")
    if last_day < 3:
        return "cast.last_day", {"voters": last_day}
    if not MIN_PLAYERS <= cast.players <= MAX_PLAYERS:
        return "cast.size", {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "players": cast.players}
    return None


def warns(cast: Cast) -> bool:
    """§4.3: whether to warn that ``w ≠ S − h + 1`` (the spy/lover seat decision may then change who wins)."""
    return cast.wolf != cast.seats - cast.human + 1
