"""Discussion control, the same for every game (docs/architecture.md "Discussion control"; per game J28,
P14, D19, W02): ``/extend``, the ``/skip`` vote, and the host's ``/pause`` and ``/resume``.

- ``Extend``: +:data:`EXTEND_SECONDS` s on the deadline of a discussion phase (a game's
  ``Steps.discussion``), once per eligible player per discussion (each game has one discussion a day).
- ``SkipVote``: an eligible player's vote to end the discussion; when a strict majority of the eligible
  players has voted, the game's own deadline step closes the phase at once (as its timer would).
- ``Pause`` / ``Resume``: host only, any running phase with a deadline. A pause keeps the seconds left in
  ``TableState.paused_left`` and clears ``deadline_at``, so no ``Timeout``, reminder or catch-up fires;
  ``phase_seq`` stays, so wake-ups scheduled before are early or stale no-ops and the resume (a changed
  ``deadline_at``) gets new ones (``handlers/wakeups.py``). Players' actions are still taken while paused
  (a phase that ends early by them ends the pause: the next phase's clock runs, ``TableState.enter``);
  extend and skip are refused (``control.paused``).

"Eligible" (:func:`eligible`) is a living seat that may post in the group now and that the host has not
kicked (``core.engine.afk``): "living" is each game's own ``alive`` (徒桜戦争 not dead, 政治家人狼 still in
the election, DEATH NOTE 人狼 not eliminated) and the speaking rights its ``Steps.speakers`` (徒桜戦争: not
frozen, duelists only on a duel day; 政治家人狼: not benched by a negative campaign). Every group notice
goes to the ``countdown`` slot (one edited message where the platform can edit) and carries the seconds
left. Times are UTC epoch seconds; all pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine import afk
from core.engine.commands import ControlCommand, Extend, Pause, Resume
from core.engine.context import TableCtx, seat_of
from core.engine.notice import PUBLIC, Notice, Scalar
from core.engine.result import Rejected
from core.engine.table import LOBBY, TableState

#: Seconds one ``/extend`` adds (J28, P14, W02; politician.md §11 ``campaignSeconds``: "extend … by 60").
EXTEND_SECONDS = 60
#: The ``Notice.slot`` of every control notice: one countdown/status message per chat.
SLOT = "countdown"

Close = Callable[[Any], Rejected | None]
#: A game's speaking rights (``Steps.speakers``): the seats that may post now, ``None`` for everyone.
Speakers = Callable[[Any], set[int] | None] | None


def apply(
    g: TableCtx[Any],
    command: ControlCommand,
    *,
    discussion: frozenset[str],
    close: Close,
    speakers: Speakers = None,
) -> Rejected | None:
    """Apply a control ``command``; ``discussion``: the game's discussion phase ids; ``close``: the game's
    deadline step (ends the discussion on a skip majority); ``speakers``: the game's speaking rights
    (None: everyone may speak). A refusal changes nothing."""
    if g.s.is_over:
        return Rejected(reason="game.over")
    if isinstance(command, Pause):
        return pause(g, command.user_id)
    if isinstance(command, Resume):
        return resume(g, command.user_id)
    allowed = eligible(g, speakers)
    seat = _speaker(g, command.user_id, discussion, allowed)
    if isinstance(seat, Rejected):
        return seat
    if isinstance(command, Extend):
        return extend(g, seat)
    return skip_vote(g, seat, close, allowed)


def eligible(g: TableCtx[Any], speakers: Speakers) -> set[int]:
    """The seats that may ``/extend`` and vote ``/skip`` now: living, with the speaking rights of
    ``speakers`` now (None: every living seat), not kicked by the host and still in the group (a seat that
    left is not counted in a majority, ``core.engine.afk.away``)."""
    living = {p.seat for p in g.s.players if p.alive} - afk.kicked(g.s) - afk.away(g.s)
    rights = speakers(g.s) if speakers is not None else None
    return living if rights is None else living & rights


def _speaker(g: TableCtx[Any], user_id: str, discussion: frozenset[str], allowed: set[int]) -> int | Rejected:
    """The eligible seat of ``user_id`` in a running, unpaused discussion, or why not: the game has no
    discussion (``control.no_discussion``), not a player (``not_player``: a spectator's ``/skip`` is
    answered about them, whatever the phase), it is not one now (``control.not_discussion``), kicked by
    the host (``kick.removed``), dead (``not_alive``), without the right to speak now
    (``control.not_speaker``: frozen, benched, not a duelist), paused (``control.paused``)."""
    s = g.s
    if not discussion:
        return Rejected(reason="control.no_discussion")
    seat = seat_of(s, user_id)
    if seat is None:
        return Rejected(reason="not_player")
    if s.phase not in discussion:
        return Rejected(reason="control.not_discussion")
    if seat in afk.kicked(s):
        return Rejected(reason="kick.removed")
    if not g.p(seat).alive:
        return Rejected(reason="not_alive")
    if seat not in allowed:
        return Rejected(reason="control.not_speaker")
    if s.paused_left is not None or s.deadline_at is None:
        return Rejected(reason="control.paused")
    return seat


def book(s: TableState, name: str) -> list[int]:
    """The seats recorded under ``name`` (``extended``, ``skip``) in the current phase; the bookkeeping of
    an earlier phase is dropped."""
    if s.control.get("seq") != s.phase_seq:
        s.control = {"seq": s.phase_seq}
    seats: list[int] = s.control.setdefault(name, [])
    return seats


def extend(g: TableCtx[Any], seat: int) -> Rejected | None:
    """``seat`` adds :data:`EXTEND_SECONDS` to the discussion's deadline; once per discussion
    (``control.extended_already``). Group notice ``control.extended`` (player, added, seconds left)."""
    s = g.s
    extended = book(s, "extended")
    if seat in extended:
        return Rejected(reason="control.extended_already")
    assert s.deadline_at is not None
    extended.append(seat)
    s.deadline_at += EXTEND_SECONDS
    g.log("DiscussionExtended", seat=seat, seconds=EXTEND_SECONDS, deadline_at=s.deadline_at)
    _countdown(g, "control.extended", player=g.ref(seat), added=EXTEND_SECONDS, seconds=_left(g))
    return None


def skip_vote(g: TableCtx[Any], seat: int, close: Close, allowed: set[int]) -> Rejected | None:
    """``seat`` votes to end the discussion (once: ``control.skip_already``). With a strict majority of
    the ``allowed`` (eligible) players (votes of players no longer eligible do not count) the discussion
    ends through the game's deadline step (``control.skipped``); else ``control.skip_vote`` with the count
    and the need."""
    s = g.s
    votes = book(s, "skip")
    if seat in votes:
        return Rejected(reason="control.skip_already")
    votes.append(seat)
    count, need = len(set(votes) & allowed), len(allowed) // 2 + 1
    g.log("SkipVoted", seat=seat, votes=count, needed=need)
    if count < need:
        _countdown(g, "control.skip_vote", player=g.ref(seat), votes=count, needed=need, seconds=_left(g))
        return None
    g.log("DiscussionSkipped", votes=count, eligible=len(allowed))
    _countdown(g, "control.skipped", votes=count)
    return close(g)


def pause(g: TableCtx[Any], user_id: str) -> Rejected | None:
    """Host only (``not_host``): stop the clock of the running phase. Refused in the lobby
    (``control.not_started``), when already paused (``control.paused_already``) or when the phase has no
    deadline (``control.no_deadline``). Group notice ``control.paused`` with the seconds kept."""
    s = g.s
    refused = _host_check(s, user_id)
    if refused:
        return refused
    if s.paused_left is not None:
        return Rejected(reason="control.paused_already")
    if s.deadline_at is None:
        return Rejected(reason="control.no_deadline")
    s.paused_left, s.deadline_at = max(0, s.deadline_at - g.now), None
    g.log("GamePaused", seconds=s.paused_left)
    _countdown(g, "control.paused", seconds=s.paused_left)
    return None


def resume(g: TableCtx[Any], user_id: str) -> Rejected | None:
    """Host only: the paused phase runs on with the seconds it had left (``deadline_at = now + left``);
    refused when not paused (``control.not_paused``). Group notice ``control.resumed``."""
    s = g.s
    refused = _host_check(s, user_id)
    if refused:
        return refused
    if s.paused_left is None:
        return Rejected(reason="control.not_paused")
    s.deadline_at, s.paused_left = g.now + s.paused_left, None
    g.log("GameResumed", deadline_at=s.deadline_at)
    _countdown(g, "control.resumed", seconds=_left(g))
    return None


def _host_check(s: TableState, user_id: str) -> Rejected | None:
    if s.phase == LOBBY:
        return Rejected(reason="control.not_started")
    if user_id != s.host:
        return Rejected(reason="not_host")
    return None


def _left(g: TableCtx[Any]) -> int:
    """Seconds until the current deadline (0 without one)."""
    return max(0, (g.s.deadline_at or g.now) - g.now)


def _countdown(g: TableCtx[Any], key: str, **params: Scalar) -> None:
    """A group notice in the countdown slot."""
    g.notices.append(Notice(key=key, to=PUBLIC, params=dict(params), phase_seq=g.s.phase_seq, slot=SLOT))
