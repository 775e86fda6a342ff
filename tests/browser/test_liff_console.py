"""The console as a LIFF app, without LINE (issue 9, Tests): the page served with platform ``line``
behind a local server, the LIFF SDK replaced by a stub ``liff`` (:mod:`tests.browser.stubs`) whose ID
token the fake LINE API's verify endpoint knows (``tests/fakes/line_login.py``, LINE Login v2.1 "Verify ID
token"). A valid token shows the player's own console; a forged one a refusal, and the game is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

import core.i18n as i18n
from handlers.console.api import ConsoleApi
from handlers.line.idtoken import IdTokenAuth
from tests.browser import stubs
from tests.browser.hidden import secret_of
from tests.browser.serve import ConsoleServer, Loop
from tests.browser.tables import Tables
from tests.fakes.line_api import FakeLineApi

CHANNEL = "1657000001"
LIFF_ID = f"{CHANNEL}-AbCdEfGh"
PLAYERS = [f"line:U{n:032x}" for n in range(1, 5)]


@dataclass
class Liff:
    tables: Tables
    server: ConsoleServer
    line: FakeLineApi
    game: str

    def open(self, page: Page, id_token: str) -> None:
        stubs.liff(page, id_token)
        page.goto(f"{self.server.url}/console?g={self.game}")


@pytest.fixture(scope="module")
def liff() -> Iterator[Liff]:
    loop = Loop()
    tables = Tables("line", loop)
    game = tables.open("line:C00000000000000000000000000000001", PLAYERS)
    with FakeLineApi() as line:
        auth = IdTokenAuth(CHANNEL, base_url=line.base_url)
        api = ConsoleApi(tables.service, auth, platform="line", page_config={"liff_id": LIFF_ID})
        try:
            with ConsoleServer(api, loop, clock=lambda: tables.now) as server:
                yield Liff(tables, server, line, game)
        finally:
            loop.run(auth.aclose)
            loop.close()


def test_a_valid_id_token_shows_the_players_own_console(page: Page, liff: Liff) -> None:
    state = liff.tables.state(liff.game)
    me = next(p for p in state.players if p.user_id == PLAYERS[2])
    liff.open(page, liff.line.id_tokens.issue(PLAYERS[2], CHANNEL))
    expect(page.locator("#sec-card")).to_contain_text(secret_of(state, me))
    expect(page.locator("#me")).to_contain_text(me.name)
    assert page.evaluate("window.liff.id") == LIFF_ID, "liff.init was not given the LIFF app's id"


@pytest.mark.parametrize(
    "token",
    [
        pytest.param(lambda line: "eyJmYWtlIjoiaWQtdG9rZW4ifQ.00000999.forged-signature", id="forged"),
        pytest.param(lambda line: line.id_tokens.issue(PLAYERS[0], "1657999999"), id="another channel"),
        pytest.param(lambda line: line.id_tokens.issue(PLAYERS[0], CHANNEL, lifetime=-60), id="expired"),
    ],
)
def test_a_bad_id_token_is_refused_and_changes_nothing(page: Page, liff: Liff, token: object) -> None:
    before = liff.tables.snapshot(liff.game)
    liff.open(page, token(liff.line))  # type: ignore[operator]
    expect(page.get_by_role("alert")).to_have_text(i18n.text("console.error.unauthorized", "ja", "common"))
    expect(page.locator("#sec-card")).to_have_count(0)
    text = page.locator("body").inner_text()
    state = liff.tables.state(liff.game)
    named = [word for p in state.players for word in (p.name, secret_of(state, p)) if word in text]
    assert not named, f"the refusal names {named}"
    assert liff.tables.snapshot(liff.game) == before
    assert liff.line.calls_to("verify_id_token"), "the token was not checked with LINE"
