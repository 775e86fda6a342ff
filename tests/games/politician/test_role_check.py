"""The role check (politician.md §3.3, §6.2): what each role learns privately before the candidacy, and
the lover's favourite (AMB-32/33). ``C13``: P01-P05 human_member, P06 reporter, P07 guard, P08 chairman,
P09 wolf_member, P10 lover, P11-P12 spy, P13 traitor; ``C14`` has wolves P09, P10, lover P11, spies P12,
P13, traitor P14."""

from __future__ import annotations

import pytest

from tests.games.plain import heard
from tests.games.politician.table import C13, C14, RULES, Heard, Table, table

pytestmark = pytest.mark.scenario

#: Reporter clue pools (AMB-31), in seat order: everyone but wolves, the lover and the reporter.
POOL13 = [1, 2, 3, 4, 5, 7, 8, 11, 12, 13]
POOL14 = [1, 2, 3, 4, 5, 7, 8, 12, 13, 14]
#: The C14 scripted clue: index 9 of POOL14 is P14, the traitor (T10).
CLUE14 = 9


def knows(t: Table, seat: int) -> list[Heard]:
    """What ``seat`` was told privately in the last step about other players (``know.*`` notices, in
    order), in its 1:1 chat or in the wolves' team channel."""
    return [
        heard(n)
        for n in t.heard
        if n.key.startswith("know.") and n.to.kind in ("seat", "team") and seat in n.to.seats
    ]


def meetings(t: Table) -> list[tuple[str, tuple[int, ...]]]:
    """Where the last step's ``know.wolf`` notices went: (audience kind, seats)."""
    return [(n.to.kind, n.to.seats) for n in t.heard if n.key == "know.wolf"]


def test_3_3_wolf_knows_the_wolves_the_lover_and_the_spies() -> None:
    t = table(C13, rng=[8])
    assert knows(t, 9) == [
        ("know.wolf", {"wolves": [9]}),
        ("know.lover", {"lover": 10}),
        ("know.spies", {"spies": [11, 12]}),
    ]
    assert meetings(t) == [("team", (9,))]


def test_6_2_wolves_meet_in_their_team_channel_once() -> None:
    """§6.2 step 1: one message to the pack's channel (not one per wolf); then the lover and the spies,
    to each wolf privately."""
    t = table(C14, rng=[CLUE14])
    assert meetings(t) == [("team", (9, 10))]
    for wolf in (9, 10):
        assert t.team(wolf) == [("know.wolf", {"wolves": [9, 10]})]
        assert knows(t, wolf) == [
            ("know.wolf", {"wolves": [9, 10]}),
            ("know.lover", {"lover": 11}),
            ("know.spies", {"spies": [12, 13]}),
        ]
    assert all(t.team(seat) == [] for seat in range(1, 15) if seat not in (9, 10))
    for wolf in (9, 10):  # /me still tells each wolf the pack
        assert t.ledger(wolf)[0] == ("know.wolf", {"wolves": [9, 10]})


def test_3_3_lover_knows_the_wolves_only() -> None:
    t = table(C13, rng=[8])
    assert knows(t, 10) == [
        ("know.lover_wolves", {"wolves": [9]}),
        ("know.favourite.auto", {"player": 9}),
    ]


def test_amb_39_spies_know_each_other_and_not_the_wolves() -> None:
    t = table(C13, rng=[8])
    for spy in (11, 12):
        assert knows(t, spy) == [("know.spy", {"spies": [11, 12]})]


def test_amb_39_a_lone_spy_is_still_told_the_spy_list() -> None:
    t = table("human_member human_member human_member reporter wolf_member spy", rng=[0])
    assert knows(t, 6) == [("know.spy.alone", {"spies": [6]})]
    assert knows(t, 5) == [("know.wolf", {"wolves": [5]}), ("know.spies", {"spies": [6]})]


def test_3_3_traitor_guard_chairman_and_humans_know_only_their_role() -> None:
    t = table(C13, rng=[8])
    for seat in (1, 2, 3, 4, 5, 7, 8, 13):
        assert knows(t, seat) == []
        assert t.ledger(seat) == []
        assert t.first("role.card", seat).params["role"] == t.state.players[seat - 1].role


