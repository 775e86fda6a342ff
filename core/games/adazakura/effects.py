"""Shared effect primitives of 徒桜戦争: who holds what, deaths, guards, deck operations, learning.

Roles use only these to act on the game, so every Megami obeys the same rules for the same effect
([ADZ-3]: guards, deck, alive/dead; [ADZ-0]: holders and faction versions).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.engine.notice import Action, FactionRef
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import FACTION_VERSIONED
from core.games.adazakura.model import Death, Player, Seal


def abilities_of(p: Player) -> list[str]:
    """Megami ids whose ability ``p`` holds now: the dealt one (for Kururu: her copy once she has one;
    before that her own look, which offers nothing after night 0), then a Black Box gain [ADZ-0],
    [ADZ-9.10], [ADZ-9.11]."""
    held = [p.copied] if p.copied else [p.megami]
    if p.gained and p.alive:
        held.append(p.gained)
    return held


def holds(p: Player, megami: str, version: str | None = None) -> bool:
    """Whether ``p`` holds ``megami``'s ability (in ``version``, the holder's faction, when given)."""
    if megami not in abilities_of(p):
        return False
    return version is None or megami not in FACTION_VERSIONED or p.faction == version


def holders(g: Ctx, megami: str, version: str | None = None) -> list[Player]:
    """Every holder, the player dealt ``megami`` first, then the others in seat order [ADZ-6.3]."""
    found = [p for p in g.s.players if holds(p, megami, version)]
    return sorted(found, key=lambda p: (p.megami != megami, p.seat))


def every_holder(g: Ctx, megamis: Iterable[str]) -> dict[str, list[Player]]:
    """``{megami: holders(g, megami)}`` for each of ``megamis``, from one pass over the table."""
    found: dict[str, list[Player]] = {}
    for p in g.s.players:
        for megami in dict.fromkeys(abilities_of(p)):
            found.setdefault(megami, []).append(p)
    return {m: sorted(found.get(m, []), key=lambda p: (p.megami != m, p.seat)) for m in megamis}


def living_holder(g: Ctx, megami: str, version: str | None = None) -> bool:
    return any(p.alive for p in holders(g, megami, version))


def recall(p: Player, megami: str, field: str, default: Any = None) -> Any:
    """Read the per-player bookkeeping of one ability [ADZ-12] (kept across Black Box gains,
    [ADZ-9.11]); reading never changes the state."""
    return p.memo.get(megami, {}).get(field, default)


def remember(p: Player, megami: str, field: str, value: Any) -> None:
    """Write one field of an ability's bookkeeping (``None`` removes it)."""
    if value is not None:
        p.memo.setdefault(megami, {})[field] = value
        return
    fields = p.memo.get(megami)
    if fields is not None:
        fields.pop(field, None)
        if not fields:
            del p.memo[megami]


def is_invulnerable(g: Ctx, p: Player) -> bool:
    """Raira's wind 3 [ADZ-9.12]: invulnerable until the end of day ``invulnerable_until`` (so through
    night ``until − 1`` and day ``until``, but not night ``until``, [ADZ-5.5] step 6)."""
    until = p.invulnerable_until
    if until is None:
        return False
    return g.day_n < until if g.s.night is not None else g.day_n <= until


def kill(g: Ctx, seat: int, cause: str) -> bool:
    """``seat`` dies of ``cause`` (``erasure``, ``exile``, ``trap``, …) unless already dead or invulnerable.

    Returns whether the player died. Every effect on the player ends [ADZ-3.3], (A62).
    """
    p = g.p(seat)
    if not p.alive or is_invulnerable(g, p):
        g.log("DeathPrevented" if p.alive else "DeathMoot", seat=seat, cause=cause)
        return False
    p.alive = False
    p.gained = None
    p.gained_until = None
    g.s.deaths.append(Death(seat=seat, phase="night" if g.s.night else "day", n=g.day_n, cause=cause))
    scheduled = g.s.next_day
    scheduled.frozen = [s for s in scheduled.frozen if s != seat]
    scheduled.marked = [s for s in scheduled.marked if s != seat]
    end_seals_of(g, seat)
    g.log("PlayerDied", seat=seat, cause=cause)
    return True


