"""What players see when the bot sends through the Bot API (against the local fake server)."""

from __future__ import annotations

import pytest
from telegram import Bot

from core.engine.notice import Action
from handlers.messages import Button, ChatMoved, OutMessage, RetryLater, Tap, Unreachable
from handlers.telegram.callback import decode
from handlers.telegram.sender import TelegramSender, split_text
from tests.fakes.telegram_api import FakeTelegramApi, load_error

pytestmark = pytest.mark.anyio

GROUP = "tg:-1001000000001"
PLAYER = "tg:1000000002"


@pytest.fixture(autouse=True)
def retry_after_as_timedelta(monkeypatch: pytest.MonkeyPatch) -> None:
    """PTB ≥ 22.2 warns unless opted in to ``RetryAfter.retry_after`` being a timedelta (template.yaml
    should set it too); the int form is covered by the test that unsets it."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


def vote(seat: int) -> Button:
    return Button(
        label=f"{seat}番", tap=Tap(game_id="g1a2b3c4", phase_seq=17, action=Action(kind="vote", args=(seat,)))
    )


class Naps:
    """An injected ``sleep`` that records how long the sender asked to wait, without waiting."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


def flood(retry_after: int) -> dict[str, object]:
    body = load_error("error_429_too_many_requests_retry_after")
    return {**body, "parameters": {"retry_after": retry_after}}


async def test_buttons_arrive_with_data_that_comes_back_as_the_same_tap(
    api: FakeTelegramApi, bot: Bot
) -> None:
    rows = ((vote(1), vote(2)), (vote(16),))
    await TelegramSender(bot).send(OutMessage(chat_id=GROUP, text="投票してください", buttons=rows))
    [message] = api.messages(GROUP)
    assert message.text == "投票してください"
    assert [[label for label, _ in row] for row in message.buttons] == [["1番", "2番"], ["16番"]]
    assert [[decode(data) for _, data in row] for row in message.buttons] == [
        [button.tap for button in row] for row in rows
    ]


async def test_text_is_sent_as_written_not_as_markup(api: FakeTelegramApi, bot: Bot) -> None:
    await TelegramSender(bot).send(OutMessage(chat_id=PLAYER, text="<b>*たろう*</b> の番です"))
    assert api.texts(PLAYER) == ["<b>*たろう*</b> の番です"]
    assert "parse_mode" not in api.calls_to("sendMessage")[0].params


async def test_long_text_is_split_with_the_buttons_on_the_last_part(api: FakeTelegramApi, bot: Bot) -> None:
    lines = [f"{n:04d} " + "あ" * 90 for n in range(100)]  # 9 600 characters
    await TelegramSender(bot).send(OutMessage(chat_id=GROUP, text="\n".join(lines), buttons=((vote(3),),)))
    messages = api.messages(GROUP)
    assert len(messages) == 3
    assert "\n".join(message.text for message in messages) == "\n".join(lines)
    assert [bool(message.buttons) for message in messages] == [False, False, True]


@pytest.mark.parametrize(
    ("fixture", "reason"),
    [
        ("error_403_bot_was_blocked_by_the_user", "blocked"),
        ("error_403_user_is_deactivated", "deactivated"),
        ("error_403_bot_cant_initiate_conversation", "not_started"),
        ("error_403_bot_was_kicked_from_group", "kicked"),
        ("error_403_bot_was_kicked_from_supergroup", "kicked"),
    ],
)
async def test_a_player_who_cannot_be_messaged_is_unreachable(
    api: FakeTelegramApi, bot: Bot, fixture: str, reason: str
) -> None:
    api.fail(fixture, chat_id=PLAYER)
    with pytest.raises(Unreachable) as caught:
        await TelegramSender(bot).send(OutMessage(chat_id=PLAYER, text="あなたは桜です"))
    assert (caught.value.chat_id, caught.value.reason) == (PLAYER, reason)
    assert api.texts(PLAYER) == []


async def test_a_short_flood_wait_is_sat_out_once(api: FakeTelegramApi, bot: Bot) -> None:
    api.fail(flood(2), chat_id=GROUP, times=1)
    naps = Naps()
    await TelegramSender(bot, sleep=naps).send(OutMessage(chat_id=GROUP, text="夜になりました"))
    assert naps.asked == [2.0]
    assert api.texts(GROUP) == ["夜になりました"]


