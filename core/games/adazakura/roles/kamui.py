"""Kamui 「理」 [ADZ-9.21] (A19, A51): wholly passive, so seals change nothing. (1) Her ballot weighs 3.
(2) Fate: every holder still alive dies at D6 of night 3, the last death step (only night 3, so never again
after a revival). (3) Revenge: when her fate kills her, the other living player she chose during night 3's
window dies too (an ability death; guards do not stop it; a victim already dead or invulnerable is spared).
No choice: a victim drawn uniformly among the other living players at D6. A Sakura Kamui's chosen victim is
moved by Yukihi's Adazakura version (R0; the random default never is); a choice shifted onto herself
fizzles (A25): no revenge. She is told privately which seat her revenge went to.
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler

KIND = "night.kamui"
#: The only night of her fate [ADZ-9.21].
FATE_NIGHT = 3
#: Ballot weight [ADZ-8.3].
WEIGHT = 3


class Kamui(Megami):
    id = "kamui"
    passive = True
    passive_steps = frozenset({"R1.kamui", "D6"})

    def vote_weight(self, g: Ctx, p: Player) -> int | None:
        return WEIGHT

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if g.day_n != FATE_NIGHT:
            return []
        return [Action.of(KIND, t) for t in effects.others_alive(g, p)]

    def prompt_note(self, g: Ctx, p: Player) -> str | None:
        """Night 3: "you will die tonight; choose who goes with you" [ADZ-9.21]."""
        return "night.note.kamui" if g.day_n == FATE_NIGHT else None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.kamui": self.record, "D6": self.fate}

    def record(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R1: the revenge choice is recorded (its actual target after R0) [ADZ-6.3]."""
        if action is not None:
            g.log("RevengeChosen", seat=p.seat, target=effects.target_of(action))

    def fate(self, g: Ctx, p: Player, action: Action | None) -> None:
        """D6: every holder in seat order, once per night (the first call settles them all)."""
        if g.day_n != FATE_NIGHT or g.s.night is None:
            return
        alive_at_dusk = g.s.night.alive
        for q in sorted(effects.holders(g, self.id), key=lambda q: q.seat):
            if q.seat in alive_at_dusk and effects.recall(q, self.id, "fate_night") != g.day_n:
                effects.remember(q, self.id, "fate_night", g.day_n)
                self._die(g, q, g.actual.get(q.seat, {}).get(self.id))

    def _die(self, g: Ctx, p: Player, action: Action | None) -> None:
        """Her fated death, then her revenge; none if she died earlier tonight or cannot die."""
        if not p.alive or not effects.kill(g, p.seat, "fate"):
            return
        if action is None:
            others = [q.seat for q in g.living()]
            if not others:
                return
            victim: int | None = g.s.rng.choice(others)
        else:
            victim = effects.target_of(action)
        if victim is None:
            return
        effects.kill(g, victim, "revenge")
        g.result(p.seat, "result.kamui.revenge", target=g.ref(victim))


ROLE = Kamui()
