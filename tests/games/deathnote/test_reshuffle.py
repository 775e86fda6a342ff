"""The lazy reshuffle (``deathnote.md`` §4.3; AMB-11, AMB-13, AMB-14)."""

from __future__ import annotations

from tests.games.deathnote.table import cards, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF).
FIVE = ["PS", "L", "K", "F", "PT"]
HANDS = ["SV1 EX1", "AR2 IL1", "DN IR1", "IL2 IR2", "SV2 EX2"]


def test_4_3_amb13_hidden_cards_are_reshuffled_and_removed_arrests_are_not() -> None:
    """§4.3: every discard entry, FACE_UP and HIDDEN, becomes the draw pile (bottom card on top with a
    no-op shuffle); the L-played Arrest in REMOVED never comes back; the group hears the count."""
    t = table(
        5, identities=FIVE, hands=HANDS, removed=["AR1"],
        discard=["FN*", "AL*", "IL3", "IR3", "EX3", "EX4", "SV3"],
    )  # fmt: skip
    assert t.first("pile.reshuffled").params == {"count": 7}
    assert t.hand(1) == cards("SV1 EX1 FN")
    assert t.draw == ["AL", "IL3", "IR3", "EX3", "EX4", "SV3"]
    assert t.discard == ([], [])
    assert t.removed == ["AR1"]


def test_4_3_the_shuffle_gets_the_pile_bottom_to_top_and_its_first_card_is_the_new_top() -> None:
    """§4.3: an injected shuffle result (a permutation of the pile) is the new pile, top first."""
    t = table(
        5, identities=FIVE, hands=HANDS, removed=["AR1"],
        discard=["FN*", "AL*", "IL3", "IR3", "EX3", "EX4", "SV3"],
        shuffle=[["SV3", "EX4", "EX3", "IR3", "IL3", "AL", "FN"]],
    )  # fmt: skip
    assert t.hand(1) == cards("SV1 EX1 SV3")
    assert t.draw == ["EX4", "EX3", "IR3", "IL3", "AL", "FN"]


def test_4_3_amb11_the_reshuffle_waits_until_a_draw_is_needed() -> None:
    """AMB-11: drawing the last card leaves the pile empty; only the next draw reshuffles, and it includes
    the card played in between."""
    t = table(
        5, identities=FIVE, hands=HANDS, draw=["SV3"],
        discard=["FN", "AL", "AR1", "IL3", "IR3", "EX3", "EX4"],
    )  # fmt: skip
    assert t.draw == []
    assert "pile.reshuffled" not in t.said()
    assert t.discard == (["FN", "AL", "AR1", "IL3", "IR3", "EX3", "EX4"], [])
    t.play(1, "SV1", 2)
    assert t.first("pile.reshuffled").params == {"count": 8}
    assert t.hand(2) == cards("AR2 IL1 FN")
    assert t.draw == ["AL", "AR1", "IL3", "IR3", "EX3", "EX4", "SV1"]
    assert t.discard == ([], [])


def test_4_3_amb12_an_empty_draw_with_one_discard_reshuffles_that_one_card() -> None:
    """AMB-12 then §4.3: P1 cannot draw (both piles empty); after his play P2's draw reshuffles it."""
    t = table(
        4, identities=["PS", "L", "PT", "K"],
        hands=["SV1 EX1", "IL1 IL2 IR1 IR2", "FN AL EX2 EX3 EX4", "DN AR1 SV2 SV3"],
    )  # fmt: skip
    assert "pile.reshuffled" not in t.said()
    t.play(1, "SV1", 2)
    assert t.first("pile.reshuffled").params == {"count": 1}
    assert t.hand(2) == cards("IL1 IL2 IR1 IR2 SV1")
    assert t.draw == []
