"""The players of the console figures (:mod:`console`): seeded bots on the end-to-end harness's Telegram
and LINE tables, playing their private side either in the 1:1 chats or through the console API.

A console bot is a page: it reads its View (``GET /console/api/view``) and answers each question the game
asks it (``view["prompt"]``: the newest private message with buttons of the running phase) once, picking a
random node per level of the action tree down to a final action (``POST /console/api/act``), as the chat
bots answer each keyboard once. Its requests are Function URL events to the platform's own webhook
function (same origin), authenticated as ``Authorization: Seat <token>``
(``handlers.console.auth.SeatTokens``, standing in for ``initData`` and LIFF ID tokens).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from handlers import menu
from handlers.console.auth import SeatTokens
from tests.e2e import harness, line_bots
from tests.e2e.line_table import LinePlayer

#: Only stops a broken game from looping forever.
MAX_ROUNDS = 600
MAX_MENU_LEVELS = 4


class ConsoleClient:
    """The requests a console page sends for ``game_id``, as Function URL events to a webhook
    ``handler``; ``requests`` counts them. Every answer must be 200 (``AssertionError`` otherwise)."""

    def __init__(self, handler: Callable[[dict[str, Any], object], dict[str, Any]], game_id: str) -> None:
        self.handler, self.game_id, self.tokens = handler, game_id, SeatTokens()
        self.requests = 0
        self._ids = itertools.count(1)

    def call(self, user: str, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        event = {
            "rawPath": path,
            "queryStringParameters": {"g": self.game_id} if body is None else {},
            "headers": {"authorization": f"Seat {self.tokens.issue(user)}"},
            "body": "" if body is None else json.dumps(body),
            "isBase64Encoded": False,
            "requestContext": {"http": {"method": method}},
        }
        answer = self.handler(event, None)
        self.requests += 1
        assert answer["statusCode"] == 200, answer
        return dict(json.loads(answer["body"]))

    def view(self, user: str) -> dict[str, Any]:
        return self.call(user, "GET", "/console/api/view")

    def act(self, user: str, phase_seq: int, action: dict[str, Any]) -> dict[str, Any]:
        client_id = f"b{next(self._ids)}"
        body = {"g": self.game_id, "phase_seq": phase_seq, "action": action, "client_id": client_id}
        return self.call(user, "POST", "/console/api/act", body)


def prompt_number(view: dict[str, Any]) -> int | None:
    """The feed number ``n`` of the question the game asks the viewer now, or ``None`` when it asks
    nothing or offers no action."""
    if view["prompt"] is None or not view["actions"]:
        return None
    seq, text = view["phase_seq"], view["prompt"]
    # The prompt is the end of its message: the part the role card above it does not already show.
    asked = [e["n"] for e in view["feed"] if e["phase_seq"] == seq and e["text"].endswith(text)]
    return asked[-1] if asked else None


def console_turn(
    client: ConsoleClient,
    user: str,
    rng: random.Random,
    answered: set[Any],
    tick: Callable[[], None],
) -> bool:
    """``user`` answers the game's current question through the console unless already done (``answered``
    keeps ``(user, n)``); a second passes per level (``tick``). Whether it answered."""
    view = client.view(user)
    asked = prompt_number(view)
    if asked is None or (user, asked) in answered:
        return False
    answered.add((user, asked))
    nodes = view["actions"]
    for _ in range(MAX_MENU_LEVELS):
        node = rng.choice(nodes)
        tick()
        if node["children"] is None:
            client.act(user, view["phase_seq"], node["action"])
            return True
        nodes = node["children"]
        if not nodes:
            return True
    return True


class CountingTable(harness.Table):
    """The harness's Telegram table, counting the updates the players send (``events``)."""

    events = 0

    def post(self, update: dict[str, Any] | str, secret: str | None = harness.SECRET) -> int:
        self.events += 1
        return super().post(update, secret)


@dataclass
class TelegramBots:
    """Every seat of a Telegram table played by a bot, round by round as the LINE bots do: each living
    player (random order) answers the newest keyboard of the running phase that it has not answered yet
    (menus level by level, as the message is edited in place), or the console's question when
    ``console`` is given; a round in which nobody answered and the phase did not move ends at the
    deadline with the timer handler."""

    table: CountingTable
    rng: random.Random
    console: ConsoleClient | None = None
    timers: int = 0
    answered: set[Any] = field(default_factory=set)

    def play(self) -> None:
        """Rounds until the game is over; ``AssertionError`` when it is not after :data:`MAX_ROUNDS`."""
        for _ in range(MAX_ROUNDS):
            if self.table.state().is_over:
                return
            start = self.table.state().phase_seq
            players = self.table.living()
            self.rng.shuffle(players)
            pressed = False
            for player in players:
                pressed = self.act(player) or pressed
            if not pressed and self.table.state().phase_seq == start:
                self.timers += 1
                self.table.fire_timer_at_deadline()
        raise AssertionError(f"not over after {MAX_ROUNDS} rounds: phase {self.table.state().phase}")

    def act(self, player: harness.Player) -> bool:
        if self.console is not None:
            return console_turn(self.console, player.chat, self.rng, self.answered, self.table.tick)
        seq = self.table.state().phase_seq
        shown = self.table.keyboards(player)
        current = [m for m in shown if any(t.phase_seq == seq for _, t in harness.taps(m))]
        if not current or (player.chat, current[-1].message_id, str(current[-1].buttons)) in self.answered:
            return False
        keyboard = current[-1]
        for _ in range(MAX_MENU_LEVELS):
            self.answered.add((player.chat, keyboard.message_id, str(keyboard.buttons)))
            choices = [(d, t) for d, t in harness.taps(keyboard) if t.action.kind != menu.BACK]
            choices = [(d, t) for d, t in choices if t.phase_seq == seq]
            if not choices:
                return True
            data, tap = self.rng.choice(choices)
            self.table.tick()
            self.table.press(player, data, keyboard.message_id)
            if not tap.menu:
                return True
            edited = [m for m in self.table.keyboards(player) if m.message_id == keyboard.message_id]
            if not edited:
                return True
            keyboard = edited[0]
        return True


@dataclass
class LineConsoleBots(line_bots.Bots):
    """The LINE bots with the console as their private channel: no 「自分の番」 pulls, each question
    answered through the console API (``answered`` keeps ``(user, feed number)`` here); the group side
    is the chat bots' own."""

    console: ConsoleClient | None = None

    def pull(self, player: LinePlayer) -> None:
        self.looked[player.chat] = self.table.state().phase_seq

    def act(self, player: LinePlayer) -> bool:
        assert self.console is not None
        return console_turn(self.console, player.chat, self.rng, self.answered, self.table.tick)

    def finish(self) -> None:
        self.group_side()
