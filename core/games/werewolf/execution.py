"""The execution step of classic 人狼 (``werewolf.md`` §6.6.3 tie-break, §6.7-§6.9): the executed player
and 猫又's 道連れ, 後追い, 突然死, the win check once for the whole step (AMB-43), then 遺言 and the night."""

from __future__ import annotations

from core.engine.notice import KeyRef
from core.games.werewolf import deaths, victory
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.night import open_night


def tie_break(g: Ctx, tied: list[int], *, runoff: bool = True) -> None:
    """AMB-38: ``tieBreak = none`` → ``ANN_NO_EXECUTION``; ``random`` → one of ``tied`` drawn
    (``TIE_BREAK``), ``ANN_RANDOM_EXECUTION``, executed. ``runoff``: whether a runoff was held and tied
    too; False when nobody could vote in it (``runoff.nobody``), and the texts say so
    (``vote.no_execution.no_runoff``, ``vote.random.no_runoff``)."""
    if g.option("tieBreak") == "random":
        pick = int(g.draw("TIE_BREAK", sorted(tied)))
        key = "vote.random" if runoff else "vote.random.no_runoff"
        g.announce(key, candidates=g.refs(tied), player=g.ref(pick))
        execute(g, pick, "random")
        return
    g.announce("vote.no_execution" if runoff else "vote.no_execution.no_runoff")
    g.log("NoExecution", day=g.s.day)
    after(g)


def execute(g: Ctx, seat: int, method: str) -> None:
    """[WW-6.7] in one step: ``ANN_EXECUTED``; 猫又 executed → a random living player dies (AMB-26);
    後追い; each extra death as ``ANN_ALSO_DIED`` without a cause (AMB-29). Then :func:`after`."""
    g.s.executed = seat
    g.announce("vote.executed", player=g.ref(seat), method=KeyRef(key=f"method.{method}"))
    g.log("PlayerExecuted", day=g.s.day, seat=seat, method=method)
    deaths.kill(g, seat, "execution")
    extra: list[int] = []
    if g.card(seat).drags:
        dragged = deaths.drag(g, g.living())
        extra += [dragged] if dragged is not None else []
    deaths.also_died(g, extra + deaths.follow(g))
    after(g)


def after(g: Ctx) -> None:
    """[WW-6.8] 突然死 of every living player with ``suddenDeathMisses`` missed votes in a row (seat order,
    no drag, AMB-27), 後追い again; the 霊界; the win check (AMB-43); then 遺言 (AMB-40) or the night."""
    misses = int(g.option("suddenDeathMisses"))
    if misses:
        for seat in g.living_humans():
            if g.p(seat).missed_votes >= misses:
                deaths.kill(g, seat, "sudden")
                g.announce("death.sudden", player=g.ref(seat))
        deaths.also_died(g, deaths.follow(g))
    executed = g.s.executed
    speaks = executed is not None and bool(g.option("lastWords"))
    deaths.arrive(g, later=executed if speaks else None)
    if victory.check(g):
        return
    if executed is not None and speaks:
        seconds = int(g.option("lastWordsSeconds"))
        g.s.enter("last_words", now=g.now, seconds=seconds)
        g.announce("last_words.wait", player=g.ref(executed), seconds=seconds)
        g.tell(executed, "last_words.prompt", seconds=seconds)
        return
    open_night(g, g.s.day)


def last_words(g: Ctx, text: str | None) -> None:
    """[WW-6.9] step 2: the executed player's one message as ``ANN_LAST_WORDS`` (nothing when none came),
    then the night."""
    executed = g.s.executed
    if text is not None and executed is not None:
        g.announce("last_words.said", player=g.ref(executed), text=text)
        g.log("LastWords", day=g.s.day, seat=executed)
    if executed is not None:
        deaths.welcome(g, executed)  # into the 霊界 only now (deaths.arrive)
    open_night(g, g.s.day)
