"""What the Telegram bot-player tables of the card and party games share (``tests/e2e/deathnote.py``,
``tests/e2e/politician.py``): a :class:`~tests.e2e.harness.Table` that checks every button the bot sends to a
private chat against the rules when it arrives (:class:`OfferingTable`), finding the newest keyboard of a
phase in a player's chat (:func:`keyboard_of`), and a bot pressing one of its buttons at random
(:func:`press_random`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from core.games import GameRules
from handlers.messages import Tap
from handlers.telegram.callback import decode
from infra.store import GameStore
from tests.e2e.harness import SECRET, Offer, Player, Press, Table, taps
from tests.fakes.telegram_api import Call, FakeTelegramApi, Received


class OfferingTable(Table):
    """A :class:`Table` for the game of ``rules`` that records, after every webhook update and timer
    message, every private button sent meanwhile (:attr:`offers`, each checked against the rules) and
    the game's state after it (:attr:`latest`, read once per input). While :attr:`watching` is False only
    the calls are counted (presses on old keyboards). :meth:`took` sees the calls of each input."""

    def __init__(
        self, rules: GameRules, api: FakeTelegramApi, store: GameStore, players: list[Player], **kwargs: Any
    ) -> None:
        super().__init__(api, store, players, **kwargs)
        self.rules = rules
        self.offers: list[Offer] = []
        self.latest: Any = None
        self.watching = True
        self._seen = 0

    def post(self, update: dict[str, Any] | str, secret: str | None = SECRET) -> int:
        status = super().post(update, secret)
        self._record(update if isinstance(update, dict) else None)
        return status

    def fire_timer_at_deadline(self) -> None:
        super().fire_timer_at_deadline()
        self._record(None)

    def took(self, update: dict[str, Any] | None, calls: list[Call]) -> None:
        """The Bot API ``calls`` made while handling ``update`` (None: a timer message); nothing here."""

    def _record(self, update: dict[str, Any] | None) -> None:
        calls = self.api.calls[self._seen :]
        self._seen += len(calls)
        self.took(update, calls)
        if not self.watching:
            return
        stored = self.store.load(self.game_id)
        if stored is None:
            return
        self.latest = self.rules.state_model.model_validate(json.loads(stored.state))
        for call in calls:
            chat, markup = call.params.get("chat_id"), call.params.get("reply_markup")
            sent = call.method in ("sendMessage", "editMessageText")
            if sent and isinstance(chat, int) and chat > 0 and markup:  # a keyboard in a private chat
                self._offered(chat, markup)

    def _offered(self, chat: int, markup: dict[str, Any]) -> None:
        player = next(p for p in self.people if p.number == chat)
        seat = self.rules.seat_of(self.latest, player.chat)
        legal = self.rules.legal_actions(self.latest, seat) if seat else []
        for row in markup["inline_keyboard"]:
            for data in (b["callback_data"] for b in row if "callback_data" in b):
                tap = decode(data)
                ok = tap.phase_seq == self.latest.phase_seq and not tap.menu and tap.action in legal
                self.offers.append(Offer(player, data, self._message_of(player, data), ok))

    def _message_of(self, player: Player, data: str) -> int:
        return next(
            m.message_id
            for m in reversed(self.api.messages(player.chat))
            if any(d == data for row in m.buttons for _, d in row)
        )


def keyboard_of(table: Table, player: Player, seq: int) -> Received | None:
    """The newest message in ``player``'s chat with buttons of phase ``seq`` (without reading the store)."""
    for message in reversed(table.keyboards(player)):
        if any(tap.phase_seq == seq for _, tap in taps(message)):
            return message
    return None


def press_random(
    table: Table, rng: random.Random, player: Player, seq: int, wanted: Callable[[Tap], bool]
) -> Press | None:
    """``player`` presses one of the ``wanted`` buttons of its keyboard of phase ``seq`` (drawn with ``rng``,
    a second after the last input); None when there is no such button."""
    keyboard = keyboard_of(table, player, seq)
    if keyboard is None:
        return None
    choices = [data for data, tap in taps(keyboard) if wanted(tap)]
    if not choices:
        return None
    table.tick()
    return table.press(player, rng.choice(choices), keyboard.message_id)
