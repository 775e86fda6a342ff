"""Game rule packages, discovered by name: each subpackage exposes ``RULES`` (a :class:`GameRules`).

Adding a game adds a package here; nothing else lists the games.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Protocol

from core.engine.commands import Command
from core.engine.legal import LegalActions
from core.engine.notice import Action, Notice, Param, Scalar
from core.engine.recaptable import RecapTable
from core.engine.result import Accepted, Rejected
from core.engine.table import Member, TableState


class GameRules(Protocol):
    """What the service needs of a game. All functions are pure."""

    id: str
    min_players: int
    max_players: int
    state_model: type[TableState]
    #: The game's typed night commands: ``typed word → action kind`` (``/<word> <seat>`` in the 1:1 chat).
    verbs: Mapping[str, str]

    def new_game(
        self, *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
    ) -> TableState:
        """A fresh lobby. ``now``: UTC epoch seconds."""
        ...

    def decide(
        self, state: Any, command: Command, *, now: int, legal: LegalActions | None = None
    ) -> Accepted[Any] | Rejected:
        """Apply ``command`` at ``now`` (UTC epoch seconds); never mutates ``state``. ``legal``: the legal
        actions of ``state`` the caller already looked up through these rules (the bots), shared with the
        legality check instead of computed again (ignored when made for other rules or another state)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (the buttons, the bots, the validation of taps)."""
        ...

    def legal_of(self, state: Any) -> Callable[[int], list[Action]]:
        """``legal_actions(state, seat)`` for any seat, what the seats look up alike derived once
        (``core.engine.legal.LegalActions``); ``state`` must not change while it is in use."""
        ...

    def waiting(self, state: Any) -> set[int]:
        """The seats whose choice the current phase still needs (the 30 s reminder goes to them); empty in
        the lobby, in phases that wait for nobody and after the end."""
        ...

    def chosen(self, state: Any, seat: int) -> list[Action]:
        """``seat``'s choices standing in the current phase that it may still change (a ballot, a night
        choice, a name tapped at night), as the legal actions that made them: what its buttons show as
        chosen; empty when none."""
        ...

    def seat_of(self, state: Any, user_id: str) -> int | None:
        """The seat of ``user_id`` once the game has started, else ``None``."""
        ...

    def seats(self, state: Any) -> dict[int, Member]:
        """``{seat: member}`` once the game has started (empty in the lobby)."""
        ...

    def summary(self, state: Any) -> dict[str, Param]:
        """The params of the game's ``lobby.options`` notice: its host options now."""
        ...

    def settings_lines(self, state: Any) -> list[Scalar]:
        """The game's settings now as lines other notices can show (the lobby's opening, the rematch)."""
        ...

    def winners(self, state: Any) -> list[str]:
        """The side ids that won a finished game (``sakura``, ``wolf``, ``KIRA_TEAM`` …); empty for a draw,
        a cancelled or an unfinished game."""
        ...

    def ending(self, state: Any, now: int) -> list[Notice]:
        """The notices of a finished game's end again (final announcement, every seat revealed, the recap)
        at ``now`` (UTC epoch seconds), for those who look later; ``[]`` for a game without a result."""
        ...

    def table(self, state: Any) -> RecapTable | None:
        """A finished game's recap as data (``core.engine.recaptable``: seats, vote table, nights), read
        from ``state`` with its full log; ``None`` for a game without a result."""
        ...

    def speakers(self, state: Any) -> set[int] | None:
        """Seats that may post in the group chat in the current phase; ``None`` when the group is free
        for everyone (lobby, game over). Shells mute the other seated players where they can."""
        ...

    def afterlife(self, state: Any) -> list[int] | None:
        """The seats in the 霊界 of a running game (out of the table, not kicked;
        ``core.engine.afterlife``); ``None`` when the game has no 霊界 or it is closed now."""
        ...

    def spectators_to_mute(self, state: Any) -> list[str]:
        """The spectators' user ids a shell that can mute should mute in the group now: every spectator
        while the game runs and 霊界表示 is on, or its 霊界 is open while the dead are held silent
        (``core.engine.afterlife.to_mute``); it tells the game which it muted (``SpectatorMuted``), and
        only those are shown hidden roles, or, while the dead are held silent, the 霊界's words."""
        ...

    def afterlife_readers(self, state: Any) -> list[str]:
        """The spectators' user ids that read the 霊界's words now (``core.engine.afterlife.readers``)."""
        ...


@cache
def registry() -> dict[str, GameRules]:
    """``{game id: rules}`` for every package under ``core.games`` that exposes ``RULES``."""
    found: dict[str, GameRules] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        rules = getattr(module, "RULES", None)
        if rules is not None:
            found[rules.id] = rules
    return found


@cache
def _packages() -> frozenset[str]:
    return frozenset(info.name for info in pkgutil.iter_modules(__path__))


def find_rules(game: str) -> GameRules | None:
    """The rules of ``game``, or None for an unknown game id. A game whose package is named by its id (all
    of ours) is imported alone: a cold Lambda's first tap then imports one game, not all four (about
    50 ms of the others' modules on this machine); any other id goes through :func:`registry`."""
    if game in _packages():
        rules = getattr(importlib.import_module(f"{__name__}.{game}"), "RULES", None)
        if rules is not None and rules.id == game:
            return rules  # type: ignore[no-any-return]
    return registry().get(game)


def rules_for(game: str) -> GameRules:
    """The rules of ``game``; raises ``KeyError`` for an unknown game id (:func:`find_rules`)."""
    rules = find_rules(game)
    if rules is None:
        raise KeyError(game)
    return rules
