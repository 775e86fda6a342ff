"""Whole games played only through the browser (issue 9, Tests): the playground page, seat 1 (the
person) playing its console's buttons in the page's frame and the page's 「締め切りまで進める」 when it owes
nothing, bots in the other seats, until the game is over and the console shows the recap.

While it plays, every seat's console is read through the seat switcher at each new phase, and nothing a
seat may not know about another seat shows in it (:mod:`tests.browser.hidden`, the text form of the
never-leak lists of tests/property).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from devtools.local.web import PlaygroundServer
from tests.browser.console import leaf
from tests.browser.hidden import leaks
from tests.browser.playground import committed, person, serving, table

#: Page inputs (a button or the advance) after which a game must be over.
MAX_INPUTS = 400
#: Buttons the person presses in one phase before letting the clock run (optional choices such as a CO
#: stay legal all phase long).
PRESSES_PER_PHASE = 2
#: The game the server opens first; the others are started from the page's new-game form.
FIRST = "adazakura"
GAMES = [("adazakura", 5, 11), ("politician", 5, 4), ("deathnote", 5, 2)]


@dataclass
class Playthrough:
    server: PlaygroundServer
    page: Page
    rng: random.Random
    leaked: list[str] = field(default_factory=list)
    read: set[int] = field(default_factory=set)

    @property
    def frame(self) -> FrameLocator:
        return self.page.frame_locator("#console")

    def show(self, row: dict[str, object]) -> None:
        """Switch the playground to seat ``row`` and wait for its console to show that seat's view."""
        token = f"Seat {row['token']}"
        with self.page.expect_response(
            lambda r: "/console/api/view" in r.url and r.request.headers.get("authorization") == token
        ):
            self.page.locator(f"#tabs [data-seat='{row['seat']}']").click()
        expect(self.frame.locator("#me")).to_contain_text(str(row["name"]))

    def read_every_seat(self) -> None:
        """Read each seat's console in turn (the hot seat), check it, end on the person's seat."""
        _, state = committed(self.server)
        # What the group showed so far, once the page has caught up with it (it polls): a claim the
        # person made in its console a moment ago is public, not a leak.
        last = table(self.server)["chat"][-1]["n"]
        expect(self.page.locator(f"#chat li[data-n='{last}']")).to_have_count(1)
        public = self.page.locator("#chat").inner_text()
        rows = table(self.server)["seats"]
        for row in [r for r in rows if not r["person"]] + [person(self.server)]:
            self.show(row)
            text = self.frame.locator("#main").inner_text()
            self.leaked += leaks(state, int(row["seat"]), text, public)
            self.read.add(int(row["seat"]))

    def reopen(self) -> None:
        """Open the shown console again (the view a press answers with is the one before the bots moved;
        the page would catch up at its next poll), so the buttons pressed are the current ones."""
        frame = self.page.locator("#console").element_handle().content_frame()
        assert frame is not None
        frame.goto(frame.url)
        expect(self.frame.locator("#me")).to_contain_text(str(person(self.server)["name"]))

    def press(self) -> None:
        """The person presses one of its console's buttons (steps of a multi-step choice first)."""
        self.reopen()
        button = leaf(self.frame, self.rng)
        with self.page.expect_response(lambda r: r.url.endswith("/console/api/act")) as answer:
            button.click()
        assert answer.value.status == 200

    def advance(self) -> None:
        """The page's advance button: the clock jumps to the deadline, the bots move."""
        button = self.page.locator("#advance")
        expect(button).to_be_enabled()
        with self.page.expect_response(lambda r: r.url.endswith("/playground/api/advance")):
            button.click()


def start_from_form(page: Page, game: str, players: int, seed: int) -> None:
    """Start ``game`` from the page's new-game form."""
    page.locator("#new-open").click()
    page.locator("#new-game").select_option(game)
    page.locator("#new-players").fill(str(players))
    page.locator("#new-seed").fill(str(seed))
    with page.expect_response(lambda r: r.url.endswith("/playground/api/new")) as answer:
        page.locator("#new-form button[type=submit]").click()
    assert answer.value.ok


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_whole_game_through_the_browser_never_leaks(page: Page, game: str, players: int, seed: int) -> None:
    with serving(FIRST, players, seed) as server:
        page.goto(server.url)
        if game != FIRST:
            start_from_form(page, game, players, seed)
        expect(page.locator("#game-line")).to_contain_text(str(table(server)["game_id"]))
        play = Playthrough(server, page, random.Random(seed))
        phase, presses = None, 0
        for _ in range(MAX_INPUTS):
            now = table(server)
            if now["over"]:
                break
            if now["phase_seq"] != phase:
                play.read_every_seat()
                phase, presses = now["phase_seq"], 0
            if person(server)["owes"] and presses < PRESSES_PER_PHASE:
                play.press()
                presses += 1
            else:
                play.advance()
        assert table(server)["over"], f"{game} not over after {MAX_INPUTS} inputs"
        assert play.read == {int(r["seat"]) for r in table(server)["seats"]}
        assert not play.leaked, "\n".join(play.leaked)
        play.show(person(server))
        recap = play.frame.locator("#sec-recap")
        expect(recap).to_be_visible()
        expect(recap.locator(".text")).not_to_be_empty()
