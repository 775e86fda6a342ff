"""Display names the platform gives as they are (issue 21 item 10): an empty or invisible name (only
zero-width characters) reads as 「プレイヤー<n>」 (the n-th to join), a name another player already has
gets a suffix, in every text; a name too long for a button is shortened on the buttons only. Through the
Telegram webhook, the service and the store (moto), as the players and the group read it."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from handlers.textunits import units
from infra.store import GameStore
from tests.e2e import moves
from tests.e2e.harness import FIRST_USER, GROUP, Player, Table
from tests.fakes.telegram_api import FakeTelegramApi

pytestmark = pytest.mark.aws

LONG = "L" * 64
PEOPLE = [
    Player(FIRST_USER, "Alex"),
    Player(FIRST_USER + 1, "\u200b\u200d\u2060"),  # zero-width only
    Player(FIRST_USER + 2, "Alex"),
    Player(FIRST_USER + 3, LONG),
    Player(FIRST_USER + 4, "\u3164"),  # the Hangul filler: looks empty
    Player(FIRST_USER + 5, "Mika"),
]
SEATS = ["yatsuha/A", "megumi/S", "tokoyo/S", "himika/S", "shinra/S", "mizuki/S"]
#: The longest button label kept readable (UTF-16 code units).
LABEL_UNITS = 32


@pytest.fixture
def table(api: FakeTelegramApi, store: GameStore) -> Table:
    table = Table(api, store, PEOPLE, settings={"setup": {"seats": SEATS}})
    moves.open_lobby(table)
    return table


def test_empty_invisible_and_duplicate_names_read_as_fallbacks_in_every_text(table: Table) -> None:
    fallback = [i18n.text("name.fallback", "ja", "adazakura", number=n) for n in (2, 5)]
    second_alex = i18n.text("name.duplicate", "ja", "adazakura", name="Alex", number=2)

    names = [m.name for m in table.state().members]

    assert names == ["Alex", fallback[0], second_alex, LONG, fallback[1], "Mika"]
    group = "\n".join(table.sent_to(GROUP))
    assert f"{fallback[0]}さんが参加しました" in group
    assert f"{second_alex}さんが参加しました" in group
    said = [text for p in PEOPLE for text in table.sent_to(p.chat)] + table.sent_to(GROUP)
    assert [t for t in said if any(c in t for c in "\u200b\u200d\u2060\u3164")] == []


def test_a_host_with_an_invisible_name_is_named_by_the_fallback_when_the_lobby_opens(
    api: FakeTelegramApi, store: GameStore
) -> None:
    table = Table(api, store, [PEOPLE[1], *PEOPLE[2:]])

    table.in_group(table.people[0], "/newgame")

    [opened] = table.sent_to(GROUP)
    assert f"{i18n.text('name.fallback', 'ja', 'adazakura', number=1)}さん" in opened
    assert "\u200b" not in opened


def test_a_long_name_is_shortened_on_buttons_only(table: Table) -> None:
    moves.start(table)
    moves.to_the_vote(table)
    voter = table.people[0]
    keyboard = moves.current_keyboard(table, voter)
    assert keyboard is not None

    labels = [label for row in keyboard.buttons for label, _ in row]

    assert [label for label in labels if units(label) > LABEL_UNITS] == []
    [long_one] = [label for label in labels if "LLL" in label]
    assert "…" in long_one
    assert LONG in "\n".join(table.sent_to(GROUP)), "texts keep the whole name"
