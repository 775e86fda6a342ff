"""Platform events of a running game, as Telegram delivers them to the real webhook (issue 4 item 5).

Each recorded update (``chat_member`` of a player who left, the ``left_chat_member`` service message, the
bot removed from the supergroup, the group upgraded to a supergroup and its ``migrate_from_chat_id`` twin, a
player blocking the bot) is POSTed to ``handlers.telegram.webhook.handler`` while a game runs on the
production store (moto) and the fake Bot API; what players see is what the fake API received.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import core.i18n as i18n
from core.engine.notice import PlayerRef
from handlers.messages import MemberLeft
from handlers.telegram.parse import parse_update
from infra.dynamodb import DynamoStore
from tests.e2e import moves
from tests.e2e.harness import GAME_ID, GROUP, GROUP_CHAT, Player, Table, moto_store, open_and_start, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.telegram.builders import BOT_USERNAME, group_command, load, migrate, my_chat_member_blocked

pytestmark = [pytest.mark.aws]

BASIC_GROUP = -900000001  # a basic group, before its upgrade to the supergroup GROUP
#: Enough phases for a whole game of six; only stops a broken game from looping forever.
MAX_PHASES = 80


@pytest.fixture
def store() -> Iterator[DynamoStore]:
    with moto_store() as dynamo:
        yield dynamo


class BasicGroupTable(Table):
    """A table whose group is ``group`` (a basic group until it is upgraded) instead of the supergroup."""

    group = BASIC_GROUP

    def in_group(self, player: Player, text: str) -> dict[str, Any]:
        update = group_command(self.group, player.number, player.name, text, self.next_update_id())
        assert self.post(update) == 200
        return update

    def join_link(self) -> str:
        urls = [data for m in self.api.messages(self.group) for row in m.buttons for _, data in row]
        return [u for u in urls if u.startswith("https://t.me/")][-1]


def member_left(fixture: str, table: Table, player: Player) -> dict[str, Any]:
    """``player`` left the group: the recorded ``chat_member`` update or ``left_chat_member`` message."""
    update = load(fixture)
    update["update_id"] = table.next_update_id()
    user = {"id": player.number, "is_bot": False, "first_name": player.name}
    if "chat_member" in update:
        change = update["chat_member"]
        change["chat"]["id"] = GROUP
        change["from"] = user
        for side in ("old_chat_member", "new_chat_member"):
            change[side]["user"] = user
    else:
        message = update["message"]
        message["chat"]["id"] = GROUP
        message["from"] = message["left_chat_member"] = user
    return update


def bot_removed(table: Table) -> dict[str, Any]:
    update = load("my_chat_member_bot_removed_from_supergroup")
    update["update_id"] = table.next_update_id()
    update["my_chat_member"]["chat"]["id"] = GROUP
    return update


def left_text(table: Table, player: Player) -> str:
    state = table.state()
    ref = PlayerRef(seat=table.seat_of(player), name=player.name)
    return i18n.text("game.player_left", state.locale, state.game, player=ref)


def play_on_without(table: Table, absent: Player) -> list[str]:
    """Everyone but ``absent`` plays each phase with the first buttons offered; a phase still open then
    is closed by its timer. Returns how each phase closed (``acted`` or ``timer``)."""
    closed: list[str] = []
    for _ in range(MAX_PHASES):
        state = table.state()
        if state.is_over:
            return closed
        team = {p.seat for p in state.players if getattr(p, "faction", None) == "adazakura"}
        for player in table.living():
            if player == absent:
                continue
            if state.phase == "night":
                moves.night_turn(table, player, team=team)
            elif state.phase in ("vote", "runoff"):
                moves.vote(table, player)
        closed.append("acted" if table.state().phase_seq != state.phase_seq else "timer")
        if closed[-1] == "timer":
            table.fire_timer_at_deadline()
    raise AssertionError("the game did not finish")


def test_a_group_upgraded_to_a_supergroup_takes_its_game_along(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = BasicGroupTable(api, store, players(4))
    open_and_start(table, "adazakura")
    old_chat, new_chat = f"tg:{BASIC_GROUP}", GROUP_CHAT
    sent_to_old = len(table.sent_to(BASIC_GROUP))

    assert table.post(migrate(BASIC_GROUP, GROUP, table.next_update_id())) == 200
    twin = load("migrate_from_chat_id_supergroup_anonymous_sender")
    twin["update_id"] = table.next_update_id()
    version = table.version()
    assert table.post(twin) == 200
    assert table.version() == version, "the new chat's migrate_from_chat_id changes nothing"
    moves.everyone_done(table)  # night 0 closes: the morning is announced in the group

    assert table.state().chat_id == new_chat
    assert store.get_pointer("chat", old_chat) is None
    assert store.get_pointer("chat", new_chat) == GAME_ID
    assert len(table.sent_to(BASIC_GROUP)) == sent_to_old
    assert table.state().phase == "discussion"
    assert table.sent_to(GROUP), "the morning went to the supergroup"
    table.group = GROUP
    table.in_group(table.people[1], "/status")
    assert len(table.sent_to(BASIC_GROUP)) == sent_to_old


@pytest.mark.slow
def test_a_player_who_leaves_mid_game_is_announced_once_and_the_game_still_finishes(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(6))
    open_and_start(table, "adazakura")
    leaver = table.people[2]
    seat = table.seat_of(leaver)
    megami = table.state().players[seat - 1].megami

    assert table.post(member_left("chat_member_player_left_supergroup", table, leaver)) == 200
    assert table.post(member_left("left_chat_member_supergroup", table, leaver)) == 200
    closed = play_on_without(table, leaver)

    said = left_text(table, leaver)
    assert sum(said in text for text in table.sent_to(GROUP)) == 1
    state = table.state()
    assert state.phase == "ended"
    assert "timer" in closed, "the phases waiting for the absent player closed at their deadline"
    assert state.players[seat - 1].megami == megami
    assert [e.data for e in state.log if e.kind == "PlayerLeft"] == [{"seat": seat}]


def test_a_member_who_leaves_the_lobby_is_out_of_it(api: FakeTelegramApi, store: DynamoStore) -> None:
    table = Table(api, store, players(4))
    moves.open_lobby(table)
    leaver = table.people[1]

    assert table.post(member_left("left_chat_member_supergroup", table, leaver)) == 200

    state = table.state()
    assert [m.user_id for m in state.members] == [p.chat for p in table.people if p != leaver]
    assert state.phase == "lobby"
    assert any(leaver.name in text and "抜けました" in text for text in table.sent_to(GROUP))


def test_removing_the_bot_ends_the_game_and_a_new_one_can_start_later(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    open_and_start(table, "adazakura")
    to_group = len(table.sent_to(GROUP))

    assert table.post(bot_removed(table)) == 200

    assert table.state().phase == "cancelled"
    removed = i18n.text("game.bot_removed", "ja", "adazakura")
    assert all(removed in table.sent_to(p.chat) for p in table.people)
    assert len(table.sent_to(GROUP)) == to_group
    assert store.get_pointer("chat", GROUP_CHAT) is None
    assert_free(table)

    added = load("my_chat_member_bot_added_to_supergroup")
    added["update_id"] = table.next_update_id()
    added["my_chat_member"]["chat"]["id"] = GROUP
    assert table.post(added) == 200
    table.service.runner.new_id = lambda: "g2"
    table.game_id = "g2"
    table.in_group(table.people[1], "/newgame")
    assert store.get_pointer("chat", GROUP_CHAT) == "g2"
    assert table.state().phase == "lobby"


def assert_free(table: Table) -> None:
    """Every player's 1:1 chat is free of the finished game: ``/me`` there finds no game."""
    answer = i18n.text("reason.game.none", "ja", "adazakura")
    for player in table.people:
        table.in_private(player, "/me")
        assert table.sent_to(player.chat)[-1] == answer


