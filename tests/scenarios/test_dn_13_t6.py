"""Test 6 of ``deathnote.md`` §13: a Fake Name saves a player once; the first Judgment follows round 2;
the reshuffle waits until a draw is needed; an eliminated Police's identity and hand stay hidden (§6.3,
§7, §8, §4.3, AMB-10/11/30/31/49).
"""

from __future__ import annotations

import pytest

from tests.games.deathnote.table import Table, cards, pile, table
from tests.scenarios.dn_expect import assert_no_public_leak, card, counts, night_screen
from tests.scenarios.transcript import check_golden, transcript

pytestmark = pytest.mark.playthrough

SHUFFLED = ["SV2", "SV1", "EX1", "IL1", "IL2", "IR1", "IR2"]


def setup() -> Table:
    """P1 Kira, P2 Police(S), P3 L, P4 Police(TF); round 2, P1-P3 have played; active P4."""
    t = table(
        identities=["K", "PS", "L", "PT"],
        hands=["DN SV1", "FN EX1", "AR1 EX2", "AL SV2"],
        draw=["EX3", "SV3", "EX4"],
        discard=["IL1", "IL2", "IR1", "IR2"],
        round=2, active=4, played=[1, 2, 3], shuffle=[SHUFFLED],
    )  # fmt: skip
    assert t.first("turn.drew", 4).params["card"] == card("EX3")
    return t


def judgment(t: Table, n: int, kira_names: int) -> Table:
    """The Judgment night: Kira holds the Death Note and taps ``kira_names``; the others tap decoys; the
    night lasts its full 45 s whatever anybody does."""
    assert t.phase[0] == "judgment"
    assert t.first("judgment.start").params == {"n": n, "seconds": 45}
    living = [p.seat for p in t.state.players if p.alive]
    assert counts(t, "night.judgment") == dict.fromkeys(living, 1)
    assert t.first("night.judgment", 1).params["mode"] == ("night.mode.write", {})
    for seat in living:
        assert t.offered(seat) == night_screen(t, seat, shinigami=False)
        if seat != 1:
            assert t.first("night.judgment", seat).params["mode"] == ("night.mode.decoy", {})
    opened, deadline = t.now, t.state.deadline_at
    t.step().name(1, 4).name(3, 1).name(1, kira_names)
    assert t.keys() == []
    assert t.phase[0] == "judgment"
    t.close()
    assert deadline == opened + 45 == t.now
    return t


def play_t6() -> Table:
    t = setup()
    # 1. P4 draws EX3 and surveils P1 ({DN, SV1}).
    t.play(4, "SV2", 1)
    assert t.first("surveil.result", 4).params["cards"] == [card("DN"), card("SV1")]
    assert t.hand(4) == cards("AL EX3")
    # 2. Round 2 over → Judgment 1: Kira writes P2, who shows the unused Fake Name and survives.
    judgment(t, 1, kira_names=2)
    assert t.keys()[:2] == ["judgment.saved", "turn.start"]
    assert t.first("judgment.saved").params == {"player": 2}
    assert t.p(2).fake_name_used
    assert t.alive(2)
    assert t.hand(2) == cards("FN EX1")
    # 3. Round 3: P1 draws SV3 and surveils P3.
    assert t.first("turn.start").params["round"] == 3
    assert t.first("turn.drew", 1).params["card"] == card("SV3")
    t.play(1, "SV1", 3)
    assert t.hand(1) == cards("DN SV3")
    # 4. P2 draws EX4, the last card: no reshuffle yet.
    assert t.first("turn.drew", 2).params["card"] == card("EX4")
    assert "pile.reshuffled" not in t.said()
    assert t.draw == []
    assert t.discard == pile("IL1 IL2 IR1 IR2 SV2 SV1")
    t.play(2, "EX1", 4)
    assert t.candidates(4) == ["ALIBI"]
    t.pick(4, "AL")
    assert t.discard == pile("IL1 IL2 IR1 IR2 SV2 SV1 EX1")
    t.give(2, "EX4")
    assert t.hand(2) == cards("FN AL")
    assert t.hand(4) == cards("EX3 EX4")
    # 5. P3 must draw → the 7 discards (EX1 included) become the injected pile; P3 draws SV2.
    assert t.first("pile.reshuffled").params == {"count": 7}
    assert t.first("turn.drew", 3).params["card"] == card("SV2")
    assert t.draw == SHUFFLED[1:]
    assert t.discard == ([], [])
    t.play(3, "SV2", 4)
    assert t.hand(3) == cards("AR1 EX2")
    # 6. P4 draws SV1 and surveils P2 ({FN, AL}).
    assert t.first("turn.drew", 4).params["card"] == card("SV1")
    t.play(4, "SV1", 2)
    assert t.first("surveil.result", 4).params["cards"] == [card("FN"), card("AL")]
    assert t.hand(4) == cards("EX3 EX4")
    # 7. Round 3 over → Judgment 2: P2 again; the Fake Name was used → eliminated, identity secret.
    judgment(t, 2, kira_names=2)
    assert t.keys()[:3] == ["judgment.eliminated", "circle", "turn.start"]
    assert t.first("judgment.eliminated").params == {"player": 2}
    assert [line[1]["player"] for line in t.first("circle").params["lines"]] == [1, 3, 4]
    assert not t.alive(2)
    assert t.hand(2) == []
    assert t.discard == pile("FN* AL* SV2 SV1")
    assert [d.card for d in t.state.discard[:2]] == ["FN", "AL"]
    assert t.result is None
    # Round 4 starts with P1, who has drawn EX1; P2 is skipped and cannot be targeted.
    assert t.first("turn.start").params == {"round": 4, "player": 1, "draw": 4}
    assert t.first("turn.drew", 1).params["card"] == card("EX1")
    assert t.draw == ["IL1", "IL2", "IR1", "IR2"]
    assert t.state.to_play == [1, 3, 4]
    assert t.keys(2) == ["afterlife.you"]  # eliminated: /t now writes in the 霊界, nothing else
    assert t.refused(1, "play.SURVEILLANCE", 2) == "target.invalid"
    t.play(1, "SV3", 3)
    assert (t.state.active, t.keys(2)) == (3, [])
    assert_no_public_leak(t)
    return t


def test_dn_13_t6_fake_name_once() -> None:
    play_t6()


def test_dn_13_t6_transcript() -> None:
    check_golden("dn_t6.txt", transcript(play_t6()))
