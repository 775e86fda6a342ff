"""Setup of DEATH NOTE 人狼 (``deathnote.md`` §3.3, §3.4): seats, identities, the guaranteed deal, and
the test mode's injected state (§1.4)."""

from __future__ import annotations

from typing import Any

from core.engine.table import Member
from core.games.deathnote.cards import CATALOG, CORE, IDENTITIES, IDENTITY_ROLE, items_for, sort_cards
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.model import Discarded, Player
from core.games.deathnote.settings import option


class SetupError(ValueError):
    """A test-mode setup that does not fit the table or breaks card conservation (§1.4)."""


def seat(g: Ctx, members: list[Member]) -> None:
    """S1 (AMB-05) and S3: seat the members (``seat_order`` random or join) and deal the identities."""
    order = members if option(g.s, "seat_order") == "join" else g.s.rng.shuffled(members)
    identities = g.shuffle(list(IDENTITIES[len(members)]))
    g.s.players = [
        Player(seat=i, user_id=m.user_id, name=m.name, identity=ident)
        for i, (m, ident) in enumerate(zip(order, identities, strict=True), start=1)
    ]


def deal(g: Ctx) -> None:
    """S4-S9: the guaranteed four plus the top ``2n − 4`` of the shuffled rest form the bundle, dealt two
    each clockwise from the start player; the rest stays in order as the draw pile."""
    s = g.s
    n = len(s.players)
    rest = g.shuffle([c for c in items_for(n) if c not in CORE])
    bundle = g.shuffle([*CORE, *rest[: 2 * n - 4]])
    s.draw = rest[2 * n - 4 :]
    for k in range(n):
        s.players[(s.start_seat - 1 + k) % n].hand = [bundle[2 * k], bundle[2 * k + 1]]
    s.discard, s.removed, s.round = [], [], 1


def injected(g: Ctx, members: list[Member], setup: dict[str, Any]) -> None:
    """Test mode: seats in join order with ``setup["identities"]``; ``hands``, ``draw``, ``discard``
    (``"X*"`` = HIDDEN), ``removed``, ``round``, ``start``, ``active``, ``played``, ``recognised``, the
    flag lists and ``eliminated`` (seats already out of the game, §8: no hand) as given, else the §3.3
    deal. Raises :class:`SetupError`."""
    s = g.s
    identities = [str(i) for i in setup.get("identities", [])]
    n = len(members)
    if sorted(identities) != sorted(IDENTITIES.get(n, ())) or any(i not in IDENTITY_ROLE for i in identities):
        raise SetupError("identities")
    s.players = [
        Player(seat=i, user_id=m.user_id, name=m.name, identity=ident)
        for i, (m, ident) in enumerate(zip(members, identities, strict=True), start=1)
    ]
    s.start_seat = int(setup.get("start", 1))
    if "hands" not in setup:
        deal(g)
        return
    for p, hand in zip(s.players, setup["hands"], strict=True):
        p.hand = [str(c) for c in hand]
    s.draw = [str(c) for c in setup.get("draw", [])]
    s.discard = [Discarded(card=c.rstrip("*"), hidden=c.endswith("*")) for c in setup.get("discard", [])]
    s.removed = [str(c) for c in setup.get("removed", [])]
    s.round = int(setup.get("round", 1))
    s.recognised = bool(setup.get("recognised", False))
    for flag in ("fake_name_used", "alibi_used", "exposed_l"):
        for seat_no in setup.get(flag, []):
            setattr(s.players[int(seat_no) - 1], flag, True)
    for seat_no in setup.get("eliminated", []):
        out = s.players[int(seat_no) - 1]
        if out.hand or out.role == "KIRA":
            raise SetupError("eliminated")
        out.alive = False
    if any(c not in CATALOG for c in s.items()) or sort_cards(s.items()) != items_for(n):
        raise SetupError("conservation")


def identity_card(g: Ctx, seat_no: int) -> None:
    """§3.4: one private message of identical structure for everyone: identity (name, role, team,
    ability), the two cards, the seat circle and the start player."""
    p = g.p(seat_no)
    g.tell(
        seat_no,
        "identity.card",
        player=g.ref(seat_no),
        identity=g.identity(p.identity),
        team=g.team(p.team),
        ability=g.ability(p.role),
        hand=g.cards(p.hand),
        circle=g.circle(),
        start=g.ref(g.s.start_seat),
    )
