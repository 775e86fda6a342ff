"""Card effects of DEATH NOTE 人狼 (``deathnote.md`` §6) and their secret steps (§5, §11.2).

:func:`resolve` applies a played card; it returns True when the turn is over, False when a secret step
(an Investigation's passes, an Exchange, the Shinigami's face-down step) is now open. :func:`pick` and
:func:`complete` run those steps: every prompted player picks privately; nothing moves until all have
picked or the step's timer ran out (timeout defaults of §11.5).
"""

from __future__ import annotations

from typing import Any

from core.engine.notice import KeyRef
from core.games.deathnote import night, victory
from core.games.deathnote.cards import ITEM_COUNTS, default_pick, first_of
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.legal import legal
from core.games.deathnote.model import Choice, Step
from core.games.deathnote.settings import option


def resolve(g: Ctx, seat: int, type_id: str, target: int | None) -> bool:
    """§6: the effect of ``type_id`` played by ``seat`` (on ``target``). True when the turn is over."""
    if type_id == "ARREST":
        assert target is not None
        arrest(g, seat, target)
    elif type_id in ("INVESTIGATION_LEFT", "INVESTIGATION_RIGHT"):
        left = type_id == "INVESTIGATION_LEFT"
        open_step(
            g, Choice(step="pass", user=seat, direction="left" if left else "right", waiting=g.living())
        )
        return False
    elif type_id == "EXCHANGE":
        assert target is not None
        open_step(g, Choice(step="exchange_take", user=seat, target=target, waiting=[target]))
        return False
    elif type_id == "SHINIGAMI":
        open_step(g, Choice(step="face_down", user=seat, waiting=g.living()))
        return False
    elif type_id == "SURVEILLANCE":
        assert target is not None
        g.learn(seat, "surveil.result", player=g.ref(target), cards=g.cards(g.p(target).hand))
    elif type_id == "APPLE":
        assert target is not None
        g.learn(seat, "apple.result", player=g.ref(target), identity=g.identity(g.p(target).identity))
    return True


def arrests_left(g: Ctx) -> int:
    """Arrest cards still in the game (not in ``REMOVED``, §9.2 c)."""
    return ITEM_COUNTS[len(g.s.players)]["ARREST"] - len(g.s.removed)


def arrest(g: Ctx, seat: int, target: int) -> None:
    """§6.2: the arrester is now a known L (AMB-25); Kira is caught unless his unused Alibi denies it,
    automatically and unseen (AMB-27/28). A failure has one public text for every cause (§11.6.4)."""
    g.p(seat).exposed_l = True
    t = g.p(target)
    denied = t.role == "KIRA" and first_of(t.hand, "ALIBI") is not None and not t.alibi_used
    if denied:
        t.alibi_used = True
    success = t.role == "KIRA" and not denied
    g.log("ArrestResolved", seat=seat, target=target, success=success, alibi=denied)
    if success:
        g.announce("arrest.success", player=g.ref(target), identity=g.identity(t.identity))
        victory.end_game(g, "L_TEAM", "arrest")
        return
    g.announce("arrest.failed", player=g.ref(target), left=arrests_left(g))
    if option(g.s, "end_when_no_arrest_left") and arrests_left(g) == 0:
        victory.end_game(g, "KIRA_TEAM", "no_arrest")


def open_step(g: Ctx, choice: Choice) -> None:
    """Open a secret step and prompt every seat in ``choice.waiting`` with the same kind of message
    (§11.2), its candidate cards as buttons (one button when forced)."""
    s = g.s
    s.choice = choice
    s.enter(choice.step, now=g.now, seconds=int(option(s, "t_choice")))
    g.announce(f"step.{choice.step}", seconds=int(option(s, "t_choice")),
               player=g.ref(choice.user), target=g.ref(choice.target) if choice.target else "")  # fmt: skip
    for seat in choice.waiting:
        _prompt(g, seat)


def _prompt(g: Ctx, seat: int) -> None:
    c = g.s.choice
    assert c is not None
    params: dict[str, Any] = {"hand": g.cards(g.p(seat).hand), "seconds": int(option(g.s, "t_choice"))}
    if c.step == "pass":
        dest = g.left(seat) if c.direction == "left" else g.right(seat)
        params |= {"direction": g.direction(c.direction), "to": g.ref(dest)}
    elif c.step == "exchange_take":
        params |= {"player": g.ref(c.user)}
    elif c.step == "exchange_give":
        assert c.target is not None
        assert c.taken is not None
        decline = KeyRef(key="prompt.exchange_give.decline") if option(g.s, "exchange_decline") else ""
        params |= {"player": g.ref(c.target), "card": g.card(c.taken), "decline": decline}
    g.tell(seat, f"prompt.{c.step}", legal(g, seat), **params)


