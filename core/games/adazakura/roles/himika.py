"""Himika 「クリムゾンゼロ」: every night, mark a living player (herself allowed); that player's ballots
weigh 0 on the next day [ADZ-9.3]. Nobody but Himika is told."""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler


class Himika(Megami):
    id = "himika"
    self_target = True

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        return [Action.of("night.himika", t) for t in effects.others_alive(g, p, self_ok=True)]

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.himika": self.mark}

    def mark(self, g: Ctx, p: Player, action: Action | None) -> None:
        target = effects.target_of(action)
        if target is None:
            return
        if target not in g.s.next_day.marked:
            g.s.next_day.marked.append(target)
        g.result(p.seat, "result.himika", target=g.ref(target), day=g.day_n + 1)
        g.log("BallotMarked", seat=p.seat, target=target)


ROLE = Himika()
