"""Recorded Telegram updates become the commands a player meant (or are ignored), with the right ids."""

from __future__ import annotations

import pytest

from core.engine.notice import Action
from handlers.messages import BotLeft, GroupMoved, Inbound, Intent, MemberLeft, Reachable, Tap, TextCommand
from handlers.telegram.parse import TelegramInbound, parse_update
from tests.telegram.builders import (
    BOT_USERNAME,
    callback,
    group_command,
    load,
    my_chat_member_blocked,
    private_command,
)

MAZE_BOT = "MazeAdventureBot"  # the game bot of the 2016 recordings


def parse(update: dict[str, object], bot_username: str = BOT_USERNAME) -> TelegramInbound | None:
    return parse_update(update, None, bot_username)


def intent_of(update: dict[str, object], bot_username: str = BOT_USERNAME) -> Intent | None:
    parsed = parse(update, bot_username)
    return None if parsed is None else parsed.inbound.intent


@pytest.mark.parametrize(
    ("fixture", "bot_username", "intent"),
    [
        ("group_command_with_botname", MAZE_BOT, TextCommand("join")),
        ("group_command_with_botname", MAZE_BOT.lower(), TextCommand("join")),
        ("group_command_addressed_to_other_bot", MAZE_BOT, None),
        ("supergroup_command_with_botname", BOT_USERNAME, TextCommand("startgame")),
        ("supergroup_command_with_botname", "@Example_Game_Bot", TextCommand("startgame")),
        ("supergroup_command_with_botname", "other_game_bot", None),
        ("supergroup_command_reply_with_thread_id", BOT_USERNAME, TextCommand("report")),
        (
            "group_text_japanese_with_entities",
            BOT_USERNAME,
            TextCommand("vote", ("たろう🐺", "に投票します！")),
        ),
        ("private_start", BOT_USERNAME, TextCommand("start")),
        ("private_start_deeplink_payload", BOT_USERNAME, TextCommand("start", ("join_-1001000000001",))),
        (
            "message_entities_emoji_utf16",
            BOT_USERNAME,
            TextCommand("text", ("test bold underline 😆👍 look here",)),
        ),
        ("callback_query_private", BOT_USERNAME, TextCommand("forged")),
        ("callback_query_group", BOT_USERNAME, TextCommand("forged")),
        ("callback_query_inaccessible_message", BOT_USERNAME, TextCommand("forged")),
        ("my_chat_member_bot_blocked_by_user_private", BOT_USERNAME, Reachable(False)),
        ("my_chat_member_bot_blocked_by_user_private_minimal", BOT_USERNAME, Reachable(False)),
        ("my_chat_member_bot_unblocked_by_user_private", BOT_USERNAME, Reachable(True)),
        ("migrate_to_chat_id_group_upgraded", BOT_USERNAME, GroupMoved("tg:-1001000000001")),
        # Leaving the group: who left, whoever removed them; the bot removed from a group.
        ("left_chat_member_supergroup", BOT_USERNAME, MemberLeft("tg:1000000004")),
        ("chat_member_player_left_supergroup", BOT_USERNAME, MemberLeft("tg:1000000004")),
        ("my_chat_member_bot_removed_from_supergroup", BOT_USERNAME, BotLeft()),
        # Ignored: edits, group chatter, other service messages, the bot joining groups.
        ("edited_message_group_command", MAZE_BOT, None),
        ("edited_message_private_reply", BOT_USERNAME, None),
        ("group_text_message", BOT_USERNAME, None),
        ("supergroup_text_message", BOT_USERNAME, None),
        ("forum_supergroup_topic_text_message", BOT_USERNAME, None),
        ("anonymous_group_admin_sender_chat", BOT_USERNAME, None),
        ("migrate_from_chat_id_supergroup_anonymous_sender", BOT_USERNAME, None),
        ("new_chat_members_supergroup_nonascii_emoji_name", BOT_USERNAME, None),
        ("my_chat_member_bot_added_to_group", BOT_USERNAME, None),
        ("my_chat_member_bot_added_to_supergroup", BOT_USERNAME, None),
        ("my_chat_member_bot_added_after_group_recreated_as_supergroup", BOT_USERNAME, None),
    ],
)
def test_recorded_update_means(fixture: str, bot_username: str, intent: Intent | None) -> None:
    assert intent_of(load(fixture), bot_username) == intent


def test_a_group_command_names_the_group_the_player_and_the_delivery() -> None:
    parsed = parse(load("group_command_with_botname"), MAZE_BOT)
    assert parsed is not None
    assert parsed.inbound == Inbound(
        platform="telegram",
        delivery_id="tg:327884229",
        chat_id="tg:-400000001",
        is_private=False,
        user_id="tg:90000002",
        user_name="Sam",
        intent=TextCommand("join"),
    )
    assert parsed.callback_query_id is None


def test_a_deep_link_start_comes_from_the_players_private_chat() -> None:
    parsed = parse(load("private_start_deeplink_payload"))
    assert parsed is not None
    assert (parsed.inbound.chat_id, parsed.inbound.user_id) == ("tg:1000000001", "tg:1000000001")
    assert parsed.inbound.is_private
    assert parsed.inbound.user_name == "Alex Tester"


def test_a_private_chat_message_is_kept_whole_for_the_team_chat() -> None:
    text = "今夜は  3番を\n守ります"
    assert intent_of(private_command(1000000001, "Alex", text, 5)) == TextCommand("text", (text,))


def test_a_command_for_another_bot_in_the_private_chat_is_ignored() -> None:
    assert intent_of(private_command(1000000001, "Alex", "/start@other_bot x", 5)) is None


