"""A game's rules as :func:`core.engine.bots.play_out` calls them, with every ``decide`` seen by a test
(the golden recordings hash it, the decide contracts check it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.engine.commands import Command
from core.engine.legal import LegalActions
from core.engine.result import Accepted, Rejected
from core.games import GameRules

#: What ``decide`` answers.
Answer = Accepted[Any] | Rejected


@dataclass
class WatchedRules:
    """``rules`` in every other respect; :meth:`decide` goes through :meth:`watch`, which a test overrides."""

    rules: GameRules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def decide(
        self, state: Any, command: Command, *, now: int, legal: LegalActions | None = None
    ) -> Accepted[Any] | Rejected:
        if legal is not None:  # the bots' look-ups, made through this wrapper: hand them to the rules
            legal = LegalActions(self.rules, state, legal.found)
        return self.watch(state, command, now, legal)

    def watch(
        self, state: Any, command: Command, now: int, legal: LegalActions | None
    ) -> Accepted[Any] | Rejected:
        """The rules' answer to ``command`` at ``now`` (UTC epoch seconds)."""
        return self.rules.decide(state, command, now=now, legal=legal)
