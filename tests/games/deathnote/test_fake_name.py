"""Fake Name and no-effect plays (``deathnote.md`` §6.3, §6.4, §7.2; AMB-29, AMB-30, AMB-31)."""

from __future__ import annotations

from typing import Any

from tests.games.deathnote.table import Table, cards, table

#: 5p: P1 Police(S), P2 L, P3 Kira (Death Note), P4 Follower, P5 Police(TF); the last turn of round 2.
FIVE = ["PS", "L", "K", "F", "PT"]


def last_turn(p5: str = "FN EX2", round: int = 2, **kw: Any) -> Table:
    """P5 (holding ``p5``) draws the Alibi on the last turn of round 2; Judgment 1 follows his play."""
    hands = ["SV1 EX1", "AR1 IL1", "DN IR1", "IL2 IR2", p5]
    rest = [c for c in cards("FN EX2 EX3") if c not in p5.split()]
    draw = ["AL", "AR2", "IL3", "IR3", *rest, "EX4", "SV2", "SV3"]
    return table(5, identities=FIVE, hands=hands, draw=draw,
                 round=round, active=5, played=[1, 2, 3, 4], **kw)  # fmt: skip


def test_6_3_amb29_playing_the_fake_name_has_no_effect_and_is_not_a_use() -> None:
    """AMB-29: the card goes face up to the discard pile; ``fake_name_used`` stays false."""
    t = last_turn(round=1).play(5, "FN")
    assert ("play.FAKE_NAME", {"player": 5}) in t.group()
    assert t.discard == (["FN"], [])
    assert not t.p(5).fake_name_used


def test_6_4_amb29_playing_the_alibi_has_no_effect_and_is_not_a_use() -> None:
    """AMB-29: the Alibi played goes face up to the discard pile; ``alibi_used`` stays false."""
    t = last_turn().play(5, "AL")
    assert ("play.ALIBI", {"player": 5}) in t.group()
    assert t.discard == (["AL"], [])
    assert not t.p(5).alibi_used


def test_6_3_amb30_31_the_limit_is_per_player_so_another_holder_is_still_saved_once() -> None:
    """AMB-31: P2 used a Fake Name before; P5 now holds the card and is saved: shown to everyone, the card
    stays in P5's hand (AMB-30), P5's own flag is set."""
    t = last_turn(fake_name_used=[2]).play(5, "AL")
    assert t.phase == ("judgment", 2)
    t.step().name(3, 5).close()
    assert t.first("judgment.saved").params == {"player": 5}
    assert t.alive(5)
    assert t.hand(5) == cards("FN EX2")
    assert t.p(5).fake_name_used
    assert t.p(2).fake_name_used
    assert "judgment.eliminated" not in t.said()


def test_6_3_amb31_a_player_whose_fake_name_was_used_is_eliminated_even_holding_it() -> None:
    """AMB-31: the public flag is set for P5; written again, P5 is eliminated with the card in hand."""
    t = last_turn(fake_name_used=[5]).play(5, "AL")
    t.step().name(3, 5).close()
    assert not t.alive(5)
    assert t.first("judgment.eliminated").params == {"player": 5}
    assert "judgment.saved" not in t.said()
    assert t.discard == (["AL"], cards("FN EX2"))


def test_7_2_a_fake_name_in_someone_elses_hand_does_not_help_the_written_player() -> None:
    """§7.2.4: only ``FAKE_NAME ∈ HAND(T)`` saves T."""
    t = last_turn().play(5, "AL")
    t.step().name(3, 1).close()
    assert not t.alive(1)
    assert t.first("judgment.eliminated").params == {"player": 1}
