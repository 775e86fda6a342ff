"""The components of DEATH NOTE 人狼 (``deathnote.md`` §1-§3, §5): identity cards, item cards with their
printed numbers, the per-count compositions, and the "lowest card" candidate sets.

Card instance ids (``AR1``, ``EX3`` …) are internal; players only ever see card types.
"""

from __future__ import annotations

from typing import Final, Literal

Team = Literal["L_TEAM", "KIRA_TEAM"]
MIN_PLAYERS: Final = 4
MAX_PLAYERS: Final = 6

#: §1.1: identity card id → role.
IDENTITY_ROLE: Final[dict[str, str]] = {
    "IDENT_L": "L",
    "IDENT_NEAR_MELLO": "L",
    "IDENT_POLICE_SOICHIRO": "POLICE",
    "IDENT_POLICE_TASKFORCE": "POLICE",
    "IDENT_KIRA": "KIRA",
    "IDENT_FOLLOWER": "FOLLOWER",
}
ROLE_TEAM: Final[dict[str, Team]] = {
    "L": "L_TEAM",
    "POLICE": "L_TEAM",
    "KIRA": "KIRA_TEAM",
    "FOLLOWER": "KIRA_TEAM",
}

#: §1.2: type id → printed number.
NUMBER: Final[dict[str, int]] = {
    "DEATH_NOTE": 0,
    "ARREST": 1,
    "FAKE_NAME": 2,
    "ALIBI": 3,
    "INVESTIGATION_LEFT": 4,
    "INVESTIGATION_RIGHT": 4,
    "EXCHANGE": 5,
    "SURVEILLANCE": 6,
    "APPLE": 7,
    "SHINIGAMI": 8,
}
#: §1.3 catalog order of the 24 item instances, with their type.
CATALOG: Final[dict[str, str]] = {
    "DN": "DEATH_NOTE",
    "AR1": "ARREST", "AR2": "ARREST",
    "FN": "FAKE_NAME",
    "AL": "ALIBI",
    "IL1": "INVESTIGATION_LEFT", "IL2": "INVESTIGATION_LEFT", "IL3": "INVESTIGATION_LEFT",
    "IL4": "INVESTIGATION_LEFT",
    "IR1": "INVESTIGATION_RIGHT", "IR2": "INVESTIGATION_RIGHT", "IR3": "INVESTIGATION_RIGHT",
    "IR4": "INVESTIGATION_RIGHT",
    "EX1": "EXCHANGE", "EX2": "EXCHANGE", "EX3": "EXCHANGE", "EX4": "EXCHANGE", "EX5": "EXCHANGE",
    "SV1": "SURVEILLANCE", "SV2": "SURVEILLANCE", "SV3": "SURVEILLANCE", "SV4": "SURVEILLANCE",
    "AP": "APPLE",
    "SH": "SHINIGAMI",
}  # fmt: skip
ORDER: Final[dict[str, int]] = {card: i for i, card in enumerate(CATALOG)}
TYPES: Final[tuple[str, ...]] = tuple(NUMBER)

#: §3.1 item counts per type for 4, 5 and 6 players (the lowest copies in catalog order are used).
ITEM_COUNTS: Final[dict[int, dict[str, int]]] = {
    4: {"DEATH_NOTE": 1, "ARREST": 1, "FAKE_NAME": 1, "ALIBI": 1, "INVESTIGATION_LEFT": 2,
        "INVESTIGATION_RIGHT": 2, "EXCHANGE": 4, "SURVEILLANCE": 3},
    5: {"DEATH_NOTE": 1, "ARREST": 2, "FAKE_NAME": 1, "ALIBI": 1, "INVESTIGATION_LEFT": 3,
        "INVESTIGATION_RIGHT": 3, "EXCHANGE": 4, "SURVEILLANCE": 3},
    6: {"DEATH_NOTE": 1, "ARREST": 2, "FAKE_NAME": 1, "ALIBI": 1, "INVESTIGATION_LEFT": 4,
        "INVESTIGATION_RIGHT": 4, "EXCHANGE": 5, "SURVEILLANCE": 4, "APPLE": 1, "SHINIGAMI": 1},
}  # fmt: skip
#: §3.1 identity cards per player count, in catalog order (AMB-02: ``IDENT_L`` below 6).
IDENTITIES: Final[dict[int, tuple[str, ...]]] = {
    4: ("IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA"),
    5: ("IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA", "IDENT_FOLLOWER"),
    6: ("IDENT_L", "IDENT_NEAR_MELLO", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA",
        "IDENT_FOLLOWER"),
}  # fmt: skip
#: §3.3 S5 (AMB-03): the guaranteed four.
CORE: Final = ("DN", "AR1", "FN", "AL")
#: Cards played with a target (one other living player, §4.4).
TARGETED: Final = frozenset({"ARREST", "EXCHANGE", "SURVEILLANCE", "APPLE"})
#: §11.5: the active player's timeout play, first present in this order (ARREST for an L only).
TIMEOUT_PLAY: Final = (
    "FAKE_NAME", "ALIBI", "SURVEILLANCE", "APPLE", "EXCHANGE", "INVESTIGATION_LEFT", "INVESTIGATION_RIGHT",
    "ARREST",
)  # fmt: skip


def kind(card: str) -> str:
    """The type id of card instance ``card`` (``"EX3"`` → ``"EXCHANGE"``)."""
    return CATALOG[card]


def items_for(n: int) -> list[str]:
    """§3.1: the item instances of an ``n``-player game, in catalog order (the lowest copies)."""
    counts = dict(ITEM_COUNTS[n])
    out: list[str] = []
    for card, type_id in CATALOG.items():
        if counts.get(type_id, 0) > 0:
            counts[type_id] -= 1
            out.append(card)
    return out


def sort_cards(cards: list[str]) -> list[str]:
    """``cards`` in catalog order (display order, deterministic defaults)."""
    return sorted(cards, key=ORDER.__getitem__)


def renumberable(role: str, card: str) -> bool:
    """§5: an L may renumber an Arrest, Kira the Death Note; nobody anything else (AMB-17)."""
    return (kind(card) == "ARREST" and role == "L") or (kind(card) == "DEATH_NOTE" and role == "KIRA")


def candidates(role: str, hand: list[str]) -> tuple[list[str], list[str]]:
    """§5: ``(M, S)`` for a player of ``role`` holding ``hand``: ``S`` the cards they may renumber, ``M``
    the other cards with the lowest printed number. The candidates are ``M + S`` (both catalog-ordered);
    empty when the hand is."""
    special = sort_cards([c for c in hand if renumberable(role, c)])
    normal = [c for c in hand if c not in special]
    if not normal:
        return [], special
    low = min(NUMBER[kind(c)] for c in normal)
    return sort_cards([c for c in normal if NUMBER[kind(c)] == low]), special


def default_pick(role: str, hand: list[str]) -> str | None:
    """§5 / §11.5 timeout default: the first card of ``M`` in catalog order, else the first of ``S``."""
    low, special = candidates(role, hand)
    found = low or special
    return found[0] if found else None


def first_of(hand: list[str], type_id: str) -> str | None:
    """The lowest copy (catalog order) of ``type_id`` in ``hand``, or None."""
    return next((c for c in sort_cards(hand) if kind(c) == type_id), None)


def types_of(cards: list[str]) -> list[str]:
    """The distinct types of ``cards``, in catalog order (one button per type)."""
    out: list[str] = []
    for card in sort_cards(cards):
        if kind(card) not in out:
            out.append(kind(card))
    return out
