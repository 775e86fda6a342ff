"""Setup (``deathnote.md`` §3.3, §3.4; AMB-03, AMB-06, AMB-07; §13 Test 1 covers 4p and 6p)."""

from __future__ import annotations

from tests.games.deathnote.table import cards, deal


def test_3_3_amb03_5p_guaranteed_deal_with_no_op_shuffles() -> None:
    """S5-S8 at 5 players: AR2 stays with the rest (AMB-03); bundle = core + AR2 IL1 IL2 IL3 IR1 IR2."""
    t = deal(5)
    assert [p.identity for p in t.state.players] == [
        "IDENT_L", "IDENT_POLICE_SOICHIRO", "IDENT_POLICE_TASKFORCE", "IDENT_KIRA", "IDENT_FOLLOWER",
    ]  # fmt: skip
    assert t.hand(1) == cards("DN AR1 IR3")  # the start player has drawn the top card
    assert [t.hand(s) for s in (2, 3, 4, 5)] == [cards("FN AL"), cards("AR2 IL1"), cards("IL2 IL3"),
                                                 cards("IR1 IR2")]  # fmt: skip
    assert t.draw == ["EX1", "EX2", "EX3", "EX4", "SV1", "SV2", "SV3"]


def test_3_3_s8_the_pairs_are_dealt_clockwise_from_the_start_player() -> None:
    """S8 (AMB-06): with start P3 the first pair (DN, AR1) goes to P3, the next to P4, and so on."""
    t = deal(4, start=3)
    assert (t.state.active, t.state.round) == (3, 1)
    assert t.hand(3) == cards("DN AR1 EX1")
    assert [t.hand(s) for s in (4, 1, 2)] == [cards("FN AL"), cards("IL1 IL2"), cards("IR1 IR2")]


def test_3_4_every_player_gets_the_same_private_setup_and_the_group_the_public_facts() -> None:
    """§3.4: one ``identity.card`` each, same structure; public: circle, start, composition, draw size."""
    t = deal(5)
    public = t.first("game.setup").params
    assert (public["start"], public["count"], public["draw"]) == (1, 5, 8)
    assert ("composition.line", {"card": ("identity.IDENT_FOLLOWER", {}), "count": 1}) in public["identities"]
    assert ("composition.line", {"card": "ARREST", "count": 2}) in public["items"]
    assert "IDENT_KIRA" not in repr([public["circle"], public["start"]])
    params = [t.first("identity.card", s).params for s in range(1, 6)]
    assert {tuple(sorted(p)) for p in params} == {tuple(sorted(params[0]))}
    assert params[3]["identity"] == ("identity.IDENT_KIRA", {})
    assert params[1]["hand"] == ["FAKE_NAME", "ALIBI"]


def test_3_4_amb07_nobody_learns_a_partner_at_setup() -> None:
    """AMB-07/08: Kira and the Follower are not introduced at setup (nor the two L's at 6p)."""
    t = deal(6)
    assert not t.state.recognised
    assert all(line.key != "ledger.partner" for p in t.state.players for line in p.ledger)
    assert all("partner" not in t.first("identity.card", s).params for s in range(1, 7))
