"""The console as a Telegram Mini App, without Telegram (issue 9, Tests): the page served with platform
``telegram`` behind a local server, Telegram's web-view bridge stubbed (:mod:`tests.browser.stubs`) and
an ``initData`` signed here with a test bot token (core.telegram.org/bots/webapps, "Validating data
received via the Mini App"). A seated player sees their own console; a forged or expired ``initData``, a
player of another game and a non-player see a refusal that names nothing, and the game is unchanged.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

import core.i18n as i18n
from handlers.console.api import ConsoleApi
from handlers.telegram.initdata import MAX_AGE, InitDataAuth
from tests.browser import stubs
from tests.browser.hidden import secret_of
from tests.browser.serve import ConsoleServer, Loop
from tests.browser.tables import Tables

BOT_TOKEN = "123456:TEST-console-bot-token"
PLAYERS = ["tg:101", "tg:102", "tg:103", "tg:104"]
OTHERS = ["tg:201", "tg:202", "tg:203", "tg:204"]


def init_data(user: str, start_param: str, auth_date: int, token: str = BOT_TOKEN) -> str:
    """An ``initData`` as Telegram signs it: ``hash`` = hex HMAC-SHA256 of the sorted ``key=value`` lines
    with the key HMAC-SHA256("WebAppData", bot token). Written out here, independent of the code tested."""
    person = {"id": int(user.removeprefix("tg:")), "first_name": "Ayu", "language_code": "ja"}
    fields = {"auth_date": str(auth_date), "query_id": "AAHdF6IQAAAAAN0XohDhrOrc", "start_param": start_param,
              "user": json.dumps(person, separators=(",", ":"))}  # fmt: skip
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return urlencode({**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()})


@dataclass
class Mini:
    tables: Tables
    server: ConsoleServer
    game: str
    other: str

    def open(self, page: Page, data: str) -> None:
        stubs.telegram(page)
        page.goto(f"{self.server.url}/console?tgWebAppStartParam={self.game}{stubs.telegram_hash(data)}")

    def player(self, user: str) -> Any:
        state = self.tables.state(self.game)
        return next(p for p in state.players if p.user_id == user)


@pytest.fixture(scope="module")
def mini() -> Iterator[Mini]:
    loop = Loop()
    tables = Tables("telegram", loop)
    game = tables.open("tg:-1001", PLAYERS)
    other = tables.open("tg:-1002", OTHERS)
    api = ConsoleApi(tables.service, InitDataAuth(lambda: BOT_TOKEN), platform="telegram")
    try:
        with ConsoleServer(api, loop, clock=lambda: tables.now) as server:
            yield Mini(tables, server, game, other)
    finally:
        loop.close()


def test_a_seated_player_sees_their_own_console(page: Page, mini: Mini) -> None:
    me = mini.player("tg:102")
    mini.open(page, init_data("tg:102", mini.game, mini.tables.now))
    card = page.locator("#sec-card")
    expect(card).to_contain_text(secret_of(mini.tables.state(mini.game), me))
    expect(page.locator("#me")).to_contain_text(me.name)
    assert page.evaluate("window.__tgReady") is True, "the page never told Telegram it was ready"


REFUSED = {
    "forged": lambda m: init_data("tg:101", m.game, m.tables.now, token="123456:someone-elses-token"),
    "expired": lambda m: init_data("tg:101", m.game, m.tables.now - MAX_AGE - 60),
    "player of another game": lambda m: init_data("tg:201", m.game, m.tables.now),
    "non-player": lambda m: init_data("tg:999", m.game, m.tables.now),
}
#: A POST to the API from the page, with an ``Authorization`` header and a JSON body; its HTTP status.
ACT = """async ([authorization, body]) => (await fetch('/console/api/act', {method: 'POST',
  headers: {'Authorization': authorization, 'Content-Type': 'application/json'},
  body: JSON.stringify(body)})).status"""
ERROR = {"forged": "unauthorized", "expired": "unauthorized"}


@pytest.mark.parametrize("who", list(REFUSED))
def test_anyone_else_is_refused_and_changes_nothing(page: Page, mini: Mini, who: str) -> None:
    before = mini.tables.snapshot(mini.game)
    data = REFUSED[who](mini)
    mini.open(page, data)
    error = ERROR.get(who, "forbidden")
    expect(page.get_by_role("alert")).to_have_text(i18n.text(f"console.error.{error}", "ja", "common"))
    expect(page.locator("#sec-card")).to_have_count(0)
    seat = mini.player("tg:101")
    legal = mini.tables.service.runner.load(mini.game).rules.legal_actions(
        mini.tables.state(mini.game), seat.seat
    )
    action = {"kind": legal[0].kind, "args": list(legal[0].args)} if legal else {"kind": "pass", "args": []}
    status = page.evaluate(ACT, ["tma " + data, {"g": mini.game, "action": action, "client_id": "forged-1"}])
    assert status == (401 if error == "unauthorized" else 403)
    text = page.locator("body").inner_text()
    state = mini.tables.state(mini.game)
    named = [word for p in state.players for word in (p.name, secret_of(state, p)) if word in text]
    assert not named, f"the refusal names {named}"
    assert mini.game not in text
    assert mini.tables.snapshot(mini.game) == before
