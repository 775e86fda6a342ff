"""DEATH NOTE 人狼's readings of the original instructions as host options (docs/rules/deathnote-decisions.md
D21-D26): what the scenario files (tests/scenarios/printed_*.json) do not show, each against the default."""

from __future__ import annotations

from tests.games.deathnote.table import table

SIX = ["K", "F", "L", "NM", "PS", "PT"]
HANDS = ["DN SV1", "FN EX1", "AR1 EX2", "AR2 EX3", "AL SV2", "AP SV3"]
DRAW = ["SH", "IL1", "IL2", "IL3", "IL4", "IR1", "IR2", "IR3"]
DISCARD = ["IR4", "EX4", "EX5", "SV4"]


def test_d23_a_shinigami_drawn_on_the_turn_is_still_played_after_the_draw() -> None:
    t = table(identities=SIX, hands=HANDS, draw=DRAW, discard=DISCARD, options={"shinigami_first": True})
    assert t.first("turn.drew", 1).params["card"] == "SHINIGAMI"
    assert t.kinds(1) == ["DEATH_NOTE", "SURVEILLANCE", "SHINIGAMI"]
    assert [m[0] for m in t.offered(1)] == ["play.SHINIGAMI"]
    assert not t.state.late_draw


def test_d21_one_eliminated_l_ends_nothing_without_the_option() -> None:
    t = table(identities=SIX, hands=HANDS, draw=DRAW, discard=DISCARD, round=2, played=[1, 2, 3, 4, 5, 6])
    t.name(1, 3).timeout_all()
    assert t.result is None
    assert not t.alive(3)


def test_d24_without_the_option_there_is_no_decline() -> None:
    four = ["K", "PS", "L", "PT"]
    hands = ["DN SV1", "FN EX1", "AR1 EX2", "AL SV2"]
    t = table(identities=four, hands=hands, draw=["EX3", "SV3", "EX4"], discard=["IL1", "IL2", "IR1", "IR2"],
              round=2, active=4, played=[1, 2, 3])  # fmt: skip
    t.play(4, "EX3", 2).pick(2, "FN")
    assert "decline" not in [m[0] for m in t.offered(4)]
    assert t.refused(4, "decline") == "choice.not_candidate"
