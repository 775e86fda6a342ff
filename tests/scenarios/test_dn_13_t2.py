"""Test 2 of ``deathnote.md`` §13: Investigation (Left), renumbering and ties at 5 players (§5, §6.5,
AMB-16/17/18/32); 2b: every pass times out (§11.5 defaults); 2c: Kira passes the Death Note.

The resolution ends P1's turn, so P2's turn starts in the same step: P2 has already drawn ``AR2``, the
top of the spec's pile after the Investigation.
"""

from __future__ import annotations

import pytest

from tests.games.deathnote.table import Table, cards, table
from tests.scenarios.dn_expect import assert_no_public_leak, buttons, card, counts
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

DRAW_AFTER = ["AR2", "IL3", "IR2", "IR3", "EX3", "EX4", "SV3"]


def setup() -> Table:
    """Identities P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF); round 1, active P1."""
    t = table(
        identities=["PS", "L", "K", "F", "PT"],
        hands=["IL1 EX1", "AR1 SV2", "DN FN", "IL2 IR1", "AL EX2"],
        draw=["SV1", "AR2", "IL3", "IR2", "IR3", "EX3", "EX4", "SV3"],
    )
    assert t.first("turn.drew", 1).params["card"] == card("SV1")
    assert t.hand(1) == cards("IL1 EX1 SV1")
    return t


def investigate(t: Table) -> Table:
    """P1 plays ``IL1``: every living player is prompted once with its §5 candidate set."""
    t.play(1, "IL1")
    assert t.phase == ("pass", 1)
    assert {s: t.candidates(s) for s in range(1, 6)} == {
        1: ["EXCHANGE"],
        2: ["ARREST", "SURVEILLANCE"],
        3: ["DEATH_NOTE", "FAKE_NAME"],
        4: ["INVESTIGATION_LEFT", "INVESTIGATION_RIGHT"],
        5: ["ALIBI"],
    }
    for seat in range(1, 6):
        assert buttons(t, "prompt.pass", seat) == [("pick", c) for c in t.candidates(seat)]
        assert t.first("prompt.pass", seat).params["to"] == seat % 5 + 1
    assert counts(t, "prompt.pass") == dict.fromkeys(range(1, 6), 1)
    assert t.discard == (["IL1"], [])
    return t


def assert_resolved(t: Table, hands: dict[int, str], passed: dict[int, tuple[str, str]]) -> None:
    """Hands, piles and the one private gave/received message per player; the group saw the play, the
    timer line of the secret step and P2's turn, no card."""
    after = t.hands()
    assert after.pop(2) == cards(hands[2], "AR2")
    assert {s: cards(h) for s, h in hands.items() if s != 2} == after
    assert t.first("turn.drew", 2).params["card"] == card("AR2")
    assert t.discard == (["IL1"], [])
    assert t.draw == DRAW_AFTER[1:]
    assert counts(t, "passed") == dict.fromkeys(range(1, 6), 1)
    for seat, (gave, got) in passed.items():
        left, right = seat % 5 + 1, (seat - 2) % 5 + 1
        assert t.first("passed", seat).params | {"hand": None} == {
            "gave": card(gave), "to": left, "got": card(got), "source": right, "hand": None,
        }  # fmt: skip
    assert t.keys() == ["play.INVESTIGATION_LEFT", "step.pass", "turn.start"]
    assert t.first("turn.start").params == {"round": 1, "player": 2, "draw": len(DRAW_AFTER) - 1}
    assert_no_public_leak(t)


def play_t2() -> Table:
    t = investigate(setup())
    t.pick(2, "SV2").pick(3, "FN").pick(4, "IR1").pick(1, "EX1")
    assert t.phase == ("pass", 1)
    t.pick(5, "AL")
    assert_resolved(
        t,
        {1: "SV1 AL", 2: "AR1 EX1", 3: "DN SV2", 4: "IL2 FN", 5: "EX2 IR1"},
        {1: ("EX1", "AL"), 2: ("SV2", "EX1"), 3: ("FN", "SV2"), 4: ("IR1", "FN"), 5: ("AL", "IR1")},
    )
    assert counts(t, "choice.locked") == dict.fromkeys(range(1, 6), 1)
    return t


def play_t2b() -> Table:
    t = investigate(setup())
    t.timeout_all()
    assert_resolved(
        t,
        {1: "SV1 AL", 2: "AR1 EX1", 3: "DN SV2", 4: "IR1 FN", 5: "EX2 IL2"},
        {1: ("EX1", "AL"), 2: ("SV2", "EX1"), 3: ("FN", "SV2"), 4: ("IL2", "FN"), 5: ("AL", "IL2")},
    )
    return t


def play_t2c() -> Table:
    t = investigate(setup())
    t.pick(2, "SV2").pick(3, "DN").pick(4, "IR1").pick(1, "EX1").pick(5, "AL")
    assert_resolved(
        t,
        {1: "SV1 AL", 2: "AR1 EX1", 3: "FN SV2", 4: "IL2 DN", 5: "EX2 IR1"},
        {1: ("EX1", "AL"), 2: ("SV2", "EX1"), 3: ("DN", "SV2"), 4: ("IR1", "DN"), 5: ("AL", "IR1")},
    )
    return t


def test_dn_13_t2_investigation_left() -> None:
    play_t2()


def test_dn_13_t2_refusals() -> None:
    """Nothing outside the candidate set, and one pick each (the locks change nothing)."""
    t = investigate(setup())
    assert t.refused(3, "pick", "SURVEILLANCE") == "choice.not_candidate"
    assert t.refused(1, "pick", "SURVEILLANCE") == "choice.not_candidate"
    t.pick(2, "AR1")
    assert t.refused(2, "pick", "SURVEILLANCE") == "choice.already"


def test_dn_13_t2b_all_time_out() -> None:
    play_t2b()


def test_dn_13_t2c_kira_passes_the_death_note() -> None:
    play_t2c()


def test_dn_13_t2_transcript() -> None:
    check_golden("dn_t2.txt", transcript(play_t2()))


def test_dn_13_t2b_transcript() -> None:
    check_golden("dn_t2b.txt", transcript(play_t2b()))


def test_dn_13_t2c_transcript() -> None:
    check_golden("dn_t2c.txt", transcript(play_t2c()))
