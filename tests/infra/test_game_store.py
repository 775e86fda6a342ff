"""The store contract, run against every implementation (MemoryStore and DynamoStore on moto).

What the service relies on: a commit lands whole or not at all, a stale decision is refused, a
redelivered update is recognised, waiting messages stay until a commit takes them out, the history keeps
every entry in order however long it grows while the item stays small, and no item grows past the bound.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from infra import history
from infra.store import (
    ITEM_LIMIT,
    KEEP,
    MAX_DELIVERIES,
    Change,
    GameStore,
    ItemTooLarge,
    StoredGame,
    VersionConflict,
    blank,
    stored_size,
)


def create(store: GameStore, game_id: str = "g1", **kwargs: object) -> StoredGame:
    change: dict = {"state": '{"phase":"lobby"}', **kwargs}
    return store.commit(blank(game_id), Change(**change))


def test_a_game_never_stored_loads_as_none(store: GameStore) -> None:
    assert store.load("nobody") is None


def test_create_stores_version_1_with_its_state_waiting_messages_and_delivery(store: GameStore) -> None:
    created = create(
        store, pending_add={"n1": '{"text":"ようこそ"}'}, delivery_id="tg:1001", records='{"c":1}'
    )

    loaded = store.load("g1")

    assert loaded == created
    assert (loaded.version, loaded.state, dict(loaded.pending)) == (
        1,
        '{"phase":"lobby"}',
        {"n1": '{"text":"ようこそ"}'},
    )
    assert loaded.records == '{"c":1}'
    assert store.has_delivery(loaded, "tg:1001")
    assert not store.has_delivery(loaded, "tg:1002")


def test_each_commit_increments_the_version_and_keeps_what_it_does_not_change(store: GameStore) -> None:
    first = create(store, records='{"r":1}')

    second = store.commit(first, Change(state='{"phase":"night"}'))
    third = store.commit(second, Change(records='{"r":2}'))

    loaded = store.load("g1")
    assert (second.version, third.version) == (2, 3)
    assert loaded is not None
    assert (loaded.version, loaded.state, loaded.records) == (3, '{"phase":"night"}', '{"r":2}')


def test_a_decision_on_a_stale_version_is_refused_and_the_winner_kept(store: GameStore) -> None:
    seen_by_both = create(store)
    store.commit(
        seen_by_both, Change(state='{"votes":["A"]}', pending_add={"a": "vote A"}, delivery_id="tg:1")
    )

    with pytest.raises(VersionConflict) as conflict:
        store.commit(
            seen_by_both, Change(state='{"votes":["B"]}', pending_add={"b": "vote B"}, delivery_id="tg:2")
        )

    loaded = store.load("g1")
    assert loaded is not None
    # The refusal carries the winner's item, so the loser decides again without reading it.
    assert conflict.value.current == loaded
    assert (loaded.version, loaded.state, dict(loaded.pending)) == (2, '{"votes":["A"]}', {"a": "vote A"})
    assert store.has_delivery(loaded, "tg:1")
    assert not store.has_delivery(loaded, "tg:2")


def test_creating_a_game_that_exists_is_refused(store: GameStore) -> None:
    existing = create(store)

    with pytest.raises(VersionConflict) as conflict:
        create(store, state='{"phase":"other"}')

    assert conflict.value.current == existing == store.load("g1")


def test_waiting_messages_stay_until_a_commit_takes_them_out(store: GameStore) -> None:
    game = create(store, pending_add={"00000001-0000": "a", "00000001-0001": "b"})

    game = store.commit(game, Change(pending_add={"00000002-0000": "c"}))
    game = store.commit(game, Change(pending_remove=["00000001-0000", "missing"]))

    loaded = store.load("g1")
    assert loaded is not None
    assert dict(loaded.pending) == {"00000001-0001": "b", "00000002-0000": "c"}


def test_the_delivery_window_keeps_the_last_deliveries(store: GameStore) -> None:
    game = create(store, delivery_id="u1")
    for n in range(2, MAX_DELIVERIES + 6):
        game = store.commit(game, Change(delivery_id=f"u{n}"))

    loaded = store.load("g1")
    assert loaded is not None
    assert [n for n in range(1, MAX_DELIVERIES + 6) if store.has_delivery(loaded, f"u{n}")] == list(
        range(6, MAX_DELIVERIES + 6)
    )


def test_the_history_keeps_every_entry_in_order_while_the_item_stays_small(store: GameStore) -> None:
    game = create(store, history=json.dumps({"v": 1}))
    for n in range(2, 400):
        digest = hashlib.sha256(str(n).encode()).hexdigest()  # as unlike the other entries as real ones
        entry = json.dumps(
            {"v": n, "id": digest, "text": f"第{n}手: 誰かが何かをしました。"}, ensure_ascii=False
        )
        game = store.commit(game, Change(history=entry))

    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.chunks >= 3, "long histories move into chunks"
    assert len(loaded.tail) < 2 * history.TAIL_BYTES
    assert [json.loads(e)["v"] for e in store.history(loaded)] == list(range(1, 400))
    newest = [json.loads(e)["v"] for e in store.history(loaded, last=1)]
    assert newest == list(range(400 - len(newest), 400))
    assert len(newest) < 399


def test_racing_writers_leave_the_history_whole(store: GameStore) -> None:
    """Two inputs decided on the same version both roll the same tail over; the loser reloads and appends
    its entry after the winner's (a chunk holds only committed entries)."""
    game = create(store, history="0")
    while not (game.tail and len(game.tail) >= history.TAIL_BYTES):
        game = store.commit(
            game, Change(history=json.dumps({"pad": game.version, "x": list(range(game.version))}))
        )
    seen = game

    store.commit(seen, Change(history='"winner"'))
    with pytest.raises(VersionConflict):
        store.commit(seen, Change(history='"loser"'))
    latest = store.load("g1")
    assert latest is not None
    store.commit(latest, Change(history='"loser, again"'))

    final = store.load("g1")
    assert final is not None
    entries = store.history(final)
    assert entries[-2:] == ['"winner"', '"loser, again"']
    assert '"loser"' not in entries
    assert entries[0] == "0"


