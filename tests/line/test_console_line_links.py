"""The link to the player console on LINE (issue 9 §4): with the LIFF app configured, a batch to a group
with a started game's message ends with a quick reply that opens ``https://liff.line.me/<liff id>?g=<game
id>`` (in free and push mode, within LINE's limits); the lobby, 1:1 chats and an account without a LIFF
app get none. Rendering alone, then a real lobby and start through the webhook on the fake LINE API."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers.line.render import NUDGE, Links, messages
from handlers.messages import OutMessage
from tests.e2e.harness import moto_store
from tests.e2e.line_bots import open_and_start
from tests.e2e.line_table import GAME_ID, GROUP, LineTable, line_players
from tests.fakes.line_api import BASIC_ID, FakeLineApi
from tests.line.test_render import assert_within_limits, lobby, vote_menu

LIFF_ID = "2000000001-AbCdEfGh"
USER = "line:U1234567890abcdef1234567890abcdef"
LINK = f"https://liff.line.me/{LIFF_ID}?g=g1a2b3c4"


def quick_items(objects: list[dict[str, object]]) -> list[tuple[str, str]]:
    items = objects[-1].get("quickReply", {}).get("items", [])  # type: ignore[union-attr]
    return [(i["action"]["label"], i["action"].get("uri") or i["action"].get("data")) for i in items]


def announcement(chat: str = GROUP, locale: str = "ja", game_id: str | None = "g1a2b3c4") -> OutMessage:
    return OutMessage(chat_id=chat, text="夜になりました。", locale=locale, game_id=game_id)


@pytest.mark.parametrize("free_mode", [True, False], ids=["free", "push"])
def test_a_started_games_group_batch_ends_with_the_console_link(free_mode: bool) -> None:
    links = Links(basic_id=BASIC_ID, free_mode=free_mode, liff_id=LIFF_ID)
    objects = messages([announcement(), announcement(), lobby()], links)
    label = i18n.text("console.open", "ja", "common")
    assert quick_items(objects)[-1] == (label, LINK)
    assert (NUDGE in [data for _, data in quick_items(objects)]) == free_mode, "the free mode's items stay"
    assert_within_limits(objects)


def test_english_games_get_the_english_label() -> None:
    objects = messages([announcement(locale="en")], Links(BASIC_ID, free_mode=False, liff_id=LIFF_ID))
    assert quick_items(objects) == [(i18n.text("console.open", "en", "common"), LINK)]
    assert_within_limits(objects)


def test_a_menu_bubble_keeps_its_buttons_and_gets_the_link() -> None:
    menu = OutMessage(chat_id=GROUP, text="投票してください。", buttons=vote_menu(8), game_id="g1a2b3c4")
    objects = messages([menu], Links(BASIC_ID, free_mode=True, liff_id=LIFF_ID))
    assert quick_items(objects)[-1][1] == LINK
    assert_within_limits(objects)


@pytest.mark.parametrize(
    ("batch", "liff_id"),
    [([announcement(chat=USER)], LIFF_ID), ([lobby()], LIFF_ID), ([announcement(game_id=None)], LIFF_ID),
     ([announcement()], None)],
    ids=["1:1 chat", "lobby", "no game", "no LIFF app"],
)  # fmt: skip
def test_no_console_link_without_a_started_game_in_a_group_or_a_liff_app(
    batch: list[OutMessage], liff_id: str | None
) -> None:
    objects = messages(batch, Links(BASIC_ID, free_mode=False, liff_id=liff_id))
    assert all("quickReply" not in obj for obj in objects)


@pytest.mark.aws
@pytest.mark.parametrize("liff_id", [LIFF_ID, None], ids=["LIFF app", "none"])
def test_the_start_announcement_links_to_the_games_console(line: FakeLineApi, liff_id: str | None) -> None:
    with moto_store() as store:
        table = LineTable(line, store, line_players(4))
        table.sender.liff_id = liff_id
        try:
            open_and_start(table, "adazakura")
        finally:
            table.close()
    uris = [uri for _, uri in line.buttons(GROUP) if uri.startswith("https://liff.line.me/")]
    start = line.deliveries(GROUP)[-1]
    start_uris = [i["action"].get("uri") for i in start.messages[-1].get("quickReply", {}).get("items", [])]
    if liff_id is None:
        assert uris == []
    else:
        assert f"https://liff.line.me/{LIFF_ID}?g={GAME_ID}" in start_uris
        assert set(uris) == {f"https://liff.line.me/{LIFF_ID}?g={GAME_ID}"}
        lobby_replies = line.deliveries(GROUP)[:-1]
        assert all("liff.line.me" not in str(d.messages) for d in lobby_replies), "not on the lobby"
    for player in table.people:
        assert not [u for _, u in line.buttons(player.chat) if "liff.line.me" in u], "never in a 1:1 chat"
