"""The flush lease, against every store: one flush of a game sends at a time, a commit takes it when it is
free (so its committer sends without another write), a crashed holder's lease lapses, and holding it never
gets in the way of playing (docs/storage.md, "Sending the outbox")."""

from __future__ import annotations

import pytest

from infra.store import GameStore, StoredGame

NOW = 1_767_225_600  # 2026-01-01T00:00:00Z


def create(store: GameStore, outbox: dict[str, str]) -> StoredGame:
    return store.commit(
        "g1", expected_version=0, state="{}", outbox_add=outbox, delivery_id=None, expires_at=None
    )


def test_only_one_flush_holds_the_lease_and_it_sees_the_outbox(store: GameStore) -> None:
    create(store, {"n1": "night falls"})

    first = store.acquire_flush("g1", holder="a", until=NOW + 60, now=NOW)
    second = store.acquire_flush("g1", holder="b", until=NOW + 61, now=NOW + 1)

    assert first is not None
    assert (first.outbox, first.lease_holder, first.lease_until) == ({"n1": "night falls"}, "a", NOW + 60)
    assert second is None
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.is_leased(NOW + 59)
    assert not loaded.is_leased(NOW + 60)


def test_a_crashed_holders_lease_lapses(store: GameStore) -> None:
    create(store, {"n1": "night falls"})
    store.acquire_flush("g1", holder="crashed", until=NOW + 60, now=NOW)

    taken = store.acquire_flush("g1", holder="next", until=NOW + 120, now=NOW + 60)

    assert taken is not None
    assert taken.lease_holder == "next"


def test_release_confirms_the_sent_records_the_sends_and_frees_the_lease(store: GameStore) -> None:
    create(store, {"n1": "night falls", "n2": "vote now"})
    store.acquire_flush("g1", holder="a", until=NOW + 60, now=NOW)

    after = store.release_flush("g1", holder="a", sent=["n1"], sends='{"tg:-1":1}')

    assert after is not None
    assert (after.outbox, after.sends, after.lease_holder) == ({"n2": "vote now"}, '{"tg:-1":1}', None)
    assert store.load("g1") == after
    assert store.acquire_flush("g1", holder="b", until=NOW + 61, now=NOW + 1) is not None


def test_playing_goes_on_while_the_lease_is_held_and_the_holder_sees_what_came(store: GameStore) -> None:
    created = create(store, {"n1": "night falls"})
    store.acquire_flush("g1", holder="a", until=NOW + 60, now=NOW)

    voted = store.commit(
        "g1", expected_version=created.version, state='{"votes":1}', outbox_add={"n2": "vote counted"},
        delivery_id="tg:7", expires_at=None,
    )  # fmt: skip
    after = store.release_flush("g1", holder="a", sent=["n1"], sends=None)

    assert (voted.version, voted.lease_holder) == (2, "a")
    assert after is not None
    assert (after.version, after.state, after.outbox) == (2, '{"votes":1}', {"n2": "vote counted"})


def test_a_holder_that_lost_its_lease_still_confirms_what_it_sent(store: GameStore) -> None:
    create(store, {"n1": "night falls", "n2": "vote now"})
    store.acquire_flush("g1", holder="slow", until=NOW + 60, now=NOW)
    store.acquire_flush("g1", holder="next", until=NOW + 120, now=NOW + 60)

    after = store.release_flush("g1", holder="slow", sent=["n1"], sends='{"stale":1}')

    assert after is not None
    assert after.outbox == {"n2": "vote now"}
    assert (after.lease_holder, after.sends) == ("next", "")


def test_no_lease_on_a_missing_game(store: GameStore) -> None:
    assert store.acquire_flush("gone", holder="a", until=NOW + 60, now=NOW) is None
    assert store.release_flush("gone", holder="a", sent=["n1"], sends="{}") is None
    assert store.load("gone") is None


def commit_offering(store: GameStore, version: int, holder: str, until: int, note: str) -> StoredGame:
    """A commit adding the outbox entry ``note`` that offers to take the lease for ``holder``."""
    return store.commit(
        "g1", expected_version=version, state=f'{{"v":{version + 1}}}', outbox_add={note: note},
        delivery_id=None, expires_at=None, flush_holder=holder, lease_until=until,
    )  # fmt: skip


def test_a_commit_takes_the_free_lease_for_its_committer(store: GameStore) -> None:
    created = commit_offering(store, 0, "c", NOW + 60, "n1")

    assert (created.lease_holder, created.lease_until, created.outbox) == ("c", NOW + 60, {"n1": "n1"})
    assert created.is_held_by("c", NOW + 59)
    assert store.acquire_flush("g1", holder="other", until=NOW + 61, now=NOW + 1) is None
    released = store.release_flush("g1", holder="c", sent=["n1"], sends=None)
    assert released is not None
    assert (released.outbox, released.lease_holder) == ({}, None)
    assert commit_offering(store, 1, "d", NOW + 70, "n2").lease_holder == "d", "free again after release"


def test_a_commit_never_fails_on_a_held_lease_and_leaves_it_to_its_holder(store: GameStore) -> None:
    created = create(store, {"n1": "night falls"})
    assert created.lease_holder is None, "a commit that offers nothing takes nothing"
    store.acquire_flush("g1", holder="a", until=NOW + 60, now=NOW)

    voted = commit_offering(store, created.version, "b", NOW + 65, "n2")
    after = store.release_flush("g1", holder="a", sent=["n1"], sends=None)

    assert (voted.version, voted.lease_holder, voted.lease_until) == (2, "a", NOW + 60)
    assert after is not None
    assert after.outbox == {"n2": "n2"}, "the holder sees what came while it held the lease"


def test_a_commit_leaves_a_lapsed_lease_for_acquire_flush_to_take_over(store: GameStore) -> None:
    created = create(store, {"n1": "night falls"})
    store.acquire_flush("g1", holder="crashed", until=NOW + 60, now=NOW)

    voted = commit_offering(store, created.version, "b", NOW + 120, "n2")
    taken = store.acquire_flush("g1", holder="b", until=NOW + 120, now=NOW + 60)

    assert (voted.lease_holder, voted.is_held_by("b", NOW + 60)) == ("crashed", False)
    assert taken is not None
    assert (taken.lease_holder, taken.outbox) == ("b", {"n1": "night falls", "n2": "n2"})


def test_a_lease_offer_needs_a_holder_and_an_end(store: GameStore) -> None:
    with pytest.raises(ValueError, match="go together"):
        store.commit(
            "g1", expected_version=0, state="{}", outbox_add={}, delivery_id=None, expires_at=None,
            flush_holder="c",
        )  # fmt: skip
    assert store.load("g1") is None
