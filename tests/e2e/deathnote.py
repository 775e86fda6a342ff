"""Bot players for DEATH NOTE 人狼 (``deathnote``) games played through the Telegram webhook, a table that
checks every button the bot sends to a private chat against the rules when it arrives, and a notice log
that keeps each command's notices together (the §11.2 prompt-uniformity checks need them per step).

Bots only press buttons of the keyboards the fake Bot API recorded in their 1:1 chats (the newest one of
the phase now running). Which button, and in which order the players act, comes from a seeded
``random.Random`` owned by the test, so a run is the same every time. A turn or a secret step ends with
the last tap; a night (fixed length, ``deathnote.md`` §11.3) always ends by the timer handler.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.engine.notice import CardRef, KeyRef, Notice, Param, PlayerRef
from core.games import GameRules, rules_for
from handlers import outbox
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

GAME = "deathnote"
RULES = rules_for(GAME)
NIGHTS = frozenset({"judgment", "shinigami_night"})
#: A whole game is at most 20 rounds (§9.3); this only stops a broken game from looping forever.
MAX_PHASES = 1500
NAMES = ("Alex", "Jordan", "たろう", "Mika", "はなこ", "Rio🍎")


def people(count: int) -> list[Player]:
    """``count`` Telegram users (4-6) with the names above, in join order."""
    return [Player(FIRST_USER + i, NAMES[i]) for i in range(count)]


@dataclass(frozen=True)
class Batch:
    """The notices of one command, with the state they were rendered for: its ``phase`` and the 1:1 chats
    of its ``living`` players. ``said``: each notice and the chats it goes to."""

    phase: str
    living: frozenset[str]
    said: tuple[tuple[Notice, tuple[str, ...]], ...]

    def chats_of(self, key: str) -> list[str]:
        """The chats of every notice with ``key`` in this batch (one entry per chat and notice)."""
        return [chat for notice, chats in self.said if notice.key == key for chat in chats]


@dataclass
class DeathNoteLog(NoticeLog):
    """A :class:`NoticeLog` that also keeps the notices (typed params) command by command."""

    batches: list[Batch] = field(default_factory=list)

    def wrap(self, render: Callable[..., Any]) -> Callable[..., Any]:
        logged = super().wrap(render)

        def recording(rules: GameRules, state: Any, notices: list[Notice], **options: Any) -> Any:
            living = frozenset(p.user_id for p in getattr(state, "players", []) if p.alive)
            said = tuple((n, tuple(outbox.recipients(rules, state, n))) for n in notices)
            self.batches.append(Batch(state.phase, living, said))
            return logged(rules, state, notices, **options)

        return recording

    def notices(self) -> list[tuple[Notice, tuple[str, ...]]]:
        return [entry for batch in self.batches for entry in batch.said]


class DeathNoteTable(OfferingTable):
    """An :class:`~tests.e2e.offered.OfferingTable` of DEATH NOTE 人狼 that also keeps the calls of each
    press (:attr:`press_calls`)."""

    def __init__(self, api: FakeTelegramApi, store: GameStore, players: list[Player], **kwargs: Any) -> None:
        super().__init__(RULES, api, store, players, **kwargs)
        self.press_calls: list[tuple[Press, list[Call]]] = []

    def press(self, player: Player, data: str, message_id: int) -> Press:
        before = len(self.api.calls)
        press = super().press(player, data, message_id)
        self.press_calls.append((press, self.api.calls[before:]))
        return press


@dataclass
class Bots:
    """Every seat played by a bot. ``log``: ``(phase, round, "acted" | "timer")`` per phase played;
    ``moves``: ``(phase, press)`` for every button pressed, in order."""

    table: DeathNoteTable
    rng: random.Random
    log: list[tuple[str, int, str]] = field(default_factory=list)
    moves: list[tuple[str, Press]] = field(default_factory=list)

    def play_phase(self) -> None:
        """Every living player, in a random order, presses a button of the phase's keyboard if they have
        one (at night a name, and a signal one time in two); a phase still open afterwards (a night)
        ends by its timer."""
        state = self.table.latest
        phase, seq = state.phase, state.phase_seq
        by_user = {p.chat: p for p in self.table.people}
        players = [by_user[p.user_id] for p in state.players if p.alive]
        self.rng.shuffle(players)
        for player in players:
            if self.table.latest.phase_seq != seq:
                break
            for kinds in self._wanted(phase):
                press = self._press(player, seq, kinds)
                if press is not None:
                    self.moves.append((phase, press))
        open_still = self.table.latest.phase_seq == seq
        if open_still:
            self.table.fire_timer_at_deadline()
        self.log.append((phase, state.round, "timer" if open_still else "acted"))

    def _wanted(self, phase: str) -> list[Callable[[str], bool]]:
        if phase not in NIGHTS:
            return [lambda kind: True]
        name: Callable[[str], bool] = lambda kind: kind == "name"  # noqa: E731
        signal: Callable[[str], bool] = lambda kind: kind.startswith("signal.")  # noqa: E731
        return [name, signal] if self.rng.random() < 0.5 else [name]

    def _press(self, player: Player, seq: int, wanted: Callable[[str], bool]) -> Press | None:
        return press_random(self.table, self.rng, player, seq, lambda tap: wanted(tap.action.kind))


@dataclass
class Played:
    """A whole game: the table, the notices, the bots, and ``end_presses`` (one press on every keyboard
    after the end, with the game's ``versions`` before and after them)."""

    table: DeathNoteTable
    notices: DeathNoteLog
    bots: Bots
    end_presses: list[Press]
    versions: tuple[int, int]


def play_whole_game(
    table: DeathNoteTable, notices: DeathNoteLog, bots: Bots, options: dict[str, str] | None = None
) -> Played:
    """Open, join and start, let the bots play every phase until the game is over, then press every
    keyboard's first button again."""
    open_and_start(table, GAME, options)
    for _ in range(MAX_PHASES):
        if table.latest.is_over:
            break
        bots.play_phase()
    before = table.version()
    end = press_again(table, table.offers)
    return Played(table, notices, bots, end, (before, table.version()))


def ties(params: dict[str, Param], prefix: str) -> list[int]:
    """Seats that ``params`` (one level: a notice's or a KeyRef's own params, lists of plain refs
    included) name together with a catalog key starting with ``prefix`` (``identity.``, ``card.``; a
    ``CardRef`` counts as its key ``card.<type>``)."""
    flat: list[Param] = []
    for value in params.values():
        flat.extend(value if isinstance(value, list) else [value])
    keys = [
        f"card.{v.id}" if isinstance(v, CardRef) else v.key for v in flat if isinstance(v, (KeyRef, CardRef))
    ]
    keyed = any(key.startswith(prefix) for key in keys)
    return [v.seat for v in flat if isinstance(v, PlayerRef)] if keyed else []


def key_refs(params: dict[str, Param]) -> list[tuple[str, dict[str, Param]]]:
    """Every nested KeyRef of ``params`` as ``(key, params)``, depth first."""
    found: list[tuple[str, dict[str, Param]]] = []
    for value in params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, KeyRef):
                found.append((item.key, item.params))
                found.extend(key_refs(item.params))
    return found
