"""What players and the operator's bill see when the LINE sender delivers (against the local fake LINE
API): replies on the event's token first, nothing pushed in free mode, pushes within the budget in push
mode, and every failure leaving the message pending rather than lost or doubled."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from core.engine.notice import Action
from handlers.line.api import LineApi, LineApiError
from handlers.line.render import NUDGE
from handlers.line.sender import RATE_LIMIT_WAIT, LineSender
from handlers.messages import AwaitingReply, Button, OutMessage, RetryLater, Tap, Unreachable
from tests.fakes.line_api import BASIC_ID, FakeLineApi

pytestmark = pytest.mark.anyio

GROUP = "line:Cb0000000000000000000000000000001"
ALICE = "line:U00000000000000000000000000000a11"
#: The basic id as it appears in LINE URL scheme links (percent-encoded "@").
ACCOUNT = BASIC_ID.removeprefix("@")


def say(chat: str, text: str, outbox_id: str | None = None, *, silent: bool = False) -> OutMessage:
    return OutMessage(chat_id=chat, text=text, outbox_id=outbox_id, silent=silent)


def vote_board(chat: str) -> OutMessage:
    tap = Tap(game_id="g1a2b3c4", phase_seq=7, action=Action(kind="vote", args=(2,)))
    return OutMessage(chat_id=chat, text="誰に投票しますか", buttons=((Button("2番", tap),),))


@pytest.fixture
def line() -> Iterator[FakeLineApi]:
    with FakeLineApi() as fake:
        fake.befriend(ALICE, "アリス")
        fake.set_member_count(GROUP, 8)
        yield fake


@pytest.fixture
async def api(line: FakeLineApi) -> AsyncIterator[LineApi]:
    async with line.client() as client:
        yield client


def free(api: LineApi) -> LineSender:
    return LineSender(api, basic_id=BASIC_ID)


def push(api: LineApi, budget: int | None = None) -> LineSender:
    return LineSender(api, mode="push", push_budget=budget, basic_id=BASIC_ID)


async def test_a_batch_goes_as_one_reply_on_the_events_token(line: FakeLineApi, api: LineApi) -> None:
    sender = free(api)
    batch = [say(GROUP, "夜になりました"), vote_board(GROUP)]
    async with sender.reply_to(GROUP, line.token_for(GROUP)) as slot:
        sent, cost = await sender.send_batch(batch, spent=0)
    assert (sent, cost) == (2, 0)
    assert slot.used
    assert len(line.calls_to("reply")) == 1
    assert line.seen(GROUP)[0] == {"type": "text", "text": "夜になりました"}
    assert line.alt_texts(GROUP) == ["誰に投票しますか"]
    assert line.pushed() == 0


async def test_free_mode_never_pushes(line: FakeLineApi, api: LineApi) -> None:
    sender = free(api)
    for chat in (GROUP, ALICE):
        with pytest.raises(AwaitingReply) as waiting:
            await sender.send_batch([say(chat, "あなたの番です")], spent=0)
        assert waiting.value.chat_id == chat
    assert line.calls == []


async def test_a_token_answers_only_its_own_chat_and_only_once(line: FakeLineApi, api: LineApi) -> None:
    sender = free(api)
    async with sender.reply_to(GROUP, line.token_for(GROUP)) as slot:
        with pytest.raises(AwaitingReply):
            await sender.send_batch([say(ALICE, "あなたは人狼です")], spent=0)
        assert not slot.used
        await sender.send(say(GROUP, "参加を受け付けました"))
        await sender.send(say(GROUP, "二通目"))  # direct answers are kept for the one reply
        assert line.calls == []
    with pytest.raises(AwaitingReply):
        await sender.send(say(GROUP, "イベントの外"))
    assert line.texts(GROUP) == ["参加を受け付けました", "二通目"]
    assert len(line.calls_to("reply")) == 1
    assert line.seen(ALICE) == []


async def test_direct_answers_and_what_waits_share_the_one_reply(line: FakeLineApi, api: LineApi) -> None:
    sender = free(api)
    async with sender.reply_to(ALICE, line.token_for(ALICE)) as slot:
        await sender.send(say(ALICE, "そのコマンドはわかりませんでした"))
        sent, _ = await sender.send_batch([say(ALICE, "あなたの役")], spent=0)
        assert slot.used
    assert sent == 1
    assert line.texts(ALICE) == ["そのコマンドはわかりませんでした", "あなたの役"]
    assert len(line.calls_to("reply")) == 1


async def test_the_token_reaches_tasks_started_while_the_event_is_handled(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = free(api)
    async with sender.reply_to(ALICE, line.token_for(ALICE)) as slot:
        await asyncio.create_task(sender.send_batch([say(ALICE, "役職カード")], spent=0))
    assert slot.used
    assert line.texts(ALICE) == ["役職カード"]


async def test_an_expired_token_leaves_the_message_pending_and_is_not_reused(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = free(api)
    token = line.token_for(ALICE)
    line.expire(token)
    async with sender.reply_to(ALICE, token) as slot:
        with pytest.raises(AwaitingReply):
            await sender.send_batch([say(ALICE, "占い結果: 村人")], spent=0)
        assert slot.used
        with pytest.raises(AwaitingReply):
            await sender.send(say(ALICE, "もう一度"))
    assert len(line.calls_to("reply")) == 1
    assert line.seen(ALICE) == []


async def test_free_mode_group_messages_offer_the_progress_button_and_the_private_chat(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = free(api)
    async with sender.reply_to(GROUP, line.token_for(GROUP)):
        await sender.send_batch([say(GROUP, "昼になりました")], spent=0)
    assert line.postbacks(GROUP) == [NUDGE]
    assert any(ACCOUNT in target for _, target in line.buttons(GROUP))


async def test_push_mode_pushes_to_a_user_for_one_and_to_a_group_for_every_member(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = push(api)
    assert (await sender.send_batch([say(ALICE, "あなたは占い師です", "o-1")], spent=0))[1] == 1
    assert (await sender.send_batch([say(GROUP, "夜が明けました", "o-2")], spent=1))[1] == 8
    assert line.texts(ALICE) == ["あなたは占い師です"]
    assert line.texts(GROUP) == ["夜が明けました"]
    assert line.pushed() == 9
    assert all(uuid.UUID(call.headers["x-line-retry-key"]) for call in line.calls_to("push"))


async def test_push_mode_still_replies_when_it_can(line: FakeLineApi, api: LineApi) -> None:
    sender = push(api)
    async with sender.reply_to(GROUP, line.token_for(GROUP)):
        assert (await sender.send_batch([say(GROUP, "投票を締め切りました")], spent=0))[1] == 0
    assert line.calls_to("push") == []
    assert line.postbacks(GROUP) == []


async def test_push_mode_pushes_what_an_expired_token_could_not_carry(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = push(api)
    token = line.token_for(ALICE)
    line.expire(token)
    async with sender.reply_to(ALICE, token):
        assert (await sender.send_batch([say(ALICE, "あなたの番です", "o-3")], spent=0))[1] == 1
    assert line.texts(ALICE) == ["あなたの番です"]


@pytest.mark.parametrize(("spent", "sent"), [(12, True), (13, False)])
async def test_a_push_the_budget_cannot_pay_for_waits_for_a_reply(
    line: FakeLineApi, api: LineApi, spent: int, sent: bool
) -> None:
    sender = push(api, budget=20)
    if sent:
        assert (await sender.send_batch([say(GROUP, "朝です", "o-4")], spent=spent))[1] == 8
    else:
        with pytest.raises(AwaitingReply):
            await sender.send_batch([say(GROUP, "朝です", "o-4")], spent=spent)
    assert len(line.calls_to("push")) == int(sent)
    assert line.pushed() == (8 if sent else 0)


async def test_a_spent_budget_brings_back_the_free_mode_buttons(line: FakeLineApi, api: LineApi) -> None:
    sender = push(api, budget=20)
    async with sender.reply_to(GROUP, line.token_for(GROUP)):
        await sender.send_batch([say(GROUP, "昼になりました")], spent=20)
    assert line.postbacks(GROUP) == [NUDGE]


async def test_a_retried_push_is_not_delivered_twice(line: FakeLineApi, api: LineApi) -> None:
    sender = push(api)
    batch = [say(ALICE, "あなたは人狼です", "o-5"), say(ALICE, "仲間: ボブ", "o-6")]
    assert (await sender.send_batch(batch, spent=0))[1] == 1
    assert (await sender.send_batch(batch, spent=0))[1] == 1  # e.g. the process died before marking it sent
    assert line.texts(ALICE) == ["あなたは人狼です", "仲間: ボブ"]
    assert line.pushed() == 1


async def test_the_same_words_on_another_night_are_delivered_again(line: FakeLineApi, api: LineApi) -> None:
    sender = push(api)
    await sender.send_batch([say(ALICE, "占う相手を選んでください", "night-1")], spent=0)
    await sender.send_batch([say(ALICE, "占う相手を選んでください", "night-2")], spent=1)
    assert line.texts(ALICE) == ["占う相手を選んでください"] * 2


async def test_a_user_who_blocked_the_account_is_unreachable(line: FakeLineApi, api: LineApi) -> None:
    line.unfollow(ALICE)
    with pytest.raises(Unreachable) as unreachable:
        await push(api).send_batch([say(ALICE, "あなたは村人です", "o-7")], spent=0)
    assert unreachable.value.chat_id == ALICE
    assert line.pushed() == 0


async def test_a_rate_limited_push_is_retried_after_a_minute(line: FakeLineApi, api: LineApi) -> None:
    line.fail("error_429_rate_limit_exceeded", name="push")
    with pytest.raises(RetryLater) as later:
        await push(api).send_batch([say(ALICE, "…", "o-8")], spent=0)
    assert (later.value.chat_id, later.value.seconds) == (ALICE, RATE_LIMIT_WAIT)


@pytest.mark.parametrize("fixture", ["error_429_monthly_limit", "error_403_access_not_available"])
async def test_when_line_refuses_pushes_messages_wait_for_a_reply(
    line: FakeLineApi, api: LineApi, fixture: str
) -> None:
    line.fail(fixture, name="push")
    with pytest.raises(AwaitingReply):
        await push(api).send_batch([say(ALICE, "…", "o-9")], spent=0)
    assert line.seen(ALICE) == []


async def test_a_rate_limited_reply_is_retried_after_a_minute(line: FakeLineApi, api: LineApi) -> None:
    line.fail("error_429_rate_limit_exceeded", name="reply")
    sender = free(api)
    with pytest.raises(RetryLater) as later:
        async with sender.reply_to(GROUP, line.token_for(GROUP)):
            await sender.send_batch([say(GROUP, "夜になりました")], spent=0)
    assert later.value.seconds == RATE_LIMIT_WAIT


async def test_a_server_error_propagates_to_keep_the_message(line: FakeLineApi, api: LineApi) -> None:
    line.fail({"message": "Internal Server Error"}, status=500, name="push")
    with pytest.raises(LineApiError):
        await push(api).send_batch([say(ALICE, "…", "o-10")], spent=0)
    assert line.seen(ALICE) == []


async def test_silent_messages_make_no_sound(line: FakeLineApi, api: LineApi) -> None:
    sender = free(api)
    async with sender.reply_to(ALICE, line.token_for(ALICE)):
        await sender.send_batch([say(ALICE, "夜の囁き", silent=True)], spent=0)
    assert line.calls_to("reply")[0].body["notificationDisabled"] is True


async def test_without_a_configured_basic_id_the_bot_info_is_asked_once(
    line: FakeLineApi, api: LineApi
) -> None:
    sender = LineSender(api)
    for _ in range(2):
        async with sender.reply_to(GROUP, line.token_for(GROUP)):
            await sender.send_batch([say(GROUP, "ロビーを開きました")], spent=0)
    assert len(line.calls_to("bot_info")) == 1
    assert sum(ACCOUNT in target for _, target in line.buttons(GROUP)) == 2


async def test_a_batch_for_several_chats_is_a_mistake(api: LineApi) -> None:
    with pytest.raises(ValueError, match="exactly one chat"):
        await free(api).send_batch([say(GROUP, "a"), say(ALICE, "b")], spent=0)
