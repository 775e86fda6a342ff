"""Test 4 of ``deathnote.md`` §13: the Alibi denies one Arrest per player, an L's Arrest leaves the game
and the reshuffle leaves it out; a Judgment without the Death Note (§6.2, §6.4, §4.3, §7.2,
AMB-14/24/27/28).

Copies of a type are alike for players (§0.2) and the engine hands over the lowest copy (catalog order):
in step 2 P3 gives back "an Investigation (Right)", which is ``IR1`` for the engine where the spec wrote
``IR2``. Hands holding those copies are compared by type.
"""

from __future__ import annotations

import pytest

from tests.games.deathnote.table import Table, cards, table
from tests.scenarios.dn_expect import assert_no_public_leak, card, counts, kinds, night_screen
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough


def setup() -> Table:
    """P1 Police(S), P2 L, P3 Kira, P4 Follower, P5 Police(TF); recognised; round 3, P1 has played."""
    t = table(
        identities=["PS", "L", "K", "F", "PT"],
        hands=["IR1 SV3", "AR1 AR2", "AL IR2", "IL1 FN", "DN SV2"],
        draw=["SV1", "EX2", "EX3", "EX4", "EX1"],
        discard=["IL2", "IL3", "IR3"],
        round=3, active=2, played=[1], recognised=True, shuffle="noop",
    )  # fmt: skip
    assert t.first("turn.drew", 2).params["card"] == card("SV1")
    return t


def step1_denied() -> Table:
    """1. P2 draws ``SV1`` and arrests P3 (Kira, unused Alibi): automatic denial, public failure."""
    t = setup()
    t.play(2, "AR1", 3)
    assert t.keys() == ["play.ARREST", "arrest.failed", "turn.start"]
    assert t.first("arrest.failed").params == {"player": 3, "left": 1}
    assert t.p(2).exposed_l
    assert t.removed == ["AR1"]
    assert t.p(3).alibi_used
    assert t.hand(3) == cards("AL IR2 EX2")
    assert (t.result, t.phase, t.state.active) == (None, ("turn", 3), 3)
    return t


def test_dn_13_t4_denial_reads_like_an_innocent_target() -> None:
    """§11.6 (4): the same public text and the same private messages as an arrest of an innocent; the
    arrester is not told which case happened, Kira gets no extra message."""
    denied = step1_denied()
    innocent = setup()
    innocent.play(2, "AR1", 5)
    assert innocent.keys() == denied.keys()
    assert innocent.first("arrest.failed").params == {"player": 5, "left": 1}
    assert not innocent.p(5).alibi_used
    for seat in range(1, 6):
        assert innocent.keys(seat) == denied.keys(seat), seat
    assert denied.keys(2) == ["turn.played"]
    assert denied.keys(3) == ["turn.drew"]


def play_t4() -> Table:
    t = step1_denied()
    # 2. P3 draws EX2 and exchanges with P1: P1 hands IR1 (forced), P3 gives back an IR.
    assert t.first("turn.drew", 3).params["card"] == card("EX2")
    t.play(3, "EX2", 1)
    assert t.candidates(1) == ["INVESTIGATION_RIGHT"]
    assert counts(t, "prompt.exchange_take") == {1: 1}
    t.pick(1, "IR1")
    assert t.first("exchange.handed", 1).params["card"] == card("IR1")
    assert counts(t, "prompt.exchange_give") == {3: 1}
    t.give(3, "IR")
    assert t.first("exchange.gave", 3).params["card"] == card("IR2")
    assert t.first("exchange.received", 1).params["card"] == card("IR2")
    assert t.kinds(1) == kinds("SV3 IR2")
    assert t.kinds(3) == kinds("AL IR1")
    # 3. P4 draws EX3 and plays the Fake Name for no effect.
    assert t.first("turn.drew", 4).params["card"] == card("EX3")
    t.play(4, "FN")
    assert t.hand(4) == cards("IL1 EX3")
    assert not t.p(4).fake_name_used
    assert t.discard == (["IL2", "IL3", "IR3", "EX2", "FN"], [])
    # 4. P5 draws EX4 and surveils P3 ({AL, IR}); P3 learns nothing beyond the public line.
    assert t.first("turn.drew", 5).params["card"] == card("EX4")
    t.play(5, "SV2", 3)
    assert t.first("surveil.result", 5).params | {"hand": None} == {
        "player": 3, "cards": [card("AL"), card("IR1")], "hand": None,
    }  # fmt: skip
    assert t.hand(5) == cards("DN EX4")
    assert counts(t, "surveil.result") == {5: 1}
    # 5. End of round 3 → Judgment 2: Kira has no Death Note; the same night screen for everyone.
    assert t.phase == ("judgment", 3)
    assert t.first("judgment.start").params == {"n": 2, "seconds": 45}
    assert counts(t, "night.judgment") == dict.fromkeys(range(1, 6), 1)
    for seat in range(1, 6):
        assert t.offered(seat) == night_screen(t, seat, shinigami=False)
    assert t.first("night.judgment", 3).params["mode"] == ("night.mode.no_note", {})
    assert t.first("night.judgment", 1).params["mode"] == ("night.mode.decoy", {})
    t.step().close()
    assert t.now == 45
    assert t.keys()[:2] == ["judgment.nobody", "turn.start"]
    assert all(t.alive(s) for s in range(1, 6))
    # 6. Round 4: P1 draws EX1, the last card, and surveils P4.
    assert t.first("turn.drew", 1).params["card"] == card("EX1")
    assert t.draw == []
    t.play(1, "SV3", 4)
    assert t.kinds(1) == kinds("IR2 EX1")
    # 7. P2 must draw: the discard pile, without the removed AR1, becomes the pile (no-op shuffle).
    assert t.first("pile.reshuffled").params == {"count": 7}
    assert t.first("turn.drew", 2).params["card"] == card("IL2")
    assert t.draw == ["IL3", "IR3", "EX2", "FN", "SV2", "SV3"]
    assert t.discard == ([], [])
    assert "AR1" not in t.draw
    t.play(2, "AR2", 3)
    assert t.kinds(3) == kinds("AL IR1")
    assert t.keys()[:2] == ["play.ARREST", "arrest.success"]
    assert t.first("arrest.success").params == {"player": 3, "identity": ("identity.IDENT_KIRA", {})}
    assert (t.result, t.winners, t.phase[0]) == ("L_TEAM", [1, 2, 5], "ended")
    over = t.first("game.over").params
    assert [line[1]["identity"][0] for line in over["lines"]] == [
        "identity.IDENT_POLICE_SOICHIRO", "identity.IDENT_L", "identity.IDENT_KIRA",
        "identity.IDENT_FOLLOWER", "identity.IDENT_POLICE_TASKFORCE",
    ]  # fmt: skip
    assert [line[1]["won"][0] for line in over["lines"]] == [
        "reveal.won", "reveal.won", "reveal.lost", "reveal.lost", "reveal.won",
    ]  # fmt: skip
    assert t.removed == ["AR1", "AR2"]
    assert_no_public_leak(t)
    return t


def test_dn_13_t4_alibi_once_arrest_removed() -> None:
    play_t4()


def test_dn_13_t4_transcript() -> None:
    check_golden("dn_t4.txt", transcript(play_t4()))
