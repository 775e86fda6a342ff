"""Hatsumi 「濁流」: every night (0+), seal another living player, not the one she chose the night before
[ADZ-9.17]. The seal starts at M2 of the next day and lasts until released: at the M2 after her next
designation, or at once when she dies or stops holding the ability [ADZ-3.8] (A18, A20). Not designating
keeps it (A50); a fizzled designation releases it, places none, and still bars the chosen player on the
next night (A69). Only she is told; nothing is public. With the host's ``seals_at_once`` (the original
text's "until Hatsumi next designates", without a delay) the seal also stops the target's abilities on the
night it is placed (``night.stop_sealed``).
"""

from __future__ import annotations

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import rule

KIND = "night.hatsumi"


class Hatsumi(Megami):
    id = "hatsumi"

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        seal = "role.hatsumi.text.seal_now" if rule(state, "seals_at_once") else "role.hatsumi.text.seal_next"
        return [KeyRef(key=seal)]

    def _barred(self, g: Ctx, p: Player) -> int | None:
        """The player chosen on the previous night, whom she may not choose tonight (A26)."""
        if effects.recall(p, self.id, "chosen_night") != g.day_n - 1:
            return None
        barred = effects.recall(p, self.id, "chosen")
        return barred if isinstance(barred, int) else None

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        barred = self._barred(g, p)
        return [Action.of(KIND, t) for t in effects.others_alive(g, p) if t != barred]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind == KIND and len(action.args) == 1 and action.args[0] == self._barred(g, p):
            return "target.repeat"
        return None

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.hatsumi": self.designate}

    def seal_target(self, g: Ctx, p: Player, action: Action | None) -> int | None:
        return effects.target_of(action)

    def designate(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R1: record the chosen player (A69) and queue the seal on the actual one for M2."""
        picked = effects.chosen(g, p, self.id)
        if action is None or picked is None:
            return
        effects.remember(p, self.id, "chosen", picked.args[0])
        effects.remember(p, self.id, "chosen_night", g.day_n)
        target = effects.target_of(action)
        effects.designate_seal(g, p.seat, self.id, target)
        if target is not None:
            key = "result.seal.now" if rule(g.s, "seals_at_once") else "result.seal"
            g.result(p.seat, key, target=g.ref(target), day=g.day_n + 1)


ROLE = Hatsumi()
