"""The night of classic 人狼 (``werewolf.md`` §6.3, §6.10, §8.2): every living human gets a prompt of the
same shape at once; choices are final except the wolves' proposals; the night resolves at its deadline,
or earlier once everyone has answered and the wolves agree (AMB-51), in the one order of [WW-6.10.4]:
占い → 護衛 → 襲撃 → 呪殺 → 後追い → 結果.
"""

from __future__ import annotations

from collections import Counter

from core.engine.notice import Action, KeyRef
from core.games.werewolf import deaths
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.legal import legal, seat_of_arg
from core.games.werewolf.model import SCAPEGOAT, NightRecord, NightState
from core.games.werewolf.roles.base import ATTACK, DIVINE, GUARD


def open_night(g: Ctx, n: int) -> None:
    """``ANN_NIGHT(n)``, the medium's result for today's executed player (AMB-14), then one prompt per
    living human (§8.2: same text, only the buttons differ) [WW-6.10.1]."""
    s = g.s
    s.night = NightState(n=n, prompted=g.living_humans())
    s.enter("night", now=g.now, seconds=int(g.option("nightSeconds")))
    g.announce("night.start", night=n, seconds=int(g.option("nightSeconds")))
    executed = s.executed
    if n >= 1 and executed is not None:
        for medium in g.holders("medium", alive=True):
            black = g.card(executed).black
            g.learn(medium, "medium.result", player=g.who(executed), result=_class(black))
    for seat in s.night.prompted:
        g.tell(seat, "night.prompt", actions=legal(g, seat), night=n)


def _class(black: bool) -> KeyRef:
    """The result class of [WW-3.2]: 「人狼」 or 「人狼ではない」."""
    return KeyRef(key="class.black" if black else "class.white")


def wolves(g: Ctx) -> list[int]:
    """Living holders of a role counted as a wolf (the attacking team, [WW-3.4.4])."""
    return [s for s in g.living_humans() if g.card(s).counted == "wolf"]


def submit(g: Ctx, seat: int, action: Action) -> bool:
    """Record a legal night choice; True when the night may close now (AMB-51)."""
    night = g.s.night
    assert night is not None
    target = seat_of_arg(action.args[0])
    assert target is not None
    if action.kind == ATTACK:
        changed = night.proposals.get(seat) != target
        night.proposals[seat] = target
        g.tell(seat, "night.proposal_saved", target=g.who(target))
        if changed:
            others = [w for w in wolves(g) if w != seat]
            g.tell_team("night.proposal", others, wolf=g.ref(seat), target=g.who(target))
    else:
        night.choices[seat] = target
        g.tell(seat, "night.saved", target=g.who(target))
    return complete(g)


def unanswered(g: Ctx) -> set[int]:
    """Prompted seats that have not answered yet (a wolf answers by proposing)."""
    night = g.s.night
    assert night is not None
    return {seat for seat in night.prompted if not night.answered(seat)}


def complete(g: Ctx) -> bool:
    """[WW-6.10.5]: everyone answered and the living wolves' latest proposals are identical."""
    night = g.s.night
    assert night is not None
    return not unanswered(g) and len({night.proposals[w] for w in wolves(g) if w in night.proposals}) <= 1


def resolve(g: Ctx) -> NightRecord:
    """[WW-6.10.4] R1-R6, then the night is closed; returns its record (deaths in ``deaths``)."""
    s = g.s
    night = s.night
    assert night is not None
    verbs = {seat: g.card(seat).verb(g, seat) for seat in night.choices}
    record = NightRecord(n=night.n, choices=dict(night.choices), verbs=verbs, proposals=dict(night.proposals))
    divined = _chosen(g, DIVINE)
    guarded = _chosen(g, GUARD)
    curse = divined is not None and g.card(divined).cursed  # R1
    record.attack = _attack_target(g, record)  # R3
    attacked = record.attack
    if attacked is not None and attacked != guarded and not g.card(attacked).immune:
        deaths.kill(g, attacked, "scapegoat" if attacked == SCAPEGOAT else "attack")
        if g.card(attacked).drags:
            deaths.drag(g, wolves(g))
    if curse and divined is not None and g.p(divined).alive:  # R4, whatever the guard
        deaths.kill(g, divined, "curse")
    deaths.follow(g)  # R5
    _results(g, divined, guarded, record)  # R6
    record.deaths = sorted(g.fallen)
    s.nights.append(record)
    g.log("NightResolved", n=record.n, attack=record.attack, deaths=record.deaths)
    s.night = None
    return record


def _chosen(g: Ctx, verb: str) -> int | None:
    """The target of the living holder whose verb tonight is ``verb`` (R1 占い, R2 護衛), or None."""
    night = g.s.night
    assert night is not None
    for seat, target in sorted(night.choices.items()):
        if g.card(seat).verb(g, seat) == verb:
            return target
    return None


def _attack_target(g: Ctx, record: NightRecord) -> int | None:
    """The wolves' target [WW-6.10.3]: Night 0 身代わり君 or nobody (AMB-24, AMB-32); later the plurality
    of the living wolves' latest proposals, a tie drawn (``WOLF_TIE``), no proposal at all drawn over
    the valid targets (``WOLF_NONE``, AMB-22)."""
    night = g.s.night
    assert night is not None
    if night.n == 0:
        npc = g.s.scapegoat
        return SCAPEGOAT if npc is not None and npc.alive else None
    pack = wolves(g)
    tally = Counter(night.proposals[w] for w in pack if w in night.proposals)
    if tally:
        most = max(tally.values())
        tied = sorted(t for t, n in tally.items() if n == most)
        if len(tied) == 1:
            return tied[0]
        record.drawn = "WOLF_TIE"
        return int(g.draw("WOLF_TIE", tied))
    targets = [s for s in g.living_humans() if s not in pack]
    if not pack or not targets:
        return None
    record.drawn = "WOLF_NONE"
    return int(g.draw("WOLF_NONE", targets))


def _results(g: Ctx, divined: int | None, guarded: int | None, record: NightRecord) -> None:
    """R6: ``PRIV_DIVINE`` to the seer, dead or alive (AMB-12); on Night 0 ``PRIV_RANDOM_WHITE`` drawn over
    the living humans other than the seer that are not 人狼 or 妖狐 (AMB-11); the knight's
    ``last_guard``."""
    seers = [s for s in g.holders("seer") if s != 0]
    if divined is not None and seers:
        g.learn(seers[0], "divine.result", night=record.n, player=g.who(divined),
                result=_class(g.card(divined).black))  # fmt: skip
    if record.n == 0 and g.option("firstNightDivination") == "random_white" and seers:
        seer = seers[0]
        pool = [s for s in g.living_humans() if s != seer and not g.card(s).black and not g.card(s).cursed]
        if pool:
            record.white = int(g.draw("RANDOM_WHITE", pool))
            g.learn(seer, "white.notice", player=g.who(record.white))
    for knight in g.holders("knight"):
        if knight != 0:
            g.p(knight).last_guard = guarded if record.n >= 1 else None
