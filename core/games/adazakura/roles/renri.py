"""Renri 「ウソツキ」 [ADZ-9.22] (A43, A66): no faction, never counted, in no team.

Night 0, automatic: the player dealt Renri sees the top card of the deck, which leaves the game (step O3);
a Kururu or Black Box Saliya holding her ability does the same at deck step R2(a), night 0 only (A64,
A65), without any change of faction or victory condition. With the host's ``deck_choices`` (the original
text's 「除外することができます」) the removal is a choice, ``("night.renri", "remove")``: the player dealt
Renri is shown the top card at O3 (it stays) and, if she chose to, that card leaves the deck at R2(a);
a copy holder who chose to removes the top card there. At the end of a game that is not a draw, the
player dealt Renri wins in addition to the winning side if she is alive and made at least one accepted
``/co`` naming another Megami during the discussion of Day 1 or Day 2 (A56: the CO board, verified reveals
excluded); a successful Kanae deduction takes that win away again ([ADZ-10.2], see ``ending.py``).
"""

from __future__ import annotations

from core.engine.notice import Action, KeyRef
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import rule

KIND = "night.renri"
REMOVE = Action(kind=KIND, args=("remove",))
#: The days whose ``/co`` count for her victory [ADZ-9.22] (A43: "by Day 2's daytime").
CO_DAYS = (1, 2)


class Renri(Megami):
    id = "renri"
    automatic = True

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        removal = "role.renri.text.choice" if rule(state, "deck_choices") else "role.renri.text.auto"
        win = "role.renri.text.alone" if rule(state, "renri_alone") else "role.renri.text.with_side"
        return [KeyRef(key=removal), KeyRef(key=win)]

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        return [REMOVE] if g.day_n == 0 and rule(g.s, "deck_choices") else []

    def steps(self) -> dict[str, StepHandler]:
        return {"O3": self.peek_and_remove, "R2.a": self.removes}

    def peek_and_remove(self, g: Ctx, p: Player, action: Action | None) -> None:
        """O3: the player dealt Renri, at once (the night-0 opening, before any other deck operation);
        with ``deck_choices`` she is only shown the top card, which stays."""
        if g.day_n != 0 or p.megami != self.id:
            return
        if not rule(g.s, "deck_choices"):
            _remove_top(g, p, at_once=True)
        elif g.s.deck:
            effects.remember(p, self.id, "seen", g.s.deck[0])
            g.learn(p.seat, "result.renri.seen", night=0, megami=g.role(g.s.deck[0]), size=len(g.s.deck))

    def removes(self, g: Ctx, p: Player, action: Action | None) -> None:
        """R2(a): a copy holder (Kururu, Black Box Saliya) removes the top card, told with the other night
        results at R5; with ``deck_choices`` only if she chose to, and the player dealt Renri removes the
        card she was shown (wherever a Black Box look has moved it)."""
        if g.day_n != 0:
            return
        if not rule(g.s, "deck_choices"):
            if p.megami != self.id:
                _remove_top(g, p, at_once=False)
            return
        seen = effects.recall(p, self.id, "seen")
        if action is None:
            return
        if p.megami != self.id:
            _remove_top(g, p, at_once=False)
        elif seen in g.s.deck:
            effects.deck_remove(g, p.seat, seen)
            g.result(p.seat, "result.renri.removed", megami=g.role(seen), size=len(g.s.deck))


def _remove_top(g: Ctx, p: Player, *, at_once: bool) -> None:
    """The top card leaves the game; ``p`` is told which one and the deck's new size [ADZ-3.5]."""
    card = effects.deck_remove_top(g, p.seat)
    if card is None:
        g.result(p.seat, "result.deck.empty")
    elif at_once:
        g.learn(p.seat, "result.renri.removed", night=0, megami=g.role(card), size=len(g.s.deck))
    else:
        g.result(p.seat, "result.renri.removed", megami=g.role(card), size=len(g.s.deck))


def wins(g: Ctx, p: Player) -> bool:
    """Whether ``p`` is the player dealt Renri and meets her victory condition now [ADZ-9.22]: alive, and
    an accepted ``/co`` of another Megami on Day 1 or Day 2 (not a verified reveal)."""
    if p.megami != "renri" or not p.alive:
        return False
    return any(
        r.seat == p.seat and r.day in CO_DAYS and not r.verified and r.megami != "renri" for r in g.s.co_board
    )


ROLE = Renri()