def test_3_3_nobody_is_told_who_the_traitor_is() -> None:
    t = table(C13, rng=[8])
    for seat in range(1, 14):
        for h in knows(t, seat):
            assert 13 not in [v for p in h.params.values() for v in (p if isinstance(p, list) else [p])]


def test_3_1_role_card_gives_camp_seat_value_and_seat_rule() -> None:
    t = table(C13, rng=[8])
    card = t.first("role.card", 13)
    assert {k: card.params[k] for k in ("player", "role", "camp", "value", "seats", "human", "wolf")} == {
        "player": 13, "role": "traitor", "camp": ("camp.wolf", {}), "value": ("seat.human", {}),
        "seats": 4, "human": 3, "wolf": 2,
    }  # fmt: skip
    assert t.first("role.card", 6).params["value"] == ("seat.none", {})
    assert t.first("role.card", 11).params["value"] == ("seat.wolf", {})


def test_amb_31_reporter_clue_may_be_a_spy() -> None:
    t = table(C13, rng=[POOL13.index(12)])
    assert knows(t, 6) == [("know.clue", {"player": 12})]


def test_amb_31_reporter_clue_may_be_the_traitor() -> None:
    t = table(C14, rng=[CLUE14])
    assert knows(t, 6) == [("know.clue", {"player": 14})]


@pytest.mark.parametrize(("cast", "pool"), [(C13, POOL13), (C14, POOL14)])
def test_amb_31_clue_is_never_a_wolf_the_lover_or_the_reporter(cast: list[str], pool: list[int]) -> None:
    clues = set()
    for seed in range(100):
        t = table(cast, seed=seed)
        [clue] = knows(t, 6)
        clues.add(clue.params["player"])
    assert sorted(clues) == pool


def test_amb_32_single_wolf_is_the_favourite_automatically() -> None:
    t = table(C13, rng=[8])
    assert t.state.favourite == 9
    assert t.phase == ("candidacy", 0)
    assert t.offered(10) == []


def test_amb_32_lover_chooses_among_several_wolves() -> None:
    t = table(C14, rng=[CLUE14])
    assert t.phase == ("role_check", 0)
    assert "role_check.start" in t.said()
    assert t.first("favourite.prompt", 11).key == "favourite.prompt"
    assert t.offered(11) == [("favourite", 9), ("favourite", 10)]
    assert [t.offered(s) for s in range(1, 15) if s != 11] == [[]] * 13
    t.favourite(10)
    assert t.private(11) == [("know.favourite", {"player": 10})]
    assert t.state.favourite == 10
    assert t.phase == ("candidacy", 0)
    assert "candidacy.start" in t.said()


def test_amb_32_favourite_is_drawn_when_the_lover_does_not_choose() -> None:
    t = table(C14, rng=[CLUE14, 1]).favourite(None)
    assert t.private(11) == [("know.favourite.drawn", {"player": 10})]
    t = table(C14, rng=[CLUE14, 0]).favourite(None)
    assert t.private(11) == [("know.favourite.drawn", {"player": 9})]
    assert t.phase == ("candidacy", 0)


def test_6_2_favourite_must_be_a_wolf_and_only_the_lover_chooses() -> None:
    t = table(C14, rng=[CLUE14])
    assert t.refused(11, "favourite", 12) == "target.invalid"
    assert t.refused(11, "favourite", 11) == "target.invalid"
    assert t.refused(9, "favourite", 10) == "action.illegal"


def test_amb_33_wolves_are_never_told_the_favourite() -> None:
    t = table(C14, rng=[CLUE14]).favourite(10)
    assert t.private(9) == t.team(9) == []
    assert t.private(10) == t.team(10) == []
    assert [h.key for h in t.ledger(9)] == ["know.wolf", "know.lover", "know.spies"]
    assert [h.key for h in t.ledger(10)] == ["know.wolf", "know.lover", "know.spies"]


def test_amb_33_favourite_is_not_public() -> None:
    t = table(C14, rng=[CLUE14]).favourite(10)
    assert all("favourite" not in h.key for h in t.public())


def test_6_2_nobody_may_speak_during_the_role_check() -> None:
    t = table(C14, rng=[CLUE14])
    assert RULES.speakers(t.state) == set()
