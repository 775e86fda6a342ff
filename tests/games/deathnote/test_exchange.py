"""Exchange (``deathnote.md`` §6.7; AMB-33, AMB-34, AMB-35; §11.2 prompts)."""

from __future__ import annotations

from tests.games.deathnote.table import Table, table, type_of

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF). P1 draws SV1.
FIVE = ["PS", "L", "K", "F", "PT"]
DRAW = ["SV1", "AR2", "IL3", "IR2", "IR3", "EX3", "EX4", "SV3"]


def exchange(p1: str = "DN EX1", p3: str = "FN IL1", target: int = 2) -> Table:
    """P1 (holding ``p1`` + SV1) plays Exchange on ``target``."""
    t = table(5, identities=FIVE, hands=[p1, "AR1 SV2", p3, "IL2 IR1", "AL EX2"], draw=DRAW)
    return t.play(1, "EX", target)


def types(t: Table, seat: int) -> list[str]:
    """``seat``'s hand as card types (what the player sees; instances are internal, §0.2)."""
    return [type_of(c) for c in t.hand(seat)]


def test_6_7_amb33_only_the_target_is_prompted_first_and_the_user_waits() -> None:
    """§6.7.1, §11.2: the target always gets the hand-over prompt; nobody else has a button."""
    t = exchange()
    assert ("play.EXCHANGE", {"player": 1, "target": 2}) in t.group()
    assert t.phase == ("exchange_take", 1)
    assert "prompt.exchange_take" in t.said(2)
    assert [t.offered(s) for s in (1, 3, 4, 5)] == [[], [], [], []]


def test_6_7_amb35_the_target_decides_renumbering_an_l_may_keep_his_arrest() -> None:
    """AMB-35: L with {ARREST, SURVEILLANCE} may hand over either."""
    t = exchange()
    assert t.candidates(2) == ["ARREST", "SURVEILLANCE"]


def test_6_7_amb35_kira_as_target_may_keep_the_death_note() -> None:
    """AMB-35: Kira with {DEATH_NOTE, FAKE_NAME} may hand over either."""
    t = exchange(p1="IL1 EX1", p3="DN FN", target=3)
    assert t.candidates(3) == ["DEATH_NOTE", "FAKE_NAME"]


def test_6_7_amb34_the_user_may_give_back_the_card_just_received() -> None:
    """AMB-34: P1 takes P2's Surveillance and gives a Surveillance straight back; each learns privately
    what moved, the group only that P1 exchanged with P2."""
    t = exchange()
    t.step().pick(2, "SV")
    assert t.first("exchange.handed", 2).params["card"] == "SURVEILLANCE"
    assert t.phase == ("exchange_give", 1)
    prompt = t.first("prompt.exchange_give", 1).params
    assert (prompt["player"], prompt["card"]) == (2, "SURVEILLANCE")
    assert t.offered(1) == [("give", "DEATH_NOTE"), ("give", "SURVEILLANCE")]
    t.give(1, "SV")
    assert types(t, 1) == ["DEATH_NOTE", "SURVEILLANCE"]
    assert types(t, 2) == ["ARREST", "ARREST", "SURVEILLANCE"]  # then P2's turn: he drew AR2
    assert t.first("exchange.gave", 1).params["card"] == "SURVEILLANCE"
    assert t.first("exchange.received", 2).params["card"] == "SURVEILLANCE"
    assert t.public_cards() == []


def test_6_7_amb34_the_user_may_give_away_the_death_note() -> None:
    """§6.7.2, AMB-20: any card, the Death Note included."""
    t = exchange()
    t.step().pick(2, "AR").give(1, "DN")
    assert "DN" in t.p(2).hand
    assert types(t, 1) == ["ARREST", "SURVEILLANCE"]
