"""Night phases of DEATH NOTE 人狼 (``deathnote.md`` §7, §6.10, §11.3, §11.4): the Judgment and the
Shinigami night, both of a fixed length that never ends early, with the same screen for every living
player (§11.2), Kira–Follower recognition and the signal relay.
"""

from __future__ import annotations

from core.engine.notice import KeyRef, Scalar
from core.games.deathnote import victory
from core.games.deathnote.cards import first_of
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.legal import legal
from core.games.deathnote.model import Discarded, Night
from core.games.deathnote.settings import option
from core.games.deathnote.turn import draw


def _recognise(g: Ctx) -> None:
    """§7.3 (AMB-07): the first night with Kira and the Follower both alive, each learns the other; the
    fact goes into the night screen, never into an extra message (§11.2)."""
    kira, follower = g.holder("KIRA"), g.holder("FOLLOWER")
    if g.s.recognised or kira is None or follower is None:
        return
    g.s.recognised = True
    g.log("PartnersRecognised", kira=kira, follower=follower)


def partner(g: Ctx, seat: int) -> int | None:
    """The living partner ``seat`` has recognised (Kira ↔ Follower), or None."""
    role = g.p(seat).role
    if not g.s.recognised or role not in ("KIRA", "FOLLOWER"):
        return None
    return g.holder("FOLLOWER" if role == "KIRA" else "KIRA")


def _partner_line(g: Ctx, seat: int) -> Scalar:
    mate = partner(g, seat)
    if mate is None:
        return ""
    return KeyRef(key="night.partner", params={"player": g.ref(mate), "role": g.role(g.p(mate).role)})


def open_judgment(g: Ctx) -> None:
    """§7.2: night falls for ``t_judgment`` seconds; whether Kira holds the Death Note is fixed now."""
    s = g.s
    s.judgments = s.round - 1
    kira = g.holder("KIRA")
    writer = kira if kira is not None and first_of(g.p(kira).hand, "DEATH_NOTE") else None
    s.night = Night(kind="judgment", n=s.judgments, writer=writer)
    seconds = int(option(s, "t_judgment"))
    s.enter("judgment", now=g.now, seconds=seconds)
    _recognise(g)
    g.announce("judgment.start", n=s.judgments, seconds=seconds)
    for seat in g.living():
        mode = "write" if seat == writer else "no_note" if seat == kira else "decoy"
        g.tell(seat, "night.judgment", legal(g, seat), n=s.judgments, seconds=seconds,
               mode=KeyRef(key=f"night.mode.{mode}"), partner=_partner_line(g, seat),
               hand=g.cards(g.p(seat).hand))  # fmt: skip


def open_shinigami(g: Ctx) -> None:
    """§6.10 step 2: the Shinigami night; Kira sees every face-down card with its owner and his one hand
    card; everyone else gets the same screen without them."""
    s = g.s
    kira = g.holder("KIRA")
    s.night = Night(kind="shinigami")
    seconds = int(option(s, "t_shinigami_night"))
    s.enter("shinigami_night", now=g.now, seconds=seconds)
    _recognise(g)
    g.announce("shinigami.start", seconds=seconds)
    for seat in g.living():
        laid = g.card(s.face_down[seat]) if seat in s.face_down else ""
        table: list[Scalar] = []
        if seat == kira:
            table = [
                KeyRef(key="night.face_down.line", params={"player": g.ref(o), "card": g.card(c)})
                for o, c in sorted(s.face_down.items())
            ]
        mode = "swap" if seat == kira else "decoy"
        g.tell(seat, "night.shinigami", legal(g, seat), seconds=seconds, laid=laid, table=table,
               mode=KeyRef(key=f"night.mode.{mode}"), partner=_partner_line(g, seat),
               hand=g.cards(g.p(seat).hand))  # fmt: skip


def name(g: Ctx, seat: int, target: int | str) -> None:
    """A tap on a name (already legal): Kira's choice or a decoy note; the last tap counts (§7.2)."""
    night = g.s.night
    assert night is not None
    night.named[seat] = target
    g.tell(seat, "night.named", player=g.ref(target) if isinstance(target, int) else KeyRef(key="night.none"))


def signal(g: Ctx, seat: int, kind: str, args: tuple[int | str, ...]) -> None:
    """§11.4: relay a structured signal to the recognised partner, silently; anyone else is told it went
    nowhere (same buttons for everyone)."""
    mate = partner(g, seat)
    what = KeyRef(key=f"{kind}.said", params={"player": g.ref(int(args[0]))} if args else {})
    g.log("SignalSent", seat=seat, signal=kind, args=list(args), relayed=mate is not None)
    if mate is None:
        g.tell(seat, "signal.nowhere")
        return
    g.tell(mate, "signal.received", silent=True, player=g.ref(seat), signal=what)
    g.tell(seat, "signal.sent", signal=what)


