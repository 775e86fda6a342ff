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

from core.engine import afk, afterlife, control, lobby, presence, reminders
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
from core.engine.context import LobbyCommand, TableCtx, apply_lobby, conclude, seat_of
from core.engine.legal import LegalActions
from core.engine.notice import Action, Notice
from core.engine.result import Accepted, Rejected
from core.engine.rng import Rng
from core.engine.table import CANCELLED, Member, TableState

S = TypeVar("S", bound=TableState)
C = TypeVar("C", bound=TableCtx[Any])

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
    of a seat out of the game (a host's kick, or 突然死 of a seat still away: J27, P13, D18, W21),
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
            presence.catch_up(g, state.phase_seq, waiting=self.waiting, close=self.deadline, leave=self.leave)
            if self.afterlife is not None:
                afterlife.arrivals(g, self.afterlife, state)
        return conclude(g, state, command, refused)

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
            return reminders.remind(g, command.phase_seq, command.at, waiting=self.waiting)
        if isinstance(command, MoveChat):
            return presence.moved(g, command.chat_id)
        if isinstance(command, BotRemoved):
            return presence.bot_removed(g, self.clear)
        if isinstance(command, LeftChat):
            return presence.left(g, command.user_id)
        if isinstance(command, BackInChat):
            return presence.back(g, command.user_id)
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
