"""徒桜戦争 (Adazakura War): rules per ``rules/adazakura.md``, exposed to the service as ``RULES``."""

from __future__ import annotations

from core.engine import context
from core.games.adazakura import rules, view
from core.games.adazakura.model import AdzState
from core.games.adazakura.roles import implemented


class _Rules:
    id = "adazakura"
    min_players = rules.MIN_PLAYERS
    #: [ADZ-4.1] 16 at most, and no more than the Megami that can be dealt.
    max_players = min(rules.MAX_PLAYERS, len(implemented()))
    state_model = AdzState
    new_game = staticmethod(rules.new_game)
    decide = staticmethod(rules.decide)
    legal_actions = staticmethod(rules.legal_actions)
    seat_of = staticmethod(context.seat_of)
    seats = staticmethod(context.seats)
    speakers = staticmethod(rules.speakers)
    project = staticmethod(view.project)


RULES = _Rules()