async def test_a_second_flood_error_is_left_to_the_outbox(api: FakeTelegramApi, bot: Bot) -> None:
    api.fail(flood(1), chat_id=GROUP, times=2)
    naps = Naps()
    with pytest.raises(RetryLater) as caught:
        await TelegramSender(bot, sleep=naps).send(OutMessage(chat_id=GROUP, text="夜になりました"))
    assert (caught.value.chat_id, caught.value.seconds) == (GROUP, 1.0)
    assert naps.asked == [1.0]
    assert api.texts(GROUP) == []


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_long_flood_wait_is_not_sat_out(
    api: FakeTelegramApi, bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PTB_TIMEDELTA")  # retry_after as a plain int, PTB's default until v23
    api.fail("error_429_too_many_requests_retry_after", chat_id=GROUP, times=1)  # retry_after 14
    naps = Naps()
    with pytest.raises(RetryLater) as caught:
        await TelegramSender(bot, sleep=naps).send(OutMessage(chat_id=GROUP, text="夜になりました"))
    assert caught.value.seconds == 14
    assert naps.asked == []
    assert len(api.calls_to("sendMessage")) == 1


async def test_a_message_to_an_upgraded_group_names_the_supergroup(api: FakeTelegramApi, bot: Bot) -> None:
    """The game follows the group (``handlers.delivery``); the sender only reports the new id."""
    api.fail("error_400_group_upgraded_migrate_to_chat_id", chat_id=-900000001)
    with pytest.raises(ChatMoved) as caught:
        await TelegramSender(bot).send(OutMessage(chat_id="tg:-900000001", text="1日目の朝です"))
    assert (caught.value.chat_id, caught.value.new_chat_id) == ("tg:-900000001", "tg:-1001000000001")
    assert api.texts("tg:-1001000000001") == []


async def test_an_edit_changes_the_status_message_in_place(api: FakeTelegramApi, bot: Bot) -> None:
    sender = TelegramSender(bot)
    [message_id] = await sender.deliver(OutMessage(chat_id=GROUP, text="残り60秒", buttons=((vote(1),),)))
    await sender.send(OutMessage(chat_id=GROUP, text="残り30秒", buttons=((vote(1),),), edit_of=message_id))
    await sender.send(OutMessage(chat_id=GROUP, text="残り30秒", buttons=((vote(1),),), edit_of=message_id))
    await sender.send(OutMessage(chat_id=GROUP, text="締め切りました", edit_of=message_id))
    [message] = api.messages(GROUP)
    assert (message.text, message.buttons, message.edits) == ("締め切りました", [], 2)


async def test_an_edit_of_a_vanished_message_sends_a_new_one(api: FakeTelegramApi, bot: Bot) -> None:
    await TelegramSender(bot).send(OutMessage(chat_id=GROUP, text="残り30秒", edit_of="999"))
    assert api.texts(GROUP) == ["残り30秒"]


def test_a_press_is_answered_with_a_short_toast() -> None:
    answer = TelegramSender.callback_answer("4382154296513719112", "投票しました" * 50)
    assert answer["method"] == "answerCallbackQuery"
    assert answer["callback_query_id"] == "4382154296513719112"
    assert len(answer["text"]) == 200


def test_a_press_without_an_ack_is_answered_without_a_toast() -> None:
    answer = TelegramSender.callback_answer("4382154296513719112", None)
    assert answer == {"method": "answerCallbackQuery", "callback_query_id": "4382154296513719112"}


@pytest.mark.parametrize(
    "text",
    ["a" * 4096, "a" * 9000, "😀" * 3000, ("x" * 4095 + "\n") * 3, "word " * 2000, ""],
)
def test_split_text_keeps_every_character_within_the_limit(text: str) -> None:
    chunks = split_text(text)
    assert all(len(chunk.encode("utf-16-le")) // 2 <= 4096 for chunk in chunks)
    assert "".join(chunks).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    assert len(chunks) == 1 or all(chunks)
