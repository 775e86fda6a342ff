"""Honoka's Sakura Blizzard [ADZ-9.14] (A42, A46): automatic every night unless sealed; (a) every raw ballot
of the day, main vote and runoff, one line per player alive at that vote; (b) a look at the deck, 1 card."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.notice import to_seat
from core.i18n import render
from tests.games.adazakura.table import Table, table

pytestmark = pytest.mark.scenario

#: 1 yatsuha/A · 2 honoka · 3 korunu · 4 himika · 5 megumi · 6 shinra · 7 oboro (Sakura).
SEVEN = "yatsuha/A honoka/S korunu/S himika/S megumi/S shinra/S oboro/S"
DECK = ["yurina", "saine", "tokoyo", "hagane"]


def named(voter: int, target: int) -> tuple[str, dict[str, Any]]:
    return ("result.honoka.named", {"voter": voter, "target": target})


def abstained(voter: int) -> tuple[str, dict[str, Any]]:
    return ("result.honoka.abstained", {"voter": voter})


def frozen(voter: int) -> tuple[str, dict[str, Any]]:
    return ("result.honoka.frozen", {"voter": voter})


def ballots(t: Table, seat: int = 2) -> list[tuple[str, dict[str, Any]]]:
    """Honoka's ballot results of the last night: (key, {day, ballots}) per round."""
    return [(h.key, h.params) for h in t.results(seat) if h.key.startswith("result.honoka.")]


def test_adz_9_14_automatic_no_choice_to_make() -> None:
    t = table(SEVEN)
    assert t.offered(2) == [("done",)]


def test_adz_9_14_night0_deck_look_only() -> None:
    t = table(SEVEN, deck=DECK).night()
    assert t.results(2) == [("result.deck.look", {"cards": ["yurina"], "size": 4})]
    assert t.state.deck == ["saine", "tokoyo", "hagane", "yurina"]


def test_adz_9_14_every_ballot_raw_in_seat_order() -> None:
    # Korunu freezes 7; Himika marks 5 (Megumi): her ballot weighs 0 but Honoka sees it as cast (A46).
    t = table(SEVEN, deck=DECK).night({3: ("night.korunu", 7), 4: ("night.himika", 5)})
    t.day(votes={1: 4, 2: 6, 4: 1, 5: 1, 6: 4})
    assert ("exile.done", {"player": 4}) in t.public()
    t.night()
    lines = [named(1, 4), named(2, 6), abstained(3), named(4, 1), named(5, 1), named(6, 4), frozen(7)]
    assert t.results(2) == [
        ("result.honoka.vote", {"day": 1, "ballots": lines}),
        ("result.deck.look", {"cards": ["saine"], "size": 4}),
    ]


def test_adz_9_14_main_vote_and_runoff() -> None:
    t = table(SEVEN).night().day(votes={1: 3, 2: 4}, runoff={1: 3, 3: 4, 5: 3})
    assert ("exile.done", {"player": 3}) in t.public()
    t.night()
    main = [named(1, 3), named(2, 4)] + [abstained(s) for s in (3, 4, 5, 6, 7)]
    runoff = [named(1, 3), abstained(2), named(3, 4), abstained(4), named(5, 3), abstained(6), abstained(7)]
    assert ballots(t) == [
        ("result.honoka.vote", {"day": 1, "ballots": main}),
        ("result.honoka.runoff", {"day": 1, "ballots": runoff}),
    ]


def test_adz_9_14_only_players_alive_at_the_vote() -> None:
    t = table(SEVEN).night().day().night(kill={1: 6}).day(votes={1: 7})
    t.night()
    assert ballots(t) == [
        ("result.honoka.vote", {"day": 2, "ballots": [named(1, 7)] + [abstained(s) for s in (2, 3, 4, 5, 7)]})
    ]


def test_adz_9_14_a42_no_vote_held_after_a_skip() -> None:
    t = table("yatsuha/A honoka/S saine/A shinra/S megumi/S korunu/S oboro/S").night()
    t.tap(3, "skip")
    t.night()
    assert ballots(t) == [("result.honoka.no_vote", {"day": 1})]


def test_adz_3_8_sealed_honoka_learns_nothing() -> None:
    t = table("yatsuha/A tokoyo/A honoka/S shinra/S megumi/S himika/S korunu/S", deck=["yurina", "saine"])
    t.night().day().night().day()
    assert t.phase == ("night", 2)
    t.night()
    assert t.results(3) == [("result.nothing", {})]
    assert t.state.deck == ["yurina", "saine"]  # looked at twice (nights 0 and 1), not on night 2


def test_adz_11_9_only_honoka_learns_the_ballots() -> None:
    t = table(SEVEN).night().day(votes={1: 3, 2: 3}).night()
    told = [n.to for n in t.heard if "result.honoka." in repr(n.params)]
    assert told == [to_seat(2)]


#: The ballot block Honoka reads after night 1 (1 named 4; 7 frozen; the others abstained).
RENDERED = {
    "ja": ["【夜1】1日目の投票:", "1番 P1 → 4番 P4"] + [f"{s}番 P{s} → 棄権" for s in range(2, 7)]
    + ["7番 P7 → 凍結で投票できず"],
    "en": ["[Night 1] The ballots of Day 1:", "seat 1 (P1) → seat 4 (P4)"]
    + [f"seat {s} (P{s}) → abstained" for s in range(2, 7)] + ["seat 7 (P7) → could not vote (frozen)"],
}  # fmt: skip


@pytest.mark.parametrize("locale", sorted(RENDERED))
def test_adz_9_14_one_line_per_ballot(locale: str) -> None:
    t = table(SEVEN).night({3: ("night.korunu", 7)}).day(votes={1: 4}).night()
    [results] = [n for n in t.heard if n.key == "night.results" and n.to.seats == (2,)]
    lines = render(results, locale, "adazakura").splitlines()
    assert lines[1:9] == RENDERED[locale]
