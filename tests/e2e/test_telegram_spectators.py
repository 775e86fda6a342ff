"""A spectator on Telegram (``/watch``): one who never started the bot is told of in the group and not
kept; ``/watch`` in the 1:1 chat is refused; ``/status`` lists spectators; ``/unwatch`` frees their 1:1
chat. Through the webhook handler against the fake Bot API."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from tests.e2e import werewolf
from tests.e2e.harness import GROUP, Player, moto_store, open_and_start
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws]

SPECTATOR = Player(1_000_000_900, "Kai")


def test_a_spectator_who_never_started_the_bot_is_told_of_in_the_group_and_not_kept() -> None:
    """Telegram's 403 "bot can't initiate conversation" on the welcome: the group is told how to watch
    (as the lobby does for a player), and the user is no spectator; ``/unwatch`` and ``/watch`` in the
    1:1 chat answer politely; a later ``/watch`` after starting the bot works."""
    with FakeTelegramApi() as api, moto_store() as store:
        table = werewolf.WerewolfTable(api, store, werewolf.people(5))
        open_and_start(table, "werewolf")
        api.fail("error_403_bot_cant_initiate_conversation", chat_id=SPECTATOR.chat, times=1)
        table.in_group(SPECTATOR, "/watch")
        told = i18n.text("watch.unreachable", "ja", "werewolf", name=SPECTATOR.name)
        assert told in "\n".join(table.sent_to(GROUP))
        assert table.state().spectators == []
        table.in_private(SPECTATOR, "/watch")
        assert i18n.text("reason.watch.group_only", "ja", "werewolf") in "\n".join(
            table.sent_to(SPECTATOR.chat)
        )
        table.in_group(SPECTATOR, "/watch")
        assert [m.user_id for m in table.state().spectators] == [SPECTATOR.chat]
        status = len(table.sent_to(GROUP))
        table.in_group(table.people[1], "/status")
        listed = i18n.text("watch.list", "ja", "werewolf", names=SPECTATOR.name, count=1)
        assert listed in "\n".join(table.sent_to(GROUP)[status:])
        table.in_group(SPECTATOR, "/unwatch")
        assert table.state().spectators == []
        assert i18n.text("watch.left", "ja", "werewolf") in "\n".join(table.sent_to(SPECTATOR.chat))
        table.in_private(SPECTATOR, "/t hello")  # no longer routed to the game: nothing relayed
        assert not any("hello" in t for p in table.people for t in table.sent_to(p.chat))


STRANGER = Player(1_000_000_901, "Rin")


def test_refusals_meant_for_one_person_go_to_their_1to1_chat_not_the_group() -> None:
    """A refusal that concerns only the sender of a command typed in the group (``/watch`` twice,
    ``/unwatch`` when not watching, a seat's ``/watch``, a spectator's ``/skip`` or ``/extend``) is
    answered in their 1:1 chat and the group reads nothing of it; one the bot may not reach there (never
    started it) is answered in the group after their name."""
    with FakeTelegramApi() as api, moto_store() as store:
        table = werewolf.WerewolfTable(api, store, werewolf.people(5))
        open_and_start(table, "werewolf")
        seat = table.people[0]
        table.in_group(SPECTATOR, "/watch")
        group = len(table.sent_to(GROUP))
        text = lambda key: i18n.text(key, "ja", "werewolf")  # noqa: E731
        table.in_group(SPECTATOR, "/watch")
        table.in_group(seat, "/watch")
        table.in_group(SPECTATOR, "/skip")
        table.in_group(SPECTATOR, "/extend")
        assert table.sent_to(GROUP)[group:] == []
        spectator = "\n".join(table.sent_to(SPECTATOR.chat))
        assert text("reason.watch.already") in spectator
        assert spectator.count(text("reason.not_player")) == 2
        assert text("reason.watch.seated") in "\n".join(table.sent_to(seat.chat))
        table.in_group(SPECTATOR, "/unwatch")
        table.in_group(SPECTATOR, "/unwatch")
        assert table.sent_to(GROUP)[group:] == []
        assert text("reason.watch.not_watching") in "\n".join(table.sent_to(SPECTATOR.chat))
        api.fail("error_403_bot_cant_initiate_conversation", chat_id=STRANGER.chat, times=1)
        table.in_group(STRANGER, "/skip")
        named = i18n.text("reason.to", "ja", "werewolf", name=STRANGER.name, text=text("reason.not_player"))
        assert table.sent_to(GROUP)[group:] == [named]
