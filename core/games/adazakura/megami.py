"""The 22 Megami tarots of 徒桜戦争 and the factions [ADZ-9.0], [ADZ-2].

This is the card set (every tarot exists in the deck whether or not its ability is implemented yet); the
abilities live in ``roles/<megami>.py``, discovered at import.
"""

from __future__ import annotations

from typing import Literal

TAROTS: tuple[str, ...] = (
    "yurina", "saine", "himika", "tokoyo", "oboro", "yukihi", "shinra", "hagane", "chikage", "kururu",
    "saliya", "raira", "utsuro", "honoka", "korunu", "yatsuha", "hatsumi", "mizuki", "megumi", "kanae",
    "kamui", "renri",
)  # fmt: skip

Faction = Literal["sakura", "adazakura", "none"]
SAKURA: Faction = "sakura"
ADAZAKURA: Faction = "adazakura"
NONE: Faction = "none"

#: Megami whose ability differs by the holder's faction [ADZ-0].
FACTION_VERSIONED = frozenset({"saine", "tokoyo", "yukihi", "mizuki"})
