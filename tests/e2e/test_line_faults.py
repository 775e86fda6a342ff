"""What LINE can do wrong around a game, through the LINE webhook and the fake LINE API (issue 5, "Tests"):
an expired reply token, a redelivered event, a group member LINE does not name.

- A reply token LINE refuses (400 "Invalid reply token": over a minute old, or used) delivers nothing:
  what was to go with it stays in the outbox and arrives with the chat's next event, once.
- A redelivered event (same ``webhookEventId``, ``deliveryContext.isRedelivery``) is applied once.
- A group message from a member without a ``userId`` is answered politely and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from handlers.line import webhook as line_webhook
from tests.e2e import line_events
from tests.e2e.harness import NoticeLog, moto_store
from tests.e2e.line_bots import open_and_start
from tests.e2e.line_events import redelivered
from tests.e2e.line_table import GROUP, SECRET, LineTable, line_players, postbacks
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]


@pytest.fixture
def table(notices: NoticeLog) -> Iterator[LineTable]:
    """A game of 徒桜戦争 for four, just started in free mode: role cards and prompts wait in the outbox."""
    with FakeLineApi() as fake, moto_store() as store:
        started = LineTable(fake, store, line_players(4))
        try:
            open_and_start(started, "adazakura")
            yield started
        finally:
            started.close()


def bodies_to(notices: NoticeLog, chat: str) -> list[str]:
    return [s.body for s in notices.to(chat)]


def test_an_expired_token_in_the_1to1_chat_keeps_the_items_for_the_next_tap(
    table: LineTable, notices: NoticeLog
) -> None:
    player = table.people[1]
    waiting = table.waiting()[player.chat]

    refused = table.my_turn(player, expired=True)

    assert [c.body["replyToken"] for c in refused.calls if c.name == "reply"] == [refused.token]
    assert refused.delivered == []
    assert table.waiting()[player.chat] == waiting
    table.tick()
    answered = table.my_turn(player)
    read = "\n".join(table.fake.readable(player.chat))
    assert answered.replied()
    assert bodies_to(notices, player.chat)
    assert [body for body in bodies_to(notices, player.chat) if read.count(body) != 1] == []
    assert player.chat not in table.waiting()


def test_an_expired_token_in_the_group_keeps_the_timers_announcement_for_the_next_message(
    table: LineTable, notices: NoticeLog
) -> None:
    host = table.people[0]
    said = len(notices.to(GROUP))
    timer = table.fire_timer_at_deadline()
    announced = [s.body for s in notices.to(GROUP)[said:]]
    assert announced
    assert timer.delivered == [], "free mode: the timer pushes nothing"

    refused = table.progress(host, expired=True)

    assert refused.delivered == []
    assert GROUP in table.waiting()
    chatter = table.say(host, GROUP, "おはよう")
    assert [d.chat_id for d in chatter.delivered] == [GROUP.removeprefix("line:")]
    group = "\n".join(table.fake.readable(GROUP))
    assert [body for body in announced if group.count(body) != 1] == []
    assert GROUP not in table.waiting()


def test_a_redelivered_tap_is_applied_once(table: LineTable) -> None:
    player = table.people[2]
    table.my_turn(player)
    seq = table.state().phase_seq
    shown = postbacks(table.fake.seen(player.chat))
    [data, *_] = [data for data, tap in shown if tap.phase_seq == seq and not tap.menu]
    first = table.tap(player, player.chat, data)
    assert first.replied(), "the tap was answered"
    version = table.version()

    again = table.post(redelivered(first.event or {}))

    assert table.version() == version
    assert again.delivered == []


def test_a_redelivered_join_seats_the_player_once() -> None:
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4))
        try:
            host, late = table.people[0], table.people[3]
            for player in table.people:
                table.befriend(player)
            table.say(host, GROUP, "/newgame adazakura")
            joined = table.join_lobby(late)
            version = table.version()

            table.post(redelivered(joined.event or {}))

            assert [m.user_id for m in table.state().members].count(late.chat) == 1
            assert table.version() == version
        finally:
            table.close()


def test_a_group_command_from_a_member_line_does_not_name_is_refused_politely_and_changes_nothing() -> None:
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4))
        try:
            for player in table.people:
                table.befriend(player)
            table.say(table.people[0], GROUP, "/newgame adazakura")
            for player in table.people:
                table.join_lobby(player)
            before = table.version()

            answer = table.say(None, GROUP, "/startgame")

            polite = i18n.text("reason.anonymous", "ja", "adazakura")
            assert [m.get("text") for m in answer.replied()] == [polite]
            assert table.version() == before
            assert table.state().phase == "lobby"
        finally:
            table.close()


def test_a_private_menu_level_tapped_in_the_group_is_refused_like_a_forged_tap(table: LineTable) -> None:
    player = table.people[1]
    seq = table.state().phase_seq
    before = table.version()

    answers = [table.tap(player, GROUP, f"{table.game_id}|{seq}|+{kind}") for kind in ("menu", "done")]

    refused = i18n.text("reason.action.forged", "ja", "adazakura")
    assert [[m.get("text") for m in a.replied()] for a in answers] == [[refused], [refused]]
    assert [postbacks(a.replied()) for a in answers] == [[], []]
    assert table.version() == before


def _batch(table: LineTable, *, redelivered: bool) -> dict[str, Any]:
    """The recorded batch (``multi_event_batch_with_unknown_event.json``, 28 events) with a reply token
    the fake LINE API issued for each event's chat, as a first delivery or as LINE delivers it again."""
    body = line_events.load("multi_event_batch_with_unknown_event")
    for event in body["events"]:
        if "replyToken" in event:
            event["replyToken"] = table.fake.token_for(line_events.source_chat(event))
        if redelivered:
            event["deliveryContext"] = {"isRedelivery": True}
    return body


