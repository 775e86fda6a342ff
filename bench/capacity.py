"""DynamoDB calls and capacity units of the service, counted on the boto3 client its store uses.

Calls: botocore event hooks on that client (``client.meta.events``): ``before-parameter-build.dynamodb``
notes the operation's table and key, ``before-call.dynamodb`` counts the call by operation and notes where
it came from (the innermost ``handlers`` function, then the ``infra`` store method it called),
``after-call.dynamodb`` prices it. Only calls made while :meth:`CallLog.input` is open are counted; the
time the hooks take (mostly the size probes below) is kept apart so it can be left out of the timing.

Units. moto does not price requests by size (docs/storage.md), so they are computed from the items as
stored, by the DynamoDB Developer Guide:

- item size ("Item sizes and formats", CapacityUnitCalculations.html): the attribute names' UTF-8 bytes
  plus the values: S its UTF-8 bytes, B its bytes, N 1 byte per two significant digits + 1, BOOL/NULL 1,
  M and L 3 bytes + 1 per element + the elements (a map's keys count like names);
- a write (PutItem, UpdateItem, DeleteItem) costs 1 WCU per started KB of the larger of the item before and
  after it ("Capacity unit consumption for write operations", read-write-operations.html); the sizes are
  read with a second client (not counted) right before and right after the write. So the commit pays for
  the whole game item, not for the few attributes it changes, and every later UpdateItem of the outbox
  (a flush, the write that records how sending went) pays for the whole item again;
- a strongly consistent GetItem costs 1 RCU per started 4 KB of the item returned, at least 1 (also when
  there is no item) ("Capacity unit consumption for read operations").
A failed conditional write is priced like a write of the unchanged item (the runs here are sequential:
there are none unless the service conflicts with itself).
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from types import FrameType
from typing import Any

READS = {"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"}
WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}
WRITE_KB = 1024
READ_KB = 4096


def value_size(value: dict[str, Any]) -> int:
    """Bytes of one attribute value in the low-level (wire) form, without its name."""
    ((kind, data),) = value.items()
    if kind == "S":
        return len(data.encode())
    if kind == "B":
        return len(data)
    if kind == "N":
        return math.ceil(len(Decimal(data).normalize().as_tuple().digits) / 2) + 1
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "M":
        return 3 + sum(len(k.encode()) + value_size(v) + 1 for k, v in data.items())
    if kind == "L":
        return 3 + sum(value_size(v) + 1 for v in data)
    if kind in ("SS", "NS", "BS"):
        return sum(value_size({kind[0]: v}) for v in data)
    raise ValueError(f"no size rule for {kind}")


def item_size(item: dict[str, Any] | None) -> int:
    """Bytes of an item (0 for no item)."""
    return sum(len(name.encode()) + value_size(value) for name, value in (item or {}).items())


def write_units(before: int, after: int) -> int:
    return max(1, math.ceil(max(before, after) / WRITE_KB))


def read_units(size: int) -> int:
    return max(1, math.ceil(size / READ_KB))


@dataclass
class InputCost:
    """What one input cost: calls by operation, calls by site (``handlers.x.f → store.method``), units."""

    calls: Counter[str] = field(default_factory=Counter)
    sites: Counter[str] = field(default_factory=Counter)
    site_units: Counter[str] = field(default_factory=Counter)  # WCU or RCU by site
    wcu: int = 0
    rcu: int = 0
    overhead: float = 0.0  # seconds spent in the hooks (probing sizes), to leave out of the input's time

    @property
    def reads(self) -> int:
        return sum(n for op, n in self.calls.items() if op in READS)

    @property
    def writes(self) -> int:
        return sum(n for op, n in self.calls.items() if op in WRITES)


class CallLog:
    """Counts and prices the DynamoDB calls of ``client``; ``probe`` is another client (never counted) on
    the same endpoint, used to read the item before and after each write."""

    def __init__(self, client: Any, probe: Any) -> None:
        self._probe = probe
        self._current: InputCost | None = None
        events = client.meta.events
        events.register("before-parameter-build.dynamodb", self._note)
        events.register("before-call.dynamodb", self._count)
        events.register("after-call.dynamodb", self._price)

    @contextmanager
    def input(self) -> Iterator[InputCost]:
        """Count the calls made inside the ``with`` block as one input."""
        self._current = cost = InputCost()
        try:
            yield cost
        finally:
            self._current = None

    def _note(self, params: dict[str, Any], context: dict[str, Any], **_: Any) -> None:
        if self._current is not None:
            context["bench_item"] = (params.get("TableName"), params.get("Key") or _key_of(params))

    def _count(self, model: Any, context: dict[str, Any], **_: Any) -> None:
        cost = self._current
        if cost is None:
            return
        started = time.perf_counter()
        cost.calls[model.name] += 1
        context["bench_site"] = site = f"{_site()} ({model.name})"
        cost.sites[site] += 1
        if model.name in WRITES:
            context["bench_before"] = self._size(context.get("bench_item"))
        cost.overhead += time.perf_counter() - started

    def _price(self, model: Any, parsed: dict[str, Any], context: dict[str, Any], **_: Any) -> None:
        cost = self._current
        if cost is None:
            return
        started = time.perf_counter()
        units = 0
        if model.name in WRITES:
            units = write_units(context.get("bench_before", 0), self._size(context.get("bench_item")))
            cost.wcu += units
        elif model.name in READS:
            units = read_units(item_size(parsed.get("Item")))
            cost.rcu += units
        cost.site_units[context.get("bench_site", "?")] += units
        cost.overhead += time.perf_counter() - started

    def _size(self, item: tuple[str, dict[str, Any]] | None) -> int:
        if item is None or not item[1]:
            return 0
        table, key = item
        found = self._probe.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")
        return item_size(found)


def _key_of(params: dict[str, Any]) -> dict[str, Any] | None:
    """The key of a PutItem (the table's key is ``pk``: docs/storage.md)."""
    item = params.get("Item")
    return {"pk": item["pk"]} if item and "pk" in item else None


def _site() -> str:
    """``handlers.a.f › handlers.b.g → store.method``: the two innermost service functions that led to
    the current call, and the store method (the outermost ``infra`` frame) that made it."""
    frame: FrameType | None = sys._getframe(1)
    store, callers = None, list[str]()
    while frame is not None and len(callers) < 2:
        module = str(frame.f_globals.get("__name__", ""))
        if module.startswith("infra.") and not callers:
            store = frame.f_code.co_name
        elif store is not None and module.startswith("handlers."):
            callers.append(f"{module}.{frame.f_code.co_name}")
        frame = frame.f_back
    return f"{' › '.join(reversed(callers)) or '?'} → store.{store or '?'}"
