"""Whatever reaches an entry point, nothing answers 500 and a refused body changes nothing (issue 21
item 7): generated bodies (random JSON, the recorded fixtures of ``tests/fixtures`` with one field given
a wrong type, nesting deeper than the parser goes, huge strings and numbers) thrown at the Telegram
webhook, the LINE webhook (signed over the body, so it gets past the signature), the console API
(``view``, ``act``, ``say`` as a seated player), the timer handler and the playground's API. Each entry
point serves a started game on the production store (moto) and its fake platform; "changes nothing" is
read from the whole table (every item) before and after a refused body."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from devtools.local.web import PlaygroundServer
from handlers import timer
from handlers.line import webhook as line_webhook
from handlers.telegram import webhook
from infra.dynamodb import DynamoStore
from tests.e2e import line_events
from tests.e2e.harness import Player, Table, moto_store, open_and_start, players
from tests.e2e.line_bots import open_and_start as line_open_and_start
from tests.e2e.line_table import SECRET as LINE_SECRET
from tests.e2e.line_table import LineTable, line_players
from tests.fakes.line_api import FakeLineApi
from tests.fakes.telegram_api import FakeTelegramApi
from tests.local.webclient import person
from tests.telegram.test_console_telegram_webhook import init_data

pytestmark = [pytest.mark.aws, pytest.mark.property]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXAMPLES = settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


def _fixtures(platform: str) -> list[Any]:
    """The recorded bodies of ``platform`` (not its API error answers)."""
    found = []
    for path in sorted((FIXTURES / platform).glob("*.json")):
        if not path.name.startswith("error_"):
            data = json.loads(path.read_text(encoding="utf-8"))
            found += data["result"] if isinstance(data, dict) and "result" in data else [data]
    return found


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (dict keys and list indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = new
    return copy


def _deep(depth: int, kind: str) -> str:
    return "[" * depth + "]" * depth if kind == "[" else '{"a":' * depth + "1" + "}" * depth


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=100, max_value=4000).map(lambda digits: int("9" * digits)),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.integers(min_value=1000, max_value=200_000).map(lambda n: "あ" * n),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def wrong_typed(draw: st.DrawFn, bodies: list[Any]) -> str:
    """A recorded body with one value (anywhere in it) replaced by a value of another type."""
    body = draw(st.sampled_from(bodies))
    path = draw(st.sampled_from(_paths(body)))
    new = draw(json_values | st.integers(900, 3000).map(lambda d: json.loads(_deep(d // 3, "["))))
    return json.dumps(_replaced(body, path, new), ensure_ascii=False)


@st.composite
def nested_too_deep(draw: st.DrawFn, bodies: list[Any]) -> str:
    """Nesting the parser cannot follow, alone or as the value of a recorded body's field."""
    deep = _deep(draw(st.integers(900, 6000)), draw(st.sampled_from(["[", "{"])))
    body = draw(st.sampled_from(bodies))
    if not draw(st.booleans()) or not isinstance(body, dict):
        return deep
    key = draw(st.sampled_from(sorted(body)))
    text = json.dumps({**body, key: None}, ensure_ascii=False)
    return text.replace(f'"{key}": null', f'"{key}": {deep}', 1)


def bodies_for(recorded: list[Any]) -> st.SearchStrategy[str]:
    """Every kind of body: random JSON, random text, wrong-typed recorded bodies, nesting too deep."""
    return st.one_of(
        json_values.map(lambda v: json.dumps(v, ensure_ascii=False)),
        st.text(max_size=40),
        wrong_typed(recorded),
        nested_too_deep(recorded),
    )


def table_items(store: DynamoStore) -> list[dict[str, Any]]:
    """Every item of the store's table, in key order."""
    pages = store.client.get_paginator("scan").paginate(TableName=store.table_name)
    items = [item for page in pages for item in page["Items"]]
    return sorted(items, key=repr)


# -- Telegram: the webhook and the console it serves --------------------------------------------------
@contextmanager
def telegram_table() -> Iterator[Table]:
    with FakeTelegramApi() as api, moto_store() as store:
        table = Table(api, store, players(4))
        open_and_start(table, "adazakura")
        yield table


TELEGRAM = _fixtures("telegram")


def test_no_telegram_update_gets_a_500_and_a_refused_one_changes_nothing() -> None:
    with telegram_table() as table:

        @EXAMPLES
        @given(bodies_for(TELEGRAM))
        @example(json.dumps({**TELEGRAM[0], "update_id": int("9" * 3000)}))
        @example(_deep(999, "["))
        def check(body: str) -> None:
            before = table_items(table.store)
            status = table.post(body)
            assert status < 500
            if status >= 400:
                assert table_items(table.store) == before

        check()


def console_event(path: str, authorization: str, method: str, g: str, body: str | None) -> dict[str, Any]:
    """The Function URL event of a console request, as the Mini App sends it (no webhook secret)."""
    headers = {"host": "abc.lambda-url.ap-northeast-1.on.aws", "content-type": "application/json",
               "authorization": authorization}  # fmt: skip
    return {
        "version": "2.0", "rawPath": path, "rawQueryString": urlencode({"g": g}), "headers": headers,
        "queryStringParameters": {"g": g} if g else None,
        "requestContext": {"http": {"method": method, "path": path}}, "body": body, "isBase64Encoded": False,
    }  # fmt: skip


