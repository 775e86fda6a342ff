"""Typed DEATH NOTE 人狼 commands (``deathnote.md`` §11.8) become the actions of the buttons: a card typed
by its name in Japanese or English, or by its type id, with a seat where the card takes a target."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.engine.commands import Act, Query
from core.engine.notice import Action
from core.games.deathnote.cards import TYPES
from handlers.messages import TextCommand
from handlers.textcommands import to_command

GAME = "deathnote"
USER = "tg:7"


def typed(text: str, *, private: bool = True, game: str = GAME) -> object:
    name, *args = text.split()
    return to_command(TextCommand(name, tuple(args)), USER, private=private, game=game)


def act(kind: str, *args: int | str) -> Act:
    return Act(user_id=USER, action=Action(kind=kind, args=args))


@pytest.mark.parametrize(("text", "expected"), [
    ("play デスノート", act("play.DEATH_NOTE")),
    ("play 死神", act("play.SHINIGAMI")),
    ("play exchange 3", act("play.EXCHANGE", 3)),
    ("play Surveillance 2", act("play.SURVEILLANCE", 2)),
    ("play 監視 4", act("play.SURVEILLANCE", 4)),
    ("play 交換(5) 3", act("play.EXCHANGE", 3)),
    ("play 捜査 左", act("play.INVESTIGATION_LEFT")),
    ("play 捜査（右）", act("play.INVESTIGATION_RIGHT")),
    ("play investigation_right", act("play.INVESTIGATION_RIGHT")),
    ("play りんご 6", act("play.APPLE", 6)),
    ("play 逮捕 abc", act("play.ARREST", "abc")),
    ("play Fake Name", act("play.FAKE_NAME")),
    ("pick 偽名", act("pick", "FAKE_NAME")),
    ("pick Investigation Left", act("pick", "INVESTIGATION_LEFT")),
    ("give ALIBI", act("give", "ALIBI")),
    ("give アリバイ", act("give", "ALIBI")),
    ("name 3", act("name", 3)),
    ("name none", act("name", "none")),
    ("name なし", act("name", "none")),
    ("signal yes", act("signal.yes")),
    ("signal no", act("signal.no")),
    ("signal ?", act("signal.ask")),
    ("signal ask", act("signal.ask")),
    ("signal 5", act("signal.point", 5)),
])  # fmt: skip
def test_card_commands_become_the_actions_of_their_buttons(text: str, expected: Act) -> None:
    assert typed(text) == expected


@pytest.mark.parametrize("locale", i18n.locales())
@pytest.mark.parametrize("type_id", TYPES)
def test_every_card_is_found_by_its_catalog_name_in_every_language(locale: str, type_id: str) -> None:
    """The name exactly as the buttons and messages show it (with its printed number) works too."""
    name = i18n.text(f"card.{type_id}", locale, GAME)
    assert typed(f"play {name}") == act(f"play.{type_id}")
    assert typed(f"pick {name}") == act("pick", type_id)


def test_an_unknown_card_reaches_the_rules_as_typed_so_they_can_refuse_it() -> None:
    assert typed("play ノート 3") == act("play.ノート", 3)
    assert typed("pick banana split") == act("pick", "BANANA_SPLIT")
    assert typed("signal maybe") == act("signal.maybe")


def test_hand_shows_the_senders_own_card_privately() -> None:
    assert typed("hand") == Query(user_id=USER, what="me")


@pytest.mark.parametrize("text", ["play", "pick", "give", "name", "signal", "name 3 4", "signal yes no"])
def test_a_card_command_without_a_usable_argument_shows_the_hand_with_its_buttons(text: str) -> None:
    assert typed(text) == Query(user_id=USER, what="me")


@pytest.mark.parametrize(
    "text", ["hand", "play exchange 3", "pick 偽名", "give ALIBI", "name 3", "signal yes"]
)
def test_card_commands_are_refused_in_the_group(text: str) -> None:
    assert typed(text, private=False) == "command.private_only"


def test_a_game_without_cards_passes_the_word_on() -> None:
    assert typed("pick 交換", game="adazakura") == act("pick", "交換")
