"""Victory checkpoints W1/W2, winners and the draw valve [ADZ-2.6]-[ADZ-2.8]; what follows the decision
(Renri, Kanae, the final announcement) is ``ending.py`` [ADZ-10]."""

from __future__ import annotations

from core.engine.table import ENDED
from core.games.adazakura.ctx import Ctx
from core.games.adazakura.megami import ADAZAKURA, SAKURA
from core.games.adazakura.model import AdzState
from core.games.adazakura.settings import rule

#: A draw after this many consecutive death-free phases, or when this day would begin (A54).
QUIET_LIMIT = 8
LAST_DAY = 30


def counts(g: Ctx) -> tuple[int, int]:
    """(A, S): living Adazakura-faction and Sakura-faction players (a madman counts in S) [ADZ-2.5]."""
    living = g.living()
    return sum(p.faction == ADAZAKURA for p in living), sum(p.faction == SAKURA for p in living)


def winner(g: Ctx) -> str | None:
    """The side that wins at a checkpoint, Sakura tested first (A13); None while the game goes on."""
    a, s = counts(g)
    if a == 0:
        return SAKURA
    if a >= s:
        return ADAZAKURA
    return None


def winners_of(g: Ctx, side: str) -> list[int]:
    """Seats that win with ``side``, alive or dead; the madman wins with the Adazakura side [ADZ-2.7]."""
    if side == SAKURA:
        return [p.seat for p in g.s.players if p.faction == SAKURA and not p.madman]
    return [p.seat for p in g.s.players if p.faction == ADAZAKURA or p.madman]


def draw_due(g: Ctx, day: int) -> bool:
    """The safety valve (A54): too many quiet phases, or ``day`` (the day about to begin) is day 30; never
    with the host's ``draw_valve`` off (the original text has no draw)."""
    if not rule(g.s, "draw_valve"):
        return False
    return g.s.quiet_phases >= QUIET_LIMIT or day >= LAST_DAY


def sides(state: AdzState) -> list[str]:
    """The sides that won a finished game, for the group's statistics: the winning faction (``sakura`` or
    ``adazakura``, after Kanae's deductions [ADZ-10.2]) and ``renri`` when the player dealt Renri won too
    [ADZ-9.22] (only ``renri`` when her win replaced the side's, ``renri_alone``); empty for a draw (A54),
    a cancelled or an unfinished game."""
    if state.phase == ENDED and state.result == "renri":
        return ["renri"]
    if state.phase != ENDED or state.result not in (SAKURA, ADAZAKURA):
        return []
    renri = state.ending.renri if state.ending is not None else None
    return [state.result, *(["renri"] if renri is not None and renri in state.winners else [])]
