"""Investigation (``deathnote.md`` §6.5/§6.6, AMB-32; §13 Test 2 covers the Left card and its ties)."""

from __future__ import annotations

from tests.games.deathnote.table import Table, cards, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF).
FIVE = ["PS", "L", "K", "F", "PT"]


def after_p1_out() -> Table:
    """Judgment 1 eliminates P1; round 3 starts with P2, who draws IR2 and plays Investigation (Right)."""
    t = table(
        5, identities=FIVE, hands=["IR1 SV1", "AR1 EX1", "DN IL1", "FN IL2", "AL SV2"],
        draw=["EX2", "IR2", "IL3", "IR3", "EX3", "EX4", "SV3", "AR2"], round=2, active=5, played=[1, 2, 3, 4],
    )  # fmt: skip
    t.play(5, "SV2", 1)
    t.step().name(3, 1).close()
    assert not t.alive(1)
    assert t.state.active == 2
    return t.play(2, "IR2")


def test_6_6_amb32_every_living_player_is_prompted_and_an_eliminated_seat_is_skipped() -> None:
    """§6.6, §11.2: P2..P5 (P2 included) get the same prompt, forced or not; P1 (out) gets nothing."""
    t = after_p1_out()
    assert ("play.INVESTIGATION_RIGHT", {"player": 2}) in t.group()
    assert [s for s in range(1, 6) if "prompt.pass" in t.said(s)] == [2, 3, 4, 5]
    assert t.first("prompt.pass", 2).params["to"] == 5  # right of P2 = previous living seat, past P1
    assert t.candidates(2) == ["ARREST", "EXCHANGE"]
    assert t.candidates(3) == ["DEATH_NOTE", "INVESTIGATION_LEFT"]
    assert t.candidates(4) == ["FAKE_NAME"]
    assert t.candidates(5) == ["ALIBI"]
    assert t.offered(1) == []


def test_6_6_amb32_picks_are_locked_first_then_all_cards_move_right_at_once() -> None:
    """§6.6.2-3: nothing moves until every pick is in; then each card goes to the previous living seat."""
    t = after_p1_out()
    before = t.hands()
    t.step().pick(2, "EX").pick(3, "IL").pick(4, "FN")
    assert t.hands() == before
    assert t.said(2) == ["choice.locked"]
    t.pick(5, "AL")
    assert t.hands() == {1: [], 2: cards("AR1 IL1"), 3: cards("DN FN IL3"), 4: cards("IL2 AL"),
                         5: cards("EX1 EX2")}  # fmt: skip
    assert t.state.active == 3  # P3's turn began: he drew IL3


def test_6_6_each_player_learns_privately_what_he_gave_to_whom_and_got_from_whom() -> None:
    """§6.6.4-5: one private ``passed`` each; the group hears nothing about the cards."""
    t = after_p1_out()
    t.step().pick(2, "EX").pick(3, "IL").pick(4, "FN").pick(5, "AL")
    passed = t.first("passed", 3).params
    assert (passed["gave"], passed["to"], passed["got"], passed["source"]) == (
        "INVESTIGATION_LEFT", 2, "FAKE_NAME", 4,
    )  # fmt: skip
    assert [s for s in range(1, 6) if "passed" in t.said(s)] == [2, 3, 4, 5]
    assert t.public_cards() == []
