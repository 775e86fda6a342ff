"""Illegal taps are refused with a reason and change nothing (``deathnote.md`` §4.4, §5, §6.10, §8)."""

from __future__ import annotations

from core.engine.commands import Act
from core.engine.notice import Action
from core.engine.result import Rejected
from tests.games.deathnote.table import Table, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF).
FIVE = ["PS", "L", "K", "F", "PT"]
DRAW = ["SV1", "AR2", "IL3", "IR2", "IR3", "EX3", "EX4", "SV3"]


def five(p1: str = "DN EX1", active: int = 1, played: tuple[int, ...] = ()) -> Table:
    return table(5, identities=FIVE, hands=[p1, "AR1 SV2", "FN IL1", "IL2 IR1", "AL EX2"], draw=DRAW,
                 active=active, played=list(played))  # fmt: skip


def test_a_tap_from_an_older_prompt_is_stale() -> None:
    """Buttons carry ``phase_seq``; a tap from an earlier phase is refused ``phase.stale``."""
    t = five()
    assert t.refused(1, "play.SURVEILLANCE", 2, phase_seq=t.state.phase_seq - 1) == "phase.stale"


def test_4_4_only_the_active_player_may_play() -> None:
    assert five().refused(2, "play.SURVEILLANCE", 1) == "turn.not_yours"


def test_4_4_a_card_not_in_hand_cannot_be_played() -> None:
    assert five().refused(1, "play.APPLE", 2) == "card.not_in_hand"
    assert five().refused(1, "play.ALIBI") == "card.not_in_hand"


def test_6_1_the_death_note_can_never_be_played() -> None:
    assert five().refused(1, "play.DEATH_NOTE") == "card.death_note"


def test_4_4_amb21_only_an_l_may_play_an_arrest() -> None:
    """AMB-21: Kira holding an Arrest (P3 draws AR2) has no Arrest button and the tap is refused."""
    t = table(5, identities=FIVE, hands=["DN EX1", "AR1 SV2", "FN IL1", "IL2 IR1", "AL EX2"],
              draw=["AR2", "SV1", "IL3", "IR2", "IR3", "EX3", "EX4", "SV3"], active=3,
              played=[1, 2])  # fmt: skip
    assert "AR2" in t.p(3).hand
    assert all(m[0] != "play.ARREST" for m in t.offered(3))
    assert t.refused(3, "play.ARREST", 2) == "card.arrest_l_only"


def test_4_4_amb23_nobody_targets_himself() -> None:
    t = five(active=2, played=(1,))
    assert t.refused(2, "play.ARREST", 2) == "target.invalid"
    assert t.refused(2, "play.SURVEILLANCE", 2) == "target.invalid"


def test_5_a_card_outside_the_candidates_and_a_second_pick_are_refused() -> None:
    """§5: P1 (Police) must pass his lowest card; after a pick, the choice is locked."""
    t = table(5, identities=FIVE, hands=["IL3 EX1", "AR1 SV2", "FN IL1", "IL2 IR1", "AL EX2"],
              draw=["SV1", "AR2", "DN", "IR2", "IR3", "EX3", "EX4", "SV3"])  # fmt: skip
    t.play(1, "IL3")
    assert t.candidates(1) == ["EXCHANGE"]
    assert t.refused(1, "pick", "SURVEILLANCE") == "choice.not_candidate"
    t.pick(2, "SV")
    assert t.refused(2, "pick", "ARREST") == "choice.already"
    assert t.refused(1, "give", "EXCHANGE") == "choice.not_candidate"


def test_6_7_only_the_target_picks_and_only_the_user_gives_back() -> None:
    t = five().play(1, "EX", 2)
    assert t.refused(3, "pick", "FAKE_NAME") == "choice.not_yours"
    assert t.refused(1, "pick", "SURVEILLANCE") == "choice.not_yours"


def test_6_10_kira_may_not_swap_with_his_own_face_down_card() -> None:
    """AMB-39 (not the §13 Test 8 hands): Kira's own seat is no button at the Shinigami night."""
    t = table(6, identities=["PS", "K", "L", "F", "PT", "NM"],
              hands=["SH EX1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "AP SV1"],
              draw=["SV3", "AR2", "IL2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4"],
              ).play(1, "SH")  # fmt: skip
    t.step().close()
    assert t.phase == ("shinigami_night", 1)
    assert ("name", 2) not in t.offered(2)
    assert t.refused(2, "name", 2) == "target.invalid"


def test_8_4_a_dead_player_and_a_dead_target_are_refused() -> None:
    """§8.4: P1 is eliminated at Judgment 1; he cannot act and cannot be named."""
    t = table(5, identities=FIVE, hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
              played=[1, 2, 3, 4]).play(5, "SV2", 1)  # fmt: skip
    t.step().name(3, 1).close()
    assert not t.alive(1)
    assert t.refused(1, "play.SURVEILLANCE", 2) == "not_alive"
    assert t.refused(2, "play.ARREST", 1) == "target.invalid"


def test_a_stranger_cannot_act() -> None:
    t = five()
    before = t.state.model_dump()
    outcome = t.rules.decide(t.state, Act(user_id="u99", action=Action(kind="play.EXCHANGE", args=(2,))),
                             now=t.now)  # fmt: skip
    assert isinstance(outcome, Rejected)
    assert outcome.reason == "not_player"
    assert t.state.model_dump() == before


def test_4_4_a_card_without_a_target_refuses_a_seat_with_its_own_reason() -> None:
    """§4.4: Fake Name, Alibi and the Investigations take no target; a typed seat gets a reason saying so."""
    t = five(active=3, played=(1, 2))
    assert t.refused(3, "play.FAKE_NAME", 2) == "card.no_target"
    assert t.refused(3, "play.INVESTIGATION_LEFT", 1) == "card.no_target"
    assert t.refused(3, "play.SURVEILLANCE", 3) == "target.invalid"
