"""Hagane 「大破鐘メガロベル」 [ADZ-9.8] (A38, A63): on night n, only if at least two players died during
night n−1 (any cause; exile never counts, so never on nights 0 and 1), choose one of them who is still dead:
she returns to life at M1 of Day n+1, even if Hagane dies on night n (A17). Two revivals of one player are
one. A Sakura Hagane's choice is moved by Yukihi's Adazakura version to the previous eligible dead seat
(A23; ``effects.revivable`` is that set). The revived player keeps everything but the effects that were on
her (``effects.revive``); the morning announces her and sends her role card again.
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler

KIND = "night.hagane"
#: Deaths on the previous night needed to ring the bell [ADZ-9.8].
DEATHS_NEEDED = 2


def eligible(g: Ctx) -> list[int]:
    """Seats Hagane may choose tonight: empty unless ≥ 2 players died during the previous night; else
    those of them still dead, in seat order."""
    n = g.day_n
    died = {d.seat for d in g.s.deaths if d.phase == "night" and d.n == n - 1}
    if n < 1 or len(died) < DEATHS_NEEDED:
        return []
    return sorted(effects.revivable(g))


class Hagane(Megami):
    id = "hagane"

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        return [Action.of(KIND, t) for t in eligible(g)]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind != KIND:
            return None
        if not eligible(g):
            return "ability.not_tonight"
        if len(action.args) != 1 or action.args[0] not in eligible(g):
            return "target.not_revivable"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.hagane": self.ring}

    def ring(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R1: the actual (possibly shifted) target is scheduled for M1; only Hagane is told."""
        target = effects.target_of(action)
        if target is None:
            return
        effects.schedule_revival(g, target)
        g.result(p.seat, "result.hagane", target=g.ref(target))


ROLE = Hagane()