@pytest.mark.parametrize("path", ["/console/api/act", "/console/api/say", "/console/api/view"])
def test_no_console_request_gets_a_500_and_a_refused_one_changes_nothing(path: str) -> None:
    with telegram_table() as table:
        seated = table.people[1]
        method = "GET" if path.endswith("view") else "POST"
        act = {"g": table.game_id, "phase_seq": 1, "action": {"kind": "done"}, "client_id": "c1"}
        ok = webhook.handler(console_event("/console/api/view", tma(table, seated), "GET", "", None), None)
        assert ok["statusCode"] == 200, "the seated player's console opens"

        @EXAMPLES
        @given(bodies_for([act, {"g": table.game_id, "text": "hi", "client_id": "c2"}]), st.text(max_size=30))
        @example(_deep(999, "["), "")
        @example('{"g": "' + table.game_id + '", "action": ' + _deep(999, "[") + "}", "")
        def check(body: str, g: str) -> None:
            before = table_items(table.store)
            event = console_event(path, tma(table, seated), method, g, body if method == "POST" else None)
            answer = webhook.handler(event, None)
            assert answer["statusCode"] < 500, answer
            if answer["statusCode"] >= 400:
                assert table_items(table.store) == before

        check()


def tma(table: Table, player: Player) -> str:
    """The ``Authorization`` of ``player``'s Mini App, signed now."""
    return f"tma {init_data(player, table.now)}"


# -- the timer ------------------------------------------------------------------------------------------
def test_no_timer_event_raises_and_a_malformed_one_changes_nothing() -> None:
    with telegram_table() as table:
        wake = {"game_id": table.game_id, "phase_seq": 1}
        bodies = bodies_for([wake, {"Records": [{"messageId": "m1", "body": json.dumps(wake)}]}])

        @EXAMPLES
        @given(bodies)
        @example(json.dumps({"Records": [{"messageId": "m1", "body": _deep(999, "[")}]}))
        @example(json.dumps({"game_id": "g" * 5000, "phase_seq": 1}))
        @example(json.dumps({"game_id": table.game_id, "phase_seq": int("9" * 3000)}))
        def check(body: str) -> None:
            before = table_items(table.store)
            try:
                event = json.loads(body)
            except (ValueError, RecursionError):
                event = {"Records": [{"messageId": "m1", "body": body}]}
            answer = timer.handler(event if isinstance(event, dict) else {"Records": event}, None)
            assert answer.get("batchItemFailures", []) == []
            assert table_items(table.store) == before

        check()


# -- LINE -----------------------------------------------------------------------------------------------
LINE = _fixtures("line")


def test_no_signed_line_body_gets_a_500_and_a_refused_one_changes_nothing() -> None:
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4))
        try:
            line_open_and_start(table, "adazakura")

            @EXAMPLES
            @given(bodies_for(LINE))
            def check(body: str) -> None:
                before = table_items(store)
                raw = body.encode("utf-8", errors="surrogatepass")
                signature = line_events.sign(raw, LINE_SECRET)
                headers = {"content-type": "application/json; charset=utf-8", "x-line-signature": signature}
                text = raw.decode("utf-8", errors="replace")
                event = {"version": "2.0", "headers": headers, "body": text, "isBase64Encoded": False}
                answer = line_webhook.handler(event, None)
                assert answer["statusCode"] < 500, answer
                if answer["statusCode"] >= 400:
                    assert table_items(store) == before

            check()
        finally:
            table.close()


# -- the playground -------------------------------------------------------------------------------------
def test_no_playground_request_gets_a_500_and_a_refused_one_changes_nothing() -> None:
    server = PlaygroundServer(players=4, port=0)
    url = server.start().rstrip("/")
    try:
        routes = ["new", "group", "private", "press", "seat", "advance", "watcher"]

        def call(path: str, body: bytes) -> tuple[int, Any]:
            headers = {"Content-Type": "application/json"}
            request = urllib.request.Request(url + path, data=body, headers=headers)
            try:
                with urllib.request.urlopen(request) as response:
                    return response.status, response.read()
            except urllib.error.HTTPError as err:
                return err.code, err.read()

        def seen() -> Any:
            with urllib.request.urlopen(url + "/playground/api/state?since=0") as response:
                state = json.loads(response.read())
            return state["game_id"], state["phase_seq"], state["now"], state["next"], person(state)["bot"]

        samples = [{"game": "adazakura", "players": 4, "lang": "ja"}, {"seat": 1, "text": "/ready"},
                   {"seat": 1, "n": 1, "button": 0}, {"seat": 1, "bot": True},
                   {"watcher": 1, "text": "/watch"}]  # fmt: skip

        @EXAMPLES
        @given(st.sampled_from(routes), bodies_for(samples))
        @example("group", _deep(5000, "["))
        @example("press", '{"seat": ' + _deep(5000, "{") + "}")
        def check(route: str, body: str) -> None:
            before = seen()
            status, answer = call(f"/playground/api/{route}", body.encode("utf-8", errors="surrogatepass"))
            assert status < 500, answer
            if status >= 400:
                assert seen() == before

        check()
    finally:
        server.stop()