def schedule_revival(g: Ctx, seat: int) -> None:
    """``seat`` returns to life at M1 of the next morning (Hagane, [ADZ-9.8]); twice is once. The
    schedule outlives a Hagane who dies later the same night (A17): a death never touches it."""
    revived = g.s.next_day.revived
    if seat not in revived:
        revived.append(seat)
        g.log("RevivalScheduled", seat=seat)


def revive(g: Ctx, seat: int) -> bool:
    """M1: a dead ``seat`` becomes alive (A63): Megami, faction, madman status, a Kururu copy and every
    per-ability record (``memo``: spent uses, Saine's immunity, Raira's gauges, Oboro's traps, Chikage's
    loss, Kamui's fate) are kept; the effects that were on her ended at her death. An Adazakura-side
    player is a team member again, as the team is read from the living. Returns whether she was revived
    (the morning then sends her role card again)."""
    p = g.p(seat)
    if p.alive:
        return False
    p.alive = True
    g.log("PlayerRevived", seat=seat)
    return True


def designate_seal(g: Ctx, source: int, megami: str, target: int | None) -> None:
    """``source`` designates ``target`` with ``megami``'s seal tonight (Hatsumi, Raira's thunder 2;
    ``None``: a designation or use that only releases, e.g. a fizzled one or a Raira use without thunder 2):
    pending until the next M2, where it replaces her earlier seal of the same ability [ADZ-3.8] (A18, A20,
    A69). A second designation the same night replaces the first."""
    g.s.seals = [x for x in g.s.seals if x.active or (x.source, x.megami) != (source, megami)]
    g.s.seals.append(Seal(source=source, megami=megami, target=target))
    g.log("SealDesignated", seat=source, megami=megami, target=target)


def settle_seals(g: Ctx) -> None:
    """M2 [ADZ-5.4]: pending designations replace their source's active seal of the same ability and
    become active (a release-only one just ends it); seals whose source or target is dead, or whose source
    no longer holds the ability, end (A20, A62)."""
    renewed = {(x.source, x.megami) for x in g.s.seals if not x.active}
    settled = [
        x.model_copy(update={"active": True})
        for x in g.s.seals
        if x.target is not None and not (x.active and (x.source, x.megami) in renewed)
    ]
    g.s.seals = [x for x in settled if _seal_stands(g, x)]


def prune_seals(g: Ctx) -> None:
    """Drop seals whose source died or stopped holding the ability (Black Box expiry), at once (A20)."""
    g.s.seals = [x for x in g.s.seals if _seal_stands(g, x)]


def end_seals_of(g: Ctx, seat: int) -> None:
    """``seat`` died: every seal she placed, pending or active, ends at once (A20), and every seal on her
    ends (A62). A pending designation of her still counts as its source's new designation, so it stays as
    a release-only one and ends its source's earlier seal at M2 ([ADZ-9.17], A69)."""
    kept: list[Seal] = []
    for x in g.s.seals:
        if x.source == seat or (x.active and x.target == seat):
            continue
        kept.append(x.model_copy(update={"target": None}) if x.target == seat else x)
    g.s.seals = kept


def _seal_stands(g: Ctx, x: Seal) -> bool:
    source = g.p(x.source)
    target_alive = x.target is None or g.p(x.target).alive
    return source.alive and target_alive and holds(source, x.megami)


def sealed_by_seals(g: Ctx) -> set[int]:
    """Living seats under an active Hatsumi or Raira seal now [ADZ-3.8]."""
    return {x.target for x in g.s.seals if x.active and x.target is not None and g.p(x.target).alive}


def place_guard(g: Ctx, guard: int, target: int) -> None:
    """A guard on ``target`` for tonight [ADZ-3.4]; validity is judged at R3 and K4."""
    g.guards.setdefault(target, []).append(guard)
    g.log("GuardPlaced", by=guard, target=target)


def valid_guards(g: Ctx, target: int) -> list[int]:
    """Guarding seats whose guard on ``target`` still stands (not voided by a barrier, [ADZ-3.4])."""
    return [] if target in g.barriers else sorted(set(g.guards.get(target, [])))


def deck_cycle(g: Ctx) -> str | None:
    """One card of a look: the top card goes to the bottom and is returned; None if the deck is empty
    [ADZ-3.5]."""
    if not g.s.deck:
        return None
    card = g.s.deck.pop(0)
    g.s.deck.append(card)
    return card


