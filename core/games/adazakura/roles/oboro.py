"""Oboro 「孔明の罠」: one trap on every other player; each night spring one unused trap of a living
player to guard them, learn their Megami, or (once per game) kill them [ADZ-9.5] (A36).

Night 0 offers only "learn" (A15). A kill resolves at D4, even if Oboro dies earlier that night (A17).
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler

KIND = "night.oboro"


class Oboro(Megami):
    id = "oboro"

    def _used(self, p: Player) -> list[int]:
        return list(effects.recall(p, self.id, "traps_used", []))

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        n = g.day_n
        kill_left = not effects.recall(p, self.id, "kill_used")
        functions = ["learn"] + (["guard"] + (["kill"] if kill_left else []) if n >= 1 else [])
        open_traps = [t for t in effects.others_alive(g, p) if t not in self._used(p)]
        return [Action.of(KIND, f, t) for f in functions for t in open_traps]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind != KIND or len(action.args) != 2:
            return None
        function, target = action.args[0], action.args[-1]
        if function == "kill" and effects.recall(p, self.id, "kill_used"):
            return "ability.used_up"
        if target in self._used(p):
            return "trap.used"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.oboro": self.spring, "D4": self.kill}

    def spring(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is None:
            return
        function = action.args[0]
        if function == "kill":
            effects.remember(p, self.id, "kill_used", True)
        target = effects.target_of(action)
        if target is None or target in self._used(p):
            if target is not None:
                g.result(p.seat, "result.fizzled", chosen=g.ref(target))
            return
        effects.remember(p, self.id, "traps_used", [*self._used(p), target])
        g.log("TrapSprung", seat=p.seat, function=function, target=target)
        if function == "guard":
            effects.place_guard(g, p.seat, target)
            g.result(p.seat, "result.guard", target=g.ref(target))
        elif function == "learn":
            effects.learn_megami(g, p.seat, target)
        else:
            effects.remember(p, self.id, "pending_kill", target)
            g.result(p.seat, "result.oboro.kill", target=g.ref(target))

    def kill(self, g: Ctx, p: Player, action: Action | None) -> None:
        """D4: a trap kill sprung at R1 (not one that fizzled there) [ADZ-6.3]."""
        target = effects.recall(p, self.id, "pending_kill")
        effects.remember(p, self.id, "pending_kill", None)
        if isinstance(target, int):
            effects.kill(g, target, "trap")


ROLE = Oboro()
