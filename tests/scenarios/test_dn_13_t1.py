"""Test 1 of ``deathnote.md`` §13: setup and the guaranteed deal (§3.1, §3.3 S3-S9, §3.4, AMB-03/06).

1a/1b run the §3.3 deal with no-op shuffles and compare hands and the draw pile card by card; the identity
cards are injected in catalog order (the test mode requires them, §1.4), which is exactly what a no-op S3
shuffle yields. The first turn starts at once, so the start player has already drawn the top card: the
spec's pile is that card plus the pile left. 1c starts 500 real games per player count (random seats,
identities, start player and deal from the seed).
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.games.deathnote.cards import IDENTITIES, items_for, sort_cards
from tests.games.deathnote.table import Table, cards, deal, started
from tests.scenarios.dn_expect import assert_no_public_leak, card, counts, kinds
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SEEDS = range(500)


def dealt(t: Table) -> dict[int, list[str]]:
    """Every hand as dealt: the start player's without the card of its automatic first draw."""
    drawn = t.first("turn.drew", t.state.start_seat).params["card"]
    hands = t.hands()
    start = hands[t.state.start_seat]
    last = t.p(t.state.start_seat).hand[-1]
    assert card(last) == drawn, (last, drawn)
    hands[t.state.start_seat] = [c for c in start if c != last]
    return hands


def assert_deal(t: Table, hands: dict[int, str], draw: str) -> None:
    """The spec's hands and pile (top first), as dealt and as each player was told (§3.4)."""
    pile = draw.split()
    assert dealt(t) == {seat: cards(h) for seat, h in hands.items()}
    assert t.p(1).hand[-1] == pile[0]
    assert t.draw == pile[1:]
    assert t.first("game.setup").params["draw"] == len(pile)
    for seat, h in hands.items():
        told = t.first("identity.card", seat).params
        assert told["hand"] == [card(c) for c in cards(h)]
        assert told["identity"] == (f"identity.{t.p(seat).identity}", {})
        assert told["start"] == 1
    assert t.discard == ([], [])
    assert t.removed == []
    assert (t.phase, t.state.active) == (("turn", 1), 1)


def play_1a() -> Table:
    t = deal(4, shuffle="noop")
    assert [p.identity for p in t.state.players] == [
        "IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA",
    ]  # fmt: skip
    assert_deal(
        t,
        {1: "DN AR1", 2: "FN AL", 3: "IL1 IL2", 4: "IR1 IR2"},
        "EX1 EX2 EX3 EX4 SV1 SV2 SV3",
    )
    assert counts(t, "identity.card") == {1: 1, 2: 1, 3: 1, 4: 1}
    assert_no_public_leak(t)
    return t


def play_1b() -> Table:
    t = deal(6, shuffle="noop")
    assert [p.identity for p in t.state.players] == [
        "IDENT_L", "IDENT_NEAR_MELLO", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA",
        "IDENT_FOLLOWER",
    ]  # fmt: skip
    assert_deal(
        t,
        {1: "DN AR1", 2: "FN AL", 3: "AR2 IL1", 4: "IL2 IL3", 5: "IL4 IR1", 6: "IR2 IR3"},
        "IR4 EX1 EX2 EX3 EX4 EX5 SV1 SV2 SV3 SV4 AP SH",
    )
    assert counts(t, "identity.card") == dict.fromkeys(range(1, 7), 1)
    assert_no_public_leak(t)
    return t


def test_dn_13_t1a_deal_4p() -> None:
    play_1a()


def test_dn_13_t1b_deal_6p() -> None:
    play_1b()


@pytest.mark.property
@pytest.mark.parametrize("n", [4, 5, 6])
def test_dn_13_t1c_guaranteed_deal(n: int) -> None:
    """1c: two cards each, the guaranteed four in hands, the pile size, conservation and identities."""
    pile_size = {4: 7, 5: 8, 6: 12}[n]
    for seed in SEEDS:
        t = started(n, seed=seed)
        hands = dealt(t)
        held = [c for h in hands.values() for c in h]
        assert all(len(h) == 2 for h in hands.values()), (seed, hands)
        assert {"DN", "FN", "AL"} <= set(held), (seed, hands)
        assert kinds(*held).count("ARREST") >= 1, (seed, hands)
        assert t.first("game.setup").params["draw"] == pile_size == len(t.draw) + 1, seed
        assert sort_cards(t.state.items()) == items_for(n), seed
        assert Counter(p.identity for p in t.state.players) == Counter(IDENTITIES[n]), seed
        assert all(len(t.first("identity.card", s).params["hand"]) == 2 for s in range(1, n + 1)), seed


def test_dn_13_t1a_transcript() -> None:
    check_golden("dn_t1a.txt", transcript(play_1a()))


def test_dn_13_t1b_transcript() -> None:
    check_golden("dn_t1b.txt", transcript(play_1b()))
