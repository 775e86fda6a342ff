"""The countdown in a Telegram group is one message whose text is edited (``Notice.slot``): the first
countdown notice is a ``sendMessage``, the next ones ``editMessageText`` on that message while it is still
the bot's latest message in the group; a message deleted or too old to edit is replaced by a new one,
which later countdowns edit. Real webhook, service, DynamoStore on moto, timer Lambda and fake Bot API.

The countdown notices are core notices committed as a command's would be (the game's own commands that
send them live in ``core.engine.control``); what waits in the outbox goes out through a flush wake-up.
"""

from __future__ import annotations

import json

import pytest

import core.i18n as i18n
from core.engine.notice import PUBLIC, Notice
from core.games import rules_for
from handlers import outbox, timer
from handlers.service import Service
from handlers.telegram.sender import TelegramSender
from infra.dynamodb import DynamoStore
from infra.store import Change
from infra.timers import WakeUp
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, GROUP, Table, players
from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramApi

pytestmark = pytest.mark.aws

CANNOT_EDIT = {"ok": False, "error_code": 400, "description": "Bad Request: message can't be edited"}


@pytest.fixture
def table(api: FakeTelegramApi, store: DynamoStore) -> Table:
    """Four players in an open lobby."""
    table = Table(api, store, players(4))
    moves.open_lobby(table)
    return table


def countdown(seconds: int) -> Notice:
    return Notice(key="remind.choice", to=PUBLIC, params={"seconds": seconds}, slot="countdown")


def text(seconds: int) -> str:
    return i18n.render(countdown(seconds), "ja", "adazakura")


def say(table: Table, *notices: Notice) -> None:
    """One commit of the game with ``notices`` (the state unchanged), then a flush wake-up reaches the
    timer Lambda."""
    table.tick()
    stored = table.store.load(GAME_ID)
    assert stored is not None
    data = json.loads(stored.state)
    rules = rules_for(data["game"])
    messages = outbox.render_notices(rules, rules.state_model.model_validate(data), list(notices))
    entries = {f"{stored.version + 1:08d}-{i:04d}": outbox.dump(m) for i, m in enumerate(messages)}
    table.store.commit(stored, Change(pending_add=entries))
    record = {"messageId": f"flush{table.now}", "body": WakeUp(GAME_ID, 0, "flush", at=table.now).dump()}
    assert timer.handler({"Records": [record]}, None) == {"batchItemFailures": []}
    after = table.store.load(GAME_ID)
    assert after is not None
    assert after.pending == {}, "everything went"


def sends(api: FakeTelegramApi) -> list[int]:
    """The message ids of every group message the bot posted, oldest first."""
    return [m.message_id for m in api.messages(GROUP)]


def test_two_countdowns_are_one_message_edited(table: Table, api: FakeTelegramApi) -> None:
    before = len(api.calls_to("sendMessage"))
    say(table, countdown(60))
    say(table, countdown(120))

    assert len(api.calls_to("sendMessage")) == before + 1
    [edit] = api.calls_to("editMessageText")
    countdown_id = api.messages(GROUP)[-1].message_id
    assert (edit.params["chat_id"], edit.params["message_id"]) == (GROUP, countdown_id)
    assert api.texts(GROUP)[-1] == text(120)
    assert api.edits_of(GROUP) == [(countdown_id, text(120))]


def test_a_countdown_deleted_in_the_chat_is_posted_again(table: Table, api: FakeTelegramApi) -> None:
    say(table, countdown(60))
    first = sends(api)[-1]
    api.delete(GROUP, first)
    say(table, countdown(120))
    say(table, countdown(180))

    second = sends(api)[-1]
    assert second != first
    assert api.texts(GROUP)[-1] == text(180)
    assert [c.params["message_id"] for c in api.calls_to("editMessageText")] == [first, second]
    assert api.edits_of(GROUP) == [(second, text(180))]


def test_a_countdown_that_cannot_be_edited_is_posted_again(table: Table, api: FakeTelegramApi) -> None:
    say(table, countdown(60))
    api.fail(CANNOT_EDIT, method="editMessageText", times=1)
    say(table, countdown(120))

    assert len(api.calls_to("editMessageText")) == 1, "tried"
    assert api.texts(GROUP)[-2:] == [text(60), text(120)]


def test_an_unchanged_countdown_counts_as_sent(table: Table, api: FakeTelegramApi) -> None:
    say(table, countdown(60))
    posted = len(api.calls_to("sendMessage"))
    say(table, countdown(60))

    assert len(api.calls_to("sendMessage")) == posted
    assert len(api.calls_to("editMessageText")) == 1
    assert api.edits_of(GROUP) == []


def test_after_the_game_speaks_the_next_countdown_is_new(table: Table, api: FakeTelegramApi) -> None:
    say(table, countdown(60))
    moves.start(table)  # the group hears the game start: the countdown is no longer the latest message
    say(table, countdown(120))

    assert api.calls_to("editMessageText") == []
    assert api.texts(GROUP)[-1] == text(120)


def test_the_timer_lambda_as_deployed_edits_too(table: Table, api: FakeTelegramApi) -> None:
    """The timer's sender picks each platform's sender by chat id (``timer.PlatformSender``)."""

    async def telegram() -> TelegramSender:
        return TelegramSender(api.bot(), bot_username=BOT_USERNAME)

    sender = timer.PlatformSender({"tg:": telegram}, timer.BATCH_LIMITS, timer.EDITING)
    timer.configure(service=Service(table.store, sender), clock=table.clock)
    say(table, countdown(60))
    say(table, countdown(120))

    assert api.texts(GROUP)[-1] == text(120)
    assert len(api.calls_to("editMessageText")) == 1
