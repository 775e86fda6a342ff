"""The Telegram Mini App ``initData`` check of the player console (core.telegram.org/bots/webapps,
"Validating data received via the Mini App"): who may open whose console."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import pytest

from handlers.console.auth import Viewer
from handlers.telegram.initdata import MAX_AGE, SKEW, InitDataAuth, sign, verify

pytestmark = pytest.mark.anyio

VECTOR = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "telegram" / "initdata_vector.json").read_text()
)
TOKEN = "123456789:TEST-fake-token"
NOW = 1_767_225_600
USER = {"id": 1000000001, "first_name": "Alex", "language_code": "ja"}


def init_data(*, auth_date: int = NOW - 60, user: object = USER, start_param: str | None = "g2026e2e") -> str:
    fields = {"query_id": "AAHdF6IQAAAAAN0XohDhrOrc", "auth_date": str(auth_date)}
    if user is not None:
        fields["user"] = json.dumps(user, separators=(",", ":"), ensure_ascii=False)
    if start_param is not None:
        fields["start_param"] = start_param
    return sign(fields, TOKEN)


async def viewer(data: str, *, token: str = TOKEN, now: int = NOW) -> Viewer | None:
    return await InitDataAuth(lambda: token).viewer(f"tma {data}", now=now)


def test_a_public_vector_verifies_and_a_signature_of_ours_matches_it() -> None:
    raw = VECTOR["init_data"]
    fields = verify(raw, VECTOR["bot_token"], now=VECTOR["auth_date"] + 10)
    assert fields is not None
    assert json.loads(fields["user"])["id"] == VECTOR["user_id"]
    assert dict(parse_qsl(sign(fields, VECTOR["bot_token"]))) == dict(parse_qsl(raw))


async def test_a_valid_init_data_names_the_user_and_the_game_of_the_link() -> None:
    assert await viewer(init_data()) == Viewer(user_id="tg:1000000001", game_id="g2026e2e")


async def test_without_start_param_the_game_is_left_to_the_console() -> None:
    assert await viewer(init_data(start_param=None)) == Viewer(user_id="tg:1000000001", game_id=None)


async def test_a_hash_made_with_another_bot_token_is_refused() -> None:
    assert await viewer(init_data(), token="987654321:another-bots-token") is None


async def test_a_forged_hash_is_refused() -> None:
    fields = dict(parse_qsl(init_data()))
    fields["hash"] = "0" * 64
    assert await viewer(urlencode(fields)) is None


@pytest.mark.parametrize(
    ("field", "value"),
    [("user", json.dumps({**USER, "id": 1000000002})), ("start_param", "g2026oth"), ("auth_date", str(NOW))],
)
async def test_a_field_changed_after_signing_is_refused(field: str, value: str) -> None:
    fields = dict(parse_qsl(init_data()))
    fields[field] = value
    assert await viewer(urlencode(fields)) is None


async def test_an_added_field_is_refused() -> None:
    assert await viewer(init_data() + "&chat_type=group") is None


async def test_an_init_data_older_than_the_limit_is_refused() -> None:
    assert await viewer(init_data(auth_date=NOW - MAX_AGE)) is not None
    assert await viewer(init_data(auth_date=NOW - MAX_AGE - 1)) is None


async def test_an_auth_date_in_the_future_is_refused_beyond_a_small_skew() -> None:
    assert await viewer(init_data(auth_date=NOW + SKEW)) is not None
    assert await viewer(init_data(auth_date=NOW + SKEW + 1)) is None


@pytest.mark.parametrize("user", [None, {"first_name": "Alex"}, {"id": "1000000001"}, [1]])
async def test_without_a_user_with_an_id_nobody_is_let_in(user: object) -> None:
    assert await viewer(init_data(user=user)) is None


@pytest.mark.parametrize(
    "header", ["", "tma", "tma ", "Bearer " + "x", "tma not-a-query", "tma a=1&a=2&hash=00"]
)
async def test_a_missing_or_malformed_credential_is_refused(header: str) -> None:
    assert await InitDataAuth(lambda: TOKEN).viewer(header, now=NOW) is None


async def test_an_unreadable_bot_token_refuses_everyone() -> None:
    def missing() -> str:
        raise RuntimeError("SSM unavailable")

    assert await InitDataAuth(missing).viewer(f"tma {init_data()}", now=NOW) is None
