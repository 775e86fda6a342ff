"""Write and read units per input of three ways to keep a game's history apart from its hot state
(docs/storage.md, "History: three layouts measured").

A 16-player 徒桜戦争 game is played to day 10 through the real write path (``Service`` and ``GameRunner``
on :class:`~infra.store.MemoryStore`, whose items are sized exactly like DynamoStore's): the long-game bots
of ``bench/webhook_game.py`` (nobody erased at night, one Sakura voted out a day), one Telegram-like delivery
id per tap. Every commit is watched; its game item is rebuilt in DynamoDB's wire form and sized by
``bench.capacity.item_size`` (DynamoDB Developer Guide, "Item sizes and formats"), and each layout is
priced by "Capacity unit consumption for write operations" (1 WCU per started KB of the larger of the item
before and after, UpdateItem included) and for reads (1 RCU per started 4 KB, strongly consistent):

- **(a) one attribute**: the whole history, compressed as one value (``infra.history.pack``), in the game
  item: one UpdateItem per input, the item grows with the game;
- **(b) tail + chunks** (chosen, ``infra.history``): the tail in the game item, a tail past
  ``TAIL_BYTES`` first put as a chunk item;
- **(c) one item per entry**: the game item holds no history; each commit also puts its entry as an item
  of its own (compressed alike): two writes per input.

Figures are means over the commits of each day (the inputs of day 1, 5 and 10). Run from the repository
root: ``.venv/bin/python bench/history_layouts.py`` (about 20 s).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.capacity import item_size, read_units, write_units  # noqa: E402
from core.engine.commands import Timeout  # noqa: E402
from core.games import rules_for  # noqa: E402
from handlers import decision  # noqa: E402
from handlers.messages import Inbound, OutMessage, TextCommand  # noqa: E402
from handlers.service import Service  # noqa: E402
from infra import history  # noqa: E402
from infra.store import Change, MemoryStore, StoredGame, pack  # noqa: E402

PLAYERS = 16
DAYS = (1, 5, 10)
GAME_ID = "gbench01"
START = 1_767_225_600
SEED = 20_260_101  # the seed of bench/webhook_game.py's games
GROUP = "tg:-1001000000777"
FIRST_USER = 2_000_000_001


class Sink:
    """A sender that takes every message."""

    async def send(self, message: OutMessage) -> None:
        return None


def wire_item(stored: StoredGame, hist: bytes | None) -> dict[str, Any]:
    """``stored`` as DynamoStore writes it (``infra.dynamodb``), with ``hist`` as its history value."""
    item: dict[str, Any] = {
        "pk": {"S": f"game#{stored.game_id}"},
        "version": {"N": str(stored.version)},
        "state": {"B": pack(stored.state)},
        "pending": {"M": {k: {"B": pack(v)} for k, v in stored.pending.items()}},
        "window": {"B": b"".join(stored.deliveries)},
    }
    if stored.records:
        item["records"] = {"B": pack(stored.records)}
    if hist is not None:
        item["hist"] = {"B": hist}
        item["hist_n"] = {"N": str(stored.chunks)}
    if stored.expires_at is not None:
        item["expires_at"] = {"N": str(stored.expires_at)}
    return item


def entry_item(game_id: str, n: int, data: bytes) -> dict[str, Any]:
    return {"pk": {"S": f"hist#{game_id}#{n}"}, "data": {"B": data}, "expires_at": {"N": "1800000000"}}


@dataclass
class Day:
    """Per-commit figures of one day: WCU and write requests per layout, the game item's size, RCU of
    the one load."""

    wcu: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": [], "c": [], "t": []})
    writes: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": [], "c": []})
    size: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": [], "c": []})
    rcu: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": [], "c": []})
    state: list[int] = field(default_factory=list)
    history: list[int] = field(default_factory=list)


class Watched(MemoryStore):
    """A MemoryStore that prices every commit for the three layouts."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[str] = []
        self.day = 0
        self.days: dict[int, Day] = {}

    def commit(self, base: StoredGame, change: Change) -> StoredGame:
        new = super().commit(base, change)
        if base.version == 0 or base.game_id != GAME_ID:
            if change.history is not None:
                self.entries.append(change.history)
            return new
        day = self.days.setdefault(self.day, Day())
        whole_before = history.pack(self.entries)
        if change.history is not None:
            self.entries.append(change.history)
        whole_after = history.pack(self.entries)
        sizes = {
            "a": (item_size(wire_item(base, whole_before)), item_size(wire_item(new, whole_after))),
            "b": (item_size(wire_item(base, base.tail)), item_size(wire_item(new, new.tail))),
            "c": (item_size(wire_item(base, None)), item_size(wire_item(new, None))),
        }
        for layout, (before, after) in sizes.items():
            day.wcu[layout].append(write_units(before, after))
            day.writes[layout].append(1)
            day.size[layout].append(after)
            day.rcu[layout].append(read_units(before))
        if new.chunks != base.chunks:  # (b): the old tail is put as a chunk item first
            day.wcu["b"][-1] += write_units(0, item_size(entry_item(GAME_ID, base.chunks, base.tail)))
            day.writes["b"][-1] += 1
        game_c = day.wcu["c"][-1]
        if change.history is not None:  # (c): the entry as an item of its own
            data = zlib.compress(change.history.encode(), history.LEVEL)
            day.wcu["c"][-1] += write_units(0, item_size(entry_item(GAME_ID, len(self.entries), data)))
            day.writes["c"][-1] += 1
        # (c) made atomic: both writes in one TransactWriteItems, which costs twice per item.
        day.wcu["t"].append(2 * day.wcu["c"][-1] if change.history is not None else game_c)
        day.state.append(len(pack(new.state)))
        day.history.append(len(whole_after))
        return new