def deck_look(g: Ctx, actor: int, k: int, key: str = "result.deck.look") -> list[str]:
    """Look at ``k`` cards (capped at the deck size): each top card is seen, then sent to the bottom
    [ADZ-3.5], (A53). Tells ``actor`` the cards in the order seen and the deck size."""
    seen = [card for _ in range(min(k, len(g.s.deck))) if (card := deck_cycle(g)) is not None]
    g.result(actor, key, cards=[g.role(c) for c in seen], size=len(g.s.deck))
    g.log("DeckLooked", seat=actor, cards=seen)
    return seen


def deck_bottom_to_top(g: Ctx, actor: int) -> str | None:
    """Utsuro's move [ADZ-9.13]: the bottom card is shown to ``actor`` and put on top (with one card it
    stays where it is); tells the card and the deck size, or that the deck is empty. Returns the card."""
    if not g.s.deck:
        g.result(actor, "result.deck.empty")
        return None
    card = g.s.deck.pop()
    g.s.deck.insert(0, card)
    g.result(actor, "result.deck.bottom", megami=g.role(card), size=len(g.s.deck))
    g.log("DeckBottomToTop", seat=actor, card=card)
    return card


def deck_remove_top(g: Ctx, actor: int) -> str | None:
    """``actor`` removes the top card from the game [ADZ-3.5]; ``None`` if the deck is empty."""
    if not g.s.deck:
        return None
    card = g.s.deck.pop(0)
    g.s.removed.append(card)
    g.log("DeckRemoved", seat=actor, card=card)
    return card


def deck_remove(g: Ctx, actor: int, card: str) -> None:
    """``actor`` removes ``card`` (in the deck) from the game wherever it lies [ADZ-3.5] (Renri's choice
    with ``deck_choices``, [ADZ-9.22])."""
    g.s.deck.remove(card)
    g.s.removed.append(card)
    g.log("DeckRemoved", seat=actor, card=card)


def learn_megami(g: Ctx, actor: int, target: int) -> None:
    """``actor`` learns ``target``'s dealt Megami (a Kururu shows ``kururu``) [ADZ-9.7]."""
    g.result(actor, "result.megami", target=g.ref(target), megami=g.role(g.p(target).megami))


def learn_faction(g: Ctx, actor: int, target: int) -> None:
    """``actor`` learns ``target``'s faction (a madman reads Sakura, Renri no faction) [ADZ-9.7]."""
    g.result(actor, "result.faction", target=g.ref(target), faction=FactionRef(id=g.p(target).faction))


def learn_identity(g: Ctx, actor: int, target: int, key: str) -> None:
    """``actor`` learns ``target``'s dealt Megami and faction (a madman reads Sakura) under ``key``
    [ADZ-9.13]."""
    q = g.p(target)
    g.result(actor, key, target=g.ref(target), megami=g.role(q.megami), faction=FactionRef(id=q.faction))


def neighbour(g: Ctx, seat: int, step: int, among: set[int]) -> int:
    """The first seat of ``among`` found walking from ``seat`` by ``step`` (+1: right, up the seat numbers;
    -1: left), wrapping; ``seat`` itself only if no other seat qualifies [ADZ-3.1] (A23)."""
    n = len(g.s.players)
    for distance in range(1, n):
        candidate = (seat - 1 + step * distance) % n + 1
        if candidate in among:
            return candidate
    return seat


def revivable(g: Ctx) -> set[int]:
    """Seats that died during the previous night and are still dead: the only dead an ability may
    target (Hagane, [ADZ-9.8]; the left neighbour of A23)."""
    return {d.seat for d in g.s.deaths if d.phase == "night" and d.n == g.day_n - 1 and not g.p(d.seat).alive}


def others_alive(g: Ctx, p: Player, *, self_ok: bool = False) -> list[int]:
    """Living seats ``p`` may target: "another living player" unless ``self_ok`` [ADZ-3.10]."""
    return [q.seat for q in g.living() if self_ok or q.seat != p.seat]


def target_of(action: Action | None) -> int | None:
    """The actual single target of a resolved action; None if absent or fizzled [ADZ-3.9]."""
    if action is None or not action.args or not isinstance(action.args[-1], int):
        return None
    return action.args[-1]


def chosen(g: Ctx, p: Player, megami: str) -> Action | None:
    """``p``'s chosen (not shifted) action for ``megami`` tonight: limits use it (A26)."""
    night = g.s.night
    return night.choices.get(p.seat, {}).get(megami) if night else None
