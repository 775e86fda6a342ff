"""Dealing a 徒桜戦争 game [ADZ-4]: seats, Megami, factions, deck; or an injected setup in test mode.

Test mode [ADZ-11.10]: ``settings["setup"] = {"seats": ["yatsuha/A", "mizuki/S", …], "deck": [...],
"rng": [indices…]}`` fixes the seat order (lobby members in join order), Megami, factions, deck order
(top first) and every random draw.
"""

from __future__ import annotations

from typing import Any

from core.engine.rng import Rng
from core.engine.table import Member
from core.games.adazakura.megami import ADAZAKURA, NONE, SAKURA, TAROTS
from core.games.adazakura.model import Player

FACTION_CODES = {"S": SAKURA, "A": ADAZAKURA, "-": NONE, "—": NONE}


def team_size(n: int, override: int | None = None) -> int:
    """K Adazakura-side players for ``n`` players [ADZ-4.3] (A01); a host override within
    ``1 ≤ K ≤ floor((n − 2) / 2)`` is used when valid."""
    if override is not None and 1 <= override <= (n - 2) // 2:
        return override
    return (n + 1) // 4


def deal(
    members: list[Member], rng: Rng, pool: tuple[str, ...], k_override: int | None
) -> tuple[list[Player], list[str], int]:
    """Shuffle ``members`` into seats, deal Yatsuha plus N−1 Megami drawn from ``pool``, assign factions,
    and shuffle every undealt tarot of all 22 into the deck [ADZ-4.1]-[ADZ-4.3].

    Returns (players by seat, deck top first, K). Raises ValueError if the pool is too small.
    """
    n = len(members)
    others = [m for m in pool if m != "yatsuha"]
    if len(others) < n - 1:
        raise ValueError("megami pool smaller than the table")
    seated = rng.shuffled(members)
    chosen = ["yatsuha", *rng.shuffled(others)[: n - 1]]
    dealt = rng.shuffled(chosen)
    k = team_size(n, k_override)
    factions = dict.fromkeys(dealt, SAKURA)
    factions["yatsuha"] = ADAZAKURA
    if "renri" in factions:
        factions["renri"] = NONE
    candidates = [m for m in dealt if m not in ("yatsuha", "renri")]
    for megami in rng.shuffled(candidates)[: k - 1]:
        factions[megami] = ADAZAKURA
    players = [
        Player(seat=i + 1, user_id=m.user_id, name=m.name, megami=dealt[i], faction=factions[dealt[i]])
        for i, m in enumerate(seated)
    ]
    deck = rng.shuffled([t for t in TAROTS if t not in dealt])
    return players, deck, k


def injected(members: list[Member], setup: dict[str, Any]) -> tuple[list[Player], list[str], int]:
    """The test-mode setup [ADZ-11.10]: ``seats`` as ``megami/F`` (F = S, A or -) in join order, ``deck`` top
    first (default: every undealt tarot in table order). Raises ValueError on a malformed setup."""
    specs = [str(s).split("/") for s in setup["seats"]]
    if len(specs) != len(members) or any(len(s) != 2 or s[1] not in FACTION_CODES for s in specs):
        raise ValueError("setup seats must be one 'megami/F' per member")
    players = [
        Player(seat=i + 1, user_id=m.user_id, name=m.name, megami=s[0], faction=FACTION_CODES[s[1]])
        for i, (m, s) in enumerate(zip(members, specs, strict=True))
    ]
    dealt = {p.megami for p in players}
    deck = list(setup["deck"]) if "deck" in setup else [t for t in TAROTS if t not in dealt]
    if set(deck) & dealt or not set(deck) <= set(TAROTS):
        raise ValueError("deck must hold only undealt tarots")
    k = sum(p.faction == ADAZAKURA for p in players)
    return players, deck, k
