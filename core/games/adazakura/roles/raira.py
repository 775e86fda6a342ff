"""Raira 「陣風祭天儀」: wind and thunder gauges (0-3, per player); each night (0+) she may raise one gauge by
1, then use one storm power whose level is at most its gauge [ADZ-9.12] (A34).

One night choice is one action ``("night.raira", raise, power, *target)``: ``raise`` is ``wind``,
``thunder`` or ``keep``; ``power`` is ``none`` or ``w1``-``w3`` / ``t1``-``t3``; W2, T2 and T3 name another
living player (shifted by Yukihi at R0). Wind: W1 looks at the deck (R2(c)), W2 learns a Megami, W3 makes
her invulnerable until the end of Day n+1 (not the night right after a W3 night, A68, unless the host's
``w3_nightly`` follows the original text, which sets no such limit; checked at K7 and by every death).
Thunder: T1 removes the top card unseen (R2(c)), T2 seals (from M2 of Day n+1, [ADZ-3.8]; with
``seals_at_once`` from tonight's resolution, see ``night.stop_sealed``), T3 kills at D5 (once per game, an
ability death). Every use, even a fizzled one, releases her earlier T2
seal at the next M2 (A20, A69).
"""

from __future__ import annotations

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles.base import ErasureHandler, Megami, StepHandler
from core.games.adazakura.settings import rule

KIND = "night.raira"
GAUGES = ("wind", "thunder")
KEEP = "keep"
NONE = "none"
MAX = 3
#: Storm power → (its gauge, its level) [ADZ-9.12].
POWERS: dict[str, tuple[str, int]] = {
    "w1": ("wind", 1), "w2": ("wind", 2), "w3": ("wind", 3),
    "t1": ("thunder", 1), "t2": ("thunder", 2), "t3": ("thunder", 3),
}  # fmt: skip
TARGETED = frozenset({"w2", "t2", "t3"})


class Raira(Megami):
    id = "raira"

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        limit = [] if rule(state, "w3_nightly") else [KeyRef(key="role.raira.text.w3_limit")]
        seal = "role.raira.text.seal_now" if rule(state, "seals_at_once") else "role.raira.text.seal_next"
        return [*limit, KeyRef(key=seal)]

    def gauges(self, p: Player) -> dict[str, int]:
        """``{"wind": w, "thunder": t}`` now."""
        return {gauge: int(effects.recall(p, self.id, gauge, 0)) for gauge in GAUGES}

    def _after(self, p: Player, raised: str) -> dict[str, int]:
        gauges = self.gauges(p)
        if raised in gauges:
            gauges[raised] = min(MAX, gauges[raised] + 1)
        return gauges

    def _barred(self, g: Ctx, p: Player, power: str) -> str | None:
        """Why ``power`` is out of reach tonight whatever the gauges: W3 two nights running (A68; allowed
        with ``w3_nightly``), a spent T3."""
        last_w3 = effects.recall(p, self.id, "w3_night")
        if power == "w3" and last_w3 == g.day_n - 1 and not rule(g.s, "w3_nightly"):
            return "option.repeat"
        if power == "t3" and effects.recall(p, self.id, "t3_used"):
            return "ability.used_up"
        return None

    def _powers(self, g: Ctx, p: Player, gauges: dict[str, int]) -> list[str]:
        return [NONE] + [
            power
            for power, (gauge, level) in POWERS.items()
            if gauges[gauge] >= level and self._barred(g, p, power) is None
        ]

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        now = self.gauges(p)
        targets = effects.others_alive(g, p)
        out: list[Action] = []
        for raised in [gauge for gauge in GAUGES if now[gauge] < MAX] + [KEEP]:
            for power in self._powers(g, p, self._after(p, raised)):
                if power in TARGETED:
                    out += [Action.of(KIND, raised, power, t) for t in targets]
                elif (raised, power) != (KEEP, NONE):
                    out.append(Action.of(KIND, raised, power))
        return out

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind != KIND or len(action.args) < 2:
            return None
        raised, power = action.args[0], action.args[1]
        if raised in GAUGES and self.gauges(p)[str(raised)] >= MAX:
            return "gauge.full"
        if raised not in (*GAUGES, KEEP) or power not in POWERS:
            return None
        gauge, level = POWERS[str(power)]
        if self._after(p, str(raised))[gauge] < level:
            return "gauge.low"
        return self._barred(g, p, str(power))

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.raira": self.storm, "R2.c": self.deck, "D5": self.strike}

    def seal_target(self, g: Ctx, p: Player, action: Action | None) -> int | None:
        return effects.target_of(action) if action is not None and action.args[1] == "t2" else None

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K7": self.wind_wall}

    def storm(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R1: the raise, then W2, W3, T2 and T3 (T3 kills at D5); W1 and T1 wait for R2(c). Any use
        releases her earlier thunder-2 seal at the next M2 (A20, A69)."""
        if action is None:
            return
        raised, power = str(action.args[0]), str(action.args[1])
        for gauge, value in self._after(p, raised).items():
            effects.remember(p, self.id, gauge, value)
        gauges = self.gauges(p)
        g.result(p.seat, "result.raira.gauges", wind=gauges["wind"], thunder=gauges["thunder"])
        target = effects.target_of(action)
        effects.designate_seal(g, p.seat, self.id, target if power == "t2" else None)
        g.log("RairaUsed", seat=p.seat, power=power, target=target, **gauges)
        self._power(g, p, power, target)

    def _power(self, g: Ctx, p: Player, power: str, target: int | None) -> None:
        """R1 part of a storm power on its actual ``target`` (None: none, or fizzled)."""
        if power == "w3":
            effects.remember(p, self.id, "w3_night", g.day_n)
            p.invulnerable_until = g.day_n + 1
            g.result(p.seat, "result.raira.w3", day=g.day_n + 1)
        elif power == "t3":
            effects.remember(p, self.id, "t3_used", True)
        if target is None:
            return
        if power == "w2":
            effects.learn_megami(g, p.seat, target)
        elif power == "t2":
            key = "result.seal.now" if rule(g.s, "seals_at_once") else "result.seal"
            g.result(p.seat, key, target=g.ref(target), day=g.day_n + 1)
        elif power == "t3":
            g.result(p.seat, "result.raira.t3", target=g.ref(target))

    def deck(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R2(c): W1 looks at one card; T1 removes the top card unseen and tells only the size [ADZ-3.5]."""
        power = action.args[1] if action is not None else None
        if power not in ("w1", "t1"):
            return
        if not g.s.deck:
            g.result(p.seat, "result.deck.empty")
        elif power == "w1":
            effects.deck_look(g, p.seat, 1)
        else:
            effects.deck_remove_top(g, p.seat)
            g.result(p.seat, "result.raira.t1", size=len(g.s.deck))

    def strike(self, g: Ctx, p: Player, action: Action | None) -> None:
        """D5: tonight's thunder 3, unless it fizzled; only wind 3 stops it [ADZ-6.3]."""
        target = effects.target_of(action)
        if action is not None and action.args[1] == "t3" and target is not None:
            effects.kill(g, target, "thunder")

    def wind_wall(self, g: Ctx, target: int) -> int | None:
        """K7 [ADZ-7.2]: an erasure reaching an invulnerable player does nothing."""
        if effects.is_invulnerable(g, g.p(target)):
            g.log("ErasureStopped", by="raira", target=target)
            return None
        return target


ROLE = Raira()
