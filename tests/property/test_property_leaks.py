"""The never-leak checker itself [ADZ-11.9]: it refuses each kind of leak and lets the allowed reveals pass,
so a green playout means something."""

from __future__ import annotations

import pytest

from core.engine.notice import (
    PUBLIC,
    FactionRef,
    KeyRef,
    Notice,
    PlayerRef,
    RoleRef,
    to_seat,
    to_team,
    to_user,
)
from core.games.adazakura.model import AdzState
from tests.property.leaks import assert_no_leak
from tests.property.playout import dealt, user

pytestmark = pytest.mark.property
SEATS = "yatsuha/A saine/A himika/S mizuki/S megumi/S shinra/S"


def ref(seat: int) -> PlayerRef:
    return PlayerRef(seat=seat, name=f"P{seat}")


def result(key: str, **params: object) -> KeyRef:
    return KeyRef(key=key, params=params)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def night0() -> AdzState:
    return dealt(SEATS)


def card(seat: int, megami: str, faction: str, team: list[int], **more: object) -> Notice:
    key = "role.card.team" if team else "role.card"
    params = {"player": ref(seat), "megami": RoleRef(id=megami), "faction": FactionRef(id=faction),
              "team": [ref(s) for s in team], "lines": [], **more}  # fmt: skip
    return Notice(key=key, to=to_seat(seat), params=params)  # type: ignore[arg-type]


LEAKS = {
    "public Megami": Notice(
        key="exile.done", to=PUBLIC, params={"player": ref(3), "megami": RoleRef(id="himika")}
    ),
    "public faction in a sub-key": Notice(
        key="morning.deaths",
        to=PUBLIC,
        params={"players": [ref(3)], "x": result("dead.as", f=FactionRef(id="sakura"))},
    ),
    "public vote count": Notice(key="exile.done", to=PUBLIC, params={"player": ref(3), "votes": 4}),
    "public ballots": Notice(key="vote.closed", to=PUBLIC, params={"ballots": [ref(3), ref(4)]}),
    "public cause of death": Notice(
        key="morning.deaths", to=PUBLIC, params={"players": [ref(3)], "how": KeyRef(key="cause.erasure")}
    ),
    "public final lines while the game runs": Notice(
        key="end.result", to=PUBLIC, params={"lines": [result("end.seat.alive", megami=RoleRef(id="saine"))]}
    ),
    "team channel to a Sakura seat": Notice(key="team.say", to=to_team([1, 3]), params={"member": ref(1)}),
    "Megami in the team channel": Notice(
        key="team.open", to=to_team([1, 2]), params={"m": RoleRef(id="saine")}
    ),
    "another seat's Megami outside results": Notice(
        key="night.choice.saved", to=to_seat(6), params={"target": ref(3), "megami": RoleRef(id="himika")}
    ),
    "a result line outside the night results": Notice(
        key="night.done",
        to=to_seat(6),
        params={"lines": [result("result.megami", target=ref(3), megami=RoleRef(id="himika"))]},
    ),
    "another seat's faction to a user": Notice(
        key="status", to=to_user(user(6)), params={"target": ref(1), "f": FactionRef(id="adazakura")}
    ),
    "someone else's role card": card(3, "mizuki", "sakura", [], player=ref(4)),
    "a wrong Megami on the card": card(3, "saine", "sakura", []),
    "the team list on a Sakura card": card(3, "himika", "sakura", [1, 2]),
    "a card line that is not in the ledger": card(
        6,
        "shinra",
        "sakura",
        [],
        lines=[result("result.megami", target=ref(1), megami=RoleRef(id="yatsuha"))],
    ),
}


@pytest.mark.parametrize("notice", LEAKS.values(), ids=LEAKS.keys())
def test_each_kind_of_leak_is_caught(night0: AdzState, notice: Notice) -> None:
    with pytest.raises(AssertionError):
        assert_no_leak(night0, [notice], night0)


def test_night_results_to_a_player_who_was_already_dead_are_caught(night0: AdzState) -> None:
    dead = night0.model_copy(deep=True)
    dead.players[2].alive = False
    notice = Notice(
        key="night.results", to=to_seat(3), params={"night": 1, "lines": [KeyRef(key="result.nothing")]}
    )
    assert_no_leak(night0, [notice], night0)
    with pytest.raises(AssertionError, match="dead seat 3"):
        assert_no_leak(dead, [notice], dead)


ALLOWED = {
    "a CO claim": Notice(
        key="co.posted", to=PUBLIC, params={"player": ref(3), "megami": RoleRef(id="yurina")}
    ),
    "Saine's skip reveal": Notice(
        key="skip.used", to=PUBLIC, params={"player": ref(2), "megami": RoleRef(id="saine")}
    ),
    "the CO board to a user": Notice(
        key="board",
        to=to_user(user(4)),
        params={"lines": [result("board.line", player=ref(3), megami=RoleRef(id="oboro"))]},
    ),
    "a verified reveal on the CO board": Notice(
        key="board",
        to=PUBLIC,
        params={"lines": [result("board.line.verified", player=ref(2), megami=RoleRef(id="saine"))]},
    ),
    "the table size and K": Notice(
        key="game.seating", to=PUBLIC, params={"players": [ref(1)], "count": 6, "k": 2}
    ),
    "a look at another seat in the night results": Notice(
        key="night.results",
        to=to_seat(6),
        params={"lines": [result("result.megami", target=ref(3), megami=RoleRef(id="himika"))]},
    ),
    "an own card with the team list": card(1, "yatsuha", "adazakura", [1, 2]),
    "an own Sakura card": card(4, "mizuki", "sakura", []),
    "deck cards in a result": Notice(
        key="night.results",
        to=to_seat(6),
        params={"lines": [result("result.deck.look", cards=[RoleRef(id="kanae")])]},
    ),
}


@pytest.mark.parametrize("notice", ALLOWED.values(), ids=ALLOWED.keys())
def test_allowed_reveals_pass(night0: AdzState, notice: Notice) -> None:
    assert_no_leak(night0, [notice], night0)


def test_the_final_announcement_reveals_everything_once_the_game_is_over(night0: AdzState) -> None:
    lines = [
        result("end.seat.dead", player=ref(2), megami=RoleRef(id="saine"), faction=FactionRef(id="adazakura"))
    ]
    notice = Notice(key="end.result", to=PUBLIC, params={"lines": lines})  # type: ignore[dict-item]
    over = night0.model_copy(update={"phase": "ended"})
    assert_no_leak(night0, [notice], over)
    with pytest.raises(AssertionError):
        assert_no_leak(night0, [notice], night0)
