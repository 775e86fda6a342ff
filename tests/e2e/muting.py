"""A Telegram table whose webhook and timer services mute players without speaking rights, and one
scripted 徒桜戦争 game that passes through every case of [ADZ-8.1] / [ADZ-11.3].

Both Lambdas get :class:`handlers.telegram.speech.TelegramSpeech`, as production must. The script (test
mode [ADZ-11.10], six seats in join order):

- night 0: Korunu (seat 2) freezes seat 4; the timer closes the night;
- day 1: everyone but seat 4 may speak; the timer opens the vote; seat 6 is exiled;
- night 1: Yurina (seat 3) challenges seat 1 to a duel, the Adazakura side (seat 1) erases seat 5;
- day 2, a duel day: only seats 1 and 3 may speak; seat 1 is exiled and the Sakura side wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.engine.notice import Action
from handlers import timer
from handlers.service import Service
from handlers.telegram import webhook
from handlers.telegram.sender import TelegramSender
from handlers.telegram.speech import TelegramSpeech
from infra.store import GameStore
from tests.e2e import moves
from tests.e2e.harness import GROUP, SECRET, SEED, Table, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

SEATS = ["yatsuha/A", "korunu/S", "yurina/S", "saine/S", "shinra/S", "megumi/S"]
#: Checkpoints of the script, in order, and the seats allowed to speak at each one.
SPEAKERS: dict[str, set[int]] = {
    "night 0": set(),
    "day 1": {1, 2, 3, 5, 6},  # seat 4 frozen
    "vote 1": set(),
    "night 1": set(),
    "day 2": {1, 3},  # the duel; seat 2 and 4 alive but not duelists, 5 and 6 dead
    "vote 2": set(),
}
SEATED = {1, 2, 3, 4, 5, 6}

Checkpoint = Callable[[str], None]


def speech_table(api: FakeTelegramApi, store: GameStore, *, settings: dict[str, Any] | None = None) -> Table:
    """Six players in the group of a fresh table whose services mute (the test-mode seats above)."""
    group_settings = {"setup": {"seats": SEATS}, **(settings or {})}
    return speaking(Table(api, store, players(6), settings=group_settings), group_settings, SEED)


def speaking(table: Table, settings: dict[str, Any], seed: int) -> Table:
    """``table`` with the webhook's and the timer's services replaced by ones that mute
    (``TelegramSpeech`` after each commit, as production); ``settings`` are the group's, ``seed`` the new
    game's."""
    bot = table.api.bot()
    table.service = Service(
        table.store,
        TelegramSender(bot, bot_username=BOT_USERNAME),
        new_id=lambda: table.game_id,
        new_seed=lambda: seed,
        settings_for=lambda chat_id: settings,
        after_commit=TelegramSpeech(bot),
    )
    webhook.configure(
        service=table.service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=table.clock
    )
    timer_bot = table.api.bot()
    timer_service = Service(
        table.store,
        TelegramSender(timer_bot, bot_username=BOT_USERNAME),
        after_commit=TelegramSpeech(timer_bot),
    )
    timer.configure(service=timer_service, clock=table.clock)
    return table


def muted_seats(table: Table) -> set[int]:
    """Seats whose player cannot post in the group now."""
    muted = table.api.members.muted(GROUP)
    return {p.seat for p in table.state().players if int(p.user_id.removeprefix("tg:")) in muted}


def choose(table: Table, seat: int, action: Action) -> None:
    """The player at ``seat`` presses the button of ``action`` on their current keyboard (through its
    menu levels)."""
    moves.press_action(table, table.player_at(seat), action)


def vote_all(table: Table, ballots: dict[int, int]) -> None:
    """Each seat of ``ballots`` votes for its target."""
    for seat, target in ballots.items():
        choose(table, seat, Action(kind="vote", args=(target,)))


def play_script(table: Table, at: Checkpoint) -> None:
    """The game of the module docstring; ``at(name)`` is called at each checkpoint of :data:`SPEAKERS`."""
    moves.open_lobby(table)
    moves.start(table)
    at("night 0")
    choose(table, 2, Action(kind="night.korunu", args=(4,)))
    table.fire_timer_at_deadline()
    at("day 1")
    table.fire_timer_at_deadline()
    at("vote 1")
    vote_all(table, {1: 6, 2: 6, 3: 6, 5: 6, 6: 2})
    at("night 1")
    choose(table, 3, Action(kind="night.yurina", args=(1,)))
    choose(table, 1, Action(kind="kill", args=(5,)))
    table.fire_timer_at_deadline()
    at("day 2")
    table.fire_timer_at_deadline()
    at("vote 2")
    vote_all(table, {1: 3, 2: 1, 3: 1, 4: 1})
    assert table.state().is_over
