"""政治家人狼 open rule (Politician Werewolf): rules per ``rules/politician.md``, exposed as ``RULES``."""

from __future__ import annotations

from core.engine.game import Game
from core.games.politician import legal, rules, settings, table, victory, view
from core.games.politician.model import PolState
from core.games.politician.roles import MAX_PLAYERS, MIN_PLAYERS

RULES = Game(
    id="politician", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, state_model=PolState,
    steps=rules.STEPS, project=view.project, summary=settings.summary, winners=victory.sides,
    chosen=view.chosen, ending=victory.replay, verbs=legal.VERBS, table=table.table,
)  # fmt: skip