def _post_batch(body: dict[str, Any]) -> int:
    raw = json.dumps(body, ensure_ascii=False).encode("utf-8")
    signature = line_events.sign(raw, SECRET)
    headers = {"content-type": "application/json; charset=utf-8", "x-line-signature": signature}
    event = {"version": "2.0", "headers": headers, "body": raw.decode("utf-8"), "isBase64Encoded": False}
    status: int = line_webhook.handler(event, None)["statusCode"]
    return status


@pytest.mark.parametrize("again", ["redelivered", "resent"])
def test_a_batch_delivered_again_is_answered_once(again: str) -> None:
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4))
        try:
            first = _batch(table, redelivered=False)
            assert _post_batch(first) == 200
            answered = [(d.chat_id, m.get("text")) for d in fake.deliveries() for m in d.messages]
            ja, en = (i18n.text("line.followed", locale, "adazakura") for locale in ("ja", "en"))
            assert f"{ja}\n\n{en}" in [text for _, text in answered], "the follow is greeted in both"
            calls = len([c for c in fake.calls if c.name in ("reply", "push")])

            # LINE's redelivery (same ids, isRedelivery true; fresh tokens: the worst case), or the same body.
            assert _post_batch(_batch(table, redelivered=True) if again == "redelivered" else first) == 200

            assert [(d.chat_id, m.get("text")) for d in fake.deliveries() for m in d.messages] == answered
            assert len([c for c in fake.calls if c.name in ("reply", "push")]) == calls
        finally:
            table.close()


def _readable(table: LineTable, chat: str) -> str:
    """Everything ``chat`` could read (waiting messages arrive merged into one text)."""
    return "\n".join(table.fake.readable(chat))


@pytest.mark.parametrize(
    ("mode", "failing", "limit"),
    [("push", "push", "monthly"), ("free", "reply", "rate")],
    ids=["monthly_limit_on_push", "rate_limit_on_reply"],
)
def test_a_line_limit_is_told_once_to_the_host_and_the_group_with_what_to_do(
    mode: str, failing: str, limit: str
) -> None:
    fixture = {"monthly": "error_429_monthly_limit", "rate": "error_429_rate_limit_exceeded"}[limit]
    told = i18n.text(f"line.limit.{limit}", "ja", "adazakura")
    with FakeLineApi() as fake, moto_store() as store:
        table = LineTable(fake, store, line_players(4), mode=mode)
        try:
            open_and_start(table, "adazakura")
            host, other = table.people[0], table.people[1]
            # The month's quota stays spent (replies do not count); the rate limit passes within a minute.
            fake.fail(fixture, name=failing, times=None if limit == "monthly" else 1)
            table.fire_timer_at_deadline()  # push mode: the announcements cannot be pushed
            if failing == "reply":
                table.progress(other)  # free mode: the reply carrying the announcements is refused
            for _ in range(2):  # everyone asks again, twice: the note comes once
                table.tick(61)
                table.progress(host)
                for player in table.people:
                    table.my_turn(player)

            assert _readable(table, host.chat).count(told) == 1
            assert _readable(table, GROUP).count(told) == 1
            assert told not in _readable(table, other.chat)
        finally:
            table.close()
