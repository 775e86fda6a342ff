"""Surveillance and Apple (``deathnote.md`` §6.8, §6.9, AMB-36): only the user sees; the group sees who."""

from __future__ import annotations

from tests.games.deathnote.table import table

SIX = ["L", "NM", "PS", "PT", "K", "F"]
SIX_DRAW = ["IR3", "IR4", "EX2", "EX3", "EX4", "EX5", "SV2", "SV3", "SV4", "IL3", "IL4", "SH"]


def test_6_8_amb36_surveillance_shows_the_whole_hand_to_the_user_only() -> None:
    """§6.8: P1 sees P5's two cards (Death Note included, by type); P5 gets no private message."""
    t = table(6, identities=SIX, hands=["SV1 AP", "FN EX1", "IL1 IL2", "AR1 AR2", "DN AL", "IR1 IR2"],
              draw=SIX_DRAW).play(1, "SV", 5)  # fmt: skip
    assert ("play.SURVEILLANCE", {"player": 1, "target": 5}) in t.group()
    seen = t.first("surveil.result", 1).params
    assert seen["player"] == 5
    assert seen["cards"] == ["DEATH_NOTE", "ALIBI"]
    assert t.told(5) == []
    assert "DEATH_NOTE" not in repr(t.group())
    assert t.p(1).ledger[-1].key == "surveil.result"  # kept for /hand


def test_6_9_amb36_the_apple_shows_the_exact_identity_card_to_the_user_only() -> None:
    """§6.9: P1 sees "L (Near/Mello)", not just "L"; P4 gets no private message."""
    t = table(6, identities=["L", "PS", "PT", "NM", "K", "F"],
              hands=["SV1 AP", "FN EX1", "IL1 IL2", "AR1 AR2", "DN AL", "IR1 IR2"],
              draw=SIX_DRAW).play(1, "AP", 4)  # fmt: skip
    assert ("play.APPLE", {"player": 1, "target": 4}) in t.group()
    seen = t.first("apple.result", 1).params
    assert (seen["player"], seen["identity"]) == (4, ("identity.IDENT_NEAR_MELLO", {}))
    assert t.told(4) == []
    assert "IDENT_" not in repr(t.group())
    assert t.discard == (["AP"], [])
