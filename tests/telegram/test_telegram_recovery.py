"""Issue 21 item 2, through the Telegram webhook, on moto and the fake Bot API: a player the bot cannot
message (a 403 on a private send, or a block) is named in the group with what to do (``game.unreachable``);
doing it (``/start`` in the 1:1 chat, or unblocking the bot) makes them reachable and sends again what
they missed: the role card with the current prompt's buttons. A ``/join`` typed in the group answers with
the join button."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from infra.dynamodb import DynamoStore
from tests.e2e import moves
from tests.e2e.harness import GROUP, Player, Table, megami_name, open_and_start, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import my_chat_member_blocked, my_chat_member_unblocked

pytestmark = [pytest.mark.aws]


def role_card_of(table: Table, player: Player) -> str:
    state = table.state()
    megami = state.players[table.seat_of(player) - 1].megami
    return megami_name(megami)


def test_a_player_the_bot_could_not_reach_sends_start_and_gets_the_card_and_the_prompt_again(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    moves.open_lobby(table)
    lost = table.people[3]
    api.fail("error_403_bot_cant_initiate_conversation", chat_id=lost.chat)
    moves.start(table)  # the role card and night 0's prompt cannot be sent to them

    told = i18n.text("game.unreachable", "ja", "adazakura", name=lost.name)
    assert sum(told in text for text in table.sent_to(GROUP)) == 1
    assert "/start" in told
    assert lost.chat in table.state().unreachable

    api.stop_failing(chat_id=lost.chat)
    before = len(api.messages(lost.chat))
    table.in_private(lost, "/start")

    assert lost.chat not in table.state().unreachable
    again = api.messages(lost.chat)[before:]
    assert any(role_card_of(table, lost) in m.text for m in again), "the role card again"
    assert any(m.buttons for m in again), "with the current prompt's buttons"


def test_unblocking_the_bot_makes_the_player_reachable_and_resends_the_card(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    open_and_start(table, "adazakura")
    blocker = table.people[2]
    assert table.post(my_chat_member_blocked(blocker.number, table.next_update_id(), blocker.name)) == 200
    assert blocker.chat in table.state().unreachable
    before = len(api.messages(blocker.chat))

    assert table.post(my_chat_member_unblocked(blocker.number, table.next_update_id(), blocker.name)) == 200

    assert blocker.chat not in table.state().unreachable
    again = api.messages(blocker.chat)[before:]
    assert any(role_card_of(table, blocker) in m.text for m in again)
    assert any(m.buttons for m in again)
    table.in_private(blocker, "/start")  # already reachable: the help, not a second card
    assert sum(role_card_of(table, blocker) in m.text for m in api.messages(blocker.chat)[before:]) == 1


def test_join_typed_in_the_group_answers_with_the_join_button(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    host, late = table.people[0], table.people[3]
    table.in_group(late, "/join")
    none = i18n.text("reason.join.none", "ja", "adazakura")
    assert any(none in text for text in table.sent_to(GROUP)), "no lobby: how to open one"

    table.in_group(host, "/newgame")
    links = len([m for m in api.messages(GROUP) if m.buttons])
    table.in_group(late, "/join")

    answers = [m for m in api.messages(GROUP) if m.buttons][links:]
    assert answers, "the answer carries the join button"
    [[(_, url)]] = answers[-1].buttons
    assert url.startswith("https://t.me/")
    assert "参加する" in answers[-1].text
    assert not any("わかりませんでした" in text for text in table.sent_to(GROUP))

    for player in table.people:
        table.open_join_link(player)
    moves.start(table)
    table.in_group(late, "/join")
    started = i18n.text("reason.join.started", "ja", "adazakura")
    assert any(started in text for text in table.sent_to(GROUP))
