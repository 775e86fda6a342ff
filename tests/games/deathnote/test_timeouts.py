"""Timeout defaults (``deathnote.md`` §11.5, AMB-61): each one, deterministic; stale timers change nothing."""

from __future__ import annotations

import pytest

from core.engine.commands import Timeout
from core.engine.result import Rejected
from tests.games.deathnote.table import Table, cards, table

#: 5p: P1 Police(S) or L, then the other identities: P2 L or Police(S), P3 Kira, P4 Follower, P5 Police(TF).
ALL5 = cards("DN AR1 AR2 FN AL IL1 IL2 IL3 IR1 IR2 IR3 EX1 EX2 EX3 EX4 SV1 SV2 SV3")


def p1_turn(p1: str, drawn: str, ident: str = "PS") -> Table:
    """P1 holds ``p1`` and draws ``drawn``; the others hold the rest two by two, in catalog order."""
    mine = [*p1.split(), drawn]
    rest = [c for c in ALL5 if c not in mine]
    hands = [p1, *(" ".join(rest[2 * k : 2 * k + 2]) for k in range(4))]
    other = "L" if ident == "PS" else "PS"
    return table(5, identities=[ident, other, "K", "F", "PT"], hands=hands, draw=[drawn, *rest[8:]])


@pytest.mark.parametrize(
    ("ident", "p1", "drawn", "played"),
    [
        ("PS", "SV1 FN", "EX1", ("play.FAKE_NAME", {"player": 1})),
        ("PS", "SV1 AL", "EX1", ("play.ALIBI", {"player": 1})),
        ("PS", "EX1 IL1", "SV1", ("play.SURVEILLANCE", {"player": 1, "target": 2})),
        ("PS", "IL1 IR1", "EX1", ("play.EXCHANGE", {"player": 1, "target": 2})),
        ("PS", "IR1 DN", "IL1", ("play.INVESTIGATION_LEFT", {"player": 1})),
        ("L", "AR1 IR1", "DN", ("play.INVESTIGATION_RIGHT", {"player": 1})),
        ("L", "AR1 DN", "AR2", ("play.ARREST", {"player": 1, "target": 2})),
    ],
)
def test_11_5_the_active_players_default_play_follows_the_fixed_order(
    ident: str, p1: str, drawn: str, played: tuple[str, dict[str, int]]
) -> None:
    """§11.5: FAKE_NAME, ALIBI, SURVEILLANCE, APPLE, EXCHANGE, IL, IR, ARREST (L only); target = left."""
    t = p1_turn(p1, drawn, ident).step().close()
    assert played in t.group()


def test_11_5_apple_comes_before_exchange() -> None:
    """§11.5 (6p): with Apple and Exchange in hand the Apple is played on the left neighbour."""
    t = table(6, identities=["PS", "L", "NM", "PT", "K", "F"],
              hands=["EX1 AP", "FN EX2", "IL1 IL2", "AR1 AR2", "DN AL", "IR1 IR2"],
              draw=["IL3", "IR3", "IR4", "EX3", "EX4", "EX5", "SV1", "SV2", "SV3", "SV4", "IL4", "SH"],
              ).step().close()  # fmt: skip
    assert ("play.APPLE", {"player": 1, "target": 2}) in t.group()


def test_11_5_exchange_defaults_target_keeps_his_special_card_and_the_user_gives_back_what_he_got() -> None:
    """§11.5: the L target hands over his Surveillance (keeps the Arrest, §5); the user, silent, gives back
    the card just received."""
    t = table(5, identities=["PS", "L", "K", "F", "PT"],
              hands=["IL1 IR1", "AR1 SV2", "DN FN", "IL2 IR2", "AL EX2"],
              draw=["EX1", "AR2", "IL3", "IR3", "EX3", "EX4", "SV1", "SV3"]).step().close()  # fmt: skip
    assert ("play.EXCHANGE", {"player": 1, "target": 2}) in t.group()
    t.close()
    assert t.first("exchange.handed", 2).params["card"] == "SURVEILLANCE"
    t.close()
    assert t.first("exchange.gave", 1).params["card"] == "SURVEILLANCE"
    assert t.hand(1) == cards("IL1 IR1")


