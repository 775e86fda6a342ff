"""What players type or tap in LINE becomes the command they meant: group commands (with or without a
mention of the bot), chatter that fetches what waits, 1:1 commands and team chat, postback buttons."""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.engine.notice import Action
from handlers import taps
from handlers.line.parse import MAX_TEXT, parse_events
from handlers.messages import Intent, JoinRequest, Nudge, Tap, TextCommand
from tests.line.line_bodies import (
    BOT,
    GROUP,
    PLAYER,
    group_text,
    inbound_of,
    intent_of,
    load,
    postback,
    private_text,
    self_mention,
)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("/newgame politician", TextCommand("newgame", ("politician",))),
        ("/NewGame  politician ", TextCommand("newgame", ("politician",))),
        ("／ｎｅｗｇａｍｅ　政治家人狼", TextCommand("newgame", ("政治家人狼",))),  # Japanese input mode
        ("/co\n3", TextCommand("co", ("3",))),
        ("おはよう /newgame", Nudge()),  # a slash mid-sentence is chatter
        ("/", Nudge()),
        ("おはよう", Nudge()),
    ],
)
def test_group_text_is_a_command_or_chatter(text: str, intent: Intent) -> None:
    assert intent_of(group_text(text)) == intent


@pytest.mark.parametrize(
    ("text", "mentionee", "intent"),
    [
        (
            "@人狼ボット /newgame deathnote",
            self_mention("@人狼ボット"),
            TextCommand("newgame", ("deathnote",)),
        ),
        (
            "@人狼ボット newgame politician",
            self_mention("@人狼ボット"),
            TextCommand("newgame", ("politician",)),
        ),
        ("@jinro　ＨＥＬＰ", self_mention("@jinro"), TextCommand("help")),
        ("  @jinro /help", {**self_mention("@jinro"), "index": 2}, TextCommand("help")),
        # A name beyond the BMP: LINE counts mention lengths in UTF-16 units.
        ("@🐺🐺 newgame adazakura", self_mention("@🐺🐺"), TextCommand("newgame", ("adazakura",))),
        # The mention alone asks the bot for what waits.
        ("@人狼ボット", self_mention("@人狼ボット"), Nudge(asked=True)),
        # isSelf left out: the bot's own user id (the body's destination) still tells it.
        ("@人狼ボット /newgame", self_mention("@人狼ボット", is_self=None), TextCommand("newgame")),
        # Someone else mentioned first: chatter, even with a command word after it.
        ("@たろう newgame", self_mention("@たろう", is_self=False, user_id=PLAYER), Nudge()),
        ("@たろう /newgame", self_mention("@たろう", is_self=None, user_id=PLAYER), Nudge()),
        # The bot mentioned mid-sentence: chatter.
        ("ねえ @人狼ボット newgame", {**self_mention("@人狼ボット"), "index": 3}, Nudge()),
    ],
)
def test_a_leading_mention_of_the_bot_addresses_it(
    text: str, mentionee: dict[str, Any], intent: Intent
) -> None:
    assert intent_of(group_text(text, mention=[mentionee])) == intent


def test_without_is_self_a_mention_of_another_account_is_not_the_bot() -> None:
    body = group_text("@人狼ボット newgame", mention=[self_mention("@人狼ボット", is_self=None)])
    body["destination"] = "U99999999999999999999999999999999"

    assert intent_of(body) == Nudge()
    assert intent_of(body, bot_user_id=BOT) == TextCommand("newgame")


def test_the_japanese_fixture_mentions_the_bot_itself() -> None:
    body = load("group_message_mention_bot_self_japanese.json")
    body["destination"] = "Uanother"  # only isSelf tells it

    assert intent_of(body) == TextCommand("ゲーム開始")


def test_a_command_from_a_user_line_does_not_name_is_refused_politely() -> None:
    found = inbound_of(group_text("/join", user=None))

    assert (found.intent, found.user_id) == (TextCommand("anonymous"), None)
    assert intent_of(group_text("おはよう", user=None)) == Nudge()


def test_oversized_text_is_refused_where_the_bot_would_read_it() -> None:
    long = "x" * MAX_TEXT

    assert intent_of(group_text("/say " + long)) == TextCommand("oversized", ("5000",))
    assert intent_of(group_text("chatter " + long)) == Nudge()
    assert intent_of(private_text(long + "!")) == TextCommand("oversized", ("5000",))
    assert intent_of(private_text(long)) == TextCommand("text", (long,))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("/me", TextCommand("me")),
        ("／vote ３", TextCommand("vote", ("3",))),
        (" /skip ", TextCommand("skip")),
        ("狼はたろうだと思う", TextCommand("text", ("狼はたろうだと思う",))),
    ],
)
def test_private_text_is_a_command_or_team_chat(text: str, intent: Intent) -> None:
    found = inbound_of(private_text(text))

    assert (found.intent, found.is_private, found.chat_id) == (intent, True, found.user_id)


TAP = Tap(game_id="g1a2b3c4", phase_seq=17, action=Action(kind="vote", args=(5,)))


@pytest.mark.parametrize(
    ("data", "intent"),
    [
        ("~nudge", Nudge(asked=True)),
        ("~me", TextCommand("me")),
        (taps.encode(TAP, max_bytes=300), TAP),
        (taps.encode(Tap("g1a2b3c4", 3, Action(kind="join")), max_bytes=300), JoinRequest("g1a2b3c4", False)),
        ("g1a2b3c4|17|vote|5|" + "1|" * 150, TextCommand("forged")),  # over 300 bytes
        ("g1a2b3c4|x|vote|5", TextCommand("forged")),
        ("~unknown", TextCommand("forged")),
        ("", TextCommand("forged")),
    ],
)
def test_postback_data(data: str, intent: Intent) -> None:
    found = inbound_of(postback(data))

    assert (found.intent, found.user_id, found.chat_id) == (
        intent,
        "line:U91eeaf62d...",
        "line:U91eeaf62d...",
    )


def test_a_group_postback_answers_in_the_group() -> None:
    body = postback(taps.encode(TAP, max_bytes=300))
    body["events"][0]["source"] = {"type": "group", "groupId": GROUP, "userId": PLAYER}

    found = inbound_of(body)

    assert (found.chat_id, found.user_id, found.is_private) == (f"line:{GROUP}", f"line:{PLAYER}", False)
    assert found.intent == TAP


def test_a_group_postback_from_a_user_line_does_not_name() -> None:
    body = postback(taps.encode(TAP, max_bytes=300))
    body["events"][0]["source"] = {"type": "group", "groupId": GROUP}

    assert intent_of(body) == TextCommand("anonymous")
    body["events"][0]["postback"]["data"] = "~nudge"
    assert intent_of(body) == Nudge(asked=True)


def test_a_text_with_a_lone_surrogate_is_ignored_and_the_next_event_still_read() -> None:
    broken, fine = group_text("hi \ud83d"), group_text("/status")
    body = {**broken, "events": [broken["events"][0], fine["events"][0]]}
    items = parse_events(json.dumps(body).encode())  # ensure_ascii: the lone surrogate as \ud83d
    assert [item.ignored for item in items] == ["malformed", None]
    assert items[1].inbound is not None
    assert items[1].inbound.intent == TextCommand("status")
