"""The answer to a LINE ``follow`` (the account added as a friend, or unblocked) through the LINE webhook,
the fake LINE API and moto: ``line.followed`` in the user's language where the project knows one (the
game they are in, the chat's language setting), else in every language, Japanese first."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import core.i18n as i18n
from tests.e2e.harness import moto_store
from tests.e2e.line_table import GROUP, LineTable, line_players
from tests.fakes.line_api import FakeLineApi

pytestmark = [pytest.mark.aws]


def greeting(locale: str) -> str:
    return i18n.text("line.followed", locale, "adazakura")


@pytest.fixture
def fake() -> Iterator[FakeLineApi]:
    with FakeLineApi() as api:
        yield api


def replied_texts(table: LineTable, chat: str, since: int) -> list[str]:
    """The texts the user's 1:1 chat got by reply after the first ``since`` deliveries."""
    return [str(m.get("text")) for d in table.fake.deliveries(chat, via="reply")[since:] for m in d.messages]


def test_a_new_friend_of_unknown_language_is_greeted_in_japanese_then_english(fake: FakeLineApi) -> None:
    with moto_store() as store:
        table = LineTable(fake, store, line_players(1))
        try:
            player = table.people[0]
            table.befriend(player)
            assert replied_texts(table, player.chat, 0) == [f"{greeting('ja')}\n\n{greeting('en')}"]
        finally:
            table.close()


def test_a_new_friend_where_the_runtime_speaks_english_is_greeted_in_english(fake: FakeLineApi) -> None:
    with moto_store() as store:
        table = LineTable(fake, store, line_players(1), settings={"locale": "en"})
        try:
            player = table.people[0]
            table.befriend(player)
            assert replied_texts(table, player.chat, 0) == [greeting("en")]
        finally:
            table.close()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_player_of_a_lobby_who_follows_again_is_greeted_in_the_games_language(
    fake: FakeLineApi, locale: str
) -> None:
    with moto_store() as store:
        table = LineTable(fake, store, line_players(2), mode="push")  # the lobby's welcome is pushed
        try:
            host, player = table.people
            table.befriend(host)
            table.befriend(player)
            table.say(host, GROUP, f"/newgame werewolf {locale}")
            table.join_lobby(player)
            assert table.state().locale == locale
            before = len(fake.deliveries(player.chat, via="reply"))

            fake.unfollow(player.chat)
            table.befriend(player)

            assert replied_texts(table, player.chat, before) == [greeting(locale)]
        finally:
            table.close()