def test_11_5_face_down_defaults_keep_the_special_card() -> None:
    """§11.5 at a Shinigami: the L lays his Investigation, Kira his Investigation, not the Death Note."""
    t = table(6, identities=["PS", "K", "L", "F", "PT", "NM"],
              hands=["SH EX1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "AP SV1"],
              draw=["SV3", "AR2", "IL2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4"],
              ).play(1, "SH")  # fmt: skip
    t.step().close()
    assert t.state.face_down == {1: "EX1", 2: "IL1", 3: "IR1", 4: "FN", 5: "AL", 6: "SV1"}


def test_11_5_amb45_kiras_default_target_is_random_among_the_others_outside_his_team() -> None:
    """AMB-45: nobody tapped for Kira → uniformly among living non-Kira, non-Follower seats ([1, 2, 5]);
    the scripted draw 2 picks P5."""
    t = table(5, identities=["PS", "L", "K", "F", "PT"],
              hands=["SV1 EX1", "AR1 IL1", "DN IR1", "FN IL2", "AL SV2"],
              draw=["AR2", "IL3", "IR2", "IR3", "EX2", "EX3", "EX4", "SV3"], round=2, active=5,
              played=[1, 2, 3, 4], rng=[2]).play(5, "SV2", 1)  # fmt: skip
    t.step().name(1, 3).close()
    assert t.first("judgment.eliminated").params == {"player": 5}


def test_11_5_kiras_shinigami_default_is_no_swap() -> None:
    """§11.5: Kira silent at the Shinigami night → every card laid comes back to its owner."""
    t = table(6, identities=["PS", "K", "L", "F", "PT", "NM"],
              hands=["SH EX1", "DN IL1", "AR1 IR1", "FN EX3", "AL SV2", "AP SV1"],
              draw=["SV3", "AR2", "IL2", "IL3", "IL4", "IR2", "IR3", "IR4", "EX2", "EX4", "EX5", "SV4"],
              ).play(1, "SH")  # fmt: skip
    before = {s: sorted(t.p(s).hand) for s in range(1, 7)}
    t.step().close().close()
    assert {s: sorted(t.p(s).hand) for s in range(1, 7) if s != 2} == {
        s: h for s, h in before.items() if s != 2
    }
    assert t.hand(2) == cards("DN IL1 AR2")  # Kira then drew AR2 at the start of his turn


def test_5_11_5_pass_defaults_break_ties_by_catalog_order_and_keep_special_cards() -> None:
    """§5 default: IL before IR; an L with two Arrests hands over AR1 (M empty → first of S); Kira keeps
    the Death Note; forced picks as offered."""
    t = table(5, identities=["PS", "PT", "L", "K", "F"],
              hands=["IL1 EX1", "IL2 IR1", "AR1 AR2", "DN FN", "AL EX2"],
              draw=["SV1", "IL3", "IR2", "IR3", "EX3", "EX4", "SV2", "SV3"]).play(1, "IL")  # fmt: skip
    t.step().close()
    assert t.hands() == {1: cards("SV1 AL"), 2: cards("IR1 EX1 IL3"), 3: cards("AR2 IL2"), 4: cards("DN AR1"),
                         5: cards("EX2 FN")}  # fmt: skip


def test_timeout_of_a_past_phase_or_before_the_deadline_changes_nothing() -> None:
    """Design §5: a Timeout for an older ``phase_seq`` is refused ``phase.stale``; so is an early one."""
    t = p1_turn("SV1 FN", "EX1")
    stale = t.rules.decide(t.state, Timeout(phase_seq=t.state.phase_seq - 1), now=10_000)
    early = t.rules.decide(t.state, Timeout(phase_seq=t.state.phase_seq), now=(t.state.deadline_at or 0) - 1)
    assert isinstance(stale, Rejected)
    assert stale.reason == "phase.stale"
    assert isinstance(early, Rejected)
    assert early.reason == "phase.stale"
