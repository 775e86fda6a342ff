"""Winning and ending of DEATH NOTE 人狼 (``deathnote.md`` §9): the checks after an elimination in the
order of §9.4, the draw at the round limit, and the end of the game with the full reveal (§9.5)."""

from __future__ import annotations

from core.engine.context import replay_ending
from core.engine.notice import KeyRef, Notice, Scalar
from core.engine.table import ENDED
from core.games.deathnote import recap
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.model import DNState, Result
from core.games.deathnote.settings import option


def after_elimination(g: Ctx) -> None:
    """§9.2 (a) no L alive (both L cards at 6 players, AMB-52; with the host's ``either_l``, the original
    text's 「Lを排除する」, one eliminated L is enough), then (b) at most one living L-team player
    (AMB-53): the Kira team wins."""
    living = [g.p(s) for s in g.living()]
    if not any(p.role == "L" for p in living):
        end_game(g, "KIRA_TEAM", "no_l")
    elif option(g.s, "either_l") and any(p.role == "L" and not p.alive for p in g.s.players):
        end_game(g, "KIRA_TEAM", "l_out")
    elif sum(p.team == "L_TEAM" for p in living) <= 1:
        end_game(g, "KIRA_TEAM", "l_team_one")


def round_limit(g: Ctx) -> bool:
    """§9.3 (AMB-57): after the Judgment of round ``max_rounds`` the case goes cold (never with the host's
    ``round_limit`` off: the original text has no limit). True when it did."""
    if not option(g.s, "round_limit") or g.s.round < int(option(g.s, "max_rounds")):
        return False
    end_game(g, "draw", "max_rounds")
    return True


def end_game(g: Ctx, result: Result, reason: str) -> None:
    """§9.5 (AMB-54): every member of the winning team wins, alive or not; a draw has no winner. Every
    identity is revealed, with the full log when ``post_game_log`` is on (AMB-58)."""
    s = g.s
    s.result, s.reason = result, reason
    s.winners = [p.seat for p in s.players if p.team == result]
    s.night, s.choice, s.active, s.to_play = None, None, None, []
    s.enter(ENDED, now=g.now, seconds=None)
    g.log("GameEnded", result=result, reason=reason, winners=s.winners)
    reveal: list[Scalar] = [
        KeyRef(key="reveal.line", params={
            "player": g.ref(p.seat), "identity": g.identity(p.identity),
            "status": KeyRef(key="status.alive" if p.alive else "status.eliminated"),
            "won": KeyRef(key=_outcome(result, p.seat in s.winners)),
        })
        for p in s.players
    ]  # fmt: skip
    g.announce("game.over", result=KeyRef(key=f"result.{result}"), reason=KeyRef(key=f"end.{reason}"),
               winners=g.refs(s.winners), lines=reveal)  # fmt: skip
    if option(s, "post_game_log"):
        recap.final(g)


def _outcome(result: Result, won: bool) -> str:
    """The reveal line's outcome: won, lost, or (a draw, §9.3) nobody won."""
    if result == "draw":
        return "reveal.draw"
    return "reveal.won" if won else "reveal.lost"


def sides(state: DNState) -> list[str]:
    """The team that won a finished game (``L_TEAM`` or ``KIRA_TEAM``, §9), for the group's statistics;
    empty for a draw (§9.3), a cancelled or an unfinished game."""
    return [state.result] if state.phase == ENDED and state.result and state.result != "draw" else []


def replay(state: DNState, now: int) -> list[Notice]:
    """The end of the finished game ``state`` again (:func:`end_game` on a copy, §9.5); ``[]`` without a
    result. ``now``: UTC epoch seconds."""
    if state.result is None or state.reason is None:
        return []
    result, reason = state.result, state.reason
    return replay_ending(state, now, Ctx, lambda g: end_game(g, result, reason))
