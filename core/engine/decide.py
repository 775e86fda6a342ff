"""The ``decide`` every game shares: copy the state, route the command, refuse what is stale or illegal,
and conclude with the new state, its events and its notices.

A game supplies its own steps as a :class:`Steps` (start, options, the phase deadline, queries, relayed
text, applying a legal action, what a cancel clears); everything else (the lobby, the host's cancel, the
stale-timer and stale-button checks, the legality check of every tap, the public ``legal_actions`` and a
fresh lobby) is here, once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from core.engine import afk, afterlife, clock, control, lobby
from core.engine.afterlife import Afterlife
from core.engine.commands import (
    Act,
    BackInChat,
    BotRemoved,
    CancelGame,
    Command,
    Configure,
    ControlCommand,
    Join,
    Kick,
    LeftChat,
    MoveChat,
    Query,
    Remind,
    Say,
    SetReachable,
    SpectatorMuted,
    StartGame,
    Timeout,
    Unwatch,
    Watch,
)
from core.engine.context import LobbyCommand, TableCtx, apply_lobby, conclude, leave_lobby, seat_of
from core.engine.legal import LegalActions
from core.engine.notice import Action, Notice, to_user
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import CANCELLED, Member, TableState

S = TypeVar("S", bound=TableState)
C = TypeVar("C", bound=TableCtx[Any])

#: Seconds before a deadline at which the seats a phase still waits for are reminded [ADZ-11.8].
REMIND_BEFORE = 30
#: The reminders of a long phase: an hour and ten minutes before its deadline, each for a phase at least
#: twice as long (docs/architecture.md "Timers").
LONG_REMINDERS = (3600, 600)


def reminders(length: int) -> tuple[int, ...]:
    """Seconds before the deadline at which a phase of ``length`` seconds (from now to its deadline)
    reminds the seats it still waits for: each of :data:`LONG_REMINDERS` that is at most half of
    ``length``, else :data:`REMIND_BEFORE` alone when the phase is longer than that, else none."""
    long = tuple(before for before in LONG_REMINDERS if 2 * before <= length)
    return long or ((REMIND_BEFORE,) if length > REMIND_BEFORE else ())


#: Action kinds that are speech or claims, never a choice a phase waits for (the default ``pending``).
SPEECH_KINDS = frozenset({"co", "ready"})


def _no_actions(seat: int) -> list[Action]:
    return []


@dataclass(frozen=True)
class Steps(Generic[S, C]):
    """A game's own part of ``decide``. Every callable changes the context's (copied) state and returns a
    refusal or None; time is the context's ``now`` (UTC epoch seconds).

    ``model``: the state class; ``ctx``: the game's context over a state at ``now``; ``max_players``: the
    table's limit now (徒桜戦争's depends on its Megami pool); ``start``: deal (host checks included);
    ``configure``: ``/option <name> <values>`` on the state, its notices or a refusal (the host-in-lobby check
    is done); ``deadline``: the current phase's
    deadline passed (a stale or early timer is already refused); ``query``; ``say``: relayed text from a
    seat; ``legal``/``refusal``: the game's legal actions and the reason an action is not one (given the
    seat's legal actions now); ``apply``: a legal action of a seat; ``act``: optional, takes the actions
    of the ``free_form`` phases instead of the legality check (徒桜戦争's deduction, whose answers are
    free-form); ``clear``: what a cancel drops (open windows);
    ``pending``: optional, the seats whose choice the current phase still needs (the 30 s reminder goes to
    them, [ADZ-11.8]); without it, every seat with a legal action other than speech or claims;
    ``discussion``: the phase ids where ``/extend`` and the ``/skip`` vote apply (``core.engine.control``);
    ``speakers``: the seats that may post in the group now (``None``: everyone; without it, everyone);
    ``afk_exempt``: phase ids whose unanswered prompts never count as missed; ``leave``: the game's effect
    of a seat out of the game (a host's kick, or 突然死 of a seat still away when a phase ends, issue 21),
    its win check included (default: the seat stays and times out; ``core.engine.afk``); ``afterlife``:
    the game's 霊界 (who is out of the table, whether its ``afterlife`` option is on;
    ``core.engine.afterlife``), which a spectator's relayed text and ``/watch`` use; the game's own ``say``
    relays a seat out of the table through it.
    """

    model: type[S]
    ctx: Callable[[S, int], C]
    max_players: Callable[[S], int]
    start: Callable[[C, str], Rejected | None]
    configure: Callable[[S, str, tuple[str, ...]], list[Notice] | Rejected]
    deadline: Callable[[C], Rejected | None]
    query: Callable[[C, Query], Rejected | None]
    say: Callable[[C, int, str], Rejected | None]
    legal: Callable[[C, int], list[Action]]
    refusal: Callable[[C, int, Action, list[Action]], str]
    apply: Callable[[C, int, Action], None]
    clear: Callable[[S], None]
    act: Callable[[C, int, Action], Rejected | None] | None = None
    free_form: frozenset[str] = frozenset()
    pending: Callable[[C], set[int]] | None = None
    discussion: frozenset[str] = frozenset()
    speakers: Callable[[S], set[int] | None] | None = None
    afk_exempt: frozenset[str] = frozenset()
    leave: afk.Leave | None = None
    afterlife: Afterlife | None = None

    def decide(
        self, state: S, command: Command, *, now: int, legal: LegalActions | None = None
    ) -> Accepted[S] | Rejected:
        """Apply ``command`` at ``now`` (UTC epoch seconds) to a copy of ``state``; never mutates it and
        never raises for player input. ``legal``: this game's legal actions of this very ``state`` as the
        caller already has them (``Game.decide`` checks that), used instead of computing them again."""
        g = self.ctx(state.fork(), now)
        known = legal if legal is not None and legal.state is state else None
        refused = self._dispatch(g, command, known)
        if refused is None and not isinstance(command, Query):
            self._away(g, state.phase_seq)
            if self.afterlife is not None:
                afterlife.arrivals(g, self.afterlife, state)
        return conclude(g, state, command, refused)

    def _away(self, g: C, seq: int) -> None:
        """Issue 21, nothing waits on a player who left the group (``core.engine.afk.away``): a living
        seat still away when a phase ended (``phase_seq`` moved past ``seq``) is out of the game
        (``game.sudden_death``, the game's ``leave`` effect and win check); a running phase that still
        waits only for seats away closes at once, as at its deadline (their choices time out); and again,
        until neither holds (bounded: each round drops a seat or ends a phase)."""
        s = g.s
        for _ in range(2 * len(s.players) + 2):
            if not s.players or s.is_over or not s.left:
                return
            gone = sorted(seat for seat in afk.away(s) if g.p(seat).alive)
            if gone and s.phase_seq != seq:
                for seat in gone:
                    if not s.is_over:
                        afk.drop(g, seat, by_host=False, leave=self.leave)
                seq = s.phase_seq
                continue
            waiting = self.waiting(g)
            if s.deadline_at is None or not waiting or not waiting <= afk.away(s):
                return
            seq = s.phase_seq
            if self.deadline(g) is not None:
                return

    def _dispatch(self, g: C, command: Command, known: LegalActions | None = None) -> Rejected | None:
        if type(command) is Act or type(command) is Say:  # most inputs of a game: no table-level checks
            return self._by_seat(g, command, known)
        s = g.s
        if isinstance(command, Watch):
            return afterlife.watch(g, command, self.afterlife)
        if isinstance(command, Unwatch):
            return afterlife.unwatch(g, command)
        if isinstance(command, SpectatorMuted):
            return afterlife.muted(g, self.afterlife, command)
        if isinstance(command, SetReachable) and afterlife.is_spectator(s, command.user_id):
            if command.reachable:
                return None
            silent = afterlife.quiet(self.speakers(s) if self.speakers is not None and s.players else None)
            return afterlife.unreachable(g, command.user_id, quiet=silent)
        if isinstance(command, LobbyCommand):
            if isinstance(
                command, Join
            ):  # a spectator who takes a seat stops watching (a seat hears no 霊界)
                afterlife.stop_watching(s, command.user_id)
            return apply_lobby(g, command, max_players=self.max_players(s))
        if isinstance(command, StartGame):
            return self.start(g, command.user_id)
        if isinstance(command, CancelGame):
            return self._cancel(g, command.user_id)
        if isinstance(command, Configure):
            refused = lobby.check_configure(s, command.user_id)
            if refused is not None:
                return refused
            named = afterlife.configure(s, self.afterlife, command)
            if isinstance(named, Rejected):
                return named
            return g.add(self.configure(s, named.option, named.values))
        if isinstance(command, Timeout):
            exempt, close = self.afk_exempt, self.deadline
            return afk.deadline_passed(g, command, waiting=self.waiting, exempt=exempt, close=close)
        if isinstance(command, Query):
            if command.what == "join":
                return g.add(lobby.how_to_join(s, command.user_id, public=command.public))
            return afterlife.tell_spectators(g, command, afk.tell_idle(g, command, self.query(g, command)))
        if isinstance(command, Kick):
            return afk.kick(g, command.user_id, command.target, leave=self.leave)
        if isinstance(command, Remind):
            return self._remind(g, command.phase_seq, command.at)
        if isinstance(command, MoveChat):
            return self._move(g, command.chat_id)
        if isinstance(command, BotRemoved):
            return self._end_without_group(g)
        if isinstance(command, LeftChat):
            return self._left(g, command.user_id)
        if isinstance(command, BackInChat):
            return self._back(g, command.user_id)
        if isinstance(command, ControlCommand):
            return control.apply(g, command, discussion=self.discussion, close=self.deadline,
                                 speakers=self.speakers)  # fmt: skip
        return self._by_seat(g, command, known)

    def _by_seat(self, g: C, command: Act | Say, known: LegalActions | None) -> Rejected | None:
        """A seat's tap, typed action or relayed text (refused for a non-player and a kicked seat)."""
        s = g.s
        seat = seat_of(s, command.user_id)
        if seat is None and isinstance(command, Say) and afterlife.is_spectator(s, command.user_id):
            if self.afterlife is None:
                return Rejected(reason="afterlife.closed")
            return afterlife.say(g, self.afterlife, command.text, spectator=command.user_id)
        if seat is None:
            return Rejected(reason="not_player")
        if seat in afk.kicked(s):
            return Rejected(reason="kick.removed")  # the host removed the seat: it times out on every prompt
        if isinstance(command, Say):
            return self.say(g, seat, command.text)
        return self._act(g, seat, command, known)

    def _act(self, g: C, seat: int, command: Act, known: LegalActions | None) -> Rejected | None:
        """A tap or typed action: stale, illegal or not-yet-allowed ones are refused and change nothing.
        Nothing has changed the context's state yet, so ``known`` (of the input state) still holds."""
        if command.phase_seq is not None and command.phase_seq != g.s.phase_seq:
            return Rejected(reason="phase.stale")
        exempt = g.s.phase in self.afk_exempt
        if self.act is not None and g.s.phase in self.free_form:
            refused = self.act(g, seat, command.action)
        else:
            legal = known.of(seat) if known is not None else self.legal(g, seat)
            refused = self._act_legal(g, seat, command.action, legal)
        return afk.acted(g.s, seat, refused, exempt=exempt)

    def _act_legal(self, g: C, seat: int, action: Action, legal: list[Action]) -> Rejected | None:
        """Apply ``action`` if it is one of ``seat``'s ``legal`` actions now, else refuse with the reason."""
        if action not in legal:
            return Rejected(reason=self.refusal(g, seat, action, legal))
        self.apply(g, seat, action)
        return None

    def _cancel(self, g: C, user_id: str) -> Rejected | None:
        """Host only: end the game with no result."""
        s = g.s
        if s.is_over:
            return Rejected(reason="game.over")
        if user_id != s.host:
            return Rejected(reason="not_host")
        self.clear(s)
        s.enter(CANCELLED, now=g.now, seconds=None)
        g.announce("game.cancelled")
        g.log("GameCancelled")
        return None

    def waiting(self, g: C) -> set[int]:
        """The seats whose choice the current phase still needs: the game's ``pending``, else every seat
        with a legal action other than speech or claims (:data:`SPEECH_KINDS`); never a kicked seat (it
        times out on every prompt, ``core.engine.afk``)."""
        if self.pending is not None:
            return self.pending(g) - afk.kicked(g.s)
        seats = {seat for seat in g.seats() if any(a.kind not in SPEECH_KINDS for a in self.legal(g, seat))}
        return seats - afk.kicked(g.s)

    def _remind(self, g: C, phase_seq: int, at: int | None) -> Rejected | None:
        """The reminder scheduled for ``at`` (``deadline_at - at`` seconds before phase ``phase_seq``
        closes: :data:`REMIND_BEFORE` [ADZ-11.8], or one of :data:`LONG_REMINDERS`, docs/architecture.md
        "Timers"; ``at`` ``None``: the 30 s one): one private notice of the same shape to every seat the
        phase still waits for and nothing to the group, so it says nothing about anybody's role
        ([ADZ-11.4], [ADZ-11.9]): ``remind.choice`` with the seconds left, or for a long reminder
        ``remind.choice.long`` with the time left (``left``: seconds, rounded up to whole minutes) and the
        deadline as a local time of the group's zone (:func:`clock.local_parts`).
        Refused, changing nothing, when stale, without a deadline or scheduled for a deadline since
        moved (``phase.stale``), too early (``remind.early``), already reminded this or a closer one
        (``remind.sent``: a duplicated wake-up sends nothing twice) or when the phase waits for nobody
        (``remind.nobody``)."""
        s = g.s
        if phase_seq != s.phase_seq or s.deadline_at is None or s.is_over:
            return Rejected(reason="phase.stale")
        before = REMIND_BEFORE if at is None else s.deadline_at - at
        if before not in (REMIND_BEFORE, *LONG_REMINDERS):
            return Rejected(reason="phase.stale")
        if g.now < s.deadline_at - before:
            return Rejected(reason="remind.early")
        if s.reminded_seq == phase_seq and (s.reminded_before or REMIND_BEFORE) <= before:
            return Rejected(reason="remind.sent")
        seats = self.waiting(g)
        if not seats:
            return Rejected(reason="remind.nobody")
        s.reminded_seq, s.reminded_before = phase_seq, None if before == REMIND_BEFORE else before
        left = max(0, s.deadline_at - g.now)
        at_local = clock.local_parts(s.deadline_at, clock.zone_of(s.settings))
        month, day, time, abbr = (at_local[k] for k in ("month", "day", "time", "abbr"))
        for seat in sorted(seats):
            if before == REMIND_BEFORE:
                g.tell(seat, "remind.choice", seconds=left)
            else:
                about = (left + 59) // 60 * 60  # whole minutes, rounded up
                g.tell(seat, "remind.choice.long", left=about, month=month, day=day, time=time, abbr=abbr)
        return None

    def _move(self, g: C, chat_id: str) -> Rejected | None:
        """The group now lives at ``chat_id``: every later group notice goes there."""
        if g.s.chat_id == chat_id:
            return Rejected(reason="chat.same")
        g.s.chat_id = chat_id
        g.log("ChatMoved", chat_id=chat_id)
        return None

    def _end_without_group(self, g: C) -> Rejected | None:
        """The bot was removed from the group: the game ends without a result; each member hears why in
        the 1:1 chat, since the group can no longer be reached."""
        s = g.s
        if s.is_over:
            return Rejected(reason="game.over")
        self.clear(s)
        s.enter(CANCELLED, now=g.now, seconds=None)
        g.notices += [Notice(key="game.bot_removed", to=to_user(m.user_id)) for m in s.members]
        g.log("GameCancelled", reason="bot_removed")
        return None

    def _left(self, g: C, user_id: str) -> Rejected | None:
        """``user_id`` left the group. In the lobby they leave it as with ``/leave`` (the host passes on).
        In a game (issue 21) a living seat's departure is announced once (``game.player_left``): nothing
        waits for it from now on, and if it is still away when the phase ends it is out of the game
        (:meth:`_away`); a host who left hands the host's ``/cancel`` to the first seat still in the group
        (``game.host_passed``). Refuses a second report of the same departure (``left.already``), a
        finished game and a non-member (``not_player``)."""
        s = g.s
        if s.is_over:
            return Rejected(reason="game.over")
        seat = seat_of(s, user_id)
        if seat is None:
            return leave_lobby(g, user_id)
        gone = set(s.left)
        if seat in gone:
            return Rejected(reason="left.already")
        s.left.append(seat)
        g.log("PlayerLeft", seat=seat)
        if g.p(seat).alive and seat not in afk.kicked(s):
            g.announce("game.player_left", player=g.ref(seat))
        heir = next((p.seat for p in s.players if p.seat not in gone | {seat}), None)
        if s.host == user_id and heir is not None:
            s.host = g.p(heir).user_id
            g.announce("game.host_passed", player=g.ref(heir))
        return None

    def _back(self, g: C, user_id: str) -> Rejected | None:
        """``user_id`` is in the group again (issue 21): a seat that left and is not out of the game yet is
        no longer away, and the group is told (``game.player_back``). Refuses a finished game
        (``game.over``), a non-player (``not_player``) and a seat that was not away (``back.not_away``)."""
        s = g.s
        if s.is_over:
            return Rejected(reason="game.over")
        seat = seat_of(s, user_id)
        if seat is None:
            return Rejected(reason="not_player")
        if seat not in afk.away(s):
            return Rejected(reason="back.not_away")
        s.left.remove(seat)
        g.log("PlayerBack", seat=seat)
        if g.p(seat).alive:
            g.announce("game.player_back", player=g.ref(seat))
        return None

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (no clock needed); none before the deal or after the end,
        nor for a seat out of the game (``core.engine.afk.kicked``)."""
        return self.legal_of(state)(seat)

    def legal_of(self, state: S) -> Callable[[int], list[Action]]:
        """:meth:`legal_actions` of ``state`` for any seat, through one context at rest that the seats
        share (``TableCtx.at_rest``: what all of them look up is derived once). ``state`` must not change
        while this is in use (``core.engine.legal.LegalActions``)."""
        if not state.players or state.is_over:  # type: ignore[attr-defined]
            return _no_actions
        g = self.ctx(state, state.deadline_at or 0).at_rest()
        kicked = state.kicked
        return lambda seat: [] if seat in kicked else self.legal(g, seat)

    def new_game(
        self, *, game_id: str, chat_id: str, host: Member, settings: dict[str, Any], seed: int, now: int
    ) -> S:
        """A fresh lobby; ``settings["locale"]`` (``ja`` default, or ``en``) is the group's language; it
        expires ``settings["lobby_seconds"]`` after ``now`` (:func:`core.engine.lobby.lobby_seconds`)."""
        return self.model.model_validate({
            "game_id": game_id, "chat_id": chat_id, "host": host.user_id, "created_at": now,
            "deadline_at": now + lobby.lobby_seconds(settings),
            "rng": Rng.seeded(seed), "settings": settings, "locale": str(settings.get("locale", "ja")),
        })  # fmt: skip
