"""Saliya 「Black Box」 [ADZ-9.11] (A41, A58, A65, A70, A71): at O4 of every night n ≥ 0 each living holder
(the dealt Saliya first, then a Kururu who copied her, in seat order) that is not sealed and has her switch
on looks at the deck (1 card, top to bottom) and gains that Megami's ability in her own faction's version
until the end of Day n+1 (``day.end_day``) or her death (``effects.kill``).

She is told at O4, not at R5, so the gained ability is offered in the prompt that follows; a Kururu copying
Saliya on night 0 looks at that instant (A58). Per-player bookkeeping is keyed by Megami id in
``Player.memo``, so counters persist across gains. The switch (``blackbox`` ``on``/``off``) is an action of
every phase, read at the next O4 (A70).
"""

from __future__ import annotations

from core.engine.notice import Action, Param
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import legal
from core.games.adazakura.model import Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.view import held_text

KIND = "blackbox"
ON, OFF = "on", "off"


class Saliya(Megami):
    id = "saliya"
    automatic = True
    # The O4 handler itself tells a sealed holder that no look happens tonight [ADZ-9.11].
    passive_steps = frozenset({"O4"})

    def steps(self) -> dict[str, StepHandler]:
        return {"O4": self.black_box}

    def black_box(self, g: Ctx, p: Player, action: Action | None) -> None:
        """O4 [ADZ-6.1]: sealed → no look; switched off → no look; else the look."""
        night = g.s.night
        assert night is not None
        if p.seat in night.sealed:
            g.learn(p.seat, "blackbox.sealed", night=night.n)
        elif not p.blackbox_on:
            g.learn(p.seat, "blackbox.off", night=night.n)
        else:
            self.look(g, p)

    def on_copied(self, g: Ctx, p: Player) -> None:
        """A Kururu copying Saliya on night 0 looks at once; her switch counts from night 1 (A58, A70)."""
        self.look(g, p)

    def look(self, g: Ctx, p: Player) -> None:
        """The top card is seen and sent to the bottom [ADZ-3.5]; its ability is held until the end of the
        next day. An empty deck gives nothing."""
        n = g.day_n
        card = effects.deck_cycle(g)
        if card is None:
            g.learn(p.seat, "blackbox.empty", night=n)
            return
        p.gained, p.gained_until = card, n + 1
        g.log("BlackBox", seat=p.seat, card=card, until=n + 1)
        g.learn(
            p.seat, "blackbox.seen", night=n, megami=g.role(card), size=len(g.s.deck), day=n + 1,
            text=list[Param](held_text(g.s, card, p.faction)),
        )  # fmt: skip

    def anytime_options(self, g: Ctx, p: Player) -> list[Action]:
        return [Action.of(KIND, OFF if p.blackbox_on else ON)]

    def refusal(self, g: Ctx, p: Player, action: Action) -> str | None:
        if action == Action.of(KIND, ON) and p.blackbox_on:
            return "blackbox.already_on"
        if action == Action.of(KIND, OFF) and not p.blackbox_on:
            return "blackbox.already_off"
        return None

    def apply_anytime(self, g: Ctx, p: Player, action: Action) -> None:
        p.blackbox_on = action.args == (ON,)
        g.log("BlackBoxSwitched", seat=p.seat, on=p.blackbox_on)
        buttons = [a for a in legal(g, p.seat) if a.kind != "co"]
        g.tell(p.seat, "blackbox.switched.on" if p.blackbox_on else "blackbox.switched.off", actions=buttons)


ROLE = Saliya()
