"""Arrest and Alibi (``deathnote.md`` §6.2, §6.4, §9.1, §9.2 c; AMB-14, AMB-24..28, AMB-56)."""

from __future__ import annotations

from typing import Any

from tests.games.deathnote.table import Table, table

#: 5p: P1 L, P2 Police(S), P3 Kira, P4 Follower, P5 Police(TF); P1 holds both Arrests.
FIVE = ["L", "PS", "K", "F", "PT"]
DRAW = ["SV1", "IL3", "IR3", "EX2", "EX3", "EX4", "SV2", "SV3"]


def five(kira: str = "DN IR1", p5: str = "AL IR2", **kw: Any) -> Table:
    """P1 L ``AR1 AR2``, P2 ``FN EX1``, P3 Kira ``kira``, P4 ``IL1 IL2``, P5 ``p5``; P1 draws SV1."""
    return table(5, identities=FIVE, hands=["AR1 AR2", "FN EX1", kira, "IL1 IL2", p5], draw=DRAW, **kw)


def test_6_2_amb24_a_failed_arrest_exposes_the_arrester_removes_the_card_and_the_game_goes_on() -> None:
    """§6.2: the group learns that P1 is an L and that the arrest failed (one Arrest left); P1's identity
    card stays hidden (AMB-25), the card is REMOVED (AMB-14), nobody's identity is shown."""
    t = five().play(1, "AR1", 2)
    assert ("play.ARREST", {"player": 1, "target": 2}) in t.group()
    assert t.first("arrest.failed").params == {"player": 2, "left": 1}
    assert t.p(1).exposed_l
    assert t.removed == ["AR1"]
    assert t.discard == ([], [])
    assert "IDENT_" not in repr(t.group())
    assert t.result is None
    assert t.phase == ("turn", 1)
    assert t.state.active == 2


def test_6_2_amb27_an_alibi_denial_looks_exactly_like_an_innocent_target() -> None:
    """§6.2.5, §11.6.4: Kira's automatic denial and an innocent target give the same group messages and
    the arrester the same (no) private message; only the engine knows (``alibi_used``)."""
    kira = five(kira="DN AL", p5="IR1 IR2").play(1, "AR1", 3)
    innocent = five(kira="DN AL", p5="IR1 IR2").play(1, "AR1", 4)
    assert kira.p(3).alibi_used
    assert not innocent.p(3).alibi_used
    assert kira.hand(3) == innocent.hand(3)  # the Alibi stays in Kira's hand, unseen

    def seen(t: Table, target: int) -> list[Any]:
        return [(h.key, {k: (v if v != target else "T") for k, v in h.params.items()}) for h in t.group()]

    assert seen(kira, 3) == seen(innocent, 4)
    assert kira.told(1) == innocent.told(1)
    assert kira.told(3) == innocent.told(4) == []
    assert kira.result is None


def test_6_2_amb26_arresting_the_follower_or_the_other_l_is_an_ordinary_failure() -> None:
    """AMB-26: only Kira can be arrested; the other L (6p) is not exposed or revealed by it."""
    t = table(
        6, identities=["L", "NM", "PS", "PT", "K", "F"],
        hands=["AR1 AR2", "FN EX1", "IL1 IL2", "IL3 IL4", "DN IR1", "AL IR2"],
        draw=["IR3", "IR4", "EX2", "EX3", "EX4", "EX5", "SV1", "SV2", "SV3", "SV4", "AP", "SH"],
    )  # fmt: skip
    t.play(1, "AR1", 2)
    assert t.first("arrest.failed").params == {"player": 2, "left": 1}
    assert not t.p(2).exposed_l
    assert t.alive(2)
    t = table(
        6, identities=["L", "NM", "PS", "PT", "K", "F"],
        hands=["AR1 AR2", "FN EX1", "IL1 IL2", "IL3 IL4", "DN IR1", "AL IR2"],
        draw=["IR3", "IR4", "EX2", "EX3", "EX4", "EX5", "SV1", "SV2", "SV3", "SV4", "AP", "SH"],
    ).play(1, "AR1", 6)  # fmt: skip
    assert t.first("arrest.failed").params == {"player": 6, "left": 1}
    assert t.result is None


