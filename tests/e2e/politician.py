"""Bot players for 政治家人狼 (``politician``) games played through the Telegram webhook, and a table that
checks every button the bot sends to a private chat against the rules at the moment it arrives.

Bots only press buttons of the keyboards the fake Bot API recorded in their 1:1 chats (the newest one of
the phase now running, like :func:`tests.e2e.moves.current_keyboard`); which of its buttons they press,
and in which order the players act, comes from a seeded ``random.Random`` owned by the test, so a run is
the same every time. Phases listed in ``Bots.quiet`` are left to the timer handler (nobody acts).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.games import rules_for
from handlers.messages import Tap
from infra.store import GameStore
from tests.e2e.harness import (
    FIRST_USER,
    NoticeLog,
    Player,
    Press,
    open_and_start,
    press_again,
)
from tests.e2e.offered import OfferingTable, press_random
from tests.fakes.telegram_api import Call, FakeTelegramApi

GAME = "politician"
RULES = rules_for(GAME)
#: A game of fourteen lasts at most four days; this only stops a broken game from looping forever.
MAX_PHASES = 80
#: Fourteen distinct display names (Latin, kana, kanji, an emoji) for the official 14-player cast.
NAMES = (
    "Alex", "Jordan", "Sam", "たろう", "Mika", "Ren", "Noa",
    "Kai", "はなこ", "Yuki", "健太", "Lee", "Rio🐺", "Mo",
)  # fmt: skip


def people(count: int) -> list[Player]:
    """``count`` Telegram users (up to 14) with the names above, in join order."""
    return [Player(FIRST_USER + i, NAMES[i]) for i in range(count)]


@dataclass(frozen=True)
class Posted:
    """One input (a webhook update, or ``None`` for a timer message) and the Bot API calls the bot made
    while handling it."""

    update: dict[str, Any] | None
    calls: list[Call]


class PoliticianTable(OfferingTable):
    """An :class:`~tests.e2e.offered.OfferingTable` of 政治家人狼 that also keeps the calls of each input
    (:attr:`posted`; presses on old keyboards must send no keyboard) and of each press (:meth:`calls_of`)."""

    def __init__(self, api: FakeTelegramApi, store: GameStore, players: list[Player]) -> None:
        super().__init__(RULES, api, store, players)
        self.posted: list[Posted] = []
        self._press_calls: list[tuple[Press, list[Call]]] = []

    def took(self, update: dict[str, Any] | None, calls: list[Call]) -> None:
        self.posted.append(Posted(update, calls))

    def press(self, player: Player, data: str, message_id: int) -> Press:
        press = super().press(player, data, message_id)
        self._press_calls.append((press, self.posted[-1].calls))
        return press

    def calls_of(self, press: Press) -> list[Call]:
        """The Bot API calls made while the bot handled ``press`` (this very press object)."""
        return next(calls for pressed, calls in self._press_calls if pressed is press)


@dataclass
class Bots:
    """Every seat played by a bot. ``quiet``: phases closed by the timer, where nobody acts, as
    ``(phase, number)``: the speaker's seat for a candidacy turn, else the day (night ``n`` follows day
    ``n``); ``log``: ``(phase, number, "acted" | "timer")`` for every phase played; ``moves``:
    ``(phase, number, press)`` for every button pressed, in order."""

    table: PoliticianTable
    rng: random.Random
    quiet: set[tuple[str, int]] = field(default_factory=set)
    log: list[tuple[str, int, str]] = field(default_factory=list)
    moves: list[tuple[str, int, Press]] = field(default_factory=list)

    def play_phase(self) -> None:
        """Play the phase now running until it ends: everyone in a random order presses a button of the
        phase, then, if the phase is still open (a quiet phase), its timer fires."""
        state = self.table.latest
        phase, seq = state.phase, state.phase_seq
        number = state.speaker if phase == "candidacy" else state.day
        if (phase, number) not in self.quiet:
            by_user = {p.chat: p for p in self.table.people}
            players = [by_user[p.user_id] for p in state.players]
            self.rng.shuffle(players)
            for player in players:
                if self.table.latest.phase_seq == seq:
                    self.moves += [(phase, number, press) for press in self.turn(player, seq)]
        closed_by_taps = self.table.latest.phase_seq != seq
        if not closed_by_taps:
            self.table.fire_timer_at_deadline()
        self.log.append((phase, number, "acted" if closed_by_taps else "timer"))

    def turn(self, player: Player, seq: int) -> list[Press]:
        """``player`` presses one random button of its keyboard of phase ``seq``; a wolf who proposed a
        negative campaign then presses "done" on the same keyboard while the night is open."""
        first = self._press_random(player, seq, lambda tap: True)
        if first is None or first.tap.action.kind != "kill" or self.table.latest.phase_seq != seq:
            return [first] if first else []
        done = self._press_random(player, seq, lambda tap: tap.action.kind == "done")
        return [first, *([done] if done else [])]

    def _press_random(self, player: Player, seq: int, wanted: Callable[[Tap], bool]) -> Press | None:
        return press_random(self.table, self.rng, player, seq, wanted)


@dataclass
class Played:
    """A whole game and what happened around it: ``old_presses``, one press on every older keyboard while
    the game ran (at ``old_buttons_at``), with the game's ``versions`` before and after them;
    ``end_presses``, one press on every other keyboard after the end."""

    table: PoliticianTable
    notices: NoticeLog
    bots: Bots
    old_presses: list[Press]
    versions: tuple[int, int]
    end_presses: list[Press]


def play_whole_game(
    table: PoliticianTable, notices: NoticeLog, bots: Bots, *, old_buttons_at: tuple[str, int]
) -> Played:
    """Open, join and start, let the bots play every phase until the game is over, and press every
    keyboard's first button again: during ``old_buttons_at`` (``(phase, day)``) the keyboards of earlier
    phases, after the end all the others."""
    open_and_start(table, GAME)
    old: list[Press] = []
    pressed: set[tuple[Player, int]] = set()
    versions = (0, 0)
    for _ in range(MAX_PHASES):
        state = table.latest
        if state.is_over:
            break
        if (state.phase, state.day) == old_buttons_at and not old:
            older = [o for o in table.offers if o.tap.phase_seq != state.phase_seq]
            before = table.version()
            old = press_again(table, older)
            versions = (before, table.version())
            pressed = {(o.player, o.message_id) for o in older}
        bots.play_phase()
    end = press_again(table, [o for o in table.offers if (o.player, o.message_id) not in pressed])
    return Played(table, notices, bots, old, versions, end)
