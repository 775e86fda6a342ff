"""One bots game through ``handlers.service.Service``, measured per accepted input.

The game is opened, filled and started through the service like a Telegram group would (those inputs are
not measured), then played by the bots of ``core.engine.bots`` to its end: each tap and each timer is one
input, timed (``time.perf_counter``, seconds) and, when a :class:`~capacity.CallLog` is given, counted
and priced in DynamoDB terms. The sender accepts every message and notes its chat, so the messages each
input sent to the group are known.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import time
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from capacity import CallLog, InputCost

from core.engine.bots import BOT_SALT, Driver, bot_user, next_now
from core.engine.commands import Act, Timeout
from core.engine.rng import Rng
from core.games import GameRules
from handlers.messages import Inbound, OutMessage, Tap, TextCommand
from handlers.service import Service
from infra.store import GameStore

GAME_ID = "bench"
GROUP = "bench:group"


class CountErrors(logging.Handler):
    """Counts ERROR log records of the service (e.g. a missing catalog text) instead of printing each."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


@dataclass
class NullSender:
    """A platform sender that accepts every message and notes its chat (the figure is the service's own
    work)."""

    chats: list[str] = field(default_factory=list)

    async def send(self, message: OutMessage) -> None:
        self.chats.append(message.chat_id)

    @property
    def sent(self) -> int:
        return len(self.chats)


@dataclass(frozen=True)
class Measured:
    """One accepted input: ``kind`` (``tap`` | ``timer``), seconds, whether it changed the phase
    (``phase_seq``), the messages it sent to the group, and its DynamoDB cost (if counted)."""

    kind: str
    seconds: float
    phase_changed: bool
    group_messages: int
    cost: InputCost | None


def _inbound(n: int, user: str, intent: Any, *, private: bool) -> Inbound:
    chat = user if private else GROUP
    return Inbound(platform="bench", delivery_id=f"bench:{n}", chat_id=chat, is_private=private,
                   user_id=user, user_name=user, intent=intent)  # fmt: skip


async def _open(rules: GameRules, service: Service, players: int) -> None:
    await service.handle(_inbound(0, bot_user(1), TextCommand("newgame", (rules.id,)), private=False), now=0)
    for i in range(1, players + 1):
        await service.handle(_inbound(i, bot_user(i), TextCommand("start", (GAME_ID,)), private=True), now=0)
    await service.handle(_inbound(players + 1, bot_user(1), TextCommand("startgame"), private=False), now=0)


async def _play(
    rules: GameRules, service: Service, store: GameStore, players: int, seed: int, calls: CallLog | None
) -> list[Measured]:
    """Open, fill and start a game, then play it with bots; one :class:`Measured` per input."""
    sender = service.sender
    assert isinstance(sender, NullSender)
    await _open(rules, service, players)
    driver, now, measured = Driver(rules, Rng.seeded(seed ^ BOT_SALT)), 0, list[Measured]()
    while True:
        stored = store.load(GAME_ID)
        assert stored is not None
        state = rules.state_model.model_validate_json(stored.state)
        command = driver.next_command(state)
        if command is None:
            return measured
        now = next_now(state, command, now)
        sent_before = sender.sent
        with calls.input() if calls else nullcontext() as cost:
            started = time.perf_counter()
            if isinstance(command, Timeout):
                await service.fire_timer(GAME_ID, command.phase_seq, now=now)
            else:
                assert isinstance(command, Act)
                tap = Tap(game_id=GAME_ID, phase_seq=command.phase_seq, action=command.action)
                n = len(measured) + players + 2
                await service.handle(_inbound(n, command.user_id, tap, private=True), now=now)
            seconds = time.perf_counter() - started - (cost.overhead if cost else 0.0)
        after = store.load(GAME_ID)
        if after is None or after.version == stored.version:
            raise RuntimeError(f"the service did not apply the bot's {command!r}")
        changed = rules.state_model.model_validate_json(after.state).phase_seq != state.phase_seq
        to_group = sender.chats[sent_before:].count(GROUP)
        kind = "timer" if isinstance(command, Timeout) else "tap"
        measured.append(Measured(kind, seconds, changed, to_group, cost))


def play(
    rules: GameRules,
    service: Service,
    store: GameStore,
    players: int,
    seed: int,
    calls: CallLog | None = None,
) -> tuple[list[Measured], int]:
    """Play one game (see :func:`_play`); also returns how many service ERROR logs it caused."""
    errors = CountErrors()
    logger = logging.getLogger("handlers")
    logger.addHandler(errors)
    logger.propagate = False
    try:
        return asyncio.run(_play(rules, service, store, players, seed, calls)), errors.count
    finally:
        logger.removeHandler(errors)
        logger.propagate = True


def timing(measured: list[Measured]) -> dict[str, Any]:
    """Median, p99 and max of the inputs' processing times (ms)."""
    ms = sorted(m.seconds * 1000 for m in measured)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return {"inputs": len(ms), "median_ms": round(statistics.median(ms), 2), "p99_ms": round(p99, 2),
            "max_ms": round(ms[-1], 2)}  # fmt: skip


def group_messages(measured: list[Measured]) -> dict[str, Any]:
    """Messages to the group per phase change: all group messages over the phase changes (a flush may send
    a change's announcement with a later input), and the most one input sent."""
    changes = sum(m.phase_changed for m in measured)
    total = sum(m.group_messages for m in measured)
    return {
        "phase_changes": changes,
        "group_messages": total,
        "per_phase_change": round(total / changes, 2) if changes else None,
        "max_in_one_input": max((m.group_messages for m in measured), default=0),
        "inputs_with_group_messages_without_phase_change": sum(
            1 for m in measured if m.group_messages and not m.phase_changed
        ),
    }


def dynamodb(measured: list[Measured]) -> dict[str, Any]:
    """Per accepted input, by kind (``all`` when there are several): mean calls by operation, reads,
    writes, units (mean, max), and each site's (``handlers… → store.method (Operation)``) mean calls and
    units (WCU for a write, RCU for a read)."""
    out: dict[str, Any] = {}
    kinds = sorted({m.kind for m in measured})
    for kind in [*kinds, "all"] if len(kinds) > 1 else kinds:
        costs = [m.cost for m in measured if m.cost is not None and kind in (m.kind, "all")]
        if not costs:
            continue
        n = len(costs)
        calls = sum((c.calls for c in costs), Counter[str]())
        sites = sum((c.sites for c in costs), Counter[str]())
        units = sum((c.site_units for c in costs), Counter[str]())
        out[kind] = {
            "inputs": n,
            "calls": {op: round(k / n, 2) for op, k in sorted(calls.items())},
            "reads": round(sum(c.reads for c in costs) / n, 2),
            "writes": round(sum(c.writes for c in costs) / n, 2),
            "max_reads": max(c.reads for c in costs),
            "max_writes": max(c.writes for c in costs),
            "wcu": round(sum(c.wcu for c in costs) / n, 2),
            "max_wcu": max(c.wcu for c in costs),
            "rcu": round(sum(c.rcu for c in costs) / n, 2),
            "sites": {site: [round(k / n, 2), round(units[site] / n, 2)] for site, k in sites.most_common()},
        }
    return out
