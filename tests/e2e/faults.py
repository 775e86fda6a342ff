"""A Telegram table for fault injection: the harness's table with a timer queue, Bot clients that give up
soon, and a record of every message the game committed, so a test can check that each one reached its
chat exactly once and in order (design §1: persist first, then send; nothing lost, nothing twice).

The test stands in for the SQS timer queue: :meth:`FaultyTable.deliver_due` hands every wake-up that is
due at the fake clock's second to the timer Lambda, as SQS would.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from core.games import rules_for
from core.games.adazakura.megami import ADAZAKURA
from handlers import history, outbox, timer
from handlers.messages import OutMessage
from handlers.service import Service
from handlers.telegram import webhook
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore, create_table
from infra.store import Change, StoredGame
from infra.timers import MemoryScheduler, WakeUp
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, SECRET, SEED, Player, Table
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

#: The Bot clients' read timeout (seconds): a call the fake leaves hanging fails this soon.
TIMEOUT = 0.5
#: Phases a game may take; only stops a broken game from looping forever.
MAX_PHASES = 80
#: An HTTP 500 from the Bot API (Telegram answers its own errors in this shape).
ERROR_500 = {"ok": False, "error_code": 500, "description": "Internal Server Error"}


class RecordingStore(DynamoStore):
    """The production store, noting every message each commit is answerable for: its notices, rendered as
    the service renders them (its history entry holds them, :mod:`handlers.history`), in order."""

    def __init__(self, table_name: str, client: Any) -> None:
        super().__init__(table_name, client)
        self.committed: list[OutMessage] = []

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        stored = super().commit(base, change)
        if change.history is not None:
            entry = history.load(change.history)
            data = json.loads(stored.state)
            rules = rules_for(data["game"])
            state = rules.state_model.model_validate(data)
            self.committed += outbox.render_notices(rules, state, entry.notices)
        return stored


def recording_store(client: Any, name: str) -> RecordingStore:
    """A :class:`RecordingStore` on a new table ``name`` of ``client``'s DynamoDB."""
    create_table(client, name)
    return RecordingStore(name, client)


class WakeUps(MemoryScheduler):
    """The timer queue: keeps pending wake-ups and every one ever scheduled (``history``)."""

    def __init__(self) -> None:
        super().__init__()
        self.history: list[WakeUp] = []

    def schedule(self, wake_up: WakeUp, *, now: int) -> None:
        self.history.append(wake_up)
        super().schedule(wake_up, now=now)


class FaultyTable(Table):
    """The harness's table whose webhook and timer share a timer queue (``wake_ups``) and whose Bot
    clients time out after :data:`TIMEOUT` seconds."""

    def __init__(
        self, api: FakeTelegramApi, store: RecordingStore, people: list[Player], **kwargs: Any
    ) -> None:
        super().__init__(api, store, people, **kwargs)
        self.recorded = store
        self.wake_ups = WakeUps()
        bot = api.bot(timeout=TIMEOUT)
        settings = dict(kwargs.get("settings") or {})
        self.service = Service(
            store, TelegramSender(bot, bot_username=BOT_USERNAME), new_id=lambda: self.game_id,
            new_seed=lambda: kwargs.get("seed", SEED), settings_for=lambda chat: settings,
            scheduler=self.wake_ups,
        )  # fmt: skip
        webhook.configure(
            service=self.service, secret=SECRET, bot=bot, bot_username=BOT_USERNAME, clock=self.clock
        )
        sender = TelegramSender(api.bot(timeout=TIMEOUT), bot_username=BOT_USERNAME)
        timer_service = Service(store, sender, scheduler=self.wake_ups)
        timer.configure(service=timer_service, clock=self.clock, scheduler=self.wake_ups)

    def deliver_due(self) -> None:
        """SQS delivers every wake-up due now to the timer Lambda (and those they schedule for now)."""
        while due := self.wake_ups.due(self.now):
            for wake_up in due:
                record = {"messageId": f"w{len(self.wake_ups.history)}", "body": wake_up.dump()}
                assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}

    def wait_for_flushes(self) -> None:
        """Let time pass until no flush wake-up is pending, delivering each at its second."""
        while flushes := [w.at for w in self.wake_ups.scheduled if w.kind == "flush"]:
            self.now = max(self.now, min(flushes))
            self.deliver_due()

    def pending(self) -> dict[str, str]:
        stored = self.store.load(self.game_id)
        assert stored is not None
        return stored.pending


def play_to_end(table: FaultyTable) -> None:
    """Play 徒桜戦争 with the buttons each player has: night abilities and erasures, votes; a phase nobody
    can close by acting is closed by its deadline timer. Wake-ups are delivered as they fall due."""
    for _ in range(MAX_PHASES):
        table.deliver_due()
        state = table.state()
        if state.is_over:
            break
        seq = state.phase_seq
        if state.phase == "night":
            team = {p.seat for p in state.players if p.faction == ADAZAKURA}
            for player in table.living():
                moves.night_turn(table, player, team=team)
        elif state.phase != "discussion":
            for player in table.living():
                moves.vote(table, player)
        table.deliver_due()
        if table.state().phase_seq == seq and not table.state().is_over:
            table.fire_timer_at_deadline()
    table.wait_for_flushes()


def squashed(texts: list[str]) -> str:
    """``texts`` joined without white space: a long text the sender split at a line break (or a space)
    reads the same as the whole."""
    return "".join("".join(texts).split())


def chats_of(store: RecordingStore) -> set[str]:
    return {m.chat_id for m in store.committed}


def committed_to(store: RecordingStore, chat: str) -> list[str]:
    return [m.text for m in store.committed if m.chat_id == chat]


def assert_each_once_in_order(table: FaultyTable, chats: Callable[[str], bool] = lambda chat: True) -> None:
    """Every message committed to each chat (those ``chats`` selects) reached it exactly once, in the
    order of the commits, and the outbox is empty."""
    assert table.pending() == {}
    for chat in sorted(filter(chats, chats_of(table.recorded))):
        posted, committed = table.api.posted_to(chat), committed_to(table.recorded, chat)
        assert squashed(posted) == squashed(committed), (chat, _difference(posted, committed))


def _difference(posted: list[str], committed: list[str]) -> str:
    """Where ``posted`` first departs from ``committed`` (for a failing assertion's message)."""
    a, b = squashed(posted), squashed(committed)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"posted …{a[max(0, at - 40) : at + 80]}… committed …{b[max(0, at - 40) : at + 80]}…"


def game_of(store: DynamoStore, game_id: str = GAME_ID) -> dict[str, Any]:
    """The stored state of ``game_id`` as JSON."""
    stored = store.load(game_id)
    assert stored is not None
    data: dict[str, Any] = json.loads(stored.state)
    return data
