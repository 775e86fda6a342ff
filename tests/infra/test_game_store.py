"""The store contract, run against every implementation (MemoryStore and DynamoStore on moto).

What the service relies on: a commit lands whole or not at all, a stale decision is refused, a
redelivered update is recognised, and a notice stays pending until it is confirmed sent.
"""

from __future__ import annotations

import json

import pytest

from infra.store import MAX_DELIVERIES, GameStore, StoredGame, VersionConflict


def create(store: GameStore, game_id: str = "g1", **kwargs: object) -> StoredGame:
    args: dict = {"state": '{"phase":"lobby"}', "outbox_add": {}, "delivery_id": None, "expires_at": None}
    return store.commit(game_id, expected_version=0, **{**args, **kwargs})


def advance(store: GameStore, stored: StoredGame, **kwargs: object) -> StoredGame:
    args: dict = {"state": stored.state, "outbox_add": {}, "delivery_id": None, "expires_at": None}
    return store.commit(stored.game_id, expected_version=stored.version, **{**args, **kwargs})


def test_a_game_never_stored_loads_as_none(store: GameStore) -> None:
    assert store.load("nobody") is None


def test_create_stores_version_1_with_state_outbox_and_delivery(store: GameStore) -> None:
    created = create(store, outbox_add={"n1": '{"key":"lobby.opened"}'}, delivery_id="tg:1001")

    loaded = store.load("g1")

    expected = StoredGame("g1", 1, '{"phase":"lobby"}', {"n1": '{"key":"lobby.opened"}'}, ["tg:1001"])
    assert created == expected
    assert loaded == expected


def test_each_commit_increments_the_version_and_replaces_the_state(store: GameStore) -> None:
    first = create(store)

    second = advance(store, first, state='{"phase":"night"}')
    third = advance(store, second, state='{"phase":"day"}')

    assert (second.version, third.version) == (2, 3)
    loaded = store.load("g1")
    assert loaded is not None
    assert (loaded.version, loaded.state) == (3, '{"phase":"day"}')


def test_a_decision_on_a_stale_version_is_refused_and_the_winner_kept(store: GameStore) -> None:
    seen_by_both = create(store)
    advance(store, seen_by_both, state='{"votes":["A"]}', outbox_add={"a": "vote A"}, delivery_id="tg:1")

    with pytest.raises(VersionConflict):
        advance(store, seen_by_both, state='{"votes":["B"]}', outbox_add={"b": "vote B"}, delivery_id="tg:2")

    loaded = store.load("g1")
    assert loaded == StoredGame("g1", 2, '{"votes":["A"]}', {"a": "vote A"}, ["tg:1"])


def test_creating_a_game_that_exists_is_refused(store: GameStore) -> None:
    create(store, state='{"host":"A"}')

    with pytest.raises(VersionConflict):
        create(store, state='{"host":"B"}')

    loaded = store.load("g1")
    assert loaded is not None
    assert (loaded.version, loaded.state) == (1, '{"host":"A"}')


def test_updating_a_game_that_was_never_created_is_refused(store: GameStore) -> None:
    ghost = StoredGame("g1", 4, "{}")

    with pytest.raises(VersionConflict):
        advance(store, ghost)

    assert store.load("g1") is None


def test_notices_stay_in_the_outbox_until_marked_sent(store: GameStore) -> None:
    first = create(store, outbox_add={"n1": "welcome", "n2": "rules"})
    advance(store, first, outbox_add={"n3": "night falls"})

    store.mark_sent("g1", ["n1", "n3", "never-existed"])

    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.outbox == {"n2": "rules"}
    assert loaded.version == 2


def test_marking_sent_between_load_and_commit_neither_conflicts_nor_resends(store: GameStore) -> None:
    loaded = create(store, outbox_add={"n1": "night falls"})

    store.mark_sent("g1", ["n1"])  # the sender confirms while a vote is being decided
    after_vote = advance(store, loaded, state='{"votes":1}', outbox_add={"n2": "vote counted"})

    assert after_vote.version == 2
    assert after_vote.outbox == {"n2": "vote counted"}
    assert store.load("g1") == after_vote


def test_marking_sent_for_a_missing_game_changes_nothing(store: GameStore) -> None:
    store.mark_sent("gone", ["n1"])
    store.mark_sent("gone", [])

    assert store.load("gone") is None


def test_a_redelivered_update_is_recognised(store: GameStore) -> None:
    stored = advance(store, create(store, delivery_id="tg:500"), delivery_id="tg:501")

    assert store.has_delivery(stored, "tg:500")
    assert store.has_delivery(stored, "tg:501")
    assert not store.has_delivery(stored, "tg:502")


def test_commits_without_a_delivery_id_record_none(store: GameStore) -> None:
    stored = advance(store, create(store, delivery_id="line:01H"), delivery_id=None)

    assert stored.deliveries == ["line:01H"]


def test_delivery_ids_are_bounded_and_kept_oldest_first(store: GameStore) -> None:
    stored = create(store, delivery_id="u1")
    for n in range(2, MAX_DELIVERIES + 6):
        stored = advance(store, stored, delivery_id=f"u{n}")

    loaded = store.load("g1")

    expected = [f"u{n}" for n in range(6, MAX_DELIVERIES + 6)]
    assert stored.deliveries == expected
    assert loaded is not None
    assert loaded.deliveries == expected


def test_a_state_near_64_kb_round_trips(store: GameStore) -> None:
    chat = [{"seat": n % 16, "name": "さくら🌸", "text": "投票は明日の朝まで。" * 5} for n in range(320)]
    state = json.dumps({"log": chat}, ensure_ascii=False, separators=(",", ":"))
    assert 60_000 < len(state.encode()) <= 65_536

    created = create(store, state=state)

    loaded = store.load("g1")
    assert created.state == state
    assert loaded is not None
    assert loaded.state == state


def test_changing_a_loaded_game_does_not_change_the_store(store: GameStore) -> None:
    create(store, outbox_add={"n1": "x"}, delivery_id="d1")
    loaded = store.load("g1")
    assert loaded is not None

    loaded.outbox.clear()
    loaded.deliveries.append("d2")

    assert store.load("g1") == StoredGame("g1", 1, '{"phase":"lobby"}', {"n1": "x"}, ["d1"])


def test_pointers_are_set_read_replaced_and_cleared(store: GameStore) -> None:
    assert store.get_pointer("chat", "-100123") is None

    store.set_pointer("chat", "-100123", "g1", expires_at=1_900_000_000)
    store.set_pointer("user", "-100123", "g2")
    assert store.get_pointer("chat", "-100123") == "g1"
    assert store.get_pointer("user", "-100123") == "g2"

    store.set_pointer("chat", "-100123", "g3")
    assert store.get_pointer("chat", "-100123") == "g3"

    store.set_pointer("chat", "-100123", None)
    assert store.get_pointer("chat", "-100123") is None
    assert store.get_pointer("user", "-100123") == "g2"


def test_an_unknown_pointer_kind_is_refused(store: GameStore) -> None:
    with pytest.raises(ValueError, match="pointer kind"):
        store.set_pointer("group", "1", "g1")
    with pytest.raises(ValueError, match="pointer kind"):
        store.get_pointer("game", "1")


def test_a_reply_that_changes_no_game_is_claimed_once_per_delivery(store: GameStore) -> None:
    assert store.claim_reply("tg:900") is True
    assert store.claim_reply("tg:900") is False
    assert store.claim_reply("tg:901") is True
    assert store.load("tg:900") is None  # a claim is no game
