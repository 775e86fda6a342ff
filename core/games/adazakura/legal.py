"""``legal_actions`` for 徒桜戦争: the single source of buttons, bot moves and tap validation [ADZ-11.2].

Action kinds: ``night.<megami>`` (an ability's night choice), ``kill`` (team erasure choice: a seat or
``none``; one's own seat as ``(seat, "confirm")``, so that a lethal choice on oneself takes a second,
confirming step in every menu), ``cancel`` (withdraw a night choice), ``done``; ``co``, ``ready``,
``skip`` in discussion; ``vote`` in vote/runoff; ``blackbox`` (``on``/``off``, the Black Box switch) in
every phase.
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.adazakura import effects
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, TAROTS
from core.games.adazakura.model import Player
from core.games.adazakura.roles import overriding, roles
from core.games.adazakura.roles.kanae import deduction_actions

NOBODY = "none"
#: The second argument of a team member's ``kill`` on their own seat (see the module docstring).
CONFIRM = "confirm"
#: Accepted ``/co`` per player per day (J08 in docs/rules/adazakura-decisions.md): enough to correct a
#: claim, not enough to flood the group or the state.
CO_PER_DAY = 3
#: The ``co`` action of every Megami, in table order.
CLAIMS = tuple(Action.of("co", m) for m in TAROTS)
#: The phases in which an action kind (its first dotted part) can ever be legal [ADZ-11.2]; day
#: abilities (Saine's skip) give their own reasons.
PHASES_OF: dict[str, tuple[str, ...]] = {
    "night": ("night",),
    "kill": ("night",),
    "done": ("night",),
    "cancel": ("night",),
    "co": ("discussion",),
    "ready": ("discussion",),
    "vote": ("vote", "runoff"),
    "blackbox": ("night", "discussion", "vote", "runoff"),
    "deduce": ("deduction",),
}


def legal(g: Ctx, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty for the dead, spectators and finished games."""
    p = g.p(seat)
    if g.s.phase == "deduction":
        return deduction_actions(g, p)  # Kanae's deducer, alive or dead [ADZ-10.2]
    if not p.alive:
        return []
    phase = g.s.phase
    held = effects.abilities_of(p)  # read once: the bots look up a few seats at every input
    if phase == "night":
        out = night_actions(g, p, held)
    elif phase == "discussion":
        out = discussion_actions(g, p, held)
    elif phase in ("vote", "runoff"):
        out = vote_actions(g, p)
    else:
        return []
    anytime = anytime_actions(g, p, held)
    return out + [a for a in anytime if a not in out] if anytime else out


def anytime_actions(g: Ctx, p: Player, held: list[str]) -> list[Action]:
    """Actions of the abilities ``p`` holds (``held``, ``effects.abilities_of``) allowed in every phase,
    sealed or not: the Black Box switch [ADZ-11.2] (A70)."""
    out: list[Action] = []
    switches = overriding("anytime_options")
    for megami in held:
        role = switches.get(megami)
        if role is not None:
            out += role.anytime_options(g, p)
    return out


def night_actions(g: Ctx, p: Player, held: list[str]) -> list[Action]:
    """``p``'s night choices (``held``: the abilities ``p`` holds), the team's erasure choice, the
    withdrawal of a choice and ``done`` [ADZ-6.1]."""
    night = g.s.night
    assert night is not None
    if p.seat not in night.alive:
        return []
    out: list[Action] = []
    sealed = p.seat in night.sealed
    for megami in held:
        role = roles().get(megami)
        if role is not None and (role.passive or not sealed):
            out += role.night_options(g, p)
    if p.faction == ADAZAKURA and night.n >= 1:
        living = g.once("living_seats", lambda: [q.seat for q in g.living()])  # the team asks alike
        out += [kill_action(p.seat, target) for target in living]
        out.append(kill_action(p.seat, None))
    chosen = night.choices.get(p.seat)
    if chosen:
        out += [Action.of("cancel", m) for m in sorted(chosen)]
    if p.seat not in night.done:
        out.append(Action.of("done"))
    return out


def kill_action(seat: int, target: int | None) -> Action:
    """``seat``'s team erasure choice of ``target`` (None: nobody) as its legal action."""
    if target is None:
        return Action.of("kill", NOBODY)
    return Action.of("kill", target, CONFIRM) if target == seat else Action.of("kill", target)


def can_speak(g: Ctx, p: Player) -> bool:
    """Speaking rights today [ADZ-8.1]: alive, not frozen, and a duelist on a duel day."""
    day = g.s.day
    if not p.alive or day is None or p.seat in day.effects.frozen:
        return False
    duelists = duelist_seats(g)
    return not duelists or p.seat in duelists


def claims_today(g: Ctx, seat: int) -> list[str]:
    """Megami ``seat`` has come out as today with ``/co`` (verified reveals excluded)."""
    n = g.s.day.n if g.s.day else -1
    return [r.megami for r in g.s.co_board if r.seat == seat and r.day == n and not r.verified]


def co_count(g: Ctx, seat: int) -> int:
    """Accepted ``/co`` of ``seat`` today."""
    return len(claims_today(g, seat))


def duelist_seats(g: Ctx) -> set[int]:
    day = g.s.day
    if day is None or not day.effects.duels:  # most days have no duel
        return set()
    return {s for duel in day.effects.duels for s in duel}


