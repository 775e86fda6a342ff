"""Kururu 「神渉装置:枢式」 [ADZ-9.10]: on night 0 only, once and optionally, look at another player; the look
resolves the moment it is submitted and is final ([ADZ-3.10], [ADZ-6.2]).

She learns the target's dealt Megami and from then on holds that Megami's ability in her own faction's
version (A40), usable at once if night 0 allows it (A64); copying an ability that acts at the night's
opening (Black Box) makes it act now (A58). A Sakura Kururu who sees Yatsuha becomes a madman [ADZ-2.4]. The
Adazakura Yukihi shift was applied by ``night.submit`` (R0 at once): a look shifted onto herself fizzles, is
spent and copies nothing (A69). Without a look she has no ability all game. A Saliya holding this ability
through Black Box only learns the Megami: no copy, no madman (A65).
"""

from __future__ import annotations

from core.engine.notice import Action, Param
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import SAKURA
from core.games.adazakura.model import Player
from core.games.adazakura.roles import roles
from core.games.adazakura.roles.base import Megami
from core.games.adazakura.view import held_text

KIND = "night.kururu"


class Kururu(Megami):
    id = "kururu"
    instant = True

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if g.day_n != 0 or effects.recall(p, self.id, "looked"):
            return []
        return [Action.of(KIND, t) for t in effects.others_alive(g, p)]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action.kind == KIND and effects.recall(p, self.id, "looked"):
            return "ability.used_up"
        return None

    def resolve_now(self, g: Ctx, p: Player, action: Action) -> None:
        effects.remember(p, self.id, "looked", True)
        target = effects.target_of(action)
        if target is None:
            return
        megami = g.p(target).megami
        g.log("KururuLooked", seat=p.seat, target=target, megami=megami, copied=p.megami == self.id)
        if p.megami != self.id:
            g.learn(p.seat, "result.megami", night=g.day_n, target=g.ref(target), megami=g.role(megami))
            return
        p.copied = megami
        g.learn(
            p.seat, "result.kururu.copied", night=g.day_n, target=g.ref(target), megami=g.role(megami),
            text=list[Param](held_text(g.s, megami, p.faction)),
        )  # fmt: skip
        if megami == "yatsuha" and p.faction == SAKURA:
            p.madman = True
            g.learn(p.seat, "result.kururu.madman", night=g.day_n)
        copied = roles().get(megami)
        if copied is not None:
            copied.on_copied(g, p)


ROLE = Kururu()
