"""Legal actions and refusal reasons of DEATH NOTE 人狼: the one source of buttons, bot moves and the
validation of every tap (``deathnote.md`` §4.4, §5, §6, §7, §11.2, §11.4).

Kinds: ``play.<TYPE>`` (the active player's card, with a target seat for Arrest, Exchange, Surveillance
and Apple), ``discard`` (§4.5), ``pick`` (a candidate card type at an Investigation, the Shinigami's
face-down step or as an Exchange's target), ``give`` (the Exchange user's card back), ``name`` (a living
player at a night: Kira's real choice or everyone else's decoy; ``"none"`` at a Shinigami night),
``signal.point``/``signal.yes``/``signal.no``/``signal.ask`` (§11.4), ``start`` (the host's start
player, ``start_player = host_choice``) and ``decline`` (the Exchange user keeps nothing, with the host's
``exchange_decline``).
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.deathnote.cards import TARGETED, candidates, types_of
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.settings import option
from core.games.deathnote.turn import DISCARD, PLAY

NONE = "none"
#: The Exchange user's "keep nothing" at the give-back step (``exchange_decline``).
DECLINE = "decline"
SIGNALS = ("signal.yes", "signal.no", "signal.ask")
NIGHTS = frozenset({"judgment", "shinigami_night"})
CHOICES = frozenset({"pass", "face_down", "exchange_take", "exchange_give"})


def legal(g: Ctx, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in button order."""
    s = g.s
    if s.phase == "turn":
        return plays(g, seat) if seat == s.active else []
    if s.phase in CHOICES:
        return _choice(g, seat)
    if s.phase in NIGHTS:
        return _night(g, seat)
    if s.phase == "start_player" and s.players and seat == _host_seat(g):
        return [Action.of("start", t) for t in g.seats()]
    return []


def _host_seat(g: Ctx) -> int | None:
    return next((p.seat for p in g.s.players if p.user_id == g.s.host), None)


def plays(g: Ctx, seat: int) -> list[Action]:
    """§4.4: one action per playable type in hand (Shinigami alone when held, AMB-37), a targeted card once
    per other living player; §4.5's forced Arrest discard when nothing is playable; else nothing."""
    p = g.p(seat)
    types = types_of(p.hand)
    if "SHINIGAMI" in types:
        return [Action.of(PLAY + "SHINIGAMI")]
    out: list[Action] = []
    for t in types:
        if t == "DEATH_NOTE" or (t == "ARREST" and p.role != "L"):
            continue
        if t in TARGETED:
            out += [Action.of(PLAY + t, target) for target in g.others(seat)]
        else:
            out.append(Action.of(PLAY + t))
    if not out and "ARREST" in types:
        return [Action.of(DISCARD, "ARREST")]
    return out


def _choice(g: Ctx, seat: int) -> list[Action]:
    """§5, §11.2: the prompted seat's candidate types until it has picked; the Exchange user's whole hand
    to give back."""
    c = g.s.choice
    if c is None or seat not in c.waiting or seat in c.picks:
        return []
    p = g.p(seat)
    if c.step == "exchange_give":
        decline = [Action.of(DECLINE)] if option(g.s, "exchange_decline") else []
        return [*(Action.of("give", t) for t in types_of(p.hand)), *decline]
    low, special = candidates(p.role, p.hand)
    return [Action.of("pick", t) for t in types_of(low + special)]


def _night(g: Ctx, seat: int) -> list[Action]:
    """§11.2: the same night screen for every living seat, all night long: the other living players'
    names (plus "none" at a Shinigami night) and the §11.4 signal buttons."""
    if not g.p(seat).alive:
        return []
    others = g.others(seat)
    names = [Action.of("name", t) for t in others]
    if g.s.phase == "shinigami_night":
        names.append(Action.of("name", NONE))
    points = [Action.of("signal.point", t) for t in others]
    return [*names, *points, *(Action.of(k) for k in SIGNALS)]


def refusal(g: Ctx, seat: int, action: Action, legal_now: list[Action]) -> str:
    """The most helpful reason id for an ``action`` that is not among ``legal_now`` (``seat``'s legal
    actions, not needed here)."""
    s = g.s
    p = g.p(seat)
    if not p.alive:
        return "not_alive"
    if action.kind.startswith(PLAY) or action.kind == DISCARD:
        return _play_refusal(g, seat, action)
    if action.kind in ("pick", "give", DECLINE) and s.phase in CHOICES:
        c = s.choice
        if c is None or seat not in c.waiting:
            return "choice.not_yours"
        return "choice.already" if seat in c.picks else "choice.not_candidate"
    if action.kind == "name" or action.kind.startswith("signal."):
        return "target.invalid" if s.phase in NIGHTS else "night.closed"
    if action.kind == "start" and s.phase == "start_player":
        return "not_host"
    if action.kind == "skip":
        return "control.no_discussion"  # a private /skip: this game has no discussion to skip
    return "phase.wrong"


def _play_refusal(g: Ctx, seat: int, action: Action) -> str:
    s = g.s
    if s.phase != "turn":
        return "phase.wrong"
    if seat != s.active:
        return "turn.not_yours"
    type_id = action.kind.removeprefix(PLAY)
    held = types_of(g.p(seat).hand)
    if action.kind == DISCARD or type_id not in held:
        return "card.not_in_hand"
    if "SHINIGAMI" in held:
        return "card.shinigami_forced"
    if type_id == "DEATH_NOTE":
        return "card.death_note"
    if type_id == "ARREST" and g.p(seat).role != "L":
        return "card.arrest_l_only"
    if type_id not in TARGETED and action.args:
        return "card.no_target"
    return "target.invalid"
