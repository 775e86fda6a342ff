"""What the playground's page (and a seat's console) sends to ``jinro-gm play``'s server: a small HTTP
client for the tests of :mod:`devtools.local.web`, with the rows of its state."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from typing import Any

from core.games import registry


class Browser:
    """What the page (and a seat's console) sends to the server at ``url``: JSON bodies, as the page's
    own script sends them (``Content-Type: application/json``; ``headers`` add or replace headers)."""

    def __init__(self, url: str, key: str | None = None) -> None:
        self.url = url.rstrip("/")
        #: The playground's key off loopback (``X-Playground-Key``), sent with every request.
        self.key = key

    def call(
        self,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, Any]:
        """``(status, JSON answer)``; ``raw``: the body's bytes as given instead of ``body`` as JSON."""
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.key is not None:
            sent.setdefault("X-Playground-Key", self.key)
        if token is not None:
            sent["Authorization"] = f"Seat {token}"
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=sent)
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def ok(self, path: str, body: Any = None, **kwargs: Any) -> Any:
        status, data = self.call(path, body, **kwargs)
        assert status == 200, data
        return data

    def state(self, since: int = 0) -> dict[str, Any]:
        return self.ok(f"/playground/api/state?since={since}")  # type: ignore[no-any-return]

    def view(self, state: dict[str, Any], seat: dict[str, Any]) -> dict[str, Any]:
        return self.ok(f"/console/api/view?g={state['game_id']}", token=seat["token"])  # type: ignore[no-any-return]

    def act(self, state: dict[str, Any], seat: dict[str, Any], view: dict[str, Any], action: Any) -> Any:
        body = {"g": state["game_id"], "phase_seq": view["phase_seq"], "action": action,
                "client_id": uuid.uuid4().hex}  # fmt: skip
        return self.ok("/console/api/act", body, token=seat["token"])


def person(state: dict[str, Any]) -> dict[str, Any]:
    """The person's row of the state's ``seats``."""
    return next(seat for seat in state["seats"] if seat["person"])


def bots(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of the seats a bot plays."""
    return [seat for seat in state["seats"] if seat["bot"]]


#: Inputs after which a phase must have been reached.
MAX_INPUTS = 300


def play_until(browser: Browser, phase: str) -> dict[str, Any]:
    """The person plays the first choice of each menu whenever they owe one, the clock jumps otherwise,
    until the game reaches ``phase``; returns the state then."""
    return play_to(browser, lambda state: state["phase"] == phase, phase)


def play_to(browser: Browser, reached: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """As :func:`play_until`, until ``reached(state)`` (``what`` names it in the failure)."""
    for _ in range(MAX_INPUTS):
        state = browser.state()
        if reached(state):
            return state
        me = person(state)
        view = browser.view(state, me)
        if me["owes"] and view["actions"]:
            node = view["actions"][0]
            while node["children"]:
                node = node["children"][0]
            browser.act(state, me, view, node["action"])
        else:
            assert browser.ok("/playground/api/advance", {})["moved"], f"stuck in {state['phase']}"
    raise AssertionError(f"never reached {what}")


#: Clock jumps a whole bot game may take before it counts as stuck.
MAX_JUMPS = 400


def bots_to_the_end(browser: Browser, game: str) -> dict[str, Any]:
    """A new game of ``game`` for its fewest players (seed 5, Japanese), every seat a bot, the clock
    jumped to each deadline until the game is over; the state then, with the whole group chat."""
    players = registry()[game].min_players
    browser.ok("/playground/api/new", {"game": game, "players": players, "lang": "ja", "seed": 5})
    browser.ok("/playground/api/seat", {"seat": person(browser.state())["seat"], "bot": True})
    for _ in range(MAX_JUMPS):
        if browser.state(since=10**9)["over"]:
            return browser.state()
        assert browser.ok("/playground/api/advance", {})["moved"], "stuck before the end"
    raise AssertionError("the game did not end")
