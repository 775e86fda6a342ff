"""Issue 21 item 3, through the Telegram webhook, on moto and the fake Bot API: only members of the group
take a seat. The join link's ``/start <game id>`` asks ``getChatMember`` for the lobby's group: a member,
an administrator, the owner or a restricted user still in the group joins; one who left or was banned is
refused politely in the 1:1 chat (``join.not_in_group``) and is not seated."""

from __future__ import annotations

from typing import Any

import pytest

import core.i18n as i18n
from infra.dynamodb import DynamoStore
from tests.e2e import moves
from tests.e2e.harness import GROUP, Table, players
from tests.fakes.telegram_api import FakeTelegramApi
from tests.fakes.telegram_members import PERMISSIONS

pytestmark = [pytest.mark.aws]

#: A restricted member with every permission off (the ``ChatMemberRestricted`` fields but ``is_member``).
RESTRICTED: dict[str, Any] = {"status": "restricted", "until_date": 0, **dict.fromkeys(PERMISSIONS, False)}


@pytest.mark.parametrize(
    "status",
    [{"status": "left"}, {"status": "kicked", "until_date": 0}, {**RESTRICTED, "is_member": False}],
    ids=["left", "kicked", "restricted-gone"],
)
def test_someone_no_longer_in_the_group_is_refused_politely_and_not_seated(
    api: FakeTelegramApi, store: DynamoStore, status: dict[str, Any]
) -> None:
    table = Table(api, store, players(3))
    host, outsider = table.people[0], table.people[2]
    table.in_group(host, "/newgame")
    api.members.set_status(GROUP, outsider.number, status)

    table.open_join_link(outsider)

    assert outsider.chat not in [m.user_id for m in table.state().members]
    refusal = i18n.text("reason.join.not_in_group", "ja", "adazakura")
    assert any(refusal in text for text in table.sent_to(outsider.chat))
    asked = [c.params for c in api.calls_to("getChatMember")]
    assert {"chat_id": GROUP, "user_id": outsider.number} in [
        {"chat_id": int(p["chat_id"]), "user_id": int(p["user_id"])} for p in asked
    ]


@pytest.mark.parametrize(
    "status",
    [{"status": "member"}, {"status": "creator", "is_anonymous": False}, {**RESTRICTED, "is_member": True}],
    ids=["member", "creator", "restricted-member"],
)
def test_members_of_the_group_join(api: FakeTelegramApi, store: DynamoStore, status: dict[str, Any]) -> None:
    table = Table(api, store, players(4))
    api.members.set_status(GROUP, table.people[3].number, status)

    moves.open_lobby(table)

    assert [m.user_id for m in table.state().members] == [p.chat for p in table.people]
