"""Elimination (``deathnote.md`` §8; AMB-49, AMB-50, AMB-51; §11.1 the living circle)."""

from __future__ import annotations

from core.engine.commands import Query
from tests.games.deathnote.table import Heard, Table, cards, heard, table

#: 6p: P1 Police(S), P2 Kira (Death Note), P3 L, P4 Follower, P5 Police(TF), P6 L (Near/Mello).
SIX = ["PS", "K", "L", "F", "PT", "NM"]


def judged(target: int) -> Table:
    """P6 plays the last turn of round 2; at Judgment 1 Kira writes ``target``."""
    t = table(
        6, identities=SIX, hands=["EX1 SV1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "AP IL2"],
        draw=["SV3", "AR2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4", "SH"],
        discard=[], round=2, active=6, played=[1, 2, 3, 4, 5],
    )  # fmt: skip
    t.play(6, "SV3", 1)
    return t.step().name(2, target).close()


def me(t: Table, seat: int) -> Heard:
    """``/hand`` from ``seat`` (a new step): the one answer, in that seat's 1:1 chat."""
    t.step(Query(user_id=t.uid(seat), what="me"))
    [answer] = t.heard
    assert answer.to.seats == (seat,)
    return heard(answer)


def test_8_amb49_an_eliminated_l_is_revealed_exactly_and_his_hand_goes_hidden_under_the_pile() -> None:
    """§8.2-3, AMB-49/50: "L (Near/Mello)" is shown; the hand is HIDDEN at the bottom, never listed."""
    t = judged(6)
    assert not t.alive(6)
    assert t.first("judgment.eliminated_l").params == {
        "player": 6,
        "identity": ("identity.IDENT_NEAR_MELLO", {}),
    }
    assert t.discard == (["SV3"], cards("AP IL2"))
    assert [d.hidden for d in t.state.discard] == [True, True, False]  # at the bottom
    assert t.public_cards() == []
    assert t.result is None  # AMB-52: one L is still alive


def test_8_amb49_a_non_l_stays_secret_and_the_living_circle_is_posted_again() -> None:
    """§8.2, §11.1: no identity for an eliminated Police; the circle now skips P5."""
    t = judged(5)
    assert t.first("judgment.eliminated").params == {"player": 5}
    assert "IDENT_" not in repr(t.group())
    lines = t.first("circle").params["lines"]
    assert [line[1]["player"] for line in lines] == [1, 2, 3, 4, 6]
    assert ("circle.line", {"player": 4, "left": 6, "right": 3}) in lines


def test_8_4_amb51_an_eliminated_player_gets_no_turn_no_prompt_and_cannot_be_targeted() -> None:
    """§8.4: P5 is skipped in round 3, not prompted at an Investigation, and no button names him."""
    t = judged(5)
    assert t.phase == ("turn", 3)
    assert t.state.to_play == [1, 2, 3, 4, 6]
    assert ("play.SURVEILLANCE", 5) not in t.offered(1)
    assert t.refused(1, "play.SURVEILLANCE", 5) == "target.invalid"
    assert t.refused(5, "play.SURVEILLANCE", 1) == "not_alive"
    t.play(1, "EX1", 2)
    assert t.told(5) == []
    assert t.offered(5) == []


def test_8_an_eliminated_player_still_sees_his_own_status() -> None:
    """§11.8: ``/hand`` for an eliminated player says so, with no cards and no buttons."""
    t = judged(5)
    answer = me(t, 5)
    assert answer.params["eliminated"] == ("hand.eliminated", {})
    assert answer.params["hand"] == ("status.none", {})
    assert t.hand(5) == cards()
