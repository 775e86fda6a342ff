"""Judgment time (``deathnote.md`` §7, §11.2, §11.3; AMB-07, AMB-43..48, AMB-55, AMB-59)."""

from __future__ import annotations

from typing import Any

from core.engine.commands import Timeout
from core.games.deathnote.view import project
from tests.games.deathnote.table import RULES, Table, table

#: 5p: P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF).
FIVE = ["PS", "L", "K", "F", "PT"]


def night(kira: str = "DN IR1", p1: str = "SV1 EX1", p4: str = "FN IL2", **kw: Any) -> Table:
    """P5 plays the last turn of round 2 (Surveillance on P1); Judgment 1 opens."""
    t = table(5, identities=FIVE, hands=[p1, "AR1 IL1", kira, p4, "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
              played=[1, 2, 3, 4], **kw)  # fmt: skip
    t.play(5, "SV2", 1)
    assert t.phase == ("judgment", 2)
    return t


def test_7_2_11_2_every_living_player_gets_the_same_night_screen_only_kiras_note_is_real() -> None:
    """§7.2.1, §11.2: the same prompt and the same kind of buttons for all; the mode says write/decoy."""
    t = night()
    assert t.first("judgment.start").params == {"n": 1, "seconds": 45}
    modes = {s: t.first("night.judgment", s).params["mode"] for s in range(1, 6)}
    assert modes == {1: ("night.mode.decoy", {}), 2: ("night.mode.decoy", {}), 3: ("night.mode.write", {}),
                     4: ("night.mode.decoy", {}), 5: ("night.mode.decoy", {})}  # fmt: skip
    for seat in range(1, 6):
        others = [s for s in range(1, 6) if s != seat]
        assert [m for m in t.offered(seat) if m[0] == "name"] == [("name", s) for s in others]
        assert {m[0] for m in t.offered(seat)} == {"name", "signal.point", "signal.yes", "signal.no",
                                                   "signal.ask"}  # fmt: skip


def test_7_2_amb47_the_night_never_ends_early_and_the_group_is_silent() -> None:
    """AMB-47, §11.3, AMB-59: after every tap the night still runs; nobody may post in the group; an
    early timer is refused and changes nothing."""
    t = night()
    t.step()
    for seat in range(1, 6):
        t.name(seat, 1 if seat != 1 else 2)
    assert t.phase == ("judgment", 2)
    assert t.group() == []
    assert RULES.speakers(t.state) == set()
    assert t.state.deadline_at == t.now + 45
    assert RULES.decide(t.state, _timeout(t), now=t.now + 44).reason == "phase.stale"  # type: ignore[union-attr]


def _timeout(t: Table) -> Timeout:
    return Timeout(phase_seq=t.state.phase_seq)


def test_7_2_amb48_the_last_tap_counts_and_the_written_name_is_public() -> None:
    """§7.2.3: Kira changes his mind; the morning names P5 (not P2) and eliminates him."""
    t = night()
    t.step().name(3, 2).name(3, 5).close()
    assert t.first("judgment.eliminated").params == {"player": 5}
    assert t.alive(2)
    assert not t.alive(5)


def test_7_2_amb44_kira_may_write_the_follower_but_never_himself() -> None:
    """AMB-44, AMB-55: the Follower can be written (and is eliminated); Kira's own name is no button."""
    t = night(p1="SV1 FN", p4="EX1 IL2")
    assert ("name", 3) not in t.offered(3)
    assert t.refused(3, "name", 3) == "target.invalid"
    t.step().name(3, 4).close()
    assert not t.alive(4)
    assert t.first("judgment.eliminated").params == {"player": 4}


def test_7_2_amb43_kira_without_the_death_note_wakes_but_nothing_is_written() -> None:
    """AMB-43: Kira's screen says he has no Death Note; his tap is a decoy; "Nobody was eliminated"."""
    t = night(kira="IR1 EX1", p1="SV1 DN")
    assert t.first("night.judgment", 3).params["mode"] == ("night.mode.no_note", {})
    t.step().name(3, 2).close()
    assert "judgment.nobody" in t.said()
    assert all(t.alive(s) for s in range(1, 6))


def test_7_3_amb07_kira_and_the_follower_meet_at_the_first_night_not_at_setup() -> None:
    """AMB-07: the identity cards of setup name no partner; the first night's screen does, once, and
    the fact stays in their private status (§11.8)."""
    t = table(5, identities=FIVE, hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
              played=[1, 2, 3, 4])  # fmt: skip
    for seat in (3, 4):
        assert "partner" not in t.first("identity.card", seat).params
        assert project(t.state, seat)["partner"] is None
    assert not t.state.recognised
    t.play(5, "SV2", 1)
    assert t.first("night.judgment", 3).params["partner"] == (
        "night.partner",
        {"player": 4, "role": "FOLLOWER"},
    )
    assert t.first("night.judgment", 4).params["partner"] == ("night.partner", {"player": 3, "role": "KIRA"})
    assert all(t.first("night.judgment", s).params["partner"] == "" for s in (1, 2, 5))
    assert project(t.state, 4)["partner"] == 3
    assert project(t.state, 3)["partner"] == 4


def test_7_3_in_4p_kira_wakes_alone() -> None:
    """§7.3: no Follower at 4 players: Kira's night screen names no partner."""
    t = table(4, identities=["PS", "L", "K", "PT"], hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN AL"],
              draw=["IL2", "IR2", "EX2", "EX3", "EX4", "SV2", "SV3"], round=2, active=4,
              played=[1, 2, 3]).play(4, "FN")  # fmt: skip
    assert t.phase == ("judgment", 2)
    assert t.first("night.judgment", 3).params["partner"] == ""
    assert not t.state.recognised
