"""Yukihi 「くるりみ」 [ADZ-9.6], [ADZ-3.9]: both versions passive while a holder lives, judged at the night's
resolution (equal to "alive when the night began": nobody dies before R0 and D1).

Sakura: the erasure moves from T0 to T0's right living neighbour (step K1). Adazakura: each target of a
targeted ability used by a Sakura-faction player (a madman included, A59) is replaced by its left living
neighbour (R0); a shift onto a user who may not target herself fizzles there (A25). Identical shifts do not
stack (A27). Never shifted: the erasure, ballots, ``/co``, untargeted abilities (A06).
"""

from __future__ import annotations

from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.roles.base import ErasureHandler, Megami

RIGHT, LEFT = 1, -1


class Yukihi(Megami):
    id = "yukihi"

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K1": self.turn_right}

    def turn_right(self, g: Ctx, target: int) -> int | None:
        """K1: T1 = T0's right neighbour among the living while a Sakura holder lives [ADZ-7.2]."""
        if not effects.living_holder(g, self.id, SAKURA):
            return target
        moved = effects.neighbour(g, target, RIGHT, {p.seat for p in g.living()})
        if moved != target:
            g.log("ErasureMoved", by="yukihi", target=moved)
        return moved

    def shift(self, g: Ctx, actor: int, target: int) -> int | None:
        """R0: a Sakura-faction actor's target → its left neighbour among the living, or among the players
        eligible for revival when the target is dead (A23), while an Adazakura holder lives."""
        if g.p(actor).faction != SAKURA or not effects.living_holder(g, self.id, ADAZAKURA):
            return None
        among = {p.seat for p in g.living()} if g.p(target).alive else effects.revivable(g)
        return effects.neighbour(g, target, LEFT, among)


ROLE = Yukihi()
