"""The browser playground's game: a :class:`~devtools.local.game.LocalGame` where any seat may be a
person or a bot (hot seat), switched while the game runs, and people of the group who take no seat (the
watchers, who may ``/watch`` and ``/unwatch`` as on a platform) may be added.

The terminal game has one person (``local:1``) and lets the bots move only while that person lives; here
several people may share one screen, so the bots move until none of them has anything left to do (the
game then waits for a person, or for the clock: :meth:`HotSeatGame.advance_and_settle`). Times: UTC epoch
seconds of the fake clock (:data:`devtools.local.game.START` on).
"""

from __future__ import annotations

from typing import Any

from core.engine.rng import Rng
from devtools.local.bots import Mind
from devtools.local.game import BOT_SALT, LocalGame
from devtools.local.intents import pressed
from devtools.local.sender import GROUP_CHAT, Entry, user_id
from devtools.local.texts import ui
from handlers.console.view import answered
from handlers.messages import Outcome, TextCommand, slash_folded

#: The most watchers one table adds (a hot seat passes one screen around; the game keeps up to 30).
MAX_WATCHERS = 4


class HotSeatGame(LocalGame):
    """``LocalGame(...)`` (same arguments, never ``auto``): the person ``local:1`` starts as a person,
    every other seat as a bot; :meth:`set_bot` hands any seat to a bot or takes it back."""

    def is_bot(self, user: str) -> bool:
        """Whether a bot plays ``user``'s seat."""
        return user in self.minds

    def set_bot(self, user: str, bot: bool) -> None:
        """Hand ``user``'s seat to a bot (``bot``) or to a person. A bot taking a seat draws from the
        same seeded stream a bot of that seat would have (``seed ^ (BOT_SALT + n)``); raises ``KeyError``
        for a user who is not at the table."""
        if user not in self.names:
            raise KeyError(user)
        if not bot:
            self.minds.pop(user, None)
        elif user not in self.minds:
            number = int(user.rsplit(":", 1)[1])
            self.minds[user] = Mind(Rng.seeded(self.seed ^ (BOT_SALT + number)))

    def add_watcher(self) -> str:
        """A new person of the group without a seat (``local:<n>`` after the players, named
        ``local.watcher_name`` with their number: 観戦者1); they watch once they send ``/watch`` in the
        group, through the service as on a platform. Raises ``OverflowError`` past :data:`MAX_WATCHERS`."""
        if len(self.watchers) >= MAX_WATCHERS:
            raise OverflowError(MAX_WATCHERS)
        user = user_id(len(self.names) + len(self.watchers) + 1)
        self.watchers[user] = ui("watcher_name", self.lang, n=len(self.watchers) + 1)
        return user

    def _seat_players(self) -> None:
        """The group's game has started: its players are the table's seats (``names``, in seat order)
        and everyone else of the group is a person without a seat (``watchers``), as after a
        ``/newgame`` that not all of the table joined or that a watcher joined (``/start <game id>``).
        Names and bots stay with their user; the next lobby numbers everyone by the seat they had (the
        page's tabs keep their people)."""
        state = self.state()
        players = getattr(state, "players", None)
        if not players or list(self.names) == [p.user_id for p in players]:
            return
        everyone = self.names | self.watchers
        self.names = {p.user_id: everyone.get(p.user_id, p.name) for p in players}
        self.watchers = {user: name for user, name in everyone.items() if user not in self.names}

    def watching(self, user: str) -> bool:
        """Whether ``user`` is a spectator of the group's current game (``/watch`` accepted)."""
        state = self.state()
        return state is not None and any(m.user_id == user for m in state.spectators)

    def is_out(self, user: str) -> bool:
        """Whether ``user``'s seat is out of the table (its player no longer ``alive``: dead, elected,
        eliminated); a watcher and the lobby are not."""
        state, seat = self.state(), self.seat_of(user)
        return seat is not None and not state.players[seat - 1].alive

    def seat_of(self, user: str) -> int | None:
        """``user``'s seat once the game has started (the deal shuffles seats), else None."""
        state = self.state()
        return None if state is None else self.rules.seat_of(state, user)

    def owes(self, user: str) -> bool:
        """Whether ``user``'s seat has something to do now: a legal action, and it has not answered the
        phase yet (:func:`handlers.console.view.answered`: not once it voted, pressed 「完了」 or tapped
        a name at night, though it may still change that choice)."""
        state, seat = self.state(), self.seat_of(user)
        if seat is None or state.is_over or not self.rules.legal_actions(state, seat):
            return False
        return not answered(self.rules, state, seat, self.feed(user))

    def may_speak(self, user: str) -> bool:
        """Whether ``user`` may post in the group now (see :attr:`LocalGame.person_may_speak`); a spectator
        the game had muted (:mod:`devtools.local.speech`) may not."""
        state, seat = self.state(), self.seat_of(user)
        if state is None:
            return True
        if seat is None:
            return user not in getattr(state, "muted_spectators", ())
        speakers = self.rules.speakers(state)
        return speakers is None or seat in speakers

    def live_buttons(self, state: Any) -> frozenset[tuple[int, int]]:
        """The group buttons a press still means something for, as ``(log position, button index)``,
        in ``state`` (:meth:`state`, the group's current game): a button of that game's current phase
        (its tap's ``phase_seq``: the lobby's 「参加する」 while the lobby is open, the finished game's
        「もう一回」 while that game is the group's latest), or one valid in any phase (``phase_seq`` None:
        the ``/settings`` keyboards) on the group's newest message with buttons. Every other group
        button is from an earlier moment: the service could only refuse its press."""
        shown = [entry for entry in self.sender.log if entry.chat_id == GROUP_CHAT and entry.buttons]
        newest = shown[-1].seq if shown else None
        return frozenset(
            (entry.seq, index)
            for entry in shown
            for index in range(len(entry.buttons))
            if self._live(entry, index, state, newest)
        )

    def _live(self, entry: Entry, index: int, state: Any, newest: int | None) -> bool:
        tap = entry.buttons[index].tap
        if tap.phase_seq is None:
            return entry.seq == newest
        return state is not None and tap.game_id == self.game_id and tap.phase_seq == state.phase_seq

    async def group_line(self, user: str, text: str) -> Outcome | None:
        """``user`` sends ``text`` in the group: a ``/command`` goes to the service (``/startgame``,
        ``/co raira``, ``/extend`` …); plain text is chat, posted only while ``user`` may speak
        [ADZ-8.1] (check :meth:`may_speak` to tell the person). Returns the service's outcome, or None
        for chat. The bots move afterwards."""
        self.tick()
        text = slash_folded(
            text
        )  # 「／watch」 typed in Japanese input mode is a command, as on the platforms
        words = text.strip()[1:].split()
        outcome: Outcome | None = None
        if text.strip().startswith("/") and words:
            name, *args = words
            outcome = await self.deliver(user, TextCommand(name.lower(), tuple(args)), private=False)
        elif self.may_speak(user):
            self.sender.said(GROUP_CHAT, self.name_of(user), text.strip())
        await self.settle()
        return outcome

    async def private_line(self, user: str, text: str) -> Outcome:
        """``user`` sends the command ``text`` (``/vote 3``, ``/me``, ``/t …``) in their 1:1 chat with the
        bot, as on a platform: its answer and messages go to that chat (and the seat's console). The bots
        move afterwards. ``text`` must start with ``/`` (check before calling)."""
        self.tick()
        name, *args = slash_folded(text).strip()[1:].split()
        outcome = await self.deliver(user, TextCommand(name.lower(), tuple(args)), private=True)
        await self.settle()
        return outcome

    async def press_group(self, user: str, entry: int, button: int) -> Outcome:
        """``user`` presses button ``button`` (0-based) of group message ``entry`` (its log position),
        e.g. the finished game's 「もう一回」; raises ``IndexError`` if there is no such button."""
        if not 0 <= entry < len(self.sender.log):
            raise IndexError(entry)
        shown = self.sender.log[entry]
        if shown.chat_id != GROUP_CHAT or not 0 <= button < len(shown.buttons):
            raise IndexError(button)
        self.tick()
        intent, private = pressed(shown.buttons[button].tap, False)
        outcome = await self.deliver(user, intent, private=private)
        await self.settle()
        return outcome

    async def advance_and_settle(self) -> bool:
        """Jump the clock to the current deadline and fire its timer (Enter in the terminal), then the
        bots move; False when there was no deadline to jump to."""
        moved = await self.advance()
        await self.settle()
        return moved

    async def settle(self) -> bool:
        """Let the bots move until none has anything left to do (the game waits for a person or the
        clock) or the game is over; True if any bot moved."""
        return await self._rounds(None)

    def _halted(self, scene: int | None) -> bool:
        state: Any = self.state()
        if state is None or state.is_over:
            return True
        return scene is not None and bool(state.phase_seq != scene)
