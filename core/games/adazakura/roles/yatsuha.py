"""Yatsuha 「八葉鏡の徒桜」: always Adazakura; on night 0 only, learn the Megami of one or two different
other players [ADZ-9.16] (A57, A73). Each look fizzles separately (A69)."""

from __future__ import annotations

from itertools import permutations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler

KIND = "night.yatsuha"


class Yatsuha(Megami):
    id = "yatsuha"

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        if g.day_n != 0:
            return []
        others = effects.others_alive(g, p)
        return [Action.of(KIND, a) for a in others] + [
            Action.of(KIND, *pair) for pair in permutations(others, 2)
        ]

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.yatsuha": self.look}

    def look(self, g: Ctx, p: Player, action: Action | None) -> None:
        if action is None:
            return
        for target in action.args:
            if isinstance(target, int):
                effects.learn_megami(g, p.seat, target)


ROLE = Yatsuha()
