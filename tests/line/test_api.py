"""The thin LINE Messaging API client against the local fake LINE API: request shapes LINE accepts, and
LINE's error answers (recorded bodies in tests/fixtures/line/error_*.json) turned into typed errors."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from handlers.line.api import (
    FailedToSend,
    Forbidden,
    InvalidReplyToken,
    LineApi,
    LineApiError,
    LineNetworkError,
    RateLimited,
)
from tests.fakes.line_api import BASIC_ID, FakeLineApi, load_error

pytestmark = pytest.mark.anyio

GROUP = "Cb0000000000000000000000000000001"
ROOM = "Rb0000000000000000000000000000001"
ALICE = "U00000000000000000000000000000a11"
BOB = "U00000000000000000000000000000b0b"


def text(body: str) -> dict[str, str]:
    return {"type": "text", "text": body}


@pytest.fixture
async def api(line: FakeLineApi) -> AsyncIterator[LineApi]:
    async with line.client() as client:
        yield client


async def test_a_reply_reaches_the_chat_of_its_token_once(line: FakeLineApi, api: LineApi) -> None:
    token = line.token_for(f"line:{GROUP}")
    await api.reply(token, [text("夜になりました"), text("投票してください")])
    with pytest.raises(InvalidReplyToken) as refused:
        await api.reply(token, [text("もう一度")])
    assert line.texts(GROUP) == ["夜になりました", "投票してください"]
    assert refused.value.status == 400
    assert refused.value.body == load_error("error_400_invalid_reply_token")


async def test_an_expired_reply_token_is_refused_and_nothing_arrives(line: FakeLineApi, api: LineApi) -> None:
    token = line.token_for(GROUP)
    line.expire(token)
    with pytest.raises(InvalidReplyToken):
        await api.reply(token, [text("遅すぎた返信")])
    assert line.seen(GROUP) == []


async def test_requests_carry_the_channel_token_and_a_silent_flag(line: FakeLineApi, api: LineApi) -> None:
    line.befriend(ALICE)
    await api.reply(line.token_for(ALICE), [text("静かに")], silent=True)
    await api.push(ALICE, [text("普通に")])
    reply, push = line.calls_to("reply")[0], line.calls_to("push")[0]
    assert reply.headers["authorization"] == f"Bearer {line.token}"
    assert reply.body["notificationDisabled"] is True
    assert "notificationDisabled" not in push.body


async def test_a_wrong_channel_token_is_refused(line: FakeLineApi) -> None:
    async with LineApi("revoked-token", base_url=line.base_url) as stranger:
        with pytest.raises(LineApiError) as refused:
            await stranger.get_bot_info()
    assert refused.value.status == 401
    assert refused.value.request_id


async def test_a_push_with_a_retry_key_is_delivered_once(line: FakeLineApi, api: LineApi) -> None:
    line.befriend(ALICE)
    key = str(uuid.uuid4())
    first = await api.push(ALICE, [text("あなたは占い師です")], retry_key=key)
    again = await api.push(ALICE, [text("あなたは占い師です")], retry_key=key)
    assert line.texts(ALICE) == ["あなたは占い師です"]
    assert line.pushed(ALICE) == 1
    assert (first.duplicate, again.duplicate) == (False, True)
    assert again.request_id == first.request_id
    assert line.calls_to("push")[1].headers["x-line-retry-key"] == key


async def test_a_push_to_a_group_counts_every_member(line: FakeLineApi, api: LineApi) -> None:
    line.set_member_count(GROUP, 8)
    await api.push(GROUP, [text("朝になりました")], retry_key=str(uuid.uuid4()))
    assert line.texts(GROUP) == ["朝になりました"]
    assert line.pushed() == 8


async def test_a_push_to_a_user_who_is_not_a_friend_fails_to_send(line: FakeLineApi, api: LineApi) -> None:
    line.befriend(BOB)
    line.unfollow(BOB)
    with pytest.raises(FailedToSend) as refused:
        await api.push(BOB, [text("届かない")], retry_key=str(uuid.uuid4()))
    assert refused.value.body == load_error("error_400_failed_to_send_messages")
    assert line.pushed() == 0


async def test_a_profile_tells_friends_from_strangers(line: FakeLineApi, api: LineApi) -> None:
    line.befriend(ALICE, "アリス")
    friend = await api.get_profile(ALICE)
    assert friend is not None
    assert (friend.user_id, friend.display_name) == (ALICE, "アリス")
    assert await api.get_profile(BOB) is None


async def test_member_profiles_and_counts_of_groups_and_rooms(line: FakeLineApi, api: LineApi) -> None:
    line.join(GROUP, ALICE, "アリス")
    line.join(GROUP, BOB, "ボブ")
    line.join(ROOM, BOB, "ボブ")
    member = await api.get_group_member_profile(GROUP, ALICE)
    assert member is not None
    assert member.display_name == "アリス"
    assert await api.get_group_member_profile(ROOM, ALICE) is None
    assert await api.get_group_member_count(GROUP) == 2
    assert await api.get_group_member_count(ROOM) == 1
    assert [call.params["kind"] for call in line.calls] == ["group", "room", "group", "room"]
    with pytest.raises(ValueError, match="neither a LINE group"):
        await api.get_group_member_count(ALICE)


async def test_the_bot_info_gives_the_basic_id(api: LineApi) -> None:
    info = await api.get_bot_info()
    assert info.basic_id == BASIC_ID


@pytest.mark.parametrize(
    ("fixture", "kind", "monthly"),
    [
        ("error_429_rate_limit_exceeded", RateLimited, False),
        ("error_429_monthly_limit", RateLimited, True),
        ("error_403_access_not_available", Forbidden, None),
        ("error_400_request_body_errors", LineApiError, None),
    ],
)
async def test_line_error_answers_become_typed_errors(
    line: FakeLineApi, api: LineApi, fixture: str, kind: type[LineApiError], monthly: bool | None
) -> None:
    line.befriend(ALICE)
    line.fail(fixture, name="push")
    with pytest.raises(kind) as refused:
        await api.push(ALICE, [text("…")], retry_key=str(uuid.uuid4()))
    assert refused.value.body == load_error(fixture)
    assert refused.value.message == load_error(fixture)["message"]
    if monthly is not None:
        assert isinstance(refused.value, RateLimited)
        assert refused.value.monthly_limit is monthly
    assert line.seen(ALICE) == []


async def test_a_server_error_keeps_its_status(line: FakeLineApi, api: LineApi) -> None:
    line.fail({"message": "Internal Server Error"}, status=500)
    with pytest.raises(LineApiError) as failed:
        await api.get_bot_info()
    assert failed.value.status == 500


async def test_a_request_over_the_limits_is_refused_with_details(line: FakeLineApi, api: LineApi) -> None:
    token = line.token_for(GROUP)
    with pytest.raises(LineApiError) as refused:
        await api.reply(token, [text(str(n)) for n in range(6)])
    assert refused.value.status == 400
    assert refused.value.body["details"] == [
        {"message": "Size must be between 1 and 5", "property": "messages"}
    ]
    await api.reply(token, [text("5通まで")])
    assert line.texts(GROUP) == ["5通まで"]


async def test_a_call_that_hangs_is_a_network_error(line: FakeLineApi) -> None:
    line.befriend(ALICE)
    line.hang(name="push")
    async with line.client(timeout=0.2) as impatient:
        with pytest.raises(LineNetworkError):
            await impatient.push(ALICE, [text("タイムアウト")], retry_key=str(uuid.uuid4()))
    assert line.seen(ALICE) == []
