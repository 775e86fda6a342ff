"""Setup [ADZ-4]: who is dealt what, what each player is told privately and what the group is told."""

from __future__ import annotations

from functools import cache

import pytest

from core.games.adazakura.megami import TAROTS
from core.games.adazakura.roles import implemented
from core.games.adazakura.setup import team_size
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: [ADZ-4.3] the K row of the table for N = 4..16.
K_TABLE = dict(zip(range(4, 17), [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4], strict=True))
#: Real deals need N distinct implemented Megami, so this issue can seat at most that many players.
DEALABLE = range(4, min(16, len(implemented())) + 1)
SEEDS = range(12)


@cache
def deals() -> list[Table]:
    """Real deals (read only) for every dealable N and a dozen seeds."""
    return [table(n, seed=seed) for n in DEALABLE for seed in SEEDS]


def test_adz_4_3_k_table() -> None:
    assert {n: team_size(n) for n in range(4, 17)} == K_TABLE


def test_adz_4_3_host_override_within_limits() -> None:
    assert team_size(10, 4) == 4
    assert team_size(10, 5) == 2  # above floor((10 - 2) / 2): ignored
    assert team_size(10, 0) == 2


def test_adz_4_3_host_override_reaches_the_table() -> None:
    t = table(8, seed=1, k=3)
    assert t.public()[0].params["k"] == 3
    assert [p.faction for p in t.state.players].count("adazakura") == 3


@pytest.mark.parametrize("n", DEALABLE)
def test_adz_4_5_group_told_n_seating_and_k(n: int) -> None:
    t = table(n, seed=n)
    seating = t.public()[0]
    assert seating == ("game.seating", {"players": list(range(1, n + 1)), "count": n, "k": K_TABLE[n]})
    assert t.public_reveals() == set()  # A61: the Megami in play stay secret


def test_adz_4_2_yatsuha_always_dealt_and_adazakura() -> None:
    for t in deals():
        yatsuha = [p for p in t.state.players if p.megami == "yatsuha"]
        assert len(yatsuha) == 1
        assert yatsuha[0].faction == "adazakura"


def test_adz_4_3_k_adazakura_rest_sakura() -> None:
    for t in deals():
        factions = [p.faction for p in t.state.players]
        n = len(factions)
        renri = [p.megami for p in t.state.players].count("renri")
        assert factions.count("adazakura") == K_TABLE[n]
        assert factions.count("none") == renri  # only the player dealt Renri [ADZ-2.3]
        assert factions.count("sakura") == n - K_TABLE[n] - renri


def full_tables() -> list[Table]:
    """Deals of the largest table: every implemented Megami is dealt, so only the draws differ."""
    return [t for t in deals() if len(t.state.players) == max(DEALABLE)]


def test_adz_4_3_teammates_are_drawn_not_fixed() -> None:
    teams = {frozenset(p.megami for p in t.state.players if p.faction == "adazakura") for t in full_tables()}
    assert len(teams) > 1


def test_adz_4_2_deck_is_every_undealt_tarot() -> None:
    missing = set(TAROTS) - set(implemented())
    for t in deals():
        dealt = [p.megami for p in t.state.players]
        # Night 0 has opened: a dealt Renri has already removed the top card [ADZ-9.22].
        assert len(t.state.removed) == dealt.count("renri")
        assert len(t.state.deck) + len(t.state.removed) == 22 - len(dealt)
        assert sorted(t.state.deck + t.state.removed + dealt) == sorted(TAROTS)
        # Tarots whose abilities are not implemented are still in the deck (Shinra can see them).
        assert missing <= set(t.state.deck + t.state.removed)


def test_adz_4_2_deck_order_is_shuffled() -> None:
    orders = {tuple(t.state.deck) for t in full_tables()}
    assert len(orders) == len(SEEDS)


def test_adz_3_1_seats_are_shuffled_members() -> None:
    orders = set()
    for t in deals():
        seated = [p.user_id for p in t.state.players]
        assert sorted(seated) == sorted(m.user_id for m in t.state.members)
        orders.add(tuple(seated))
    assert any(order != tuple(sorted(order, key=lambda u: int(u[1:]))) for order in orders)


def test_adz_4_4_each_player_gets_only_own_role_card() -> None:
    for t in deals():
        cards = [n for n in t.heard if n.key in ("role.card", "role.card.team")]
        assert sorted(n.to.seats for n in cards) == [(p.seat,) for p in t.state.players]
        for p in t.state.players:
            card = t.private(p.seat)[0].params
            assert (card["player"], card["megami"], card["faction"]) == (p.seat, p.megami, p.faction)


def test_adz_4_4_ability_text_in_own_faction_version() -> None:
    t = table("yatsuha/A mizuki/A saine/S tokoyo/S shinra/S megumi/S oboro/S")
    text = {seat: t.private(seat)[0].params["text"][0][0] for seat in range(1, 8)}
    assert text[2] == "role.mizuki.text.adazakura"
    assert text[3] == "role.saine.text.sakura"
    assert text[5] == "role.shinra.text"


def test_adz_4_4_a03_team_list_only_for_adazakura() -> None:
    for t in deals():
        team = [p.seat for p in t.state.players if p.faction == "adazakura"]
        for p in t.state.players:
            card = t.private(p.seat)[0]
            assert card.key == ("role.card.team" if p.faction == "adazakura" else "role.card")
            assert card.params["team"] == (team if p.faction == "adazakura" else [])


def test_adz_4_1_needs_four_players() -> None:
    with pytest.raises(AssertionError, match=r"lobby\.too_few"):
        table(3)
