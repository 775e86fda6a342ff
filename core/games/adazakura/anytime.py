"""Actions allowed in every phase (the Black Box switch, A70), by the held ability offering them; the day
and the night both take them."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.roles import roles


def apply_anytime(g: Ctx, seat: int, action: Action) -> None:
    """Apply ``action`` of ``seat`` by the first held ability that offers it now (A70)."""
    p = g.p(seat)
    for megami in effects.abilities_of(p):
        role = roles().get(megami)
        if role is not None and action in role.anytime_options(g, p):
            role.apply_anytime(g, p, action)
            return
