"""The stuck hand (``deathnote.md`` §4.5, AMB-22): no legal card → an Arrest is discarded without effect."""

from __future__ import annotations

from tests.games.deathnote.table import Table, cards, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF). P1 holds DN+AR1 and draws AR2.
DRAW = ["AR2", "IL3", "IR3", "EX2", "EX3", "EX4", "SV2", "SV3"]


def stuck(identities: list[str]) -> Table:
    return table(
        5, identities=identities, hands=["DN AR1", "FN AL", "IL1 IR1", "IL2 IR2", "EX1 SV1"], draw=DRAW,
    )  # fmt: skip


def test_4_5_a_police_holding_only_the_death_note_and_arrests_must_discard_an_arrest() -> None:
    """§4.5: the only button is the discard; the Arrest goes face up on the discard pile (not REMOVED),
    nobody is arrested, the player is not exposed as an L, and the group hears the no-effect discard."""
    t = stuck(["PS", "L", "K", "F", "PT"])
    assert t.hand(1) == cards("DN AR1 AR2")
    assert t.offered(1) == [("discard", "ARREST")]
    t.act(1, "discard", "ARREST")
    assert t.hand(1) == cards("DN AR2")
    assert t.discard == (["AR1"], [])
    assert t.removed == []
    assert not t.p(1).exposed_l
    assert ("play.stuck", {"player": 1}) in t.group()
    assert not [k for k in t.said() if k.startswith("arrest.")]
    assert t.state.active == 2


def test_4_5_kira_cannot_play_an_arrest_either_and_is_stuck_the_same_way() -> None:
    """§4.5 (AMB-17/21): Kira with the Death Note and Arrests only has the discard."""
    t = stuck(["K", "L", "PS", "F", "PT"])
    assert t.offered(1) == [("discard", "ARREST")]


def test_4_5_an_l_with_the_same_hand_is_not_stuck() -> None:
    """§4.4: an L holding the Death Note and two Arrests may arrest; there is no discard button."""
    t = stuck(["L", "PS", "K", "F", "PT"])
    assert {m[0] for m in t.offered(1)} == {"play.ARREST"}


def test_4_5_11_5_on_timeout_the_first_arrest_is_discarded() -> None:
    """§11.5: nothing legal at the timeout → §4.5 with the first Arrest in catalog order."""
    t = stuck(["PS", "L", "K", "F", "PT"]).step().close()
    assert t.discard == (["AR1"], [])
    assert t.hand(1) == cards("DN AR2")
    assert ("play.stuck", {"player": 1}) in t.group()


def test_4_5_without_an_arrest_either_the_player_plays_nothing_and_the_turn_ends() -> None:
    """§4.5 last case: only the Death Note in hand and nothing to draw → no play; the next seat plays."""
    t = table(
        4, identities=["PS", "L", "K", "PT"],
        hands=["DN", "AR1 FN AL IL1", "IL2 IR1 IR2 EX1", "EX2 EX3 EX4 SV1 SV2 SV3"],
    )  # fmt: skip
    assert ("play.nothing", {"player": 1}) in t.group()
    assert t.hand(1) == ["DN"]
    assert t.state.active == 2
    assert t.offered(1) == []
