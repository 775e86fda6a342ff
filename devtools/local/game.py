"""One local game of any registered game: the real :class:`~handlers.service.Service` (watched for what
the bots may know, :mod:`devtools.local.watched`) over a :class:`~infra.store.MemoryStore`, a simulated chat
platform, bot players and a fake clock.

Everything goes through ``Service.handle`` / ``Service.fire_timer`` as platform inputs (platform
``local``, users ``local:1`` … ``local:N``; the person is ``local:1`` and hosts): ``/newgame <game>`` in the
group, each player's private ``/start <game id>`` (the Telegram deep link's path), ``/startgame``, then
taps and commands. The clock is fake: it does not run while anyone waits, moves :data:`TICK` seconds with
each of the person's inputs (never onto a deadline: only the person closes a phase early) and jumps to the
phase deadline when asked (the timer's ``Timeout``, design §5), so a whole game takes minutes. Times: UTC
epoch seconds.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from itertools import count
from typing import Any

from core.engine.rng import Rng
from core.games import rules_for
from devtools.local import bots
from devtools.local.bots import Mind
from devtools.local.intents import describe, logged, pressed
from devtools.local.reading import GameReader
from devtools.local.sender import GROUP_CHAT, PLATFORM, LocalSender, user_id
from devtools.local.speech import LocalSpeech
from devtools.local.texts import bot_names, ui
from devtools.local.watched import WatchedService
from handlers.messages import Inbound, Intent, Outcome, Tap, TextCommand
from handlers.recap import serve as recap_serve
from handlers.recap.links import Site
from handlers.service import DEFAULT_GAME
from infra.store import MemoryStore
from infra.timers import MemoryScheduler

log = logging.getLogger(__name__)

#: The fake clock's start (2026-01-01T00:00:00Z): fixed, so a seeded game replays exactly.
START = 1_767_225_600
#: Seconds the clock moves for each input of the person (team choices are relayed with times); it never
#: reaches a deadline this way (:meth:`LocalGame.tick`).
TICK = 2
#: XORed (plus the user number) into the game seed to seed each bot: deal and bots draw unrelated streams.
BOT_SALT = 0xB07B07
#: Rounds of bot moves in one settle, far above any real phase (a guard against a looping policy).
MAX_ROUNDS = 200


class LocalGame:
    """A game of ``game`` (a :func:`core.games.registry` id) with ``players`` seats (``min_players`` to
    ``max_players`` of its rules), the person at ``local:1`` (a bot too when ``auto``).

    ``lang``: ``ja`` or ``en``, the game's locale (asked for through ``settings_for``). ``seed`` fixes the
    deal (the game's RNG seed) and every bot choice. ``deal``: a fixed deal instead of a dealt game, one
    seat each in join order, the person first (seat 1), given to the rules unchanged as
    ``settings["setup"] = {"seats": [...]}`` (徒桜戦争's test mode [ADZ-11.10]: ``megami/F`` with F = ``S``,
    ``A`` or ``-``); one the rules cannot use makes :meth:`open` raise ``ValueError`` (at ``/startgame``).
    ``options``: host options typed as ``/option`` in the lobby before ``/startgame``, one string each
    (``"endWhenDecided on"``). After the end, the group's 「もう一回」 button opens the next lobby with the
    same players (``game_id`` follows the group). Raises ``KeyError`` for an unknown game.
    """

    def __init__(
        self,
        *,
        players: int,
        lang: str,
        seed: int,
        auto: bool = False,
        deal: Sequence[str] | None = None,
        game: str = DEFAULT_GAME,
        options: Sequence[str] = (),
    ) -> None:
        self.game = game
        self.options = list(options)
        self.rules = rules_for(game)
        self.lang = lang
        self.auto = auto
        self.sender = LocalSender()
        self.store = MemoryStore()
        settings: dict[str, Any] = {"locale": lang}
        if deal is not None:
            settings["setup"] = {"seats": list(deal)}
        self.seed, self.games = seed, 0
        #: The timer's wake-ups as the service schedules them; :meth:`advance` fires the due reminders.
        self.timer = MemoryScheduler()
        self.service = WatchedService(
            self.store,
            self.sender,
            new_id=self._new_id,
            new_seed=lambda: self.seed + max(0, self.games - 1),
            settings_for=lambda chat_id: dict(settings),
            scheduler=self.timer,
            after_commit=LocalSpeech(),
        )
        self.now = START
        self.person = user_id(1)
        self.names = {self.person: ui("person_name", lang)}
        self.names |= {user_id(k + 2): name for k, name in enumerate(bot_names(lang)[: players - 1])}
        #: People of the group who take no seat (they may ``/watch``): user id → name; none here.
        self.watchers: dict[str, str] = {}
        first_bot = 1 if auto else 2
        self.minds = {
            user_id(k): Mind(Rng.seeded(seed ^ (BOT_SALT + k))) for k in range(first_bot, players + 1)
        }
        self.game_id = ""
        self._deliveries = count(1)
        self.reader = GameReader(self.store)
        #: The key of this table's recap tokens (:mod:`handlers.recap.links`), new for every table.
        self.recap_key = secrets.token_urlsafe(32)

    def _new_id(self) -> str:
        """``local<seed>`` for the first game, ``local<seed>r<n>`` for the n-th rematch (「もう一回」); each
        rematch is also dealt from the next seed (``seed + n``)."""
        self.games += 1
        return f"local{self.seed}" if self.games == 1 else f"local{self.seed}r{self.games - 1}"

    # -- the recap page and picture -------------------------------------------------------------------
    def link_recap(self, base: str = "") -> None:
        """End every game of this table with the group's recap picture and page button
        (:meth:`handlers.recap.links.RecapLinks.message`), at ``base`` + ``/recap/<game id>[.png]?t=…``:
        ``""`` (the default) makes them paths on the server that serves the group view (the browser
        playground, :meth:`recap`). Without this call a game ends with its texts only."""
        self.service.runner.recap.sites[f"{PLATFORM}:"] = Site(base, lambda: self.recap_key)

    def recap(self, method: str, path: str, query: dict[str, str]) -> dict[str, object]:
        """The answer to ``method`` on ``path`` (``/recap/<game id>[.png]``) with ``query`` (``t``: the
        token), as the platform functions answer it (:func:`handlers.recap.serve.answer`: a Function URL
        response dict, 200 HTML or base64 PNG, 404 naming nothing, 405)."""
        context = {"http": {"method": method}}
        event = {"rawPath": path, "queryStringParameters": query, "requestContext": context}
        return recap_serve.answer(event, self.service, lambda: self.recap_key)

    # -- reading the game -----------------------------------------------------------------------------
    def state(self) -> Any:
        """The game state as committed, its log read from its history (``None`` before ``/newgame``), a
        copy of its own each call (:meth:`devtools.local.reading.GameReader.state`)."""
        return self.reader.state(self.game_id) if self.game_id else None

    def feed(self, user: str) -> list[dict[str, Any]]:
        """``user``'s console feed (:func:`handlers.console.feed.entries`) of the whole game so far, as the
        chat got it; empty before ``/newgame``."""
        return self.reader.feed(self.game_id, user) if self.game_id else []

    def name_of(self, user: str) -> str:
        """The name ``user`` goes by in the chats: a player's (``names``), else a watcher's."""
        return self.names.get(user) or self.watchers[user]

    @property
    def is_over(self) -> bool:
        state = self.state()
        return state is not None and state.is_over

    @property
    def person_seat(self) -> int | None:
        """The person's seat once the game has started, else None."""
        state = self.state()
        return None if state is None else self.rules.seat_of(state, self.person)

    @property
    def person_alive(self) -> bool:
        """False once the person's player is no longer ``alive`` (徒桜戦争: dead; 政治家人狼: elected or
        out); the lobby counts as alive."""
        seat = self.person_seat
        return seat is None or bool(self.state().players[seat - 1].alive)

    @property
    def person_watching(self) -> bool:
        """True once the person is no longer alive and has nothing left to do: a dead Adazakura-side Kanae
        still makes her deduction after the end [ADZ-10.2], an elected politician her policy speech, with
        buttons, so neither is watching yet."""
        state, seat = self.state(), self.person_seat
        return not self.person_alive and not (seat is not None and self.rules.legal_actions(state, seat))

    @property
    def person_may_speak(self) -> bool:
        """Whether the person may post in the group now: always in the lobby; in a game, when the rules
        count their seat among the ``speakers`` (``None``: everyone may), as a platform mutes [ADZ-8.1]."""
        state, seat = self.state(), self.person_seat
        if state is None or seat is None:
            return True
        speakers = self.rules.speakers(state)
        return speakers is None or seat in speakers

    # -- inputs ---------------------------------------------------------------------------------------
    async def deliver(self, user: str, intent: Intent, *, private: bool) -> Outcome:
        """Send one platform input from ``user`` (in its 1:1 chat or the group) to the service."""
        inbound = Inbound(platform=PLATFORM, delivery_id=f"{PLATFORM}:{next(self._deliveries)}",
                          chat_id=user if private else GROUP_CHAT, is_private=private, user_id=user,
                          user_name=self.name_of(user), intent=intent)  # fmt: skip
        log.info("%s in %s: %s", user, inbound.chat_id, logged(intent))
        with self.sender.batch():
            outcome = await self.service.handle(inbound, now=self.now)
            self._follow_group()
            if outcome.ack:
                log.info("%s ← %s", user, outcome.ack)
            for message in outcome.messages:
                await self.sender.send(message)
        return outcome

    def _follow_group(self) -> None:
        """Follow the group to its newest game (a rematch lobby opened by 「もう一回」, or a ``/newgame``
        of any game sent in the group): the table plays by that game's rules from then on, and the bots
        forget the finished game (teammates, phases acted in)."""
        latest = self.store.get_pointer("chat", GROUP_CHAT)
        if self.game_id and latest and latest != self.game_id:
            self.game_id, self.service.memory = latest, bots.Memory()
            state = self.state()
            if state is not None and state.game != self.game:
                self.game, self.rules = state.game, rules_for(state.game)
            for mind in self.minds.values():
                mind.phase_seq, mind.taken = None, set()
        self._seat_players()

    def _seat_players(self) -> None:
        """Once a game has started, who plays it: nothing to do at the terminal (the person's table is
        the game's); the hot seat (:class:`devtools.local.hotseat.HotSeatGame`) seats its players."""

    async def open(self) -> None:
        """``/newgame`` by the person, everyone joins by the deep-link path, the person starts the game.
        The lobby's opening shows its settings for the one member then (a cast for the game's fewest
        players); when the joins change them (the cast for the seated count), the person shows them
        again (``/option``, as a host may) unless a host option of theirs just did."""
        await self.deliver(self.person, TextCommand("newgame", (self.game,)), private=False)
        game_id = self.store.get_pointer("chat", GROUP_CHAT)
        assert game_id is not None, "the service opened no lobby"
        self.game_id = game_id
        opened = self.rules.summary(self.state())
        for user in self.names:
            await self.deliver(user, TextCommand("start", (game_id,)), private=True)
        for words in self.options:
            name, *values = words.split()
            await self.deliver(self.person, TextCommand("option", (name, *values)), private=False)
        if not self.options and self.rules.summary(self.state()) != opened:
            await self.deliver(self.person, TextCommand("option", ()), private=False)
        await self.deliver(self.person, TextCommand("startgame"), private=False)

    def tick(self) -> int:
        """Move the clock by one input's :data:`TICK`, never onto the current deadline (only a jump to it
        closes a phase by time); returns the new time."""
        state = self.state()
        deadline = None if state is None or state.is_over else state.deadline_at
        ahead = self.now + TICK
        self.now = ahead if deadline is None else max(self.now, min(ahead, deadline - 1))
        return self.now

    async def person_says(self, intent: Intent, *, private: bool) -> Outcome:
        """An input of the person; the clock ticks (:meth:`tick`), then the bots answer while the person
        lives."""
        self.tick()
        outcome = await self.deliver(self.person, intent, private=private)
        if self.person_alive:
            await self.settle()
        return outcome

    async def advance(self) -> bool:
        """Move the clock to the current deadline and fire its timer; False when there is none. On the way
        the clock stops at each reminder the service scheduled before that deadline (30 s, or an hour and
        ten minutes before a long phase ends: ``handlers.wakeups``) and fires it as the timer function
        does (``Service.wake``, a ``Remind``), so whoever has not chosen sees them in order, then the
        deadline. Wake-ups of phases that are over, and the deadline's own, are dropped."""
        state = self.state()
        if state is None or state.is_over or state.deadline_at is None:
            return False
        self.timer.scheduled = [w for w in self.timer.scheduled if w.phase_seq >= state.phase_seq]
        for wake_up in self.timer.due(state.deadline_at):
            if wake_up.kind == "deadline" or not self.service.still_wanted(wake_up):
                continue
            self.now = max(self.now, wake_up.at)
            log.info("timer: %s of phase %s at %s", wake_up.kind, wake_up.phase_seq, self.now)
            with self.sender.batch():
                await self.service.wake(wake_up, now=self.now)
        self.now = max(self.now, state.deadline_at)
        log.info("timer: phase %s (%s) at %s", state.phase_seq, state.phase, self.now)
        with self.sender.batch():
            await self.service.fire_timer(self.game_id, state.phase_seq, now=self.now)
        return True

    async def step(self) -> bool:
        """Enter on an empty line. Alive: jump to the deadline, then the bots answer. Watching (or
        ``auto``): the next scene. False if nothing moved."""
        if self.person_alive and not self.auto:
            moved = await self.advance()
            if self.person_alive:
                await self.settle()
            return moved
        return await self.settle() or await self.advance()

    # -- bots -----------------------------------------------------------------------------------------
    async def settle(self) -> bool:
        """Let the bots act. While the person plays: until no bot has anything left to do (the game waits
        for the person) or the person has just died. While watching (or ``auto``): one scene, until the
        current phase is over or no bot moves. True if any bot moved."""
        state = self.state()
        scene = state.phase_seq if state is not None and (self.auto or not self.person_alive) else None
        return await self._rounds(scene)

    async def _rounds(self, scene: int | None) -> bool:
        """Rounds of bot moves until :meth:`_halted` (``scene``: stop when that phase is over) or no bot
        moves; True if any bot moved."""
        moved = False
        for _ in range(MAX_ROUNDS):
            if self._halted(scene) or not await self._round(scene):
                break
            moved = True
        return moved

    def _halted(self, scene: int | None) -> bool:
        state = self.state()
        if state is None or state.is_over:
            return True
        if scene is not None:
            return bool(state.phase_seq != scene)
        return not self.auto and not self.person_alive

    async def _round(self, scene: int | None) -> bool:
        """Each bot sends at most one input (seats take turns, like players acting at once)."""
        moved = False
        for user, mind in self.minds.items():
            if self._halted(scene):
                break
            state = self.state()
            seat = self.rules.seat_of(state, user)
            if seat is None:
                continue
            if mind.phase_seq != state.phase_seq:
                mind.phase_seq, mind.taken = state.phase_seq, set()
            legal = self.rules.legal_actions(state, seat)
            move = bots.next_move(state, seat, legal, mind.rng, mind.taken, self.service.memory)
            if move is not None:
                await self._play(user, state, move)
                moved = True
        return moved

    async def _play(self, user: str, state: Any, move: bots.Move) -> None:
        if user == self.person:
            chat = self.person if move.private else GROUP_CHAT
            self.sender.said(chat, self.names[user], describe(self.rules, state, move.intent))
        await self.deliver(user, move.intent, private=move.private)

    async def press(self, tap: Tap, *, private: bool) -> Outcome:
        """The person presses a button shown in the group or in their 1:1 chat (a lobby's join button
        joins, :func:`pressed`)."""
        intent, private = pressed(tap, private)
        return await self.person_says(intent, private=private)
