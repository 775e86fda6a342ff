"""Help in a Telegram group through the webhook (issue 8 item 5): ``/role`` with a Japanese name and the
bot's @name, ``/rules`` of the running game and ``/help`` of its phase reach the group through the fake Bot
API, and none of them writes the game."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.i18n import guide
from infra.dynamodb import DynamoStore
from tests.e2e.harness import BOT_USERNAME, GROUP, Table, open_and_start, players
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = [pytest.mark.aws]


def test_role_rules_and_help_in_a_running_game_answer_the_group_without_a_write(
    api: FakeTelegramApi, store: DynamoStore
) -> None:
    table = Table(api, store, players(5))
    open_and_start(table, "politician")
    version = table.version()
    someone = table.people[2]

    table.in_group(someone, f"/role@{BOT_USERNAME} にんげんの党 党員")
    table.in_group(someone, "/rules")
    table.in_group(someone, "/help")

    said = table.sent_to(GROUP)[-3:]
    assert said[0] == guide.describe(guide.find("human_member")[0], "ja")
    assert i18n.text("rules.summary", "ja", "politician") in said[1]
    assert said[2].startswith(i18n.text(f"help.phase.{table.state().phase}", "ja", "politician"))
    assert table.version() == version
