"""Winning and ending (``deathnote.md`` §9; AMB-52..54, AMB-57, AMB-58)."""

from __future__ import annotations

from typing import Any

from tests.games.deathnote.table import Table, table


def to_next_judgment(t: Table) -> Table:
    """Every turn of the round ends by its timer (§11.5 defaults) until the next Judgment opens."""
    for _ in range(60):
        if t.state.phase in ("judgment", "ended"):
            return t
        t.close()
    raise AssertionError(f"no Judgment: {t.phase}")


def last_turn_6p() -> Table:
    """6p: P1 Police(S), P2 Kira (Death Note), P3 L, P4 Follower, P5 Police(TF), P6 L (Near/Mello)."""
    t = table(
        6, identities=["PS", "K", "L", "F", "PT", "NM"],
        hands=["EX1 SV1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "AP IL2"],
        draw=["SV3", "AR2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4", "SH"],
        round=2, active=6, played=[1, 2, 3, 4, 5],
    )  # fmt: skip
    return t.play(6, "SV3", 1)


def test_9_2a_amb52_at_6p_one_eliminated_l_is_not_enough_both_must_go() -> None:
    """AMB-52: Near/Mello out → the game goes on; the L out at the next Judgment → Kira team wins (a)."""
    t = last_turn_6p()
    t.step().name(2, 6).close()
    assert t.result is None
    to_next_judgment(t)
    assert t.phase == ("judgment", 3)
    assert "DN" in t.p(2).hand
    t.step().name(2, 3).close()
    assert (t.state.result, t.state.reason) == ("KIRA_TEAM", "no_l")
    assert t.winners == [2, 4]


def four(**kw: Any) -> Table:
    """4p: P1 Police(S), P2 L, P3 Kira (Death Note), P4 Police(TF); P4 plays the last turn of round 2."""
    t = table(4, identities=["PS", "L", "K", "PT"], hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN AL"],
              draw=["IL2", "IR2", "EX2", "EX3", "EX4", "SV2", "SV3"], round=2, active=4, played=[1, 2, 3],
              **kw)  # fmt: skip
    return t.play(4, "AL")


def test_9_2b_amb53_the_living_l_team_cut_down_to_one_loses_although_the_l_lives() -> None:
    """AMB-53: P1 out (L team 2: go on); P4 out (only the L left) → Kira team wins by (b)."""
    t = four()
    t.step().name(3, 1).close()
    assert t.result is None
    to_next_judgment(t)
    assert t.phase == ("judgment", 3)
    t.step().name(3, 4)
    assert "FN" not in t.p(4).hand
    t.close()
    assert t.alive(2)
    assert (t.state.result, t.state.reason) == ("KIRA_TEAM", "l_team_one")
    assert t.winners == [3]


def test_9_5_amb54_eliminated_players_share_their_teams_win() -> None:
    """AMB-54: P1 (eliminated at Judgment 1) wins with the L team when P2 arrests Kira in round 3."""
    t = four()
    t.step().name(3, 1).close()
    assert t.state.active == 2
    t.play(2, "AR1", 3)
    assert t.result == "L_TEAM"
    assert t.winners == [1, 2, 4]
    lines = t.first("game.over").params["lines"]
    assert lines[0] == ("reveal.line", {
        "player": 1, "identity": ("identity.IDENT_POLICE_SOICHIRO", {}), "status": ("status.eliminated", {}),
        "won": ("reveal.won", {}),
    })  # fmt: skip


def test_9_3_amb57_the_judgment_after_round_20_ends_the_game_as_a_draw() -> None:
    """AMB-57 (``max_rounds`` 20 by default): nobody wins; the draw is announced with every identity."""
    t = table(4, identities=["PS", "L", "K", "PT"], hands=["SV1 EX1", "AR1 IL1", "IR1 EX2", "FN AL"],
              draw=["IL2", "IR2", "DN", "EX3", "EX4", "SV2", "SV3"], round=20, active=4, played=[1, 2, 3],
              ).play(4, "AL")  # fmt: skip
    t.step().close()
    assert (t.result, t.state.reason) == ("draw", "max_rounds")
    assert t.winners == []
    over = t.first("game.over").params
    assert over["result"] == ("result.draw", {})
    assert len(over["lines"]) == 4


def test_9_3_the_judgment_after_round_19_does_not_end_the_game() -> None:
    """§9.3: only the round limit ends it; round 20 starts."""
    t = table(4, identities=["PS", "L", "K", "PT"], hands=["SV1 EX1", "AR1 IL1", "IR1 EX2", "FN AL"],
              draw=["IL2", "IR2", "DN", "EX3", "EX4", "SV2", "SV3"], round=19, active=4, played=[1, 2, 3],
              ).play(4, "AL")  # fmt: skip
    t.step().close()
    assert t.result is None
    assert t.phase == ("turn", 20)


def test_9_5_amb58_the_full_log_is_published_by_default_and_not_when_switched_off() -> None:
    """AMB-58 (``post_game_log``): one ``recap.round`` per round after ``game.over``; none when off."""
    t = four().step().name(3, 1).close()
    t.play(2, "AR1", 3)
    assert "recap.round" in t.said()
    t = four(options={"post_game_log": False}).step().name(3, 1).close()
    t.play(2, "AR1", 3)
    assert "game.over" in t.said()
    assert "recap.round" not in t.said()
