"""``/settings`` in a Telegram group through the real webhook, the fake Bot API and DynamoDB on moto: a
group administrator (``getChatMember``) changes a game's option with the buttons, a plain member is
refused, and the next lobby starts from the saved preset."""

from __future__ import annotations

import core.i18n as i18n
from infra.dynamodb import DynamoStore
from tests.e2e.harness import GROUP, GROUP_CHAT, Table, players
from tests.fakes.telegram_api import FakeTelegramApi, Received
from tests.telegram.builders import callback

ADMIN, OWNER, MEMBER = players(3)


def group_message_with(table: Table, label: str) -> Received:
    """The group's newest bot message that has a button starting with ``label``."""
    found = [
        m
        for m in table.api.messages(GROUP)
        if any(text.startswith(label) for r in m.buttons for text, _ in r)
    ]
    assert found, f"no button {label!r} in the group"
    return found[-1]


def press_in_group(table: Table, who: int, label: str) -> str | None:
    """``who`` presses the group button starting with ``label``; the toast the bot answered with."""
    message = group_message_with(table, label)
    data = next(d for row in message.buttons for text, d in row if text.startswith(label))
    update = callback(who, GROUP, data, message.message_id, table.next_update_id())
    assert table.post(update) == 200
    query_id = update["callback_query"]["id"]
    calls = table.api.calls_to("answerCallbackQuery")
    answers = [c for c in calls if c.params["callback_query_id"] == query_id]
    return answers[-1].params.get("text") if answers else None


def test_an_admin_sets_an_option_with_buttons_and_the_next_lobby_has_it(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    api.members.promote(GROUP, ADMIN.number)
    table = Table(api, store, [ADMIN, OWNER, MEMBER])

    table.in_group(ADMIN, "/settings")
    press_in_group(table, ADMIN.number, i18n.text("game.name", "ja", "politician"))
    press_in_group(table, ADMIN.number, "nightSeconds")
    toast = press_in_group(table, ADMIN.number, "180")

    assert toast == i18n.text("settings.saved", "ja", "common")
    menu = group_message_with(table, "nightSeconds")
    assert menu.edits == 3  # one message, edited in place at each level
    assert "nightSeconds = 180" in [text for row in menu.buttons for text, _ in row]
    table.in_group(MEMBER, "/newgame politician")
    assert table.state().settings == {"options": {"nightSeconds": 180}}


def test_the_owner_may_and_a_plain_member_may_not(api: FakeTelegramApi, store: DynamoStore) -> None:
    api.members.make_owner(GROUP, OWNER.number)
    table = Table(api, store, [ADMIN, OWNER, MEMBER])

    table.in_group(MEMBER, "/settings lang en")
    table.in_group(OWNER, "/settings deathnote max_rounds 10")

    refused = i18n.text("reason.settings.not_allowed", "ja", "adazakura")
    assert refused in table.sent_to(GROUP_CHAT)
    record = store.load_group(GROUP_CHAT)
    assert record is not None
    assert record.settings == {"games": {"deathnote": {"options": {"max_rounds": 10}}}}
    asked = [c.params for c in api.calls_to("getChatMember")]
    assert {"chat_id": GROUP, "user_id": OWNER.number} in asked


def test_a_plain_members_button_press_is_refused_with_a_toast(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, [ADMIN, OWNER, MEMBER])
    table.in_group(MEMBER, "/settings")

    toast = press_in_group(table, MEMBER.number, "English")

    assert toast == i18n.text("reason.settings.not_allowed", "ja", "adazakura")
    assert store.load_group(GROUP_CHAT) is None


def test_an_admin_telegram_cannot_confirm_is_refused_not_failed(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    """``getChatMember`` failing (here: the bot was removed from the group) counts as not an admin."""
    api.members.promote(GROUP, ADMIN.number)
    api.fail("error_403_bot_was_kicked_from_supergroup", method="getChatMember", times=1)
    table = Table(api, store, [ADMIN, OWNER, MEMBER])

    table.in_group(ADMIN, "/settings lang en")

    assert table.sent_to(GROUP_CHAT)[-1] == i18n.text("reason.settings.not_allowed", "ja", "adazakura")
    assert store.load_group(GROUP_CHAT) is None
