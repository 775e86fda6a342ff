"""Classic 人狼 (the game 人狼GMbot ran on LINE): rules per ``rules/werewolf.md``, exposed as ``RULES``."""

from __future__ import annotations

from core.engine.game import Game
from core.games.werewolf import recap, rules, settings, table, victory, view
from core.games.werewolf.casts import MAX_PLAYERS, MIN_PLAYERS
from core.games.werewolf.model import WWState

RULES = Game(
    id="werewolf", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, state_model=WWState, steps=rules.STEPS,
    project=view.project, summary=settings.summary, winners=victory.sides, ending=recap.replay,
    verbs=rules.VERBS, chosen=view.chosen, table=table.table,
)  # fmt: skip
