"""Ten players act in the same instant: every action lands, none is lost (design §1).

Each thread loads, appends its own name to a JSON list in the state and commits, retrying on
VersionConflict. A barrier makes all ten load version 1 before anyone commits, so the first round always
collides: exactly one wins and nine must reload and decide again.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from devtools.store_server import dynamodb_client, moto_server
from infra.dynamodb import DynamoStore, create_table
from infra.store import Change, GameStore, MemoryStore, VersionConflict, blank

PLAYERS = [f"player{n}" for n in range(10)]
DEADLOCK_GUARD = 60  # seconds; only stops a broken run from hanging, never part of an assertion


def everyone_joins(store: GameStore) -> list[str]:
    """Run the ten racing joins; returns the names of the attempts that hit a conflict."""
    store.commit(blank("g1"), Change(state="[]"))
    first_load_done = threading.Barrier(len(PLAYERS), timeout=DEADLOCK_GUARD)
    conflicts: list[str] = []

    def join(name: str) -> None:
        first = True
        while True:
            stored = store.load("g1")
            assert stored is not None
            if first:
                first_load_done.wait()
                first = False
            state = json.dumps([*json.loads(stored.state), name])
            try:
                store.commit(
                    stored,
                    Change(state=state, pending_add={f"joined-{name}": name}, delivery_id=f"update-{name}"),
                )
                return
            except VersionConflict:
                conflicts.append(name)

    with ThreadPoolExecutor(len(PLAYERS)) as pool:
        list(pool.map(join, PLAYERS))
    return conflicts


def assert_all_joined(store: GameStore, conflicts: list[str]) -> None:
    stored = store.load("g1")
    assert stored is not None
    assert sorted(json.loads(stored.state)) == PLAYERS
    assert stored.version == len(PLAYERS) + 1
    assert all(store.has_delivery(stored, f"update-{name}") for name in PLAYERS)
    assert sorted(stored.pending.values()) == PLAYERS
    assert len(conflicts) >= len(PLAYERS) - 1


@pytest.fixture
def served_store() -> Iterator[DynamoStore]:
    """DynamoStore on a moto server that serves one request at a time."""
    with moto_server() as endpoint:
        client = dynamodb_client(endpoint)
        table = f"jinro-concurrency-{uuid.uuid4().hex}"
        create_table(client, table)
        yield DynamoStore(table, client)


def test_racing_joins_all_land_in_memory() -> None:
    store = MemoryStore()

    conflicts = everyone_joins(store)

    assert_all_joined(store, conflicts)


@pytest.mark.aws
def test_racing_joins_all_land_in_dynamodb(served_store: DynamoStore) -> None:
    conflicts = everyone_joins(served_store)

    assert_all_joined(served_store, conflicts)