def discussion_actions(g: Ctx, p: Player, held: list[str]) -> list[Action]:
    """``p``'s claims and ``ready`` while allowed to speak, and the day abilities of ``held`` (the
    abilities ``p`` holds) unless sealed [ADZ-8.1], [ADZ-5.4]."""
    out: list[Action] = []
    day = g.s.day
    assert day is not None
    if can_speak(g, p):
        claimed = claims_today(g, p.seat)
        if not claimed:  # most players claim nothing all day
            out += CLAIMS
        elif len(claimed) < CO_PER_DAY:  # co_count
            out += [a for a in CLAIMS if a.args[0] not in claimed]
        if p.seat not in day.ready:
            out.append(Action.of("ready"))
    day_abilities = overriding("day_options")  # the other roles' hook offers nothing
    usable = [day_abilities[megami] for megami in held if megami in day_abilities]
    # The seals only for a holder of a day ability: they take a pass over every holder of the table.
    if usable and p.seat not in g.once("day_sealed", lambda: day_sealed(g)):
        for role in usable:
            out += role.day_options(g, p)
    return out


def vote_targets(g: Ctx) -> list[int]:
    """Who may be named [ADZ-8.2]: living players; duelists only on a duel day; runoff candidates."""
    day = g.s.day
    assert day is not None
    if g.s.phase == "runoff":
        return list(day.candidates)
    duelists = duelist_seats(g)
    return [q.seat for q in g.living() if not duelists or q.seat in duelists]


def can_vote(g: Ctx, p: Player) -> bool:
    day = g.s.day
    return p.alive and day is not None and p.seat not in day.effects.frozen


def vote_actions(g: Ctx, p: Player) -> list[Action]:
    if not can_vote(g, p):
        return []
    return list(g.once("vote_actions", lambda: _ballots(g)))


def _ballots(g: Ctx) -> list[Action]:
    """Every ballot a voter may cast today (:func:`vote_targets`, then abstaining), the same for all."""
    return [Action.of("vote", t) for t in vote_targets(g)] + [Action.of("vote", NOBODY)]


def phase_seals(g: Ctx) -> set[int]:
    """Seats sealed at the start of the current phase [ADZ-3.8]: active Hatsumi/Raira seals and the
    phase seals of living holders (Tokoyo's Adazakura version)."""
    sealed = effects.sealed_by_seals(g)
    sealing = overriding("phase_seals")  # only these roles seal anybody by themselves
    for holder in g.living():  # each living holder of each held ability, once per ability
        for megami in dict.fromkeys(effects.abilities_of(holder)):
            role = sealing.get(megami)
            if role is not None:
                sealed.update(role.phase_seals(g, holder))
    return sealed


def night_sealed(g: Ctx) -> list[int]:
    """O2: the seats sealed for tonight [ADZ-6.1]."""
    return sorted(phase_seals(g) & {p.seat for p in g.living()})


def day_sealed(g: Ctx) -> set[int]:
    """M6: the seats sealed for today's day abilities [ADZ-5.4]."""
    return phase_seals(g)


def _names_a_bystander(g: Ctx, action: Action) -> bool:
    """A ballot naming a living player who is not a duelist on a duel day [ADZ-9.1]."""
    target = action.args[0] if len(action.args) == 1 else None
    duelists = duelist_seats(g)
    if not duelists or not isinstance(target, int) or not 1 <= target <= len(g.s.players):
        return False
    return g.p(target).alive and target not in duelists


def _co_refusal(g: Ctx, seat: int, action: Action) -> str:
    if len(action.args) != 1 or action.args[0] not in TAROTS:
        return "megami.unknown"
    if co_count(g, seat) >= CO_PER_DAY:
        return "co.limit"
    return "co.same" if action.args[0] in claims_today(g, seat) else "action.illegal"


def refusal(g: Ctx, seat: int, action: Action, legal_now: list[Action]) -> str:
    """The most helpful reason id for an action that is not among ``legal_now`` (``seat``'s legal actions,
    not needed here) [ADZ-11.2]. A private ``/skip`` of a player without Saine's usable 「絶唱絶華」 is
    ``skip.in_group`` (the discussion skip vote is sent in the group), the same for every such player."""
    p = g.p(seat)
    if g.s.is_over:
        return "game.over"
    if not p.alive:
        return "not_alive"
    if g.s.phase not in PHASES_OF.get(action.kind.split(".")[0], (g.s.phase,)):
        return "phase.wrong"
    if action.kind in ("co", "ready") and g.s.phase == "discussion" and not can_speak(g, p):
        return "speech.denied"
    if action.kind == "co":
        return _co_refusal(g, seat, action)
    if action.kind == "vote" and not can_vote(g, p):
        return "vote.denied"
    if action.kind == "vote" and _names_a_bystander(g, action):
        return "vote.duel_only"
    if g.s.night is not None and seat in g.s.night.sealed and action.kind.startswith("night."):
        role = roles().get(action.kind.removeprefix("night."))
        if role is None or not role.passive:
            return "ability.sealed"
    # The dealt Megami too: a Kururu who copied still explains why her own look is gone.
    for megami in dict.fromkeys([*effects.abilities_of(p), p.megami]):
        role = roles().get(megami)
        reason = role.refusal(g, p, action) if role is not None else None
        if reason:
            return reason
    if action.kind == "kill" and action.args == (seat,) and kill_action(seat, seat) in legal(g, seat):
        return "kill.confirm_self"
    if action.kind == "skip":
        # Not Saine's own skip: the same hint for everyone, whatever their Megami (J28).
        return "skip.in_group"
    args = [a for a in action.args if isinstance(a, int)]
    if any(not 1 <= a <= len(g.s.players) for a in args) or (action.kind in ("vote", "kill") and not args):
        return "target.invalid"
    if any(not g.p(a).alive for a in args):
        return "target.dead"
    return "action.illegal"
