"""The deal of classic 人狼 (``werewolf.md`` §4.4, §6.2, §3.3): cards, 身代わり君's card, the public
composition, each role card and what each role knows at the start."""

from __future__ import annotations

from typing import Any

from core.engine import ledger
from core.engine.notice import KeyRef
from core.engine.table import Member
from core.games.werewolf import casts, settings
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.legal import legal
from core.games.werewolf.model import SCAPEGOAT, Draw, Player
from core.games.werewolf.roles import role, roles


class SetupError(ValueError):
    """A test-mode setup that names an unknown role or does not match the table."""


def deal(g: Ctx, members: list[Member], cast: dict[str, int]) -> None:
    """[WW-4.4]: the cards in §3.1 order; with 身代わり君, his card drawn over the card positions that are
    not 人狼, 妖狐 or 猫又 (``P00_CARD``, AMB-31); the rest shuffled and given to ``P01…PN`` in seat
    order."""
    cards = casts.cards(cast)
    if settings.option(g.s, "scapegoat"):
        eligible = [i for i, card in enumerate(cards) if role(card).npc_card]
        index = g.s.rng.choice(eligible)
        g.s.draws.append(_card_draw(cards, eligible, index))
        g.s.scapegoat = Player(seat=SCAPEGOAT, role=cards.pop(index))
    cards = g.s.rng.shuffled(cards)
    g.s.players = [
        Player(seat=i, user_id=m.user_id, name=m.name, role=card)
        for i, (m, card) in enumerate(zip(members, cards, strict=True), start=1)
    ]
    g.s.cast = cast


def _card_draw(cards: list[str], eligible: list[int], index: int) -> Draw:
    return Draw(purpose="P00_CARD", pool=[cards[i] for i in eligible], pick=cards[index])


def injected(g: Ctx, members: list[Member], setup: dict[str, Any]) -> None:
    """Test mode: ``setup["seats"]`` one role id per member in join order, ``setup["scapegoat"]`` 身代わり君's
    card (or absent), ``setup["rng"]`` the scripted draws. Raises :class:`SetupError`."""
    seats = [str(r) for r in setup.get("seats", [])]
    npc = setup.get("scapegoat")
    if len(seats) != len(members) or any(r not in roles() for r in [*seats, *([npc] if npc else [])]):
        raise SetupError("setup.invalid")
    g.s.rng.script = list(setup.get("rng", []))
    g.s.settings.setdefault("options", {})["scapegoat"] = bool(npc)
    g.s.scapegoat = Player(seat=SCAPEGOAT, role=str(npc)) if npc else None
    g.s.players = [
        Player(seat=i, user_id=m.user_id, name=m.name, role=r)
        for i, (m, r) in enumerate(zip(members, seats, strict=True), start=1)
    ]
    dealt = [*seats, *([str(npc)] if npc else [])]
    g.s.cast = {r: dealt.count(r) for r in roles() if r in dealt}


def announce(g: Ctx) -> None:
    """``ANN_CAST`` (AMB-07): the seating, the composition with 身代わり君's card counted, the seats and
    every option; then each human's role card (``PRIV_ROLE``) and the §3.3 knowledge."""
    s = g.s
    npc = s.scapegoat.role if s.scapegoat else None
    g.log("GameStarted", seats=[p.role for p in s.players], scapegoat=npc)
    g.announce(
        "game.cast",
        players=g.refs(g.seats()),
        count=len(s.players),
        seats=len(s.players) + int(s.scapegoat is not None),
        scapegoat=KeyRef(key="cast.scapegoat") if s.scapegoat else "",
        cast=settings.composition(s.cast),
        options=settings.option_lines(s),
    )
    for seat in g.seats():
        _knowledge(g, seat)
    for seat in g.seats():
        role_card(g, seat, dealt=True)


def _knowledge(g: Ctx, seat: int) -> None:
    """[WW-3.3]: the holders of each role this seat's role knows (wolves: the wolves; fanatic: the wolves,
    unknown to them; foxes: the foxes; immoralist: the foxes; masons: the masons, 身代わり君 included).
    Holders who know each other meet in a team channel, so bots and players see the same list."""
    for known in g.card(seat).knows:
        holders = g.holders(known)
        line = KeyRef(key=f"know.{known}", params={"players": g.whos(holders)})
        g.p(seat).ledger.append(ledger.line(line))
        if g.p(seat).role == known:
            humans = [h for h in holders if h != SCAPEGOAT]
            if seat == min(humans):
                g.tell_team(f"know.{known}", humans, players=g.whos(holders))
        else:
            g.tell(seat, f"know.{known}", players=g.whos(holders))


def role_card(g: Ctx, seat: int, *, actions: bool = False, dealt: bool = False) -> None:
    """``PRIV_ROLE`` and ``/me`` [WW-6.2]: role, camp, counting class, the role's help, and what the seat
    has learned (its ledger; ``dealt``: the card of the deal, which leaves out the team lists told in the
    same breath)."""
    p = g.p(seat)
    card = g.card(seat)
    g.tell(
        seat,
        "role.card",
        actions=legal(g, seat) if actions else None,
        player=g.ref(seat),
        role=g.role(p.role),
        camp=KeyRef(key=f"camp.{card.camp}"),
        counted=KeyRef(key=f"counted.{card.counted}"),
        text=KeyRef(key=f"role.{p.role}.text"),
        state=KeyRef(key="card.alive" if p.alive else "card.dead"),
        lines=[line for line in g.ledger(seat) if not (dealt and line.key.startswith("know."))],
    )
