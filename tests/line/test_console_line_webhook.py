"""The LINE function answers the player console (``/console…``, the LIFF app) on the same Function URL as
the webhook: a seated player's LIFF ID token (verified by the fake LINE API's "Verify ID token") opens
their own view of the game named by ``g``; a forged token gets 401, a player of another game or a
non-player 403, and nothing changes. The game is a real 徒桜戦争 lobby and start through the webhook
(``tests/e2e/line_table.py``: fake LINE API, the production store on moto)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from handlers import outbox
from handlers.line import webhook
from handlers.line.idtoken import IdTokenAuth
from tests.e2e.harness import NoticeLog, moto_store
from tests.e2e.line_bots import open_and_start
from tests.e2e.line_table import GAME_ID, SECRET, LinePlayer, LineTable, _kind, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]

CHANNEL = "2000000001"
STRANGER = LinePlayer("line:U" + "f" * 32, "Stranger")
OTHER_GROUP = "line:C0e2e0000000000000000000000000002"
OTHER_GAME = "a1b2c3d4"
OTHERS = [LinePlayer(f"line:U{0xA0 + i:032x}", f"Other{i}") for i in range(4)]


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> NoticeLog:
    log = NoticeLog()
    monkeypatch.setattr(outbox, "render_notices", log.wrap(outbox.render_notices))
    return log


def start_other_game(table: LineTable) -> None:
    """:data:`OTHERS` start game :data:`OTHER_GAME` in :data:`OTHER_GROUP`."""
    people, table.people = table.people, [*table.people, *OTHERS]
    table.service.runner.new_id = lambda: OTHER_GAME
    for player in OTHERS:
        table.befriend(player)
        table.fake.join(OTHER_GROUP, player.chat, player.name)
    table.say(OTHERS[0], OTHER_GROUP, "/newgame adazakura")
    join = [data for data in table.fake.postbacks(OTHER_GROUP) if _kind(data) == "join"][-1]
    for player in OTHERS:
        table.tap(player, OTHER_GROUP, join)
    table.say(OTHERS[0], OTHER_GROUP, "/startgame")
    table.people = people


@pytest.fixture
def table(notices: NoticeLog) -> Iterator[LineTable]:
    """Four players in a started game, four others in another; the console checks ID tokens for
    :data:`CHANNEL` at the fake."""
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4))
        auth = IdTokenAuth(CHANNEL, base_url=fake.base_url)
        webhook.configure(secret=SECRET, service=table.service, sender=table.sender, api=table.api,
                          clock=table.clock, id_tokens=auth)  # fmt: skip
        try:
            open_and_start(table, "adazakura")
            start_other_game(table)
            yield table
        finally:
            webhook.LOOP.run(auth.aclose())
            table.close()


def vote(game_id: str) -> dict[str, Any]:
    """An ``act`` body voting for seat 1 in ``game_id``."""
    return {"g": game_id, "phase_seq": 1, "action": {"kind": "vote", "args": [1]}, "client_id": "c1"}


def console(path: str, token: str | None, *, method: str = "GET", query: dict[str, str] | None = None,
            body: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """The Function URL event of a console request, as the LIFF page sends it (no webhook signature)."""
    headers = {"host": "abc.lambda-url.ap-northeast-1.on.aws", "content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    event: dict[str, Any] = {
        "version": "2.0", "rawPath": path, "headers": headers, "queryStringParameters": query or {},
        "requestContext": {"http": {"method": method, "path": path}},
        "body": json.dumps(body) if body is not None else "", "isBase64Encoded": False,
    }  # fmt: skip
    answer: dict[str, Any] = webhook.handler(event, None)
    return answer


def token_of(table: LineTable, player: LinePlayer, channel: str = CHANNEL) -> str:
    return table.fake.id_tokens.issue(player.chat, channel)


def test_a_seated_player_gets_their_own_view(table: LineTable, notices: NoticeLog) -> None:
    player = table.people[1]
    answer = console("/console/api/view", token_of(table, player), query={"g": GAME_ID})
    assert answer["statusCode"] == 200
    view = json.loads(answer["body"])
    assert (view["game_id"], view["me"]["name"]) == (GAME_ID, player.name)
    told = "\n\n".join(said.body for said in notices.to(player.chat))
    assert view["feed"], "the role card sent at the start is in the console too"
    assert all(entry["text"] in told for entry in view["feed"]), "only what this player was told"


def test_a_player_of_the_other_game_opens_that_one(table: LineTable) -> None:
    answer = console("/console/api/view", token_of(table, OTHERS[2]), query={"g": OTHER_GAME})
    assert answer["statusCode"] == 200
    assert json.loads(answer["body"])["me"]["name"] == OTHERS[2].name


@pytest.mark.parametrize("how", ["forged", "other_channel", "expired", "missing"])
def test_a_forged_or_stale_token_gets_401_and_changes_nothing(table: LineTable, how: str) -> None:
    player = table.people[1]
    token = {
        "forged": "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJVMSJ9.forged",
        "other_channel": token_of(table, player, "9999999999"),
        "expired": table.fake.id_tokens.issue(player.chat, CHANNEL, lifetime=-1),
        "missing": None,
    }[how]
    before = table.version()
    view = console("/console/api/view", token, query={"g": GAME_ID})
    act = console("/console/api/act", token, method="POST", body=vote(GAME_ID))
    assert (view["statusCode"], act["statusCode"]) == (401, 401)
    assert player.name not in view["body"] + act["body"]
    assert GAME_ID not in view["body"] + act["body"]
    assert table.version() == before


@pytest.mark.parametrize("who", ["non_player", "other_game_player", "unknown_game"])
def test_a_non_player_or_a_player_of_another_game_gets_403_and_changes_nothing(
    table: LineTable, who: str
) -> None:
    viewer, game = {"non_player": (STRANGER, GAME_ID), "other_game_player": (OTHERS[0], GAME_ID),
                    "unknown_game": (table.people[0], "ffff0000")}[who]  # fmt: skip
    before = table.version()
    view = console("/console/api/view", token_of(table, viewer), query={"g": game})
    act = console("/console/api/act", token_of(table, viewer), method="POST", body=vote(game))
    assert (view["statusCode"], act["statusCode"]) == (403, 403)
    for name in (p.name for p in table.people):
        assert name not in view["body"] + act["body"]
    assert table.version() == before


def test_the_webhook_itself_still_needs_the_signature(table: LineTable) -> None:
    event = {"version": "2.0", "rawPath": "/", "headers": {"x-line-signature": "AAAA"},
             "requestContext": {"http": {"method": "POST", "path": "/"}}, "body": '{"events":[]}',
             "isBase64Encoded": False}  # fmt: skip
    assert webhook.handler(event, None)["statusCode"] == 401
