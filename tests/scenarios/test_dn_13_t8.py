"""Test 8 of ``deathnote.md`` §13: the Shinigami is drawn and forced; everyone lays a card face down; Kira
grabs the Death Note with his one swap; Kira and the Follower meet for the first time (§6.10, §7.3,
AMB-37..42). 8b: illegal swaps are refused; 8c: no swap (chosen or by timeout).
"""

from __future__ import annotations

import pytest

from tests.games.deathnote.table import Table, cards, table
from tests.scenarios.dn_expect import assert_no_public_leak, buttons, card, counts, night_screen
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

LAID = {1: "EX1", 2: "IL1", 3: "IR1", 4: "FN", 5: "DN", 6: "AL"}
DRAW = ["SH", "AR2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX4", "EX5", "SV4"]


def setup() -> Table:
    """P1 Police(S), P2 Kira, P3 L, P4 Follower, P5 Police(TF), P6 L (Near/Mello); round 1, P1 and P2
    have played; active P3, who draws the Shinigami."""
    t = table(
        identities=["PS", "K", "L", "F", "PT", "NM"],
        hands=["EX1 SV1", "IL1 EX2", "AR1 IR1", "FN EX3", "DN SV2", "AL AP"],
        draw=DRAW,
        discard=["IL2", "SV3"],
        active=3, played=[1, 2],
    )  # fmt: skip
    return t


def lay_down() -> Table:
    """Steps 1-3 up to Kira's choice: the forced Shinigami, the face-down step, the night screens."""
    t = setup()
    # 1. P3 draws SH; it is the only play.
    assert t.first("turn.drew", 3).params["card"] == card("SH")
    assert t.offered(3) == [("play.SHINIGAMI",)]
    assert t.refused(3, "play.ARREST", 2) == "card.shinigami_forced"
    t.play(3, "SH")
    # 2. Face-down candidates; P3 keeps the Arrest in hand.
    assert {s: t.candidates(s) for s in range(1, 7)} == {
        1: ["EXCHANGE"],
        2: ["INVESTIGATION_LEFT"],
        3: ["ARREST", "INVESTIGATION_RIGHT"],
        4: ["FAKE_NAME"],
        5: ["DEATH_NOTE"],
        6: ["ALIBI"],
    }
    assert counts(t, "prompt.face_down") == dict.fromkeys(range(1, 7), 1)
    for seat, laid in LAID.items():
        t.pick(seat, laid)
    assert t.state.face_down == LAID
    # 3. The night opens: first recognition, the same screen for everyone, Kira's face-down table.
    assert t.phase == ("shinigami_night", 1)
    assert t.state.recognised
    assert t.first("shinigami.start").params == {"seconds": 30}
    assert counts(t, "night.shinigami") == dict.fromkeys(range(1, 7), 1)
    screens = {s: t.first("night.shinigami", s).params for s in range(1, 7)}
    for seat in range(1, 7):
        assert buttons(t, "night.shinigami", seat) == night_screen(t, seat, shinigami=True)
        assert screens[seat]["laid"] == card(LAID[seat])
        if seat not in (2, 4):
            assert (screens[seat]["partner"], screens[seat]["table"]) == ("", [])
            assert screens[seat]["mode"] == ("night.mode.decoy", {})
    assert screens[2]["partner"] == ("night.partner", {"player": 4, "role": "FOLLOWER"})
    assert screens[4]["partner"] == ("night.partner", {"player": 2, "role": "KIRA"})
    assert (screens[2]["mode"], screens[4]["mode"], screens[4]["table"]) == (
        ("night.mode.swap", {}), ("night.mode.decoy", {}), [],
    )  # fmt: skip
    assert [(line[1]["player"], line[1]["card"]) for line in screens[2]["table"]] == [
        (seat, card(laid)) for seat, laid in LAID.items()
    ]
    assert t.hand(2) == ["EX2"]
    assert t.keys() == ["play.SHINIGAMI", "step.face_down", "shinigami.start"]
    return t


def morning(t: Table, hands: dict[int, str], returned: dict[int, str]) -> None:
    """Step 4: the night lasted exactly 30 s; each player saw the card that came back; the group saw
    "the Shinigami has left" and P4's turn (P4 draws AR2, the top of the 9-card pile)."""
    assert t.now == 30
    assert t.keys() == ["shinigami.left", "turn.start"]
    after = t.hands()
    assert after.pop(4) == cards(hands[4], "AR2")
    assert after == {s: cards(h) for s, h in hands.items() if s != 4}
    assert counts(t, "shinigami.returned") == dict.fromkeys(range(1, 7), 1)
    for seat, back in returned.items():
        assert t.first("shinigami.returned", seat).params["card"] == card(back)
    assert t.state.face_down == {}
    assert t.discard == (["IL2", "SV3", "SH"], [])
    assert t.first("turn.drew", 4).params["card"] == card("AR2")
    assert t.draw == DRAW[2:]
    assert_no_public_leak(t)


def play_t8() -> Table:
    t = lay_down()
    t.step().name(1, 3).name(2, 5).signal(4, "point", 5)
    assert t.keys() == []
    assert t.phase == ("shinigami_night", 1)
    point = ("signal.point.said", {"player": 5})
    assert t.first("signal.received", 2).params == {"player": 4, "signal": point}
    t.close()
    morning(
        t,
        {1: "SV1 EX1", 2: "DN IL1", 3: "AR1 IR1", 4: "EX3 FN", 5: "SV2 EX2", 6: "AP AL"},
        {**LAID, 5: "EX2"},
    )
    return t


def test_dn_13_t8_kira_grabs_the_death_note() -> None:
    play_t8()


def test_dn_13_t8b_illegal_swaps() -> None:
    """Kira may not swap with his own face-down card, nor move one player's card to another."""
    t = lay_down()
    assert t.refused(2, "name", 2) == "target.invalid"
    assert t.refused(2, "name", 5, 1) == "target.invalid"


def play_t8c(tap: bool) -> Table:
    t = lay_down()
    t.step()
    if tap:
        t.name(2, 5).name(2, None)
    t.close()
    morning(
        t,
        {1: "SV1 EX1", 2: "EX2 IL1", 3: "AR1 IR1", 4: "EX3 FN", 5: "SV2 DN", 6: "AP AL"},
        LAID,
    )
    return t


@pytest.mark.parametrize("tap", [True, False], ids=["no_swap", "timeout"])
def test_dn_13_t8c_no_swap(tap: bool) -> None:
    play_t8c(tap)


def test_dn_13_t8_swap_is_never_announced() -> None:
    """AMB-42, §11.6 (6): the morning reads the same with and without a swap, for the group and for every
    player the swap did not touch."""
    swapped, kept = lay_down().name(2, 5), lay_down().name(2, None)
    swapped.step().close()
    kept.step().close()
    assert swapped.group() == kept.group()
    for seat in (1, 3, 4, 6):
        assert swapped.told(seat) == kept.told(seat), seat


def test_dn_13_t8_transcript() -> None:
    check_golden("dn_t8.txt", transcript(play_t8()))


def test_dn_13_t8c_transcript() -> None:
    check_golden("dn_t8c.txt", transcript(play_t8c(True)))