def pick(g: Ctx, seat: int, type_id: str) -> bool:
    """``seat`` picks a card of ``type_id`` (already checked legal); True when every prompted seat has."""
    c = g.s.choice
    assert c is not None
    card = first_of(g.p(seat).hand, type_id)
    assert card is not None
    c.picks[seat] = card
    g.tell(seat, "choice.locked", card=g.card(card))
    return all(w in c.picks for w in c.waiting)


def decline(g: Ctx, seat: int) -> None:
    """``exchange_decline`` (the original text's 「もらうことが出来る」, against AMB-33): the Exchange user
    looked at the card and does not keep it; it goes back to the target and nothing else moves."""
    c = g.s.choice
    assert c is not None
    assert c.taken is not None
    c.picks[seat] = c.taken
    c.declined = True
    g.tell(seat, "choice.declined", card=g.card(c.taken))


def fill_defaults(g: Ctx) -> None:
    """§11.5 timeout defaults for every seat that has not picked: the §5 default, or at an Exchange's
    give-back the card just received."""
    c = g.s.choice
    assert c is not None
    for seat in c.waiting:
        if seat in c.picks:
            continue
        p = g.p(seat)
        default = c.taken if c.step == "exchange_give" else default_pick(p.role, p.hand)
        if default is not None:
            c.picks[seat] = default


def complete(g: Ctx) -> bool:
    """Carry out the step whose picks are all in (defaults filled). True when the turn is over; False
    when the next step or the Shinigami night opened."""
    c = g.s.choice
    assert c is not None
    step: Step = c.step
    if step == "pass":
        _passes(g, c)
    elif step == "exchange_take":
        return _take(g, c)
    elif step == "exchange_give":
        _give_back(g, c)
    else:
        _lay_face_down(g, c)
        return False
    g.s.choice = None
    return True


def _passes(g: Ctx, c: Choice) -> None:
    """§6.5/6.6 (AMB-32): every picked card moves at once to the next living seat in the direction; each
    player learns what they gave to whom and what they got from whom."""
    moves = {seat: (g.left(seat) if c.direction == "left" else g.right(seat)) for seat in c.picks}
    for seat, card in c.picks.items():
        g.p(seat).hand.remove(card)
    for seat, card in c.picks.items():
        g.p(moves[seat]).hand.append(card)
    g.log("CardsPassed", direction=c.direction, picks=dict(c.picks))
    got = {moves[seat]: (seat, card) for seat, card in c.picks.items()}
    for seat, card in c.picks.items():
        source, received = got[seat]
        g.learn(seat, "passed", gave=g.card(card), to=g.ref(moves[seat]), got=g.card(received),
                source=g.ref(source))  # fmt: skip


def _take(g: Ctx, c: Choice) -> bool:
    """§6.7 step 1: the target's pick moves to the user, who then picks any card to give back."""
    assert c.target is not None
    card = c.picks[c.target]
    g.p(c.target).hand.remove(card)
    g.p(c.user).hand.append(card)
    g.learn(c.target, "exchange.handed", card=g.card(card), player=g.ref(c.user))
    g.log("ExchangeTaken", seat=c.user, target=c.target, card=card)
    give = Choice(step="exchange_give", user=c.user, target=c.target, waiting=[c.user], taken=card)
    g.s.choice = give
    g.s.enter("exchange_give", now=g.now, seconds=int(option(g.s, "t_choice")))
    g.note(c.user, g.fact("ledger.took", card=g.card(card), player=g.ref(c.target)))
    _prompt(g, c.user)
    return False


def _give_back(g: Ctx, c: Choice) -> None:
    """§6.7 step 2 (AMB-34): the user's chosen card, any card, goes to the target."""
    assert c.target is not None
    card = c.picks[c.user]
    g.p(c.user).hand.remove(card)
    g.p(c.target).hand.append(card)
    if c.declined:
        g.log("ExchangeDeclined", seat=c.user, target=c.target, card=card)
        g.learn(c.user, "exchange.declined", card=g.card(card), player=g.ref(c.target))
        g.learn(c.target, "exchange.declined.target", card=g.card(card), player=g.ref(c.user))
        return
    g.log("ExchangeGiven", seat=c.user, target=c.target, card=card)
    g.learn(c.user, "exchange.gave", card=g.card(card), player=g.ref(c.target))
    g.learn(c.target, "exchange.received", card=g.card(card), player=g.ref(c.user))


def _lay_face_down(g: Ctx, c: Choice) -> None:
    """§6.10 step 1 (AMB-38): every pick is laid face down; the Shinigami night follows."""
    for seat, card in c.picks.items():
        g.p(seat).hand.remove(card)
        g.s.face_down[seat] = card
    g.log("FaceDownLaid", cards=dict(c.picks))
    g.s.choice = None
    night.open_shinigami(g)
