"""Muting and releasing one group member through the Bot API (against the fake server's member list)."""

from __future__ import annotations

import pytest
from telegram import Bot
from telegram.error import RetryAfter, TelegramError

from handlers.telegram.rights import Immune, NoRights, Rights
from tests.fakes.telegram_api import FakeTelegramApi, load_error

pytestmark = pytest.mark.anyio

GROUP = -1001000000001
BASIC_GROUP = -400000001
PLAYER = 1000000002
UNTIL = 1_767_232_800
SERVER_ERROR = {"ok": False, "error_code": 500, "description": "Internal Server Error: restart"}


async def test_the_bot_may_restrict_only_as_an_admin_with_that_right(api: FakeTelegramApi, bot: Bot) -> None:
    rights = Rights(bot)
    assert not await rights.may_restrict(GROUP)
    api.members.promote(GROUP, can_restrict_members=False)
    assert not await rights.may_restrict(GROUP)
    api.members.promote(GROUP)
    assert await rights.may_restrict(GROUP)


async def test_a_muted_player_cannot_post_until_released(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    rights = Rights(bot)

    await rights.mute(GROUP, PLAYER, until=UNTIL)
    assert api.members.muted(GROUP) == {PLAYER}
    restriction = api.members.restriction(GROUP, PLAYER)
    assert restriction is not None
    assert restriction["until_date"] == UNTIL
    assert not any(value for name, value in restriction.items() if name.startswith("can_send_"))
    assert restriction["can_invite_users"], "a mute takes away posting only"

    await rights.release(GROUP, PLAYER)
    assert api.members.muted(GROUP) == set()
    assert api.members.restriction(GROUP, PLAYER) is None


async def test_group_admins_and_the_owner_cannot_be_muted(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    api.members.promote(GROUP, PLAYER)
    api.members.make_owner(GROUP, PLAYER + 1)
    rights = Rights(bot)

    with pytest.raises(Immune, match="administrator"):
        await rights.mute(GROUP, PLAYER, until=UNTIL)
    with pytest.raises(Immune, match="owner"):
        await rights.mute(GROUP, PLAYER + 1, until=UNTIL)
    assert api.members.muted(GROUP) == set()


async def test_without_the_right_or_outside_a_supergroup_the_bot_has_no_rights(
    api: FakeTelegramApi, bot: Bot
) -> None:
    rights = Rights(bot)
    with pytest.raises(NoRights):
        await rights.mute(GROUP, PLAYER, until=UNTIL)
    api.members.promote(BASIC_GROUP)
    with pytest.raises(NoRights):
        await rights.mute(BASIC_GROUP, PLAYER, until=UNTIL)


async def test_a_passing_failure_is_raised_as_it_is(api: FakeTelegramApi, bot: Bot) -> None:
    api.members.promote(GROUP)
    api.fail(SERVER_ERROR, method="restrictChatMember", times=1)
    with pytest.raises(TelegramError):
        await Rights(bot).mute(GROUP, PLAYER, until=UNTIL)
    assert api.members.muted(GROUP) == set()


class Naps:
    """An injected ``sleep`` that records how long it was asked to wait, without waiting."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


async def test_a_short_flood_wait_is_sat_out_once(
    api: FakeTelegramApi, bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # see tests/telegram/test_telegram_sender.py
    api.members.promote(GROUP)
    flood = {**load_error("error_429_too_many_requests_retry_after"), "parameters": {"retry_after": 2}}
    api.fail(flood, method="restrictChatMember", times=1)
    naps = Naps()
    rights = Rights(bot, sleep=naps)

    await rights.mute(GROUP, PLAYER, until=UNTIL)
    assert naps.asked == [2.0]
    assert api.members.muted(GROUP) == {PLAYER}

    api.fail(flood, method="restrictChatMember", times=2)
    with pytest.raises(RetryAfter):
        await rights.mute(GROUP, PLAYER + 1, until=UNTIL)  # flooded again on the retry: left for later
    assert naps.asked == [2.0, 2.0]
    assert api.members.muted(GROUP) == {PLAYER}