def test_a_finished_game_gets_its_expiry_and_a_running_one_none(store: GameStore) -> None:
    game = create(store)
    ended = store.commit(game, Change(expires_at=1_767_830_400))
    kept = store.commit(ended, Change(state='{"phase":"ended"}', expires_at=KEEP))
    reopened = store.commit(kept, Change(expires_at=None))

    assert (ended.expires_at, kept.expires_at, reopened.expires_at) == (1_767_830_400, 1_767_830_400, None)
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.expires_at is None


def test_an_item_never_grows_past_the_bound(store: GameStore) -> None:
    game = create(store)
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(3000))  # Japanese that does not compress

    with pytest.raises(ItemTooLarge):
        store.commit(game, Change(pending_add={f"{n:04d}": noise for n in range(30)}))

    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.version == 1, "nothing of a refused commit is written"
    assert not loaded.pending
    fits = store.commit(loaded, Change(pending_add={"0000": noise}))
    assert stored_size(fits) <= ITEM_LIMIT


def test_pointers_name_a_game_until_deleted(store: GameStore) -> None:
    store.set_pointer("chat", "tg:-100", "g1")
    store.set_pointer("user", "tg:5", "g1", expires_at=1_767_830_400)

    assert (store.get_pointer("chat", "tg:-100"), store.get_pointer("user", "tg:5")) == ("g1", "g1")
    store.set_pointer("chat", "tg:-100", None)
    assert store.get_pointer("chat", "tg:-100") is None
    with pytest.raises(ValueError, match="pointer kind"):
        store.get_pointer("group", "x")