def relay_text(g: Ctx, seat: int, text: str) -> bool:
    """``signals = free_text`` (house rule): relay ``text`` to the partner; False when there is none."""
    mate = partner(g, seat)
    if mate is None:
        return False
    g.tell(mate, "signal.text", silent=True, player=g.ref(seat), text=text)
    g.tell(seat, "signal.sent", signal=KeyRef(key="signal.text.said"))
    g.log("SignalSent", seat=seat, signal="text", args=[], relayed=True)
    return True


def resolve_judgment(g: Ctx) -> None:
    """§7.2 morning: the name written (Kira's last tap, else a random default, AMB-45), saved by an unused
    Fake Name (AMB-30/31) or eliminated (§8); then the §9.4 checks."""
    s = g.s
    night = s.night
    assert night is not None
    s.night = None
    if night.writer is None:
        g.announce("judgment.nobody")
        g.log("JudgmentResolved", n=night.n, target=None, named=dict(night.named))
        return
    chosen = night.named.get(night.writer)
    target = chosen if isinstance(chosen, int) else _default_target(g)
    t = g.p(target)
    saved = first_of(t.hand, "FAKE_NAME") is not None and not t.fake_name_used
    g.log("JudgmentResolved", n=night.n, target=target, saved=saved, named=dict(night.named),
          defaulted=not isinstance(chosen, int))  # fmt: skip
    if saved:
        t.fake_name_used = True
        g.announce("judgment.saved", player=g.ref(target))
        return
    eliminate(g, target)


def _default_target(g: Ctx) -> int:
    """§11.5: uniformly among living players other than Kira and the Follower, else other than Kira."""
    kira = g.holder("KIRA")
    pool = [s for s in g.living() if g.p(s).team != "KIRA_TEAM"] or [s for s in g.living() if s != kira]
    return g.s.rng.choice(pool)


def eliminate(g: Ctx, seat: int, *, judged: bool = True) -> None:
    """§8: out of the game; an L's identity is shown exactly (AMB-49); the hand goes hidden to the bottom
    of the discard pile (AMB-50); the group sees the living circle again (§11.1). ``judged`` False: a
    player out of the game for leaving it (D18), whose departure the engine announced: no
    Judgment line, nor an L's identity."""
    p = g.p(seat)
    p.alive = False
    g.s.discard[:0] = [Discarded(card=c, hidden=True) for c in p.hand]
    p.hand = []
    g.log("PlayerEliminated", seat=seat, identity=p.identity, **({} if judged else {"left": True}))
    if judged:
        if p.role == "L":
            g.announce("judgment.eliminated_l", player=g.ref(seat), identity=g.identity(p.identity))
        else:
            g.announce("judgment.eliminated", player=g.ref(seat))
    g.announce("circle", lines=g.circle())
    victory.after_elimination(g)


def resolve_shinigami(g: Ctx) -> None:
    """§6.10 steps 3-4: Kira's swap if he chose one (AMB-39), then every face-down card back to the hand
    in front of which it lies (AMB-40); each player sees the card that came back; nothing says whether a
    swap happened (AMB-42)."""
    s = g.s
    night = s.night
    assert night is not None
    kira = g.holder("KIRA")
    target = night.named.get(kira) if kira is not None else None
    swap: dict[str, int | str] = {}
    if kira is not None and isinstance(target, int) and target in s.face_down and g.p(kira).hand:
        mine = g.p(kira).hand.pop(0)
        g.p(kira).hand.append(s.face_down[target])
        swap = {"seat": target, "gave": mine, "took": s.face_down[target]}
        s.face_down[target] = mine
    g.log("ShinigamiResolved", swap=swap or None, named=dict(night.named))
    s.night = None
    for seat, card in sorted(s.face_down.items()):
        g.p(seat).hand.append(card)
    drew = _late_draw(g)
    for seat, card in sorted(s.face_down.items()):
        g.learn(seat, "shinigami.returned", card=g.card(card), drew=drew.get(seat, ""))
    s.face_down = {}
    g.announce("shinigami.left")


def _late_draw(g: Ctx) -> dict[int, Scalar]:
    """``shinigami_first``: the active player, who played a held Shinigami before drawing, draws now, as the
    cards come back; the turn then ends (the Shinigami was its play). Told in the same morning message as
    every other seat's returned card (§11.2), as its ``drew`` line."""
    seat = g.s.active if g.s.late_draw else None
    g.s.late_draw = False
    card = draw(g, seat) if seat is not None else None
    if seat is None or card is None:
        return {}
    g.log("CardDrawn", seat=seat, card=card)
    return {seat: KeyRef(key="shinigami.drew", params={"card": g.card(card)})}
