"""Chikage 「毒霧結界」 [ADZ-9.9] (A29, A30, A39): from night 1 (from night 0 with the host's
``chikage_night0``, the original text's 「あなたは夜に」 without an exception; a night-0 barrier meets no
erasure and no guard, but counts for a lethal double on night 1), a barrier on any living player (herself
allowed) for tonight only. (a) Reflection: an erasure reaching K3 aimed at it is cancelled and a random
living player of faction ``adazakura`` dies instead. (b) Poisoned guards: every guard on it is void (see
``effects.valid_guards``) and its guarding player is queued at R3 and dies at D2, attack or not. (c) Lethal
double: the same *actual* target as her barrier of the night before dies at D3 and she loses the ability
for good (A26); tonight's barrier still works. Sealed: no barrier, and the chain breaks.

CHATBOT: the seat she *chose* the night before is offered only as the confirm action ``(seat, "lethal")``
whose button warns that it is lethal (a menu level of its own); a plain repeat is refused with
``target.lethal``. It cannot foresee a shift.
"""

from __future__ import annotations

from typing import Any

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles.base import ErasureHandler, Megami, StepHandler
from core.games.adazakura.settings import rule

KIND = "night.chikage"
#: The second argument of the confirmed repeat of last night's chosen seat.
LETHAL = "lethal"


def _seat(action: Action | None) -> int | None:
    """The actual barrier target of a resolved action (its first argument)."""
    if action is None or not action.args or not isinstance(action.args[0], int):
        return None
    return action.args[0]


class Chikage(Megami):
    id = "chikage"
    self_target = True

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        night = "role.chikage.text.night0" if rule(state, "chikage_night0") else "role.chikage.text.night1"
        return [KeyRef(key=night)]

    def _previous(self, g: Ctx, p: Player, field: str) -> int | None:
        """Last night's barrier of ``p``: the ``chosen`` or the ``actual`` seat; None if she placed none."""
        if effects.recall(p, self.id, "night") != g.day_n - 1:
            return None
        seat = effects.recall(p, self.id, field)
        return seat if isinstance(seat, int) else None

    def _tonight(self, g: Ctx) -> bool:
        """Whether a barrier may be placed tonight: from night 1 (A39), or every night with
        ``chikage_night0``."""
        return g.day_n >= 1 or rule(g.s, "chikage_night0")

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if not self._tonight(g) or effects.recall(p, self.id, "lost"):
            return []
        repeat = self._previous(g, p, "chosen")
        return [
            Action.of(KIND, t, LETHAL) if t == repeat else Action.of(KIND, t)
            for t in effects.others_alive(g, p, self_ok=True)
        ]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind != KIND or not self._tonight(g):
            return None
        if effects.recall(p, self.id, "lost"):
            return "ability.used_up"
        target = action.args[0] if len(action.args) == 1 else None
        if isinstance(target, int) and target == self._previous(g, p, "chosen") and g.p(target).alive:
            return "target.lethal"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.chikage": self.place, "R3": self.poison_guards, "D2": self.kill_guards, "D3": self.lethal}

    def place(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R1: the barrier on the actual target; a lethal double is detected and queued for D3."""
        picked = effects.chosen(g, p, self.id)
        target = _seat(action)
        if picked is None or target is None:
            return
        before = self._previous(g, p, "actual")
        effects.remember(p, self.id, "chosen", picked.args[0])
        effects.remember(p, self.id, "actual", target)
        effects.remember(p, self.id, "night", g.day_n)
        g.barriers.setdefault(target, []).append(p.seat)
        g.log("BarrierPlaced", by=p.seat, target=target)
        g.result(p.seat, "result.chikage.barrier", target=g.ref(target))
        if target == before:
            effects.remember(p, self.id, "lost", True)
            effects.remember(p, self.id, "lethal", target)
            g.log("LethalDouble", by=p.seat, target=target)
            g.result(p.seat, "result.chikage.lethal", target=g.ref(target))

    def poison_guards(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R3: the guarding players of every guard on her barrier's target are queued for D2 (A29)."""
        target = _seat(action)
        if target is None or p.seat not in g.barriers.get(target, []):
            return
        guards = sorted(set(g.guards.get(target, [])))
        if guards:
            effects.remember(p, self.id, "poisoned", guards)
            g.log("GuardsPoisoned", target=target, guards=guards)

    def kill_guards(self, g: Ctx, p: Player, action: Action | None) -> None:
        """D2: every queued guarding player dies, in seat order (all holders' queues at once)."""
        for seat in sorted({s for q in g.s.players for s in self._take(q, g, "poisoned") or []}):
            effects.kill(g, seat, "poison")

    def lethal(self, g: Ctx, p: Player, action: Action | None) -> None:
        """D3: lethal doubles die, in the seat order of the Chikage holders (all at once)."""
        for q in g.s.players:
            seat = self._take(q, g, "lethal")
            if isinstance(seat, int):
                effects.kill(g, seat, "lethal_barrier")

    def _take(self, q: Player, g: Ctx, field: str) -> Any:
        """Read and clear a death ``q`` queued tonight (one queued on an earlier night is dropped)."""
        value = effects.recall(q, self.id, field)
        effects.remember(q, self.id, field, None)
        return value if effects.recall(q, self.id, "night") == g.day_n else None

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K3": self.reflect}

    def reflect(self, g: Ctx, target: int) -> int | None:
        """K3: an erasure aimed at a barrier is cancelled; a living ``adazakura`` player drawn uniformly
        (seat order; never a madman or Renri) dies instead, unless invulnerable: no redraw (A30)."""
        if target not in g.barriers:
            return target
        team = g.team()
        g.log("ErasureReflected", target=target)
        if team:
            effects.kill(g, g.s.rng.choice(team), "reflection")
        return None


ROLE = Chikage()
