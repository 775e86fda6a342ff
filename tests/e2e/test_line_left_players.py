"""Issue 21 on LINE: a ``memberLeft`` event (the recorded fixture, ``tests/fixtures/line/member_left.json``)
of a player mid-game, through the LINE webhook and the fake LINE API on moto: the group is told once, and
the player, still away when the night ends, dies (徒桜戦争 J27: 突然死), the group told once more."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.notice import PlayerRef
from tests.e2e.harness import NoticeLog, moto_store
from tests.e2e.line_bots import open_and_start
from tests.e2e.line_events import load, raw, source
from tests.e2e.line_table import GROUP, LinePlayer, LineTable, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]


@pytest.fixture
def table() -> Iterator[LineTable]:
    """A game of 徒桜戦争 for five, just started in free mode."""
    with FakeLineApi() as fake, moto_store() as store:
        started = LineTable(fake, store, line_players(5))
        try:
            open_and_start(started, "adazakura")
            yield started
        finally:
            started.close()


def member_left(table: LineTable, player: LinePlayer) -> dict[str, Any]:
    """The recorded memberLeft event, from the game's group, for ``player``."""
    event: dict[str, Any] = load("member_left")["events"][0]
    event["source"] = source(GROUP, None)
    del event["source"]["userId"]
    event["left"]["members"] = [{"type": "user", "userId": raw(player.chat)}]
    event["webhookEventId"] = table.next_event_id()
    event["timestamp"] = table.now * 1000
    return event


def test_a_player_who_leaves_at_night_is_not_waited_for_and_dies_at_its_end(
    table: LineTable, notices: NoticeLog
) -> None:
    leaver = table.people[2]
    state = table.state()
    seat = next(p.seat for p in state.players if p.user_id == leaver.chat)
    seq = state.phase_seq

    table.post(member_left(table, leaver))
    table.fire_timer_at_deadline()  # nobody pressed done: the night ends at its deadline

    state = table.state()
    assert state.phase_seq > seq
    assert not state.players[seat - 1].alive
    ref = PlayerRef(seat=seat, name=leaver.name)
    left = i18n.text("game.player_left", "ja", "adazakura", player=ref)
    sudden = i18n.text("game.sudden_death", "ja", "adazakura", player=ref)
    group = [s.body for s in notices.to(GROUP)]
    assert sum(left == body for body in group) == 1
    assert sum(sudden == body for body in group) == 1


def unfollow(table: LineTable, player: LinePlayer) -> dict[str, Any]:
    """The recorded unfollow event (the player blocked the account) from ``player``'s 1:1 chat."""
    event: dict[str, Any] = load("unfollow")["events"][0]
    event["source"] = source(player.chat, player.chat)
    event["webhookEventId"] = table.next_event_id()
    event["timestamp"] = table.now * 1000
    return event


def test_a_player_who_blocked_the_account_follows_again_and_gets_the_card_and_prompt(
    table: LineTable, notices: NoticeLog
) -> None:
    """Issue 21 item 2: unfollowing mid-game names the player in the group with what to do
    (``game.unreachable``); the ``follow`` event of unblocking (``follow_unblocked.json``'s kind) makes
    them reachable and sends the role card with the current prompt's buttons again."""
    player = table.people[1]
    table.fake.unfollow(player.chat)
    table.post(unfollow(table, player))
    assert player.chat in table.state().unreachable
    told = i18n.text("game.unreachable", "ja", "adazakura", name=player.name)
    assert any(told == s.body for s in notices.to(GROUP))
    cards = len(notices.to(player.chat, "role.card"))

    posted = table.befriend(player)

    assert player.chat not in table.state().unreachable
    assert len(notices.to(player.chat, "role.card")) == cards + 1
    replied = posted.replied()
    seat = next(p for p in table.state().players if p.user_id == player.chat)
    megami = i18n.text(f"role.{seat.megami}.name", "ja", "adazakura")
    assert any(megami in str(m) for m in replied), "the card went out as the follow's reply"


def member_joined(table: LineTable, player: LinePlayer) -> dict[str, Any]:
    """The recorded memberJoined event, in the game's group, for ``player``."""
    event: dict[str, Any] = load("member_joined")["events"][0]
    event["source"] = source(GROUP, None)
    del event["source"]["userId"]
    event["joined"]["members"] = [{"type": "user", "userId": raw(player.chat)}]
    event["replyToken"] = table.fake.token_for(GROUP)
    event["webhookEventId"] = table.next_event_id()
    event["timestamp"] = table.now * 1000
    return event


def test_a_player_back_in_the_group_before_the_night_ends_stays_alive(
    table: LineTable, notices: NoticeLog
) -> None:
    leaver = table.people[3]
    seat = next(p.seat for p in table.state().players if p.user_id == leaver.chat)

    table.post(member_left(table, leaver))
    table.post(member_joined(table, leaver))
    table.fire_timer_at_deadline()

    assert table.state().players[seat - 1].alive
    ref = PlayerRef(seat=seat, name=leaver.name)
    back = i18n.text("game.player_back", "ja", "adazakura", player=ref)
    sudden = i18n.text("game.sudden_death", "ja", "adazakura", player=ref)
    group = [s.body for s in notices.to(GROUP)]
    assert group.count(back) == 1
    assert sudden not in group
