"""徒桜戦争 (Adazakura War): rules per ``rules/adazakura.md``, exposed to the service as ``RULES``."""

from __future__ import annotations

from core.engine.game import Game
from core.games.adazakura import ending, rules, settings, table, victory, view
from core.games.adazakura.model import AdzState
from core.games.adazakura.roles import implemented

#: [ADZ-4.1] 16 at most, and no more than the Megami that can be dealt.
RULES = Game(
    id="adazakura", min_players=rules.MIN_PLAYERS, max_players=min(rules.MAX_PLAYERS, len(implemented())),
    state_model=AdzState, steps=rules.STEPS, project=view.project,
    summary=settings.summary, winners=victory.sides, chosen=view.chosen, ending=ending.replay,
    table=table.table,
)  # fmt: skip
