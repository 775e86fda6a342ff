"""Saine [ADZ-9.2]. Sakura 「音無砕氷」: the first erasure that reaches K6 fails and the immunity is used up;
she alone is told (A32, A33). With the host's ``saine_first`` (the original text excludes only a guarded
erasure: 「護衛されている状態での消滅はカウントしない」) an erasure aimed at her that a barrier (K3), Tokoyo
(K5) or wind 3 (K7) stops also uses it up, and she is told so. Adazakura 「絶唱絶華」: once per game, during
discussion, ``/skip`` reveals her dealt Megami and skips the day's discussion and vote (A48)."""

from __future__ import annotations

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import phase_seals
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.model import AdzState, CoRecord, Player
from core.games.adazakura.roles.base import ErasureHandler, Megami
from core.games.adazakura.settings import rule

SKIP = Action.of("skip")
#: Pipeline steps that stop an erasure aimed at her without spending her immunity by default (A32): with
#: ``saine_first`` they spend it; a guard (K4) never does, and K6 is the immunity itself.
COUNTED = frozenset({"K3", "K5", "K7"})


class Saine(Megami):
    id = "saine"

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        if version != SAKURA:
            return []
        return [
            KeyRef(
                key="role.saine.text.sakura.first"
                if rule(state, "saine_first")
                else "role.saine.text.sakura.k6"
            )
        ]

    def erasure_steps(self) -> dict[str, ErasureHandler]:
        return {"K6": self.silent_ice}

    def _unused(self, p: Player) -> bool:
        return (
            p.alive and effects.holds(p, self.id, SAKURA) and not effects.recall(p, self.id, "immunity_used")
        )

    def silent_ice(self, g: Ctx, target: int) -> int | None:
        p = g.p(target)
        if not self._unused(p):
            return target
        effects.remember(p, self.id, "immunity_used", True)
        g.result(target, "result.saine.immunity")
        g.log("ErasureStopped", by="saine", target=target)
        return None

    def erasure_failed(self, g: Ctx, target: int, step: str) -> None:
        """``saine_first``: an erasure aimed at her and stopped at K3, K5 or K7 was her first one."""
        p = g.p(target)
        if step in COUNTED and rule(g.s, "saine_first") and self._unused(p):
            effects.remember(p, self.id, "immunity_used", True)
            g.result(target, "result.saine.spent")
            g.log("ImmunitySpent", seat=target, step=step)

    def day_options(self, g: Ctx, p: Player) -> list[Action]:
        usable = g.s.phase == "discussion" and p.faction == ADAZAKURA
        return [SKIP] if usable and not effects.recall(p, self.id, "skip_used") else []

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action != SKIP or p.faction != ADAZAKURA:
            return None
        if effects.recall(p, self.id, "skip_used"):
            return "ability.used_up"
        if g.s.phase == "discussion" or p.seat in phase_seals(g):
            return "ability.sealed"
        return "phase.discussion_only"

    def apply_day_action(self, g: Ctx, p: Player, action: Action) -> None:
        from core.games.adazakura.day import skip_day

        effects.remember(p, self.id, "skip_used", True)
        day = g.s.day
        assert day is not None
        g.s.co_board.append(CoRecord(day=day.n, seat=p.seat, megami=p.megami, verified=True))
        g.announce("skip.used", player=g.ref(p.seat), megami=g.role(p.megami))
        g.log("DaySkipped", seat=p.seat)
        skip_day(g)


ROLE = Saine()
