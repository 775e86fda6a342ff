"""The casts and the deal of classic 人狼: [WW-4.1] the standard table, [WW-4.2] the modifiers, [WW-4.3]
the validation V1-V8, [WW-4.4] the deal and 身代わり君's card, [WW-6.2] the public composition and the role
cards, [WW-3.1] the role table, [WW-3.3] the start knowledge, [WW-5.1] the player record."""

from __future__ import annotations

from collections import Counter

import pytest

from core.engine.bots import start_bot_game
from core.engine.commands import Configure, Join, StartGame
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games.werewolf import casts
from core.games.werewolf.roles import order, roles
from tests.games.werewolf.table import RULES, table, told

#: [WW-3.1] restated: camp, counted as, divined 「人狼」, immune to the attack, cursed by a divination.
TABLE = {
    "villager": ("village", "human", False, False, False),
    "werewolf": ("werewolf", "wolf", True, False, False),
    "seer": ("village", "human", False, False, False),
    "medium": ("village", "human", False, False, False),
    "knight": ("village", "human", False, False, False),
    "madman": ("werewolf", "human", False, False, False),
    "fox": ("fox", "none", False, True, True),
    "mason": ("village", "human", False, False, False),
    "fanatic": ("werewolf", "human", False, False, False),
    "immoralist": ("fox", "human", False, False, False),
    "nekomata": ("village", "human", False, False, False),
}


def test_every_role_of_the_table_is_a_module_in_the_table_s_order() -> None:
    """[WW-3.1]: eleven roles, discovered from their modules, in the spec's order; camp, counting, result
    class, attack immunity and curse as the table says ([WW-3.2], [WW-7.1])."""
    assert order() == tuple(TABLE)
    for role_id, (camp, counted, black, immune, cursed) in TABLE.items():
        r = roles()[role_id]
        assert (r.camp, r.counted, r.black, r.immune, r.cursed) == (camp, counted, black, immune, cursed)


@pytest.mark.parametrize("seats", range(4, 21))
def test_the_standard_cast_of_each_size_is_the_table_s(seats: int) -> None:
    """[WW-4.1] (AMB-54, AMB-55): the 9-seat cast every source agrees on, masons from 14, the fox from 15,
    a second madman from 18, a fourth wolf from 19; each has ``seats`` cards and passes V1-V8."""
    cast = casts.standard(seats)
    assert cast is not None
    assert sum(cast.values()) == seats
    assert casts.check(cast, seats, False) is None
    assert cast.get("mason", 0) == (2 if seats >= 14 else 0)
    assert cast.get("fox", 0) == (1 if seats >= 15 else 0)
    assert cast["madman"] == (2 if seats >= 18 else 1)
    assert cast["werewolf"] == (1 if seats <= 8 else 2 if seats <= 11 else 3 if seats <= 18 else 4)
    if seats == 9:
        assert cast == {"villager": 3, "werewolf": 2, "seer": 1, "medium": 1, "knight": 1, "madman": 1}


def test_modifiers_apply_in_the_spec_s_order_or_are_refused_with_the_reason() -> None:
    """[WW-4.2]: 狂信者入り swaps a madman, 猫又入り two villagers for a nekomata and a wolf, 妖狐入り a
    villager for a fox (no second fox), 背徳者入り a villager for an immoralist (after 妖狐入り)."""
    nine, eleven = casts.standard(9), casts.standard(11)
    assert nine is not None
    assert eleven is not None
    done = casts.modified(eleven, ["immoral", "fox", "nekomata", "fanatic"])
    assert done == {"villager": 1, "werewolf": 3, "seer": 1, "medium": 1, "knight": 1, "fox": 1, "fanatic": 1,
                    "immoralist": 1, "nekomata": 1}  # fmt: skip
    refused = casts.modified(nine, ["immoral"])
    assert isinstance(refused, Rejected)
    assert refused.params == {"modifier": "immoral"}
    assert isinstance(casts.modified(casts.standard(15) or {}, ["fox"]), Rejected)
    assert isinstance(casts.modified(casts.standard(4) or {}, ["nekomata"]), Rejected)


CASES = {
    "cast.v1": ({"villager": 3, "werewolf": 1, "seer": 1}, 4, False),
    "cast.v2": ({"villager": 3, "seer": 1}, 4, False),
    "cast.v3": ({"villager": 2, "werewolf": 1, "seer": 2}, 5, False),
    "cast.v4": ({"villager": 3, "werewolf": 1, "mason": 1}, 5, False),
    "cast.v5": ({"villager": 3, "werewolf": 1, "immoralist": 1}, 5, False),
    "cast.v6": ({"villager": 2, "werewolf": 2, "fox": 1}, 5, False),
    "cast.v8": ({"villager": 20, "werewolf": 1}, 21, False),
}


@pytest.mark.parametrize("reason", CASES)
def test_a_host_cast_breaking_a_rule_is_refused_naming_it(reason: str) -> None:
    """[WW-4.3] (AMB-57, AMB-58): each of V1-V8 has its own reason (the spec's ``E_CAST_V…``)."""
    cast, humans, scapegoat = CASES[reason]
    refused = casts.check(cast, humans, scapegoat)
    assert isinstance(refused, Rejected)
    assert refused.reason == reason


