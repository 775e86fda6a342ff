"""Typed chat commands become the core commands a player means [ADZ-11.2]."""

from __future__ import annotations

import pytest

from core.engine.commands import Act, Configure, Query, Say
from core.engine.notice import Action
from handlers.messages import TextCommand
from handlers.textcommands import to_command


def typed(text: str, *, private: bool = True) -> object:
    name, *args = text.split()
    return to_command(TextCommand(name, tuple(args)), "tg:1", private=private, game="adazakura")


@pytest.mark.parametrize("name", ["ユリナ", "Yurina", "yurina", "YURINA", "ゆりな", "ﾕﾘﾅ"])
def test_co_takes_a_megami_name_in_any_catalog_language(name: str) -> None:
    expected = Act(user_id="tg:1", action=Action(kind="co", args=("yurina",)))
    assert typed(f"co {name}", private=False) == expected


@pytest.mark.parametrize(("name", "megami"), [("カナエ", "kanae"), ("かなゑ", "kanae"), ("カムイ", "kamui")])
def test_old_kana_in_a_name_may_be_typed_as_modern_kana(name: str, megami: str) -> None:
    """カナヱ and カムヰ are spelled with old kana most players do not type."""
    assert typed(f"co {name}", private=False) == Act(user_id="tg:1", action=Action(kind="co", args=(megami,)))


def test_an_unknown_name_reaches_the_core_as_typed_so_it_can_say_so() -> None:
    expected = Act(user_id="tg:1", action=Action(kind="co", args=("ゆりかご",)))
    assert typed("co ゆりかご", private=False) == expected


@pytest.mark.parametrize(("text", "action"), [
    ("vote 3", Action(kind="vote", args=(3,))),
    ("vote none", Action(kind="vote", args=("none",))),
    ("vote 棄権", Action(kind="vote", args=("none",))),
    ("kill なし", Action(kind="kill", args=("none",))),
    ("act shinra megami 4", Action(kind="night.shinra", args=("megami", 4))),
    ("done", Action(kind="done")),
])  # fmt: skip
def test_private_commands_become_actions(text: str, action: Action) -> None:
    assert typed(text) == Act(user_id="tg:1", action=action)


def test_secret_choices_are_refused_in_the_group() -> None:
    assert typed("vote 3", private=False) == "command.private_only"
    assert typed("t hello", private=False) == "command.private_only"


def test_vote_without_a_target_shows_the_card_with_its_buttons() -> None:
    assert typed("vote") == Query(user_id="tg:1", what="me")


def test_team_text_and_unknown_commands() -> None:
    assert typed("t good evening") == Say(user_id="tg:1", text="good evening")
    assert typed("t") == "command.needs_text"
    assert typed("dance") == "command.unknown"


@pytest.mark.parametrize("name", ["ヒミカ", "Himika", "himika"])
def test_act_takes_the_megami_name_in_any_catalog_language(name: str) -> None:
    assert typed(f"act {name} 1") == Act(user_id="tg:1", action=Action(kind="night.himika", args=(1,)))


def test_deduce_picks_one_entry_by_seat_and_megami_name_and_alone_shows_the_buttons() -> None:
    """[ADZ-11.2] ``/deduce …`` in the 1:1 chat: one entry of Kanae's list; bare, her card with buttons."""
    typed = TextCommand(name="deduce", args=("3", "ユリナ"))
    picked = to_command(typed, "u1", private=True, game="adazakura")
    assert picked == Act(user_id="u1", action=Action(kind="deduce.pick", args=(3, "yurina")))
    bare = to_command(TextCommand(name="deduce", args=()), "u1", private=True, game="adazakura")
    assert bare == Query(user_id="u1", what="me")
    assert to_command(TextCommand(name="deduce", args=()), "u1", private=False, game="adazakura") == (
        "command.private_only"
    )


def typed_politician(text: str, *, private: bool = True) -> object:
    name, *args = text.split()
    return to_command(TextCommand(name, tuple(args)), "tg:1", private=private, game="politician")


@pytest.mark.parametrize(
    ("text", "kind"),
    [("/protect 3", "night.protect"), ("/investigate 3", "night.investigate"), ("/trust 3", "night.trust")],
)
def test_a_politician_night_action_is_typed_by_its_own_name(text: str, kind: str) -> None:
    assert typed_politician(text.lstrip("/")) == Act(user_id="tg:1", action=Action(kind=kind, args=(3,)))
    assert typed_politician(text.lstrip("/"), private=False) == "command.private_only"


def test_a_night_word_without_a_seat_shows_the_card_with_its_buttons() -> None:
    assert typed_politician("protect") == Query(user_id="tg:1", what="me")


def test_option_role_names_may_be_typed_in_japanese_or_english() -> None:
    command = typed_politician("option cast にんげんの党党員=5 Spy=2 Wolf_Member=1 seats=4", private=False)
    assert isinstance(command, Configure)
    assert command.option == "cast"
    assert command.values == ("human_member=5", "spy=2", "wolf_member=1", "seats=4")


def test_a_bare_option_asks_to_see_the_settings() -> None:
    assert typed_politician("option", private=False) == Configure(user_id="tg:1", option="", values=())
