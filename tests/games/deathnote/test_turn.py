"""A turn and the round schedule (``deathnote.md`` §4.1, §4.2, §4.4; AMB-09, AMB-10, AMB-15)."""

from __future__ import annotations

from tests.games.deathnote.table import Table, cards, table

#: 4p: P1 Police(S), P2 L, P3 Police(TF), P4 Kira.
FOUR = ["PS", "L", "PT", "K"]


def four(**kw: object) -> Table:
    """15 items: hands of two, the other seven in the draw pile."""
    setup: dict[str, object] = {
        "hands": ["SV1 EX1", "AR1 IL1", "FN IR1", "DN AL"],
        "draw": ["EX2", "EX3", "EX4", "SV2", "SV3", "IL2", "IR2"],
    }
    setup |= kw
    return table(4, identities=FOUR, **setup)  # type: ignore[arg-type]


def finish_round(t: Table) -> Table:
    """Every remaining turn of the round (and its secret steps) ends by its timer (§11.5 defaults)."""
    start = t.state.round
    t.heard = []
    while t.state.phase not in ("judgment", "ended") and t.state.round == start:
        t.close()
    return t


def test_4_2_t1_the_active_player_draws_the_top_card_and_only_he_sees_it() -> None:
    """§4.2 T1: the top card goes into the active hand, privately; the group sees the turn and pile size."""
    t = four()
    assert t.hand(1) == cards("SV1 EX1 EX2")
    assert t.draw == ["EX3", "EX4", "SV2", "SV3", "IL2", "IR2"]
    assert t.first("turn.start").params == {"round": 1, "player": 1, "draw": 6}
    drew = t.first("turn.drew", 1).params
    assert drew["card"] == "EXCHANGE"
    assert all("turn.drew" not in t.said(seat) for seat in (2, 3, 4))


def test_4_2_t3_the_played_card_leaves_the_hand_and_lands_face_up_on_the_discard_pile() -> None:
    """§4.2 T3 (AMB-15): the group sees the type and target; the card is on top of the discard pile."""
    t = four().play(1, "SV1", 2)
    assert t.hand(1) == cards("EX1 EX2")
    assert t.discard == (["SV1"], [])
    assert ("play.SURVEILLANCE", {"player": 1, "target": 2}) in t.group()
    # §4.2 hand-size invariant: between turns every living player holds 2 cards; the next one drew a third.
    assert [len(t.hand(s)) for s in (1, 2, 3, 4)] == [2, 3, 2, 2]
    assert t.state.active == 2


def test_4_4_only_the_active_player_has_buttons_and_targets_are_other_living_players() -> None:
    """§4.4: targeted cards once per other living player, never oneself; nobody else may act."""
    t = four()
    assert ("play.SURVEILLANCE", 1) not in t.offered(1)
    assert [m for m in t.offered(1) if m[0] == "play.SURVEILLANCE"] == [
        ("play.SURVEILLANCE", 2), ("play.SURVEILLANCE", 3), ("play.SURVEILLANCE", 4),
    ]  # fmt: skip
    assert [t.offered(s) for s in (2, 3, 4)] == [[], [], []]


def test_4_4_the_death_note_is_never_offered_and_arrest_only_to_an_l() -> None:
    """§4.4, §6.1, AMB-21: Kira (P4) holding the Death Note gets no button for it; the L (P2) may arrest."""
    t = four(round=1, active=4, played=[1, 2, 3])
    assert t.hand(4) == cards("DN AL EX2")
    assert {m[0] for m in t.offered(4)} == {"play.ALIBI", "play.EXCHANGE"}
    t = four(active=2, played=[1])
    assert [m for m in t.offered(2) if m[0] == "play.ARREST"] == [
        ("play.ARREST", 1), ("play.ARREST", 3), ("play.ARREST", 4),
    ]  # fmt: skip


def test_4_1_amb10_no_judgment_after_round_1_then_one_after_round_2_and_after_every_later_round() -> None:
    """§4.1 schedule: Round 1 → Round 2 → Judgment 1 → Round 3 → Judgment 2."""
    t = four(active=4, played=[1, 2, 3]).play(4, "AL")
    assert t.phase == ("turn", 2)
    assert t.state.active == 1
    assert "judgment.start" not in t.said()
    finish_round(t)
    assert t.phase == ("judgment", 2)
    assert t.first("judgment.start").params["n"] == 1
    t.step().close()  # the morning (Kira's §11.5 default target); the game goes on
    assert t.result is None
    assert t.phase == ("turn", 3)
    finish_round(t)
    assert t.phase == ("judgment", 3)
    assert t.first("judgment.start").params["n"] == 2


def test_4_1_amb09_a_round_starts_with_the_first_living_seat_after_an_eliminated_start_player() -> None:
    """§4.1 (AMB-09): start seat P1 is eliminated at Judgment 1; round 3 starts with P2 and skips P1."""
    t = table(
        5, identities=["PS", "L", "K", "F", "PT"],
        hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
        draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"],
        round=2, active=5, played=[1, 2, 3, 4],
    )  # fmt: skip
    t.play(5, "SV2", 1)
    assert t.phase == ("judgment", 2)
    t.step().name(3, 1).close()
    assert not t.alive(1)
    assert t.phase == ("turn", 3)
    assert t.state.active == 2
    assert t.state.to_play == [2, 3, 4, 5]
    assert t.state.start_seat == 1  # the start seat never changes


def test_4_2_amb12_with_both_piles_empty_the_draw_is_skipped() -> None:
    """AMB-12: no card to draw and none to reshuffle: the turn goes on with the hand as it is."""
    t = table(
        4, identities=FOUR, hands=["SV1 EX1", "IL1 IL2 IR1 IR2", "FN AL EX2 EX3 EX4", "DN AR1 SV2 SV3"],
    )  # fmt: skip
    assert t.hand(1) == cards("SV1 EX1")
    assert t.first("turn.start").params["draw"] == 0
    assert "turn.no_draw" in t.said(1)
    assert "turn.drew" not in t.said(1)
    assert t.offered(1)
