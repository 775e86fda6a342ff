"""The night [ADZ-6]: opening (O1-O5), the action window (choices, team choice, done), and resolution
(R0 targets, R1-R3 and D1-D6 steps in the order of ``order.NIGHT_STEPS``, R5 results).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.engine.notice import Action, KeyRef, Param
from core.games.adazakura import effects, erasure
from core.games.adazakura.anytime import apply_anytime
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.legal import legal, night_sealed
from core.games.adazakura.model import NightState, Player, TeamChoice
from core.games.adazakura.order import NIGHT_STEPS
from core.games.adazakura.roles import roles
from core.games.adazakura.roles.base import Megami, StepHandler
from core.games.adazakura.settings import rule, timer

OPENING = ("O3", "O4")
#: The actual-target marker of a fizzled target [ADZ-3.9]: handlers spend limits but apply nothing.
FIZZLED = "fizzled"


def open_night(g: Ctx, n: int) -> None:
    """Start night ``n``: close the group, compute seals, run O3/O4, prompt every living player [ADZ-6.1].
    Day ``n`` (None on night 0) is kept as ``last_day`` until the night resolves."""
    g.s.last_day, g.s.day = g.s.day, None
    g.s.enter("night", now=g.now, seconds=timer(g.s, "night0" if n == 0 else "night"))
    g.s.night = NightState(n=n, opened_at=g.now, alive=[p.seat for p in g.living()])
    g.log("NightOpened", night=n)  # the recap's segments [ADZ-11.11]
    g.s.night.sealed = night_sealed(g)
    g.announce("night.start", night=n, deadline=g.s.deadline_at or 0)
    run_steps(g, OPENING)
    for p in g.living():
        prompt(g, p.seat)
    team = g.team()
    if team:
        g.tell_team("team.open", night=n, members=g.refs(team), can_kill=n >= 1)


def prompt(g: Ctx, seat: int) -> None:
    """O5: the night prompt, the same shape for everybody [ADZ-11.4]; a sealed player is told so (A21);
    a role's note (Kamui's fate on night 3) is the one addition, worded so that a sealed holder's passive
    choice does not read as forbidden."""
    night = g.s.night
    assert night is not None
    sealed = seat in night.sealed
    notes = [
        n
        for m in effects.abilities_of(g.p(seat))
        if (r := roles().get(m)) and (n := r.prompt_note(g, g.p(seat)))
    ]
    actions = legal(g, seat)
    if not notes:
        g.tell(seat, "night.prompt.sealed" if sealed else "night.prompt", actions=actions, night=night.n)
        return
    key = "night.prompt.sealed.note" if sealed else "night.prompt.note"
    g.tell(seat, key, actions=actions, night=night.n, notes=[KeyRef(key=n) for n in notes])


def submit(g: Ctx, seat: int, action: Action) -> None:
    """Record a legal night choice, team choice or ``done`` [ADZ-6.2], [ADZ-7.1]."""
    night = g.s.night
    assert night is not None
    if action.kind == "done":
        if seat not in night.done:
            night.done.append(seat)
        g.tell(seat, "night.done", night=night.n, left=g.s.seconds_left(g.now))
    elif action.kind == "kill":
        set_team_choice(g, seat, action)
    elif action.kind == "cancel":
        night.choices.get(seat, {}).pop(str(action.args[0]), None)
        _reopen(g, seat)
    elif action.kind.startswith("night."):
        _choose(g, seat, action)
    else:
        apply_anytime(g, seat, action)
    answering = {p.seat for p in g.answering()}
    if all(s in night.done for s in night.alive if s in answering):
        close_night(g)


def _choose(g: Ctx, seat: int, action: Action) -> None:
    """Keep an ability's choice for R1, or resolve an instant one now, with R0 applied at once and told
    at once; it is final, so it is not kept and cannot be cancelled [ADZ-3.10], [ADZ-6.2]."""
    night = g.s.night
    assert night is not None
    megami = action.kind.removeprefix("night.")
    g.log("NightChoice", seat=seat, megami=megami, args=list(action.args))
    role = roles().get(megami)
    if role is not None and role.instant:
        role.resolve_now(g, g.p(seat), actual_action(g, seat, role, action, instant=True))
        _reopen(g, seat, "night.instant.saved")
        return
    night.choices.setdefault(seat, {})[megami] = action
    _reopen(g, seat)


def _reopen(g: Ctx, seat: int, key: str = "night.choice.saved") -> None:
    """Acknowledge a choice with the buttons of now (a copy's new ones included, A64); undo "done"."""
    night = g.s.night
    assert night is not None
    if seat in night.done:
        night.done.remove(seat)
    g.tell(seat, key, actions=legal(g, seat), night=night.n)


def set_team_choice(g: Ctx, seat: int, action: Action) -> None:
    """A member's erasure choice; relayed at once to the living team with times [ADZ-11.6]."""
    night = g.s.night
    assert night is not None
    target = action.args[0]
    order = max((c.order for c in night.team.values()), default=0) + 1
    night.team[seat] = TeamChoice(target=target if isinstance(target, int) else None, at=g.now, order=order)
    g.tell_team("team.choices", lines=_choice_lines(g), night=night.n)
    g.log("TeamChoice", seat=seat, target=night.team[seat].target)
    _reopen(g, seat)


def _choice_lines(g: Ctx) -> list[Param]:
    night = g.s.night
    assert night is not None
    out: list[Param] = []
    for s, c in sorted(night.team.items()):
        if not g.p(s).alive:
            continue
        secs = c.at - night.opened_at
        if c.target is None:
            out.append(KeyRef(key="team.choice.nobody", params={"member": g.ref(s), "secs": secs}))
        else:
            out.append(
                KeyRef(
                    key="team.choice", params={"member": g.ref(s), "target": g.ref(c.target), "secs": secs}
                )
            )
    return out


def close_night(g: Ctx) -> None:
    """The window closes: resolve in the fixed order, deliver results, then the morning [ADZ-6.3] (asked of
    the phase flow: ``Ctx.next``)."""
    night = g.s.night
    assert night is not None
    t0 = erasure.team_target(g) if night.n >= 1 else None
    if night.n >= 1:
        if t0 is None:
            g.tell_team("team.final.nobody", night=night.n)
        else:
            g.tell_team("team.final.player", target=g.ref(t0), night=night.n)
    resolve_targets(g)
    g.guards.clear()
    g.barriers.clear()
    # Holders as the resolution starts: a Saliya who dies tonight loses her gain (A71), yet what she chose
    # with it still resolves (A17).
    held = effects.every_holder(g, roles())
    if rule(g.s, "seals_at_once"):
        stop_sealed(g, held)
    deaths_before = len(g.s.deaths)
    for step in NIGHT_STEPS:
        if step in OPENING:
            continue
        if step == "D1":
            erasure.run(g, t0)
        else:
            run_steps(g, (step,), held)
    g.s.last_day = None
    for seat in night.alive:
        lines = g.results.get(seat) or [_nothing()]
        g.tell(seat, "night.results", night=night.n, lines=list(lines))
    died = len(g.s.deaths) > deaths_before
    g.log("NightResolved", night=night.n)  # the recap's segments [ADZ-11.11]
    g.next = ("morning", night.n + 1, night.n >= 1 and not died)


def _nothing() -> KeyRef:
    return KeyRef(key="result.nothing")


def resolve_targets(g: Ctx) -> None:
    """R0: each chosen action's actual targets after passive shifts; a shift onto a user who may not
    target herself fizzles the action (its limits are still spent) [ADZ-3.9], (A25), (A69)."""
    night = g.s.night
    assert night is not None
    for seat, chosen in night.choices.items():
        for megami, action in chosen.items():
            role = roles().get(megami)
            if role is None or seat not in night.alive:
                continue
            g.actual.setdefault(seat, {})[megami] = actual_action(g, seat, role, action, instant=False)


def actual_action(g: Ctx, seat: int, role: Megami, action: Action, *, instant: bool) -> Action:
    """R0 for one chosen action: each seat arg shifted, or ``FIZZLED`` when it lands on a user who may not
    target herself; the actor is told in her results, or at once for an ``instant`` choice (A24, A69)."""
    args: list[int | str] = []
    for arg in action.args:
        if isinstance(arg, int):
            moved = shift(g, seat, arg)
            if moved == seat and not role.self_target:
                _note(g, seat, "result.fizzled.self", instant=instant, chosen=g.ref(arg))
                arg = FIZZLED
            elif moved != arg:
                _note(g, seat, "result.shifted", instant=instant, chosen=g.ref(arg), actual=g.ref(moved))
                arg = moved
        args.append(arg)
    g.log("ActionResolved", seat=seat, megami=role.id, chosen=list(action.args), actual=args)
    return Action(kind=action.kind, args=tuple(args))


def _note(g: Ctx, seat: int, key: str, *, instant: bool, **params: Any) -> None:
    line = {"night": g.day_n, **params}
    if instant:
        g.learn(seat, key, **line)
    else:
        g.result(seat, key, **line)


def shift(g: Ctx, actor: int, target: int) -> int:
    """The actual target of ``actor``'s targeted ability: each role's passive shift applied once."""
    for role in roles().values():
        moved = role.shift(g, actor, target)
        if moved is not None:
            return moved
    return target


@cache
def step_handlers(step: str) -> tuple[tuple[Megami, StepHandler], ...]:
    """The roles with a handler for night ``step`` (in the roles' order) and their handler; a role's
    ``steps()`` are fixed, so this is read once per step id."""
    found = ((role, role.steps().get(step)) for role in roles().values())
    return tuple((role, handler) for role, handler in found if handler is not None)


def stop_sealed(g: Ctx, held: dict[str, list[Player]]) -> None:
    """``seals_at_once`` (the original text's seals, without A18's delay): every seal designated tonight by
    an unsealed holder also stops its actual target's active abilities tonight, from R1 on. The
    designations are simultaneous: a designation itself still resolves, so two sealers sealing each other
    both seal. Each stopped seat is told in its results [ADZ-3.8]."""
    night = g.s.night
    assert night is not None
    for role in roles().values():
        for holder in held[role.id]:
            if holder.seat not in night.alive or holder.seat in night.sealed:
                continue
            target = role.seal_target(g, holder, g.actual.get(holder.seat, {}).get(role.id))
            if target is not None and target not in night.sealed:
                g.stopped.add(target)
    for seat in sorted(g.stopped):
        g.result(seat, "result.sealed.at_once")
        g.log("SealedAtOnce", seat=seat)


def run_steps(g: Ctx, steps: tuple[str, ...], held: dict[str, list[Player]] | None = None) -> None:
    """Run role handlers of ``steps``; holders alive at the night's start, unsealed unless passive, and
    not stopped by a seal placed tonight (``g.stopped``) unless passive or placing a seal themselves.
    ``held``: the holders of each Megami to use (default: the holders of now)."""
    night = g.s.night
    assert night is not None
    for step in steps:
        for role, handler in step_handlers(step):
            for holder in held[role.id] if held is not None else effects.holders(g, role.id):
                action = g.actual.get(holder.seat, {}).get(role.id)
                if holder.seat not in night.alive or not _runs(g, role, holder, step, action):
                    continue
                handler(g, holder, action)


def _runs(g: Ctx, role: Megami, holder: Player, step: str, action: Action | None) -> bool:
    """Whether ``holder``'s ``step`` of ``role`` resolves tonight: passive steps always; active ones unless
    she is sealed for the night, or stopped tonight without placing a seal herself."""
    if step in role.passive_steps:
        return True
    night = g.s.night
    assert night is not None
    if holder.seat in night.sealed:
        return False
    return holder.seat not in g.stopped or role.seal_target(g, holder, action) is not None
