"""The Telegram function answers the player console (``/console…``) on the same Function URL as the
webhook: a seated player's Mini App ``initData`` opens their own view; a forged one gets 401, a player of
another game or a non-player 403, and nothing changes. The game is a real 徒桜戦争 lobby and start through
the webhook (``tests/e2e/harness.py``: fake Bot API, the production store on moto)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, urlencode

import pytest

from handlers.telegram import webhook
from handlers.telegram.initdata import sign
from infra.dynamodb import DynamoStore
from tests.e2e.harness import GAME_ID, Player, Table, open_and_start, players
from tests.fakes.telegram_api import TOKEN, FakeTelegramApi
from tests.telegram.builders import group_command

pytestmark = [pytest.mark.aws]

OTHER_GROUP = -1001000000002
OTHER_GAME = "a1b2c3d4"
STRANGER = Player(1_000_000_099, "Stranger")


@pytest.fixture
def table(api: FakeTelegramApi, store: DynamoStore) -> Table:
    """Six players in a started game ``GAME_ID``; two others in a started game ``OTHER_GAME`` elsewhere."""
    people = players(6)
    table = Table(api, store, people)
    open_and_start(table, "adazakura")
    table.service.runner.new_id = lambda: OTHER_GAME
    others = [Player(1_000_000_050 + i, f"Other{i}") for i in range(6)]
    table.people = others
    host = others[0]
    table.post(
        group_command(OTHER_GROUP, host.number, host.name, "/newgame adazakura", table.next_update_id())
    )
    for player in others:
        table.in_private(player, f"/start {OTHER_GAME}")  # the other lobby's join link
    table.post(group_command(OTHER_GROUP, host.number, host.name, "/startgame", table.next_update_id()))
    table.people = people
    return table


def init_data(player: Player, now: int, game_id: str | None = GAME_ID, token: str = TOKEN) -> str:
    user = json.dumps({"id": player.number, "first_name": player.name}, separators=(",", ":"))
    fields = {"auth_date": str(now - 30), "user": user}
    if game_id is not None:
        fields["start_param"] = game_id
    return sign(fields, token)


def vote(game_id: str) -> dict[str, Any]:
    """An ``act`` body voting for seat 1 in ``game_id``."""
    return {"g": game_id, "phase_seq": 1, "action": {"kind": "vote", "args": [1]}, "client_id": "c1"}


def console(path: str, *, authorization: str | None, query: dict[str, str] | None = None,
            method: str = "GET", body: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """The Function URL event of a console request, as the Mini App sends it (no webhook secret)."""
    headers = {"host": "abc.lambda-url.ap-northeast-1.on.aws", "content-type": "application/json"}
    if authorization is not None:
        headers["authorization"] = authorization
    event: dict[str, Any] = {
        "version": "2.0", "rawPath": path, "rawQueryString": urlencode(query or {}), "headers": headers,
        "requestContext": {"http": {"method": method, "path": path}},
        "body": json.dumps(body) if body is not None else None, "isBase64Encoded": False,
    }  # fmt: skip
    if query:
        event["queryStringParameters"] = query
    answer: dict[str, Any] = webhook.handler(event, None)
    return answer


def view_of(table: Table, player: Player, game_id: str | None = GAME_ID) -> dict[str, Any]:
    return console("/console/api/view", authorization=f"tma {init_data(player, table.now, game_id)}")


def test_a_seated_player_gets_their_own_view(table: Table) -> None:
    player = table.people[2]
    answer = view_of(table, player)
    assert answer["statusCode"] == 200
    view = json.loads(answer["body"])
    assert view["game_id"] == GAME_ID
    assert view["me"]["name"] == player.name
    private = "\n\n".join(table.sent_to(player.chat))
    assert view["feed"], "the role card sent at the start is in the console too"
    assert all(entry["text"] in private for entry in view["feed"]), "only what this player was told"


def test_the_game_can_come_from_the_query_instead_of_start_param(table: Table) -> None:
    player = table.people[0]
    authorization = f"tma {init_data(player, table.now, game_id=None)}"
    answer = console("/console/api/view", authorization=authorization, query={"g": GAME_ID})
    assert answer["statusCode"] == 200
    assert json.loads(answer["body"])["me"]["name"] == player.name


@pytest.mark.parametrize("how", ["forged", "other_bot", "missing", "expired"])
def test_a_forged_or_stale_init_data_gets_401_and_changes_nothing(table: Table, how: str) -> None:
    player = table.people[1]
    before = table.snapshot()
    genuine = init_data(player, table.now)
    header = {
        "forged": "tma " + urlencode({**dict(parse_qsl(genuine)), "hash": "f" * 64}),
        "other_bot": "tma " + init_data(player, table.now, token="987654321:another-bots-token"),
        "missing": None,
        "expired": "tma " + init_data(player, table.now - 7 * 3600),
    }[how]
    view = console("/console/api/view", authorization=header)
    act = console("/console/api/act", authorization=header, method="POST", body=vote(GAME_ID))
    assert (view["statusCode"], act["statusCode"]) == (401, 401)
    assert player.name not in view["body"] + act["body"]
    assert GAME_ID not in view["body"] + act["body"]
    assert table.snapshot() == before


@pytest.mark.parametrize("who", ["other_game_player", "non_player"])
def test_a_player_of_another_game_or_a_non_player_gets_403_and_changes_nothing(
    table: Table, who: str
) -> None:
    viewer = Player(1_000_000_050, "Other0") if who == "other_game_player" else STRANGER
    before = table.snapshot()
    view = view_of(table, viewer)
    act = console(
        "/console/api/act",
        authorization=f"tma {init_data(viewer, table.now)}",
        method="POST",
        body=vote(GAME_ID),
    )
    assert (view["statusCode"], act["statusCode"]) == (403, 403)
    for name in (p.name for p in table.people):
        assert name not in view["body"] + act["body"]
    assert table.snapshot() == before


def test_a_player_of_the_other_game_still_opens_their_own(table: Table) -> None:
    answer = view_of(table, Player(1_000_000_050, "Other0"), OTHER_GAME)
    assert answer["statusCode"] == 200
    assert json.loads(answer["body"])["game_id"] == OTHER_GAME


def test_the_console_page_is_served_without_the_webhook_secret(table: Table) -> None:
    answer = console("/console", authorization=None)
    assert answer["statusCode"] == 200
    assert "text/html" in answer["headers"].get("Content-Type", answer["headers"].get("content-type", ""))


def test_a_webhook_post_without_the_secret_is_still_refused(table: Table) -> None:
    update = group_command(-1001000000001, 1_000_000_001, "Alex", "/status", table.next_update_id())
    assert table.post(update, secret=None) == 401
