"""Tokoyo [ADZ-9.4]. Sakura 「久遠ノ花」: an erasure reaching K5 fails on odd nights (the holder is not told).
Adazakura 「悠久ノ雪」: while a holder lives, every living Sakura-faction player is sealed in each phase of an
even day n ≥ 2 (A22, A59); told only in the night prompt (A72)."""

from __future__ import annotations

from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import ErasureHandler, Megami


class Tokoyo(Megami):
    id = "tokoyo"

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K5": self.eternal_flower}

    def eternal_flower(self, g: Ctx, target: int) -> int | None:
        p = g.p(target)
        if g.day_n % 2 == 1 and p.alive and effects.holds(p, self.id, SAKURA):
            g.log("ErasureStopped", by="tokoyo", target=target)
            return None
        return target

    def phase_seals(self, g: Ctx, p: Player) -> list[int]:
        n = g.day_n
        if p.faction != ADAZAKURA or n < 2 or n % 2:
            return []
        return [q.seat for q in g.living() if q.faction == SAKURA]


ROLE = Tokoyo()
