"""Deal and role check of 政治家人狼 (``politician.md`` §6.1, §6.2, §3.3).

The bot reproduces the information outcome of the wake-up sequence with private messages: wolves meet,
the lover meets the wolves and picks a favourite, the reporter's clue, spies meet and are shown to the
wolves. Guard, chairman and traitor only get their role card.
"""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.notice import KeyRef
from core.engine.rng import Rng
from core.engine.table import Member
from core.games.politician.ctx import Ctx
from core.games.politician.model import Player
from core.games.politician.roles import CAMP, CASTS, ROLES, Cast


class SetupError(ValueError):
    """A test-mode setup that names an unknown role or does not match the table."""


def deal(members: list[Member], rng: Rng, cast: Cast) -> list[Player]:
    """§6.1: shuffle the cast's cards uniformly and give one to each member, seats in join order."""
    cards = [role for role in ROLES for _ in range(cast.count(role))]
    cards = rng.shuffled(cards)
    return [
        Player(seat=i, user_id=m.user_id, name=m.name, role=card)
        for i, (m, card) in enumerate(zip(members, cards, strict=True), start=1)
    ]


def injected(members: list[Member], setup: dict[str, Any]) -> tuple[list[Player], Cast]:
    """Test mode: ``setup["seats"]`` lists one role id per member in join order; ``setup`` may also give
    ``seats_rule`` ``[S, h, w]`` (default: §4 for that size, else 4/3/2). Raises :class:`SetupError`."""
    roles = [str(r) for r in setup.get("seats", [])]
    if len(roles) != len(members) or any(r not in CAMP for r in roles):
        raise SetupError("setup.invalid")
    counts: dict[str, int] = {r: roles.count(r) for r in ROLES if r in roles}
    rule = setup.get("seats_rule")
    default = CASTS.get(len(roles))
    seats, human, wolf = (
        rule if rule else ((default.seats, default.human, default.wolf) if default else (4, 3, 2))
    )
    players = [
        Player(seat=i, user_id=m.user_id, name=m.name, role=r)
        for i, (m, r) in enumerate(zip(members, roles, strict=True), 1)
    ]
    return players, Cast(roles=counts, seats=seats, human=human, wolf=wolf)


def role_check(g: Ctx) -> bool:
    """Send the §6.2 knowledge (the wolves meet in their team channel, so each knows the pack); return
    True when the lover must still choose a favourite among several wolves (the role check then waits for
    it, AMB-32)."""
    wolves = g.holders("wolf_member")
    lovers = g.holders("lover")
    spies = g.holders("spy")
    g.tell_team("know.wolf", wolves, wolves=g.refs(wolves))
    for w in wolves:
        g.p(w).ledger.append(ledger.line(KeyRef(key="know.wolf", params={"wolves": g.refs(wolves)})))
        if lovers:
            g.learn(w, "know.lover", lover=g.ref(lovers[0]))
        if spies:
            g.learn(w, "know.spies", spies=g.refs(spies))
    for s in spies:
        g.learn(s, "know.spy" if len(spies) > 1 else "know.spy.alone", spies=g.refs(spies))
    _reporter_clue(g, wolves, lovers)
    if not lovers:
        return False
    lover = lovers[0]
    g.learn(lover, "know.lover_wolves", wolves=g.refs(wolves))
    if len(wolves) == 1:
        choose_favourite(g, wolves[0], automatic=True)
        return False
    return True


def _reporter_clue(g: Ctx, wolves: list[int], lovers: list[int]) -> None:
    """AMB-31: a uniform pick among everyone but wolf-party members, the lover and the reporter."""
    for reporter in g.holders("reporter"):
        pool = [s for s in g.seats() if s not in wolves and s not in lovers and s != reporter]
        if pool:
            clue = g.s.rng.choice(pool)
            g.learn(reporter, "know.clue", player=g.ref(clue))
            g.log("ClueGiven", reporter=reporter, seat=clue)


def choose_favourite(g: Ctx, wolf: int, *, automatic: bool = False, drawn: bool = False) -> None:
    """Fix the lover's favourite (§6.2 step 2); the wolves are not told (AMB-33)."""
    g.s.favourite = wolf
    lover = g.holders("lover")[0]
    key = "know.favourite.auto" if automatic else "know.favourite.drawn" if drawn else "know.favourite"
    g.learn(lover, key, player=g.ref(wolf))
    g.log("FavouriteChosen", lover=lover, seat=wolf, automatic=automatic, drawn=drawn)
