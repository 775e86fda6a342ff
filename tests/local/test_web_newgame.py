"""A ``/newgame`` of another game sent in the playground's group: the table follows the group to it and
plays it by its own rules, with its own players as the seats (trial 24: the old game's rules were handed
the new game's state, a 500 on every read of the table; bots that never moved; tabs of people who did
not join)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import core.i18n as i18n
from devtools.local.web import PlaygroundServer
from tests.local.webclient import MAX_JUMPS, Browser, person


@contextmanager
def _table(game: str, players: int) -> Iterator[Browser]:
    server = PlaygroundServer(game=game, players=players, lang="ja", seed=5, port=0)
    server.start()
    try:
        yield Browser(server.url)
    finally:
        server.stop()


def _newgame(browser: Browser, line: str, joining: int) -> dict[str, Any]:
    """The person cancels the running game and sends ``line`` (``/newgame …``) in the group; the first
    ``joining`` rows of the lobby send ``/start <game id>`` in their private chat (the join button's
    path), and the person starts the game; the state then."""
    host = person(browser.state())["seat"]
    browser.ok("/playground/api/group", {"seat": host, "text": "/cancel"})
    browser.ok("/playground/api/group", {"seat": host, "text": line})
    lobby = browser.state()
    assert not lobby["started"]
    for row in lobby["seats"][:joining]:
        browser.ok("/playground/api/private", {"seat": row["seat"], "text": f"/start {lobby['game_id']}"})
    browser.ok("/playground/api/group", {"seat": person(browser.state())["seat"], "text": "/startgame"})
    return browser.state()


def _bots_to_the_end(browser: Browser) -> dict[str, Any]:
    browser.ok("/playground/api/seat", {"seat": person(browser.state())["seat"], "bot": True})
    for _ in range(MAX_JUMPS):
        state = browser.state()
        if state["over"]:
            return state
        assert browser.ok("/playground/api/advance", {})["moved"], f"stuck in {state['phase']}"
    raise AssertionError("the new game did not end")


@pytest.mark.parametrize(
    ("first", "line", "game", "locale"),
    [
        ("werewolf", "/newgame 徒桜戦争", "adazakura", "ja"),
        ("werewolf", "/newgame deathnote en", "deathnote", "en"),
        ("adazakura", "/newgame 政治家人狼", "politician", "ja"),
    ],
)
def test_a_newgame_of_another_game_is_played_by_its_own_rules_to_its_end(
    first: str, line: str, game: str, locale: str
) -> None:
    with _table(first, 5) as browser:
        started = _newgame(browser, line, joining=5)
        assert (started["game"], started["locale"], started["started"]) == (game, locale, True)
        # The bots moved until the game waits for the person, whose tab says so (its rules' legal actions).
        assert person(started)["owes"]
        over = _bots_to_the_end(browser)
        assert over["game_id"] == started["game_id"]
        # The end in the group is the new game's, in its language: its recap page's button.
        links = [entry["link"]["label"] for entry in over["chat"] if entry["link"]]
        assert links == [i18n.text("table.link", locale, game)]


def test_the_seats_of_a_newgame_are_its_players_and_the_others_are_left_without_a_seat() -> None:
    with _table("werewolf", 5) as browser:
        lobby_names = [row["name"] for row in browser.state()["seats"]]
        started = _newgame(browser, "/newgame deathnote", joining=4)
        seats = started["seats"]
        assert sorted(row["seat"] for row in seats) == [1, 2, 3, 4]
        left = [row["name"] for row in started["watchers"]]
        assert len(left) == 1
        assert left[0] not in {row["name"] for row in seats}
        assert sorted([*left, *(row["name"] for row in seats)]) == sorted(lobby_names)
        # Each tab acts as its own player: the console of a seat's token is that seat's.
        for row in seats:
            assert browser.view(started, row)["me"]["seat"] == row["seat"]


def test_the_lobby_of_a_newgame_keeps_everyones_tab_number_from_the_game_before() -> None:
    """徒桜戦争's deal reshuffles the seats: the next lobby numbers everyone as that game seated them."""
    with _table("adazakura", 5) as browser:
        before = {row["seat"]: row["name"] for row in browser.state()["seats"]}
        host = person(browser.state())["seat"]
        browser.ok("/playground/api/group", {"seat": host, "text": "/cancel"})
        browser.ok("/playground/api/group", {"seat": host, "text": "/newgame deathnote"})
        lobby = browser.state()
        assert not lobby["started"]
        assert host != 1, "the deal kept the person first: the test would show nothing"
        assert {row["seat"]: row["name"] for row in lobby["seats"]} == before
        assert person(lobby)["seat"] == host
