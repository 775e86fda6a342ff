"""The never-leak check on what a seat's console shows, as text (the browser counterpart of
tests/property/leaks.py [ADZ-11.9], deathnote_leaks.py (``deathnote.md`` §10) and the politician checks).

While a game runs, a seat S may not read another seat T's secret next to T's name: T's Megami (徒桜戦争),
T's identity card (DEATH NOTE 人狼) or T's role (政治家人狼), unless S has learned about T (T is named in
S's knowledge ledger: an ability result, the recognised partner) or the rules have told everyone: an
elected politician's role (politician.md §8), an eliminated L's identity (deathnote.md §10), or any pair
standing in one line of the public group chat. The role names come from the catalogs
(Japanese, the page's language), the seats and ledgers from the committed state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from core.engine import ledger
from core.engine.notice import KeyRef, PlayerRef
from core.i18n.catalog import catalog, lookup


def secret_of(state: Any, player: Any) -> str:
    """The display name (ja) of what ``player`` hides from the others in ``state.game``."""
    if state.game == "adazakura":
        return lookup(f"role.{player.megami}.name", "ja", state.game)
    if state.game == "deathnote":
        return lookup(f"identity.{player.identity}", "ja", state.game)
    return lookup(f"role.{player.role}.name", "ja", state.game)


def _all_secret_names(game: str) -> list[str]:
    """Every role and identity name of ``game`` (ja), longest first."""
    names = [
        text
        for key, text in catalog("ja", game).items()
        if (key.startswith("role.") and key.endswith(".name"))
        or (key.count(".") == 1 and key.startswith("identity."))
    ]
    return sorted(set(names), key=len, reverse=True)


def revealed(state: Any) -> set[int]:
    """Seats whose secret the rules have told everyone while the game runs."""
    if state.game == "politician":
        return {record.seat for record in state.filled}
    if state.game == "deathnote":
        return {p.seat for p in state.players if not p.alive and p.role == "L"}
    return set()


def _refs(value: Any) -> Iterator[int]:
    """Seats of the PlayerRefs in a param value, at any depth."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, PlayerRef):
            yield item.seat
        elif isinstance(item, KeyRef):
            for inner in item.params.values():
                yield from _refs(inner)


def _ledger(player: Any) -> list[KeyRef]:
    """``player``'s ledger lines: DEATH NOTE 人狼 keeps them as ``KeyRef`` (a few, capped), the other games
    as plain lines (``core.engine.ledger``)."""
    return [line if isinstance(line, KeyRef) else ledger.read([line])[0] for line in player.ledger]


def known_seats(player: Any) -> set[int]:
    """Seats ``player`` may know something of: itself and every seat its ledger names."""
    return {player.seat} | {seat for line in _ledger(player) for seat in _refs(line)}


def _names(line: str, name: str, scrubbed: list[str]) -> bool:
    """Whether ``line`` names the player ``name`` once every role name is taken out (「ユキ」 is not in
    「ユキヒ」)."""
    for secret in scrubbed:
        line = line.replace(secret, "\u3000")
    return name in line


def _paired(text: str, name: str, secret: str, scrubbed: list[str]) -> list[str]:
    return [line for line in text.splitlines() if secret in line and _names(line, name, scrubbed)]


def leaks(state: Any, seat: int, console_text: str, public_text: str) -> list[str]:
    """The lines of seat ``seat``'s console text that tell another seat's secret next to its name (see
    the module docstring); ``public_text``: everything the group chat showed so far. Empty after the end."""
    if state.is_over:
        return []
    scrubbed = _all_secret_names(state.game)
    me = state.players[seat - 1]
    found: list[str] = []
    for other in state.players:
        if other.seat in known_seats(me) | revealed(state):
            continue
        secret = secret_of(state, other)
        if _paired(public_text, other.name, secret, scrubbed):
            continue
        found += [f"seat {seat} reads seat {other.seat}'s {secret}: {line}"
                  for line in _paired(console_text, other.name, secret, scrubbed)]  # fmt: skip
    return found