def test_the_scapegoat_must_not_hand_the_wolves_parity_and_needs_a_card() -> None:
    """[WW-4.3] V6 counts 身代わり君 against the humans; V7 needs a card he may hold."""
    assert casts.check({"villager": 2, "werewolf": 1, "seer": 1, "madman": 1}, 4, True) is None
    v6 = casts.check({"villager": 1, "werewolf": 2, "seer": 1, "madman": 1}, 4, True)
    assert isinstance(v6, Rejected)
    assert v6.reason == "cast.v6"


def test_no_seer_is_warned_about_not_refused() -> None:
    """[WW-4.3]: a cast without a seer plays, with a warning in the lobby."""
    cast = {"villager": 3, "werewolf": 1, "madman": 1}
    assert casts.check(cast, 5, False) is None
    assert casts.warns(cast)


def _lobby(players: int, *options: tuple[str, str]) -> object:
    host = Member(user_id="u1", name="P1")
    state = RULES.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=3, now=0)
    for k in range(1, players + 1):
        result = RULES.decide(state, Join(user_id=f"u{k}", name=f"P{k}"), now=0)
        assert isinstance(result, Accepted)
        state = result.state
    for name, value in options:
        result = RULES.decide(state, Configure(user_id="u1", option=name, values=tuple(value.split())), now=0)
        assert isinstance(result, Accepted), result
        state = result.state
    return state


def test_the_start_is_refused_with_the_rule_when_the_host_cast_does_not_fit_the_table() -> None:
    """[WW-4.3] V1 at /startgame: the table's size is known only then."""
    state = _lobby(6, ("cast", "villager=3 werewolf=1 seer=1"))
    refused = RULES.decide(state, StartGame(user_id="u1"), now=0)
    assert isinstance(refused, Rejected)
    assert (refused.reason, refused.params) == ("cast.v1", {"cards": 5, "seats": 6})


def test_the_deal_gives_the_host_cast_and_announces_it_with_every_option() -> None:
    """[WW-4.4] step 4, [WW-6.2] (AMB-07): the composition and the options in public, each seat's role
    card privately with its role, camp and counting class."""
    state = _lobby(5, ("cast", "villager=2 werewolf=1 seer=1 fox=1"))
    result = RULES.decide(state, StartGame(user_id="u1"), now=0)
    assert isinstance(result, Accepted)
    dealt = Counter(p.role for p in result.state.players)
    assert dealt == {"villager": 2, "werewolf": 1, "seer": 1, "fox": 1}
    cast = next(n for n in result.notices if n.key == "game.cast")
    assert cast.to.kind == "public"
    assert len(cast.params["options"]) == 18  # type: ignore[arg-type]
    cards = {n.to.seats[0]: n for n in result.notices if n.key == "role.card"}
    assert sorted(cards) == [1, 2, 3, 4, 5]
    for seat, card in cards.items():
        assert card.params["role"].id == result.state.players[seat - 1].role  # type: ignore[union-attr]


def test_the_scapegoat_s_card_is_never_a_wolf_a_fox_or_a_nekomata() -> None:
    """[WW-4.4] step 2 (AMB-31): over many deals of a cast with every kind of card, 身代わり君 holds one
    of the others, drawn over card positions (logged as ``P00_CARD``); the humans get the rest."""
    seen: Counter[str] = Counter()
    settings = {"options": {"scapegoat": True}, "modifiers": ["nekomata", "fox"]}
    for seed in range(120):
        state = start_bot_game(RULES, 12, seed=seed, settings=settings).state
        npc = state.scapegoat
        assert npc is not None
        assert npc.role not in ("werewolf", "fox", "nekomata")
        seen[npc.role] += 1
        draw = state.draws[0]
        assert (draw.purpose, draw.pick) == ("P00_CARD", npc.role)
        assert "werewolf" not in draw.pool
        assert Counter(p.role for p in state.players) + Counter([npc.role]) == Counter(state.cast)
    assert seen["villager"] > seen["seer"], "a role with more cards is drawn more often"


def test_the_deal_seats_the_members_in_join_order() -> None:
    """[WW-5.1], [WW-10.2], [WW-0.2]: seats P01…PN in join order; every player alive, no missed vote yet."""
    state = start_bot_game(RULES, 7, seed=5).state
    assert [(p.seat, p.user_id) for p in state.players] == [(k, f"bot:{k}") for k in range(1, 8)]
    assert all(p.alive and p.missed_votes == 0 for p in state.players)


def test_a_lone_fox_hears_only_himself_and_a_madman_nobody() -> None:
    """[WW-3.3] (AMB-02, AMB-05): the madman's card names nobody; a single fox is told he is alone."""
    t = table(["villager", "villager", "seer", "werewolf", "madman", "fox"])
    assert [h for h in told(t, 5) if h.key.startswith("know.")] == []
    assert [h for h in told(t, 6) if h.key.startswith("know.")] == [("know.fox", {"players": [6]})]


def test_a_mason_holding_the_scapegoat_s_card_is_named_to_the_other_mason() -> None:
    """[WW-3.3] (AMB-06): the masons' list may include 身代わり君."""
    t = table(["villager", "villager", "seer", "werewolf", "mason"], scapegoat="mason")
    assert [h for h in told(t, 5) if h.key == "know.mason"] == [
        ("know.mason", {"players": [("scapegoat.ref", {}), 5]}),
    ]
