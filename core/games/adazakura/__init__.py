"""徒桜戦争 (Adazakura War): rules per ``rules/adazakura.md``, exposed to the service as ``RULES``."""

from __future__ import annotations

from core.games.adazakura import rules, view
from core.games.adazakura.model import AdzState


class _Rules:
    id = "adazakura"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    state_model = AdzState
    new_game = staticmethod(rules.new_game)
    decide = staticmethod(rules.decide)
    legal_actions = staticmethod(rules.legal_actions)
    seat_of = staticmethod(rules.seat_of)
    seats = staticmethod(rules.seats)
    project = staticmethod(view.project)


RULES = _Rules()
