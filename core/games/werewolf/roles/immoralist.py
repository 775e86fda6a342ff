"""背徳者: fox camp, knows the foxes (they do not know him), counted as human, divined white without a
curse; dies at once when no fox is left (後追い, AMB-04, AMB-28) [WW-3.4.9]; needs a fox in the cast
(V5)."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Immoralist(Role):
    id = "immoralist"
    order = 10
    camp = "fox"
    needs = "fox"
    follows = "fox"
    knows = ("fox",)


ROLE = Immoralist()
