"""政治家人狼 open rule (Politician Werewolf): rules per ``rules/politician.md``, exposed as ``RULES``."""

from __future__ import annotations

from core.engine import context
from core.games.politician import rules, view
from core.games.politician.model import PolState
from core.games.politician.roles import MAX_PLAYERS, MIN_PLAYERS


class _Rules:
    id = "politician"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_model = PolState
    new_game = staticmethod(rules.new_game)
    decide = staticmethod(rules.decide)
    legal_actions = staticmethod(rules.legal_actions)
    seat_of = staticmethod(context.seat_of)
    seats = staticmethod(context.seats)
    speakers = staticmethod(rules.speakers)
    project = staticmethod(view.project)


RULES = _Rules()
