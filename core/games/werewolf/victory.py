"""Victory of classic 人狼 (``werewolf.md`` §7): the win check with the fox's override, draws (everyone
dead, the stall), the end of the game and the winners."""

from __future__ import annotations

from core.engine.table import ENDED
from core.games.werewolf import recap
from core.games.werewolf.ctx import Ctx
from core.games.werewolf.model import Result, WWState
from core.games.werewolf.roles import role


def condition(w: int, h: int, f: int, living: int) -> tuple[Result, str] | None:
    """[WW-7.2] for ``W``/``H``/``F`` living and ``living`` seats: ``(result, reason)``, or None to go on.
    Nobody alive → a draw (AMB-45); no wolf → village, wolves ≥ humans → wolves; either with a living fox →
    the fox (AMB-44)."""
    if living == 0:
        return "draw", "all_dead"
    met: Result | None = "village" if w == 0 else "werewolf" if w >= h else None
    if met is None:
        return None
    if f >= 1:
        return "fox", f"fox_{met}"
    return met, met


def check(g: Ctx) -> bool:
    """Run the win check now; end the game and return True when it is over."""
    w, h, f = g.counts()
    found = condition(w, h, f, len(g.living()))
    if found is None:
        return False
    end_game(g, *found)
    return True


def stalled(g: Ctx) -> bool:
    """[WW-7.4] item 2 (AMB-46), at Morning ``d + 1`` after the win check: the cycle Day ``d`` + Night
    ``d`` was quiet when nobody died in it; ``quietCycleDrawLimit`` quiet cycles in a row end the game in
    a draw (0: never). True when it ended."""
    s = g.s
    cycle = s.day - 1
    if cycle < 1:
        return False
    died = any(p.death is not None and p.death.n == cycle for p in g.everyone())
    s.quiet = 0 if died else s.quiet + 1
    limit = int(g.option("quietCycleDrawLimit"))
    if limit and s.quiet >= limit:
        end_game(g, "draw", "stall")
        return True
    return False


def end_game(g: Ctx, result: Result, reason: str) -> None:
    """[WW-6.11], [WW-7.5]: every human of the winning camp wins, alive or dead (身代わり君 never, AMB-47);
    a draw has no winner; then ``ANN_GAME_OVER`` and the recap."""
    s = g.s
    s.result, s.reason = result, reason
    s.winners = [] if result == "draw" else [p.seat for p in s.players if role(p.role).camp == result]
    s.night = None
    s.enter(ENDED, now=g.now, seconds=None)
    g.log("GameEnded", result=result, reason=reason, winners=s.winners)
    recap.final(g)


def sides(state: WWState) -> list[str]:
    """The camp that won a finished game (``village``, ``werewolf`` or ``fox``) for the group's statistics;
    empty for a draw, a cancelled or an unfinished game."""
    if state.phase != ENDED or state.result in (None, "draw"):
        return []
    return [str(state.result)]
