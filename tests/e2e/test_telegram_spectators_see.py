"""A spectator of a Telegram 人狼 game with 霊界表示 (``graveyardReveal``) on (``core.engine.afterlife``
``seeing``): the bot mutes them in the group while they watch (``restrictChatMember``, as the dead) and,
muted, they are shown every role in their 1:1 chat; the mute is lifted on ``/unwatch`` and at the end.
With the option off nobody mutes them and they see no role; one the bot could not mute (a group
administrator) sees no role either. Through the webhook handler against the fake Bot API, whose member
list says who is muted."""

from __future__ import annotations

import random

import pytest

import core.i18n as i18n
from infra.store import GameStore
from tests.e2e import werewolf
from tests.e2e.harness import GROUP, Player, moto_store, open_and_start
from tests.e2e.muting import speaking
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws]

SPECTATOR = Player(1_000_000_900, "Kai")
#: The first line of ``afterlife.roles`` (its lines follow).
ROLES = i18n.text("afterlife.roles", "ja", "werewolf", lines=[]).splitlines()[0]


def muting_table(api: FakeTelegramApi, store: GameStore) -> werewolf.WerewolfTable:
    """Five players of 人狼 whose webhook and timer services mute (``TelegramSpeech``), as production."""
    table = werewolf.WerewolfTable(api, store, werewolf.people(5))
    speaking(table, {}, 1)
    return table


def roles_shown(table: werewolf.WerewolfTable) -> list[str]:
    """The spectator's 1:1 messages that show every role (a message may carry several notices)."""
    return [text for text in table.sent_to(SPECTATOR.chat) if ROLES in text]


def muted(api: FakeTelegramApi) -> bool:
    return SPECTATOR.number in api.members.muted(GROUP)


def test_a_spectator_is_muted_and_shown_every_role_until_unwatch_and_the_end() -> None:
    with FakeTelegramApi() as api, moto_store() as store:
        api.members.promote(GROUP)
        table = muting_table(api, store)
        open_and_start(table, "werewolf", {"graveyardReveal": "on"})
        table.in_group(SPECTATOR, "/watch")
        assert muted(api)
        assert table.state().muted_spectators == [SPECTATOR.chat]
        [shown] = roles_shown(table)
        for player in table.people:
            assert player.name in shown
        table.in_group(SPECTATOR, "/unwatch")
        assert not muted(api)
        assert table.state().muted_spectators == []
        table.in_group(SPECTATOR, "/watch")
        assert muted(api)
        assert len(roles_shown(table)) == 2
        bots = werewolf.Bots(table, random.Random(3))
        for _ in range(werewolf.MAX_PHASES):
            if table.latest.is_over:
                break
            bots.play_phase()
        assert table.state().is_over
        assert not muted(api)


def test_with_graveyard_reveal_off_a_spectator_is_neither_muted_nor_shown_a_role() -> None:
    with FakeTelegramApi() as api, moto_store() as store:
        api.members.promote(GROUP)
        table = muting_table(api, store)
        open_and_start(table, "werewolf")
        table.in_group(SPECTATOR, "/watch")
        assert not muted(api)
        calls = api.calls_to("restrictChatMember")
        assert [c for c in calls if c.params["user_id"] == SPECTATOR.number] == []
        assert roles_shown(table) == []
        assert i18n.text("watch.welcome", "ja", "werewolf", game="werewolf") in table.sent_to(SPECTATOR.chat)


@pytest.mark.parametrize("why", ["spectator is an administrator", "bot may not restrict"])
def test_a_spectator_the_bot_could_not_mute_is_shown_no_role(why: str) -> None:
    with FakeTelegramApi() as api, moto_store() as store:
        if why == "spectator is an administrator":
            api.members.promote(GROUP)
            api.members.promote(GROUP, SPECTATOR.number)
        table = muting_table(api, store)
        open_and_start(table, "werewolf", {"graveyardReveal": "on"})
        table.in_group(SPECTATOR, "/watch")
        assert not muted(api)
        assert table.state().muted_spectators == []
        assert [m.user_id for m in table.state().spectators] == [SPECTATOR.chat]
        assert roles_shown(table) == []


@pytest.mark.parametrize("mutable", [True, False], ids=["muted", "administrator"])
def test_with_the_dead_held_silent_a_spectator_reads_the_afterlife_only_once_muted(mutable: bool) -> None:
    """``strictMute`` holds the dead silent in the group; 霊界表示 off: the bot mutes the spectator anyway,
    and a dead player's 霊界 text reaches them only so (an administrator it cannot mute reads none of it;
    ``afterlife.held``, ``readers``); nobody is shown a role."""
    with FakeTelegramApi() as api, moto_store() as store:
        api.members.promote(GROUP)
        if not mutable:
            api.members.promote(GROUP, SPECTATOR.number)
        table = muting_table(api, store)
        open_and_start(table, "werewolf", {"strictMute": "on"})
        table.in_group(SPECTATOR, "/watch")
        assert muted(api) is mutable
        bots = werewolf.Bots(table, random.Random(3))
        for _ in range(werewolf.MAX_PHASES):
            state = table.latest
            dead = [
                p for p in table.people if any(s.user_id == p.chat and not s.alive for s in state.players)
            ]
            if dead and state.phase != "last_words":
                break
            bots.play_phase()
        assert dead, "nobody died"
        table.in_private(dead[0], "/t 霊界から: わたしは占い師でした")
        said = [text for text in table.sent_to(SPECTATOR.chat) if "わたしは占い師でした" in text]
        assert bool(said) is mutable
        assert roles_shown(table) == []
