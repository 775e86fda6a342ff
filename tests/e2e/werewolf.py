"""Bot players for classic 人狼 (``werewolf``) games played through the Telegram webhook, and a table that
checks every button the bot sends to a private chat against the rules at the moment it arrives.

Bots only press buttons the fake Bot API recorded: in the discussion the group's 「投票へ」 (a callback from
the group message), in a vote or at night the newest keyboard of the phase in their 1:1 chat; the executed
player sends ``/t`` with last words. Which button, and in which order the players act, comes from a seeded
``random.Random`` owned by the test, so a run is the same every time. A phase nobody ends is closed by the
timer handler.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from core.games import rules_for
from infra.store import GameStore
from tests.e2e.harness import GROUP, NoticeLog, Offer, Player, Press, Table, open_and_start, taps
from tests.fakes.telegram_api import Call, FakeTelegramApi, Received
from tests.telegram.builders import callback

GAME = "werewolf"
RULES = rules_for(GAME)
#: Only stops a broken game from looping forever (nine players: at most a few days).
MAX_PHASES = 80
#: Nine display names (Latin, kana, kanji, an emoji).
NAMES = ("Alex", "Jordan", "Sam", "たろう", "Mika", "Ren", "Noa", "健太", "Rio🐺")
LAST_WORDS = "信じてくれ"


def people(count: int) -> list[Player]:
    return [Player(1_000_000_001 + i, NAMES[i]) for i in range(count)]


class WerewolfTable(Table):
    """A :class:`~tests.e2e.harness.Table` that records, after every input, every private button sent
    meanwhile (:attr:`offers`: legal or not for that chat's seat once the message had gone out), the calls
    of each input (:attr:`calls_by_input`) and the state after it (:attr:`latest`)."""

    def __init__(self, api: FakeTelegramApi, store: GameStore, players: list[Player]) -> None:
        super().__init__(api, store, players)
        self.offers: list[Offer] = []
        self.calls_by_input: list[list[Call]] = []
        self.latest: Any = None
        self._seen = 0

    def post(self, update: dict[str, Any] | str, secret: str | None = None) -> int:
        status = super().post(update) if secret is None else super().post(update, secret)
        self._record()
        return status

    def fire_timer_at_deadline(self) -> None:
        super().fire_timer_at_deadline()
        self._record()

    def press_in_group(self, player: Player, data: str, message_id: int) -> Press:
        """``player`` presses the button ``data`` on the bot's group message ``message_id``."""
        update = callback(player.number, GROUP, data, message_id, self.next_update_id(), player.name)
        assert self.post(update) == 200
        return self.answer_to(player, update)

    def _record(self) -> None:
        calls = self.api.calls[self._seen :]
        self._seen += len(calls)
        self.calls_by_input.append(calls)
        stored = self.store.load(self.game_id)
        if stored is None:
            return
        self.latest = RULES.state_model.model_validate(json.loads(stored.state))
        for call in calls:
            chat, markup = call.params.get("chat_id"), call.params.get("reply_markup")
            if call.method == "sendMessage" and isinstance(chat, int) and chat > 0 and markup:
                self._offered(chat, markup)

    def _offered(self, chat: int, markup: dict[str, Any]) -> None:
        player = next(p for p in self.people if p.number == chat)
        seat = RULES.seat_of(self.latest, player.chat)
        legal = RULES.legal_actions(self.latest, seat) if seat else []
        message = next(m for m in reversed(self.api.messages(player.chat)) if m.buttons)
        for _, tap in taps(message):
            ok = tap.phase_seq == self.latest.phase_seq and not tap.menu and tap.action in legal
            data = next(d for d, t in taps(message) if t == tap)
            self.offers.append(Offer(player, data, message.message_id, ok))


def newest_keyboard(messages: list[Received], seq: int) -> Received | None:
    """The newest of ``messages`` with buttons of phase ``seq``."""
    for message in reversed(messages):
        if any(tap.phase_seq == seq for _, tap in taps(message)):
            return message
    return None


@dataclass
class Bots:
    """Every seat played by a bot. ``log``: ``(phase, day, "acted" | "timer")`` for every phase played;
    ``presses``: every press with its phase and day."""

    table: WerewolfTable
    rng: random.Random
    log: list[tuple[str, int, str]] = field(default_factory=list)
    presses: list[tuple[str, int, Press]] = field(default_factory=list)

    def play_phase(self) -> None:
        """Every living player (random order) acts once in the phase now running; then its timer fires
        if it is still open."""
        state = self.table.latest
        phase, seq, day = state.phase, state.phase_seq, state.day
        if phase == "last_words":
            executed = self.table.player_at(state.executed)
            self.table.in_private(executed, f"/t {LAST_WORDS}")
        else:
            living = self.table.living()
            self.rng.shuffle(living)
            for player in living:
                if self.table.latest.phase_seq != seq:
                    break
                press = self._press(player, seq, phase)
                if press is not None:
                    self.presses.append((phase, day, press))
        closed = self.table.latest.phase_seq != seq
        if not closed:
            self.table.fire_timer_at_deadline()
        self.log.append((phase, day, "acted" if closed else "timer"))

    def _press(self, player: Player, seq: int, phase: str) -> Press | None:
        if phase == "discussion":
            message = newest_keyboard(list(self.table.api.messages(GROUP)), seq)
            if message is None:
                return None
            data, _ = next(iter(taps(message)))
            self.table.tick()
            return self.table.press_in_group(player, data, message.message_id)
        message = newest_keyboard(self.table.keyboards(player), seq)
        if message is None:
            return None
        data, _ = self.rng.choice(list(taps(message)))
        self.table.tick()
        return self.table.press(player, data, message.message_id)


@dataclass
class Played:
    table: WerewolfTable
    notices: NoticeLog
    bots: Bots


def play_whole_game(table: WerewolfTable, notices: NoticeLog, bots: Bots) -> Played:
    """Open, join and start (``/newgame 人狼``), then let the bots play every phase until the end."""
    open_and_start(table, "人狼")
    for _ in range(MAX_PHASES):
        if table.latest.is_over:
            break
        bots.play_phase()
    return Played(table, notices, bots)