@pytest.mark.parametrize(
    ("update", "intent"),
    [
        (private_command(1, "A", "x" * 4096, 1), TextCommand("text", ("x" * 4096,))),
        (private_command(1, "A", "x" * 4097, 1), TextCommand("oversized", ("4096",))),
        (
            group_command(-1001000000001, 1, "A", "/vote " + "x" * 4091, 1),
            TextCommand("oversized", ("4096",)),
        ),
        (group_command(-1001000000001, 1, "A", "x" * 5000, 1), None),
    ],
)
def test_oversized_text_is_reported_not_parsed(update: dict[str, object], intent: Intent | None) -> None:
    assert intent_of(update) == intent


def test_a_button_press_carries_the_tap_and_what_is_needed_to_answer_it() -> None:
    vote = Tap(game_id="g1a2b3c4", phase_seq=17, action=Action(kind="vote", args=(5,)))
    parsed = parse(callback("tg:1000000004", "tg:-1001000000001", vote, message_id=12, update_id=90))
    assert parsed is not None
    assert parsed.inbound.intent == vote
    assert parsed.inbound.chat_id == "tg:-1001000000001"
    assert parsed.inbound.user_id == "tg:1000000004"
    assert not parsed.inbound.is_private
    assert parsed.message_id == 12
    assert parsed.callback_query_id == "9001000000004"


def test_a_press_in_the_private_chat_is_private() -> None:
    parsed = parse(load("callback_query_private"))
    assert parsed is not None
    assert parsed.inbound.is_private
    assert (parsed.inbound.chat_id, parsed.inbound.user_name) == ("tg:222222222", "Mario")
    assert (parsed.callback_query_id, parsed.message_id) == ("666728699048485871", 69587)


def test_a_press_on_a_message_too_old_to_read_still_counts() -> None:
    # InaccessibleMessage (date 0): Telegram no longer shows the message, but chat and id are known.
    update = load("callback_query_inaccessible_message")
    update["callback_query"]["data"] = "g1|3|vote|2"
    parsed = parse(update)
    assert parsed is not None
    assert parsed.inbound.intent == Tap(game_id="g1", phase_seq=3, action=Action(kind="vote", args=(2,)))
    assert (parsed.inbound.chat_id, parsed.message_id) == ("tg:222222222", 69587)


def test_a_blocked_bot_makes_the_player_unreachable() -> None:
    parsed = parse(my_chat_member_blocked("tg:1000000002", 77))
    assert parsed is not None
    assert parsed.inbound.intent == Reachable(False)
    assert (parsed.inbound.user_id, parsed.inbound.delivery_id) == ("tg:1000000002", "tg:77")


def test_an_anonymous_admin_command_asks_them_to_post_as_themselves() -> None:
    update = load("anonymous_group_admin_sender_chat")
    update["message"]["text"] = "/join"
    parsed = parse(update)
    assert parsed is not None
    assert parsed.inbound.intent == TextCommand("anonymous")
    assert parsed.inbound.user_id is None  # GroupAnonymousBot is nobody in particular


def test_the_migration_notice_arrives_in_the_old_group() -> None:
    parsed = parse(load("migrate_to_chat_id_group_upgraded"))
    assert parsed is not None
    assert parsed.inbound.chat_id == "tg:-900000001"


def test_a_command_in_a_forum_topic_remembers_the_topic() -> None:
    update = load("forum_supergroup_topic_text_message")
    update["message"]["text"] = "/status"
    parsed = parse(update)
    assert parsed is not None
    assert parsed.inbound.intent == TextCommand("status")
    assert parsed.thread_id == 4


def test_a_reply_thread_outside_a_forum_is_not_a_topic() -> None:
    parsed = parse(load("supergroup_command_reply_with_thread_id"))
    assert parsed is not None
    assert parsed.thread_id is None


def recording(fixture: str, bot_username: str) -> list[Intent | None]:
    return [intent_of(update, bot_username) for update in load(fixture)["result"]]


def test_a_recorded_join_sequence_keeps_duplicates_and_drops_the_mistyped_bot() -> None:
    join = TextCommand("join")
    assert recording("getupdates_group_join_sequence_duplicates_and_wrong_botname", MAZE_BOT) == [
        join, join, None, join, join, TextCommand("start"), join, join,
    ]  # fmt: skip


def test_a_recorded_edit_is_not_replayed() -> None:
    move = TextCommand("move")
    assert recording("getupdates_group_edited_command_sequence", MAZE_BOT) == [
        None, move, TextCommand("move", ("up",)), move,
    ]  # fmt: skip


def test_a_recorded_group_upgrade_announces_the_new_chat_once() -> None:
    assert recording("getupdates_bot_added_then_group_migrated_to_supergroup", BOT_USERNAME) == [
        None, GroupMoved("tg:-1001000000001"), None, None, None, TextCommand("start"),
    ]  # fmt: skip


def test_a_2016_recording_without_is_bot_still_parses() -> None:
    assert recording("getupdates_bot_added_to_group_legacy_2016", MAZE_BOT) == [
        None, TextCommand("new"), TextCommand("start"), TextCommand("new"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("／watch", TextCommand("watch")),
        ("／ｗａｔｃｈ", TextCommand("watch")),
        ("／t 全角で　書いた", TextCommand("t", ("全角で", "書いた"))),
        ("／vote 3", TextCommand("vote", ("3",))),
    ],
)
def test_a_full_width_slash_opens_a_command_as_japanese_input_types_it(text: str, intent: Intent) -> None:
    """「／watch」 (U+FF0F, a Japanese input mode's slash) is the command, not chat the group would read."""
    assert intent_of(group_command(-1001000000001, 42, "Kai", text, 7)) == intent