def _day(state: Any) -> int:
    if getattr(state, "day", None) is not None:
        return int(state.day.n)
    return int(state.night.n) if getattr(state, "night", None) is not None else 0


def play() -> Watched:
    """A 16-player game to the end of day 10 (or its end)."""
    if str(ROOT / "bench") not in sys.path:  # bench/webhook_game.py imports its sibling modules
        sys.path.insert(0, str(ROOT / "bench"))
    from bench.webhook_game import long_game  # the long-game bots of the write-path bench

    store = Watched()
    service = Service(
        store,
        Sink(),
        new_id=lambda: GAME_ID,
        new_seed=lambda: SEED,
        settings_for=lambda chat: {"console": True},
    )
    now = START

    def inbound(delivery: int, chat: str, user: str, cmd: TextCommand) -> Inbound:
        return Inbound("telegram", f"tg:{delivery}", chat, chat == user, user, f"P{user[-2:]}", cmd)

    run = asyncio.run
    host = f"tg:{FIRST_USER}"
    run(service.handle(inbound(900_000_000, GROUP, host, TextCommand("newgame")), now=now))
    for n in range(1, PLAYERS):
        user = f"tg:{FIRST_USER + n}"
        run(service.handle(inbound(900_000_000 + n, user, user, TextCommand("start", (GAME_ID,))), now=now))
    # One Adazakura (K = 1): the Sakura side outnumbers it for ten days of one exile a day.
    run(service.handle(inbound(900_000_098, GROUP, host, TextCommand("option", ("k", "1"))), now=now))
    run(service.handle(inbound(900_000_099, GROUP, host, TextCommand("startgame")), now=now))
    rules, choose, runner = rules_for("adazakura"), long_game(), service.runner
    for n in range(5000):
        loaded = decision.load(store, GAME_ID)
        assert loaded is not None
        state = loaded.state
        store.day = _day(state)
        if state.is_over or store.day > max(DAYS):
            break
        command = choose(rules, state)
        if command is None:
            break
        if isinstance(command, Timeout):
            now = max(now, state.deadline_at or now)
            run(runner.apply(GAME_ID, command, delivery_id=None, now=now))
        else:
            now += 1
            run(runner.apply(GAME_ID, command, delivery_id=f"tg:{200000000 + n}", now=now))
    return store


def report(store: Watched) -> None:
    mean = statistics.fmean
    print(
        "| day | inputs | state (compressed) | whole history (compressed) | layout | game item | WCU/input "
        "| writes/input | RCU/load |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    names = {"a": "(a) one attribute", "b": "(b) tail + chunks", "c": "(c) item per entry"}
    for d in DAYS:
        day = store.days.get(d)
        if day is None:
            print(f"| {d} | (not reached) |")
            continue
        for layout in "abc":
            print(
                f"| {d} | {len(day.state)} | {max(day.state)} B | {max(day.history)} B | {names[layout]} "
                f"| {max(day.size[layout])} B | {mean(day.wcu[layout]):.2f} | {mean(day.writes[layout]):.2f} "
                f"| {mean(day.rcu[layout]):.2f} |"
            )
    total = {k: sum(sum(d.wcu[k]) for d in store.days.values()) for k in "abct"}
    inputs = sum(len(d.state) for d in store.days.values())
    print(
        f"\nwhole game to day {max(store.days)}: {inputs} commits; WCU "
        + ", ".join(f"{names[k]} {total[k]} ({total[k] / inputs:.2f}/input)" for k in "abc")
    )
    transacted = {d: mean(store.days[d].wcu["t"]) for d in DAYS if d in store.days}
    print(
        "(c) in one TransactWriteItems (atomic), WCU/input by day:",
        {d: round(v, 2) for d, v in transacted.items()},
    )


if __name__ == "__main__":
    report(play())
