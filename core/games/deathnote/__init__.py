"""DEATH NOTE 人狼: rules per ``rules/deathnote.md``, exposed as ``RULES``."""

from __future__ import annotations

from core.engine.game import Game
from core.games.deathnote import rules, settings, table, victory, view
from core.games.deathnote.cards import MAX_PLAYERS, MIN_PLAYERS
from core.games.deathnote.model import DNState

RULES = Game(
    id="deathnote", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, state_model=DNState, steps=rules.STEPS,
    project=view.project, summary=settings.summary, winners=victory.sides, chosen=view.chosen,
    ending=victory.replay, table=table.table,
)  # fmt: skip
