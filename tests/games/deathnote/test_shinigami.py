"""Shinigami (``deathnote.md`` §6.10; AMB-37..41); §13 Test 8 covers the drawn Shinigami and its swap."""

from __future__ import annotations

from tests.games.deathnote.table import Table, cards, table

#: 6p: P1 Police(S), P2 Kira, P3 L, P4 Follower, P5 Police(TF), P6 L (Near/Mello).
SIX = ["PS", "K", "L", "F", "PT", "NM"]


def held(**kw: object) -> Table:
    """P6 has held the Shinigami since an earlier turn and draws SV3 on the last turn of round 2."""
    return table(
        6, identities=SIX, hands=["EX1 SV1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "SH AP"],
        draw=["SV3", "AR2", "IL2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4"],
        round=2, active=6, played=[1, 2, 3, 4, 5], **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def test_6_10_amb37_a_shinigami_held_from_earlier_is_the_only_play_after_the_draw() -> None:
    """AMB-37: not just a drawn one: a Shinigami already in hand is the one and only play."""
    t = held()
    assert t.hand(6) == cards("SH AP SV3")
    assert t.offered(6) == [("play.SHINIGAMI",)]
    assert t.refused(6, "play.APPLE", 1) == "card.shinigami_forced"


def test_6_10_amb38_everyone_lays_a_card_face_down_with_the_candidate_rule() -> None:
    """AMB-38: every living player, the user and Kira included, is prompted with his §5 candidates."""
    t = held().play(6, "SH")
    assert ("play.SHINIGAMI", {"player": 6}) in t.group()
    assert [s for s in range(1, 7) if "prompt.face_down" in t.said(s)] == [1, 2, 3, 4, 5, 6]
    assert [t.candidates(s) for s in range(1, 7)] == [
        ["EXCHANGE"], ["DEATH_NOTE", "INVESTIGATION_LEFT"], ["ARREST", "INVESTIGATION_RIGHT"], ["FAKE_NAME"],
        ["ALIBI"], ["SURVEILLANCE"],
    ]  # fmt: skip


def test_6_10_amb41_only_kira_sees_the_face_down_cards_the_follower_only_meets_him() -> None:
    """§6.10.2: Kira's screen lists every face-down card with its owner; the Follower's screen and
    everyone else's have none; the first night recognises the pair (§7.3)."""
    t = held().play(6, "SH")
    t.step().pick(2, "DN").pick(3, "IR").timeout_all()
    assert t.phase == ("shinigami_night", 2)
    kira = t.first("night.shinigami", 2).params
    assert kira["table"] == [
        ("night.face_down.line", {"player": 1, "card": "EXCHANGE"}),
        ("night.face_down.line", {"player": 2, "card": "DEATH_NOTE"}),
        ("night.face_down.line", {"player": 3, "card": "INVESTIGATION_RIGHT"}),
        ("night.face_down.line", {"player": 4, "card": "FAKE_NAME"}),
        ("night.face_down.line", {"player": 5, "card": "ALIBI"}),
        ("night.face_down.line", {"player": 6, "card": "SURVEILLANCE"}),
    ]
    follower = t.first("night.shinigami", 4).params
    assert follower["table"] == []
    assert follower["laid"] == "FAKE_NAME"
    assert follower["partner"] == ("night.partner", {"player": 2, "role": "KIRA"})
    assert all(t.first("night.shinigami", s).params["table"] == [] for s in (1, 3, 5, 6))
    assert {m[0] for m in t.offered(4)} == {m[0] for m in t.offered(2)}  # the same kind of screen


def test_6_10_kira_who_laid_the_death_note_swaps_his_other_card_and_it_comes_back_to_him() -> None:
    """§6.10 strategy note: Kira lays the Death Note (it returns to him) and swaps IL for P1's Exchange;
    the Follower's tap is a decoy that moves nothing; the night never ends early."""
    t = held().play(6, "SH")
    t.step().pick(2, "DN").pick(3, "IR").timeout_all()
    t.step().name(2, 1).name(4, 5)
    for seat in (1, 3, 5, 6):
        t.name(seat, 2)
    assert t.phase == ("shinigami_night", 2)  # everybody tapped; the night still runs its fixed time
    t.close()
    assert t.hands() == {1: cards("IL1 SV1"), 2: cards("DN EX1"), 3: cards("AR1 IR1"), 4: cards("FN EX3"),
                         5: cards("AL SV2"), 6: cards("AP SV3")}  # fmt: skip
    assert t.first("shinigami.returned", 1).params["card"] == "INVESTIGATION_LEFT"
    assert t.first("shinigami.returned", 5).params["card"] == "ALIBI"


def test_4_1_a_shinigami_on_the_last_turn_adds_a_night_and_the_judgment_still_follows() -> None:
    """§4.1: a Shinigami never replaces a Judgment: round 2's Judgment opens after its morning."""
    t = held().play(6, "SH")
    t.step().timeout_all()
    assert t.phase == ("shinigami_night", 2)
    t.step().close()
    assert t.said()[:2] == ["shinigami.left", "judgment.start"]
    assert t.phase == ("judgment", 2)
    assert t.discard == (["SH"], [])
