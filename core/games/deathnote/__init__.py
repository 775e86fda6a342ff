"""DEATH NOTE 人狼: rules per ``rules/deathnote.md``, exposed as ``RULES``."""

from __future__ import annotations

from core.engine import context
from core.games.deathnote import rules, view
from core.games.deathnote.cards import MAX_PLAYERS, MIN_PLAYERS
from core.games.deathnote.model import DNState


class _Rules:
    id = "deathnote"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_model = DNState
    new_game = staticmethod(rules.new_game)
    decide = staticmethod(rules.decide)
    legal_actions = staticmethod(rules.legal_actions)
    seat_of = staticmethod(context.seat_of)
    seats = staticmethod(context.seats)
    speakers = staticmethod(rules.speakers)
    project = staticmethod(view.project)


RULES = _Rules()
