"""Honoka 「桜吹雪」 [ADZ-9.14] (A42, A46): automatic every night unless sealed, no choice. (a) Every ballot
of Day n, main vote then runoff: one line per player alive at that vote, in seat order — the seat named,
"abstained" or "could not vote (frozen)"; raw (no weights, Himika marks invisible); or that no vote was
held (Saine's skip). (b) Then a look at the deck, 1 card (deck step R2(e)). Night 0: (b) only. With the
host's ``deck_choices`` (the original text's 「見ることができます」) (b) is a choice, ``("night.honoka",
"deck")``; (a) stays automatic."""

from __future__ import annotations

from core.engine.notice import Action, KeyRef, Param
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.model import AdzState, Ballot, Player
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import rule

DECK = Action(kind="night.honoka", args=("deck",))


class Honoka(Megami):
    id = "honoka"
    automatic = True

    def text_notes(self, state: AdzState, version: str) -> list[KeyRef]:
        return [
            KeyRef(key="role.honoka.text.choice" if rule(state, "deck_choices") else "role.honoka.text.auto")
        ]

    def night_options(self, g: Ctx, p: Player) -> list[Action]:
        return [DECK] if rule(g.s, "deck_choices") else []

    def steps(self) -> dict[str, StepHandler]:
        return {"R1.honoka": self.ballots, "R2.e": self.look}

    def ballots(self, g: Ctx, p: Player, action: Action | None) -> None:
        """(a): the rounds of the day this night follows [ADZ-8.5]; nothing on night 0."""
        if g.day_n == 0:
            return
        day = g.s.last_day
        if day is None or not day.rounds:
            g.result(p.seat, "result.honoka.no_vote", day=g.day_n)
            return
        for number, record in enumerate(day.rounds):
            key = "result.honoka.vote" if number == 0 else "result.honoka.runoff"
            lines = [_line(g, voter, ballot) for voter, ballot in sorted(record.items())]
            g.result(p.seat, key, day=day.n, ballots=lines)

    def look(self, g: Ctx, p: Player, action: Action | None) -> None:
        """(b): always, or with ``deck_choices`` only if she chose it."""
        if action is not None or not rule(g.s, "deck_choices"):
            effects.deck_look(g, p.seat, 1)


def _line(g: Ctx, voter: int, ballot: Ballot) -> Param:
    """One voter's raw ballot as a line."""
    if isinstance(ballot, int):
        return KeyRef(key="result.honoka.named", params={"voter": g.ref(voter), "target": g.ref(ballot)})
    if ballot == "frozen":
        return KeyRef(key="result.honoka.frozen", params={"voter": g.ref(voter)})
    return KeyRef(key="result.honoka.abstained", params={"voter": g.ref(voter)})


ROLE = Honoka()
