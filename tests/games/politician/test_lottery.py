"""The lottery after the second runoff (§6.6.4, AMB-13) with the optional interactive draw (§10.6,
``interactiveLottery``): the tied candidates take face-down cards in seat order; one card wins."""

from __future__ import annotations

from core.games.politician.rules import speakers
from tests.games.politician.table import Table, table

FIVE = "human_member human_member human_member reporter wolf_member"


def tied_to_lots(rng: list[int], **options: object) -> Table:
    """Five players; nobody votes in the main vote and both runoffs, so all five go to lots. The first
    scripted draw is the reporter's clue, the second the position of the winning card."""
    t = table(FIVE, rng=rng, interactiveLottery=True, **options)
    t.candidacy().campaign()
    for _ in range(3):
        t.vote({})
    return t


def test_10_6_the_tied_candidates_take_cards_in_seat_order() -> None:
    t = tied_to_lots([0, 3])
    assert t.phase == ("lottery", 1)
    opened = t.first("lottery.open")
    assert opened.params["tied"] == [1, 2, 3, 4, 5]
    assert opened.params["cards"] == 5
    assert t.offered(1) == [("draw", str(c)) for c in range(1, 6)]
    assert t.offered(2) == []
    assert t.refused(2, "draw", "1") == "lottery.not_your_turn"
    t.act(1, "draw", "2")
    assert t.public() == [("lottery.picked", {"player": 1, "card": 2})]
    assert t.said(2) == ["lottery.prompt"]
    assert t.refused(2, "draw", "2") == "lottery.card_taken"
    assert t.offered(2) == [("draw", "1"), ("draw", "3"), ("draw", "4"), ("draw", "5")]


def test_10_6_the_holder_of_the_winning_card_is_elected_by_lottery() -> None:
    # The winning card is the 4th (index 3); seats 1-5 take cards 5, 4, 3, 2, 1: seat 2 holds it.
    t = tied_to_lots([0, 3])
    for seat, card in zip(range(1, 6), "54321", strict=True):
        t.tap(seat, "draw", card)
    assert ("vote.lottery", {"tied": [1, 2, 3, 4, 5], "player": 2}) in t.public()
    assert t.first("elected").params["method"] == ("method.lottery", {})
    assert t.seats == [(2, "human_member", "human")]
    assert t.state.lottery is None


def test_10_6_cards_not_taken_in_time_are_dealt_in_seat_order() -> None:
    t = tied_to_lots([0, 0])
    t.act(1, "draw", "3")
    t.heard = []
    t.close()
    assert [h for h in t.public() if h.key == "lottery.assigned"] == [
        ("lottery.assigned", {"player": 2, "card": 1}),
        ("lottery.assigned", {"player": 3, "card": 2}),
        ("lottery.assigned", {"player": 4, "card": 4}),
        ("lottery.assigned", {"player": 5, "card": 5}),
    ]
    # Card 1 (index 0) wins: dealt to seat 2.
    assert t.first("vote.lottery").params["player"] == 2


def test_10_6_nobody_speaks_while_lots_are_drawn() -> None:
    assert speakers(tied_to_lots([0, 1]).state) == set()


def test_amb_13_without_the_option_the_rng_draws_at_once() -> None:
    t = table(FIVE, rng=[0, 4])
    t.candidacy().campaign()
    for _ in range(3):
        t.vote({})
    assert t.phase != ("lottery", 1)
    assert "lottery.open" not in t.said()
    assert t.first("vote.lottery").params["player"] == 5
