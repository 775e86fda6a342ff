"""The legal actions of one state, each seat's computed once and then shared.

The bots look up seat after seat in the same state (``core.engine.bots.Driver``), and ``decide`` then
checks the chosen action against the same seat's legal actions in that same state, and explains a
refusal from them. A :class:`LegalActions` holds what was computed, so that one decision derives each
list once; ``Game.decide`` takes it (``legal=``) and uses it only for the state and the rules it was made
for. Without one, ``decide`` computes the list itself, as for any tap from a platform.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.engine.notice import Action


class HasLegalActions(Protocol):
    def legal_of(self, state: Any) -> Callable[[int], list[Action]]: ...


@dataclass
class LegalActions:
    """Each seat's ``rules.legal_actions(state, seat)``, computed on first use, all through one
    ``rules.legal_of(state)`` (``Steps.legal_of``: what every seat looks up alike is derived once). ``state``
    must not change while this is in use (``decide`` never changes its input; the bots never change a
    state)."""

    rules: HasLegalActions
    state: Any
    found: dict[int, list[Action]] = field(default_factory=dict)
    seats: Callable[[int], list[Action]] | None = None

    def of(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now: the list kept here, shared by every caller, which reads it and
        never changes it (no copy: the bots read one or more seats' lists at every input, and ``decide``
        reads the chosen seat's again; the actions themselves are frozen)."""
        actions = self.found.get(seat)
        if actions is None:
            if self.seats is None:
                self.seats = self.rules.legal_of(self.state)
            actions = self.found[seat] = self.seats(seat)
        return actions

    def made_for(self, rules: object, state: object) -> bool:
        """Whether these are ``rules``' legal actions of this very ``state`` (the same objects)."""
        return self.rules is rules and self.state is state
