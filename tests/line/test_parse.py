"""Recorded LINE webhook bodies become what the platform said (a friend, a block, the bot or a member
leaving) or are ignored, each event reported, with the chat and the delivery id the game needs; one odd
event never hides the others; the SDK's models load without its HTTP clients."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from dataclasses import replace

import pytest

from handlers.line.parse import parse_events
from handlers.messages import BotLeft, Intent, MemberBack, MemberLeft, Nudge, Reachable, TextCommand
from tests.line.line_bodies import BODIES, FIXTURES, GROUP, PLAYER, group_text, inbound_of, load, only


@pytest.mark.parametrize("name", BODIES)
def test_every_fixture_parses_one_item_per_event_and_left_member(name: str) -> None:
    events = load(name)["events"]
    members = [(e.get("left") or e.get("joined") or {}).get("members") for e in events]
    expected = [e["type"] for e, who in zip(events, members, strict=True) for _ in (who or [None])]

    parsed = parse_events((FIXTURES / name).read_bytes())

    assert [item.event_type for item in parsed] == expected
    assert all((item.inbound is None) == (item.ignored is not None) for item in parsed)


@pytest.mark.parametrize(
    ("fixture", "chat", "user", "private", "intent"),
    [
        ("follow.json", "U3d3edab4f36c6292e6d8a8131f141b8b", "U3d3edab4f36c6292e6d8a8131f141b8b", True,
         Reachable(True)),
        ("follow_unblocked.json", "U4af4980629...", "U4af4980629...", True, Reachable(True)),
        ("unfollow.json", "U4af4980629...", "U4af4980629...", True, Reachable(False)),
        ("leave_group.json", "C4af4980629...", None, False, BotLeft()),
        # Group chatter (a mention of someone else, of everyone): its reply token delivers what waits.
        ("group_message_mention.json", "Ca56f94637c...", "U4af4980629...", False, Nudge()),
        # The bot mentioned, then a word without a slash: a command, for the service to answer.
        ("group_message_mention_bot_self_japanese.json", GROUP, PLAYER, False, TextCommand("ゲーム開始")),
        # No userId (older payloads, users without consent): chatter still fetches what waits.
        ("group_text_userid_null.json", "C0000000000000000000000000000000a", None, False, Nudge()),
        ("user_text_message.json", "U4af4980629...", "U4af4980629...", True, TextCommand("text", (" Hi ",))),
        ("user_text_mention_all_and_user.json", "u206d25c2ea6bd87c17655609a1c37cb8",
         "u206d25c2ea6bd87c17655609a1c37cb8", True, TextCommand("text", ("Hello, world @Brown and @Cony",))),
        ("redelivered_message.json", "u206d25c2ea6bd87c17655609a1c37cb8", "u206d25c2ea6bd87c17655609a1c37cb8",
         True, TextCommand("text", ("Hello, world",))),
        # Another service's postback data (and its date picker params) is no tap of ours.
        ("postback_datetime_params.json", "U91eeaf62d...", "U91eeaf62d...", True, TextCommand("forged")),
        ("postback_empty_params.json", "u206d25c2ea6bd87c17655609a1c37cb8",
         "u206d25c2ea6bd87c17655609a1c37cb8", True, TextCommand("forged")),
    ],
)  # fmt: skip
def test_recorded_event_means(
    fixture: str, chat: str, user: str | None, private: bool, intent: Intent
) -> None:
    found = inbound_of(load(fixture))

    assert (found.platform, found.chat_id, found.is_private) == ("line", f"line:{chat}", private)
    assert found.user_id == (None if user is None else f"line:{user}")
    assert found.user_name == ""
    assert found.intent == intent


@pytest.mark.parametrize(
    "fixture",
    ["join_group.json", "unsend_group.json", "message_edited_group.json"],
)
def test_events_without_a_game_meaning_are_reported_but_ignored(fixture: str) -> None:
    item = only(load(fixture))

    assert item.inbound is None
    assert item.ignored == "unused"
    assert str(item.chat_id).startswith("line:C")


def test_a_joined_group_keeps_its_reply_token_for_the_webhook() -> None:
    assert only(load("join_group.json")).reply_token == "nHuyWiB7yP5Zw52FIkcQobQuGDXCTA"


def test_the_delivery_id_is_the_webhook_event_id_and_survives_redelivery() -> None:
    redelivered = load("redelivered_message.json")
    first = copy.deepcopy(redelivered)
    first["events"][0]["deliveryContext"]["isRedelivery"] = False

    assert inbound_of(redelivered) == replace(inbound_of(first), repeat=True)
    assert inbound_of(redelivered).delivery_id == "line:01G2KZKG2DS765NMRH3GZFD8AP"
    assert not inbound_of(first).repeat


def test_an_event_without_a_webhook_event_id_has_no_delivery_id() -> None:
    assert inbound_of(load("postback_empty_params.json")).delivery_id is None


def test_each_member_who_joined_is_one_who_may_be_back() -> None:
    """Issue 21: memberJoined is one ``MemberBack`` per member (a player who left may be back)."""
    items = parse_events(load("member_joined.json"))

    assert [i.inbound.intent for i in items if i.inbound] == [
        MemberBack("line:U4af4980629..."),
        MemberBack("line:U91eeaf62d9..."),
    ]


def test_each_member_who_left_is_deduplicated_on_its_own() -> None:
    items = parse_events(load("member_left.json"))

    assert [i.inbound.intent for i in items if i.inbound] == [
        MemberLeft("line:U4af4980629..."),
        MemberLeft("line:U91eeaf62d9..."),
    ]
    assert [i.inbound.delivery_id for i in items if i.inbound] == [
        "line:01FZ74A0TDDPYRVKNK77XKC3ZR#0",
        "line:01FZ74A0TDDPYRVKNK77XKC3ZR#1",
    ]
    assert {i.inbound.chat_id for i in items if i.inbound} == {"line:C4af4980629..."}


def test_in_standby_mode_the_bot_must_not_answer() -> None:
    item = only(load("group_text_standby_mode_no_userid.json"))

    assert (item.inbound, item.reply_token, item.ignored) == (None, None, "standby")
    assert item.chat_id == "line:u206d25c2ea6bd87c17655609a1c37cb8"


def test_standby_wins_over_a_command() -> None:
    body = group_text("/newgame politician")
    body["events"][0]["mode"] = "standby"

    assert only(body).inbound is None


def test_a_sticker_or_image_is_ignored() -> None:
    body = load("multi_event_batch_with_unknown_event.json")
    sticker, image = body["events"][5], body["events"][1]

    for event in (sticker, image):
        assert only({"destination": "U123", "events": [event]}).ignored == "unused"


def test_a_batch_with_an_unknown_event_keeps_the_known_ones() -> None:
    parsed = parse_events(load("multi_event_batch_with_unknown_event.json"))

    assert [(p.event_type, p.ignored) for p in parsed][-2:] == [
        ("messageEdited", "unused"),
        ("undefined", "unknown"),
    ]
    understood = [p.inbound.intent for p in parsed if p.inbound]
    assert understood == [
        TextCommand("text", ("Hello, world",)),
        Reachable(True),
        Reachable(False),
        BotLeft(),
        TextCommand("forged"),
        Nudge(),  # group text
        Nudge(),  # room text
        *[TextCommand("forged")] * 3,
        MemberBack("line:U4af4980629..."),
        MemberBack("line:U91eeaf62d9..."),
        MemberLeft("line:U4af4980629..."),
        MemberLeft("line:U91eeaf62d9..."),
        TextCommand("text", ("Hello, world",)),  # the redelivered one
    ]


def test_an_unknown_or_malformed_event_first_does_not_stop_the_next() -> None:
    text = load("user_text_message.json")["events"][0]
    broken = copy.deepcopy(text)
    del broken["message"]
    undefined = load("multi_event_batch_with_unknown_event.json")["events"][-1]
    body = {"destination": "U123", "events": [undefined, broken, "garbage", {"no": "type"}, text]}

    parsed = parse_events(json.dumps(body).encode())

    assert [p.ignored for p in parsed] == ["unknown", "malformed", "unknown", "unknown", None]
    assert parsed[-1].inbound is not None
    assert parsed[-1].inbound.intent == TextCommand("text", (" Hi ",))


def test_the_consoles_verify_call_has_no_events() -> None:
    assert parse_events(load("webhook_verification_empty_events.json")) == []


@pytest.mark.parametrize(
    ("body", "error"),
    [(b"not json", "Expecting value"), (b"[]", "events list"), (b'{"events": {}}', "events list")],
)
def test_a_body_that_is_no_webhook_call_is_an_error(body: bytes, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse_events(body)


def test_the_parser_loads_no_http_client_and_the_full_sdk_still_works_after_it() -> None:
    """The SDK's models load without its API clients (cold start); a later ordinary import of the SDK's
    webhook parser gets the very same classes."""
    probe = """
import sys
import handlers.line.parse as parse
clients = sorted(m for m in sys.modules if m.split('.')[0] in ('aiohttp', 'requests', 'urllib3'))
from linebot.v3 import WebhookParser
from linebot.v3.webhooks import MessageEvent, TextMessageContent
body = open(sys.argv[1], encoding='utf-8').read()
[event] = WebhookParser('secret', skip_signature_verification=lambda: True).parse(body, '')
print(clients, type(event) is parse.models.MessageEvent is MessageEvent,
      isinstance(event.message, TextMessageContent), parse.parse_events(body.encode())[0].event_type)
"""
    fixture = str(FIXTURES / "user_text_message.json")
    done = subprocess.run(
        [sys.executable, "-c", probe, fixture],
        capture_output=True,
        text=True,
        check=True,
        cwd=FIXTURES.parents[2],
    )

    assert done.stdout.split() == ["[]", "True", "True", "message"]
