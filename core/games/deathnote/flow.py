"""The order of play of DEATH NOTE 人狼 (``deathnote.md`` §4.1): rounds of one turn per living player
clockwise from the start seat, a Judgment after every round from round 2, and the draw at the round
limit. The other modules apply one step; this one decides what comes next.
"""

from __future__ import annotations

from core.engine.notice import Action
from core.games.deathnote import effects, night, turn, victory
from core.games.deathnote.cards import TARGETED, TIMEOUT_PLAY, types_of
from core.games.deathnote.ctx import Ctx
from core.games.deathnote.legal import plays
from core.games.deathnote.settings import option


def round_order(g: Ctx, played: list[int] | None = None) -> list[int]:
    """§4.1 (AMB-09): living seats clockwise from the start seat (or the first living seat after it),
    minus those that ``played`` this round already."""
    s = g.s
    n = len(s.players)
    seats = [(s.start_seat - 1 + k) % n + 1 for k in range(n)]
    return [seat for seat in seats if g.p(seat).alive and seat not in (played or [])]


def begin_round(g: Ctx, played: list[int] | None = None) -> None:
    """Start round ``s.round`` (or continue it after ``played`` seats, test mode)."""
    g.s.to_play = round_order(g, played)
    g.log("RoundStarted", round=g.s.round)
    next_turn(g)


def next_turn(g: Ctx) -> None:
    """T1-T2: the next seat of the round draws and is prompted; a seat with nothing at all to play passes
    (§4.5 last case); after the last turn, the round ends. With the host's ``shinigami_first`` (the
    original text's 「順番が来たら最初に必ず使用」, against AMB-37) a seat holding the Shinigami as its
    turn comes plays it before drawing, and draws once the Shinigami has left
    (:func:`core.games.deathnote.night.resolve_shinigami`)."""
    s = g.s
    while s.to_play:
        seat = s.active = s.to_play[0]
        s.late_draw = bool(option(s, "shinigami_first")) and "SHINIGAMI" in types_of(g.p(seat).hand)
        card = None if s.late_draw else turn.draw(g, seat)
        seconds = int(option(s, "t_turn"))
        s.enter("turn", now=g.now, seconds=seconds)
        g.announce("turn.start", round=s.round, player=g.ref(seat), draw=len(s.draw))
        actions = plays(g, seat)
        if actions:
            _prompt_turn(g, seat, card, actions, seconds)
            return
        g.announce("play.nothing", player=g.ref(seat))
        s.to_play.pop(0)
    end_round(g)


def _prompt_turn(g: Ctx, seat: int, card: str | None, actions: list[Action], seconds: int) -> None:
    if g.s.late_draw:
        g.tell(seat, "turn.shinigami_first", actions, round=g.s.round, seconds=seconds,
               hand=g.cards(g.p(seat).hand))  # fmt: skip
        return
    if card is None:
        g.tell(seat, "turn.no_draw", actions, round=g.s.round, seconds=seconds, hand=g.cards(g.p(seat).hand))
        return
    g.log("CardDrawn", seat=seat, card=card)
    g.note(seat, g.fact("ledger.drew", card=g.card(card), round=g.s.round))
    g.tell(seat, "turn.drew", actions, round=g.s.round, seconds=seconds, card=g.card(card),
           hand=g.cards(g.p(seat).hand))  # fmt: skip


def end_turn(g: Ctx) -> None:
    """T5: the turn is over (the game may have ended); the next seat plays, or the round ends."""
    if g.s.is_over:
        return
    g.s.to_play.pop(0)
    g.s.active = None
    next_turn(g)


def end_round(g: Ctx) -> None:
    """§4.1 (AMB-10): a Judgment after every round from round 2, else the next round."""
    s = g.s
    s.active = None
    if s.round >= 2:
        night.open_judgment(g)
    else:
        s.round += 1
        begin_round(g)


def after_judgment(g: Ctx) -> None:
    """The morning of a Judgment, its §9.4 checks, the round limit, then the next round."""
    night.resolve_judgment(g)
    if g.s.is_over or victory.round_limit(g):
        return
    g.s.round += 1
    begin_round(g)


def apply_play(g: Ctx, seat: int, action: Action) -> None:
    """The active player's (legal) card: move it, resolve it, and end the turn unless a secret step or a
    night is now open."""
    if action.kind == turn.DISCARD:
        turn.discard_stuck(g, seat)
        end_turn(g)
        return
    target = action.args[0] if action.args else None
    assert target is None or isinstance(target, int)
    type_id = turn.play(g, seat, action.kind, target)
    if effects.resolve(g, seat, type_id, target):
        end_turn(g)


def finish_step(g: Ctx) -> None:
    """Every pick of the open step is in: carry it out, then end the turn if it is over."""
    if effects.complete(g):
        end_turn(g)


def after_shinigami(g: Ctx) -> None:
    """The Shinigami night's timer ran out: its morning (with the draw a ``shinigami_first`` turn still
    owes), then the turn ends."""
    night.resolve_shinigami(g)
    end_turn(g)


def timeout_play(g: Ctx, seat: int) -> Action:
    """§11.5: the Shinigami if held; else the first of ``TIMEOUT_PLAY`` that is legal, aimed at the left
    neighbour; else §4.5's discard."""
    actions = plays(g, seat)
    by_type = {a.kind.removeprefix(turn.PLAY): a for a in actions if a.kind.startswith(turn.PLAY)}
    for type_id in ("SHINIGAMI", *TIMEOUT_PLAY):
        if type_id in by_type:
            args = (g.left(seat),) if type_id in TARGETED else ()
            return Action(kind=turn.PLAY + type_id, args=args)
    return actions[0]