def test_a_game_that_ends_frees_the_players_chats_but_keeps_the_groups(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    open_and_start(table, "adazakura")
    assert [store.get_pointer("user", p.chat) for p in table.people] == [GAME_ID] * 4

    table.in_group(table.people[0], "/cancel")

    assert_free(table)
    assert store.get_pointer("chat", GROUP_CHAT) == GAME_ID


def test_a_player_who_blocks_the_bot_mid_game_is_announced_in_the_group(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(4))
    open_and_start(table, "adazakura")
    blocker = table.people[3]

    assert table.post(my_chat_member_blocked(blocker.number, table.next_update_id(), blocker.name)) == 200

    [notice] = [t for t in table.sent_to(GROUP) if blocker.name in t and "個別メッセージが届きません" in t]
    assert "時間切れ" in notice
    assert blocker.chat in table.state().unreachable


@pytest.mark.parametrize(
    ("new_status", "left"),
    [
        ({"status": "left"}, True),
        ({"status": "kicked", "until_date": 0}, True),
        ({"status": "restricted", "is_member": False}, True),  # a player the bot had muted leaves
        ({"status": "restricted", "is_member": True}, False),  # muted, still in the group
        ({"status": "member"}, False),
    ],
)
def test_a_member_update_means_leaving_only_when_they_are_out_of_the_group(
    new_status: dict[str, Any], left: bool
) -> None:
    update = load("chat_member_player_left_supergroup")
    change = update["chat_member"]
    restricted = {
        "until_date": 0, "can_send_messages": False, "can_send_audios": False, "can_send_documents": False,
        "can_send_photos": False, "can_send_videos": False, "can_send_video_notes": False,
        "can_send_voice_notes": False, "can_send_polls": False, "can_send_other_messages": False,
        "can_add_web_page_previews": False, "can_change_info": False, "can_invite_users": False,
        "can_pin_messages": False, "can_manage_topics": False, "can_edit_tag": False,
        "can_react_to_messages": False,
    }  # fmt: skip
    extra = restricted if new_status["status"] == "restricted" else {}
    change["new_chat_member"] = {"user": change["new_chat_member"]["user"], **extra, **new_status}

    parsed = parse_update(update, None, BOT_USERNAME)

    intent = None if parsed is None else parsed.inbound.intent
    assert intent == (MemberLeft("tg:1000000004") if left else None)


def test_a_bot_leaving_the_group_is_not_a_player_leaving() -> None:
    update = load("left_chat_member_supergroup")
    update["message"]["left_chat_member"] = {
        "id": 42,
        "is_bot": True,
        "first_name": "Helper",
        "username": "helper_bot",
    }

    assert parse_update(update, None, BOT_USERNAME) is None