def test_6_2_9_1_arresting_kira_without_an_alibi_wins_at_once_mid_round() -> None:
    """§6.2.4, §9.1: Kira's identity is shown, the L team (L and both Police) wins in round 1 at P1's turn."""
    t = five().play(1, "AR1", 3)
    assert t.first("arrest.success").params == {"player": 3, "identity": ("identity.IDENT_KIRA", {})}
    assert (t.result, t.state.reason) == ("L_TEAM", "arrest")
    assert t.winners == [1, 2, 5]
    assert t.state.phase == "ended"
    assert "game.over" in t.said()


def test_6_4_amb28_kira_who_already_denied_once_is_caught_although_he_holds_the_alibi() -> None:
    """AMB-28: ``alibi_used`` is per player; the card in hand no longer helps."""
    t = five(kira="DN AL", p5="IR1 IR2", alibi_used=[3]).play(1, "AR1", 3)
    assert "arrest.success" in t.said()
    assert t.result == "L_TEAM"


def test_6_4_an_alibi_protects_only_kira() -> None:
    """§6.4: a Police holding the Alibi is simply not Kira; his ``alibi_used`` stays false."""
    t = five().play(1, "AR1", 5)
    assert "arrest.failed" in t.said()
    assert not t.p(5).alibi_used


def test_9_2c_amb56_by_default_the_last_arrest_failing_does_not_end_the_game() -> None:
    """AMB-56 (4p, one Arrest): "Arrest cards left: 0" and play continues."""
    t = table(4, identities=["L", "PS", "K", "PT"], hands=["AR1 SV1", "FN EX1", "DN IL1", "AL IR1"],
              draw=["IL2", "IR2", "EX2", "EX3", "EX4", "SV2", "SV3"]).play(1, "AR1", 2)  # fmt: skip
    assert t.first("arrest.failed").params == {"player": 2, "left": 0}
    assert t.result is None
    assert t.state.active == 2


def test_9_2c_with_the_house_rule_the_last_failed_arrest_gives_the_kira_team_the_win() -> None:
    """§9.2(c) on (``end_when_no_arrest_left``): every Arrest of the game is REMOVED → Kira team wins."""
    t = table(4, identities=["L", "PS", "K", "PT"], hands=["AR1 SV1", "FN EX1", "DN IL1", "AL IR1"],
              draw=["IL2", "IR2", "EX2", "EX3", "EX4", "SV2", "SV3"],
              options={"end_when_no_arrest_left": True}).play(1, "AR1", 2)  # fmt: skip
    assert (t.result, t.state.reason) == ("KIRA_TEAM", "no_arrest")
    assert t.winners == [3]


def test_9_2c_an_arrest_in_the_discard_pile_is_still_in_the_game() -> None:
    """§9.2(c): with the house rule on, AR2 discarded by a stuck player (not REMOVED) keeps the game going."""
    t = table(5, identities=FIVE, hands=["AR1 SV1", "FN EX1", "DN IR1", "IL1 IL2", "AL IR2"],
              draw=["IL3", "IR3", "EX3", "EX4", "SV2", "SV3"], discard=["AR2", "EX2"],
              options={"end_when_no_arrest_left": True}).play(1, "AR1", 2)  # fmt: skip
    assert t.first("arrest.failed").params == {"player": 2, "left": 1}
    assert t.result is None
    t = table(5, identities=FIVE, hands=["AR1 SV1", "FN EX1", "DN IR1", "IL1 IL2", "AL IR2"],
              draw=["IL3", "IR3", "EX2", "EX3", "EX4", "SV2", "SV3"], removed=["AR2"],
              options={"end_when_no_arrest_left": True}).play(1, "AR1", 2)  # fmt: skip
    assert (t.result, t.state.reason) == ("KIRA_TEAM", "no_arrest")
    assert t.winners == [3, 4]
