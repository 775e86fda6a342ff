"""``/help``, ``/rules`` and ``/role`` through the service (issue 8 item 5): answered in the group or the
1:1 chat, in the chat's language, with what can be done in the current phase, and without touching the
game (no commit, one answer per delivery). ``/newgame`` also takes a game's name (``/newgame 政治家人狼``).

Runs the service on the in-memory store with a sender that records every message.
"""

from __future__ import annotations

import asyncio

import pytest

import core.i18n as i18n
from core.i18n import guide
from handlers.messages import Inbound, TextCommand
from tests.service.test_platform_events import GAME_ID, GROUP, NOW, Group


def last(group: Group, chat: str = GROUP) -> str:
    return group.sender.to(chat)[-1]


def test_rules_in_a_group_without_a_game_lists_the_games_then_shows_the_one_named() -> None:
    group = Group(1)
    group.say(group.people[0], "/rules")
    assert last(group) == guide.rules_answer("", "ja")

    group.say(group.people[0], "/rules 政治家人狼")
    assert i18n.text("rules.summary", "ja", "politician") in last(group)


@pytest.mark.parametrize(("game", "phase_key"), [("adazakura", "help.phase.night"), ("deathnote", None)])
def test_help_in_the_lobby_and_after_the_start_shows_what_the_phase_allows(
    game: str, phase_key: str | None
) -> None:
    group = Group(4)
    group.open(game)
    group.say(group.people[1], "/help")
    assert last(group).startswith(i18n.text("help.phase.lobby", "ja", game))

    group.say(group.people[0], "/startgame")
    state = group.state()
    group.say(group.people[1], "/help")
    now = i18n.text(phase_key or f"help.phase.{state.phase}", "ja", game)
    assert last(group).startswith(now)
    assert i18n.text("help", "ja", game) in last(group)


def test_the_first_night_of_adazakura_tells_how_to_finish_the_night() -> None:
    group = Group(4)
    group.start("adazakura")
    group.say(group.people[2], "/help", private=True)
    answer = last(group, group.people[2])
    assert answer.startswith(i18n.text("help.phase.night", "ja", "adazakura"))
    assert "/done" in answer.split("\n\n")[0]


def test_answers_follow_the_games_language_and_change_nothing() -> None:
    group = Group(5)
    group.say(group.people[0], "/newgame politician en")
    version = group.version()

    group.say(group.people[1], "/role スパイ")
    assert last(group) == guide.describe(guide.find("spy")[0], "en")
    group.say(group.people[1], "/rules")
    assert i18n.text("rules.summary", "en", "politician") in last(group)
    group.say(group.people[1], "/role yurina")
    assert i18n.text("role.yurina.text", "en", "adazakura") in last(group), "another game's Megami"

    assert group.version() == version


def test_a_redelivered_command_is_answered_once() -> None:
    group = Group(1)
    inbound = Inbound(
        "local", "d-same", GROUP, False, group.people[0], "Name1", TextCommand("role", ("ユリナ",))
    )
    for _ in range(2):
        asyncio.run(group.service.handle(inbound, now=NOW))
    assert group.sender.to(GROUP) == [guide.role_answer("ユリナ", "ja")]


def test_role_in_the_private_chat_without_a_game_searches_every_game() -> None:
    group = Group(1)
    user = group.people[0]
    group.say(user, "/role 交換", private=True)
    assert last(group, user) == guide.role_answer("交換", "ja")
    group.say(user, "/role", private=True)
    assert i18n.text("game.name", "ja", "deathnote") in last(group, user)


@pytest.mark.parametrize(
    ("typed", "game", "locale"),
    [
        ("政治家人狼", "politician", "ja"),
        ("DEATH NOTE 人狼 en", "deathnote", "en"),
        ("徒桜戦争", "adazakura", "ja"),
    ],
)
def test_newgame_takes_the_games_name(typed: str, game: str, locale: str) -> None:
    group = Group(1)
    group.say(group.people[0], f"/newgame {typed}")
    state = group.state()
    assert (state.game, state.locale, state.game_id) == (game, locale, GAME_ID)


def test_newgame_with_an_unknown_name_is_refused_with_the_games() -> None:
    group = Group(1)
    group.say(group.people[0], "/newgame chess")
    assert group.version() == 0
    assert "politician" in last(group)


def test_without_a_game_the_groups_language_is_used() -> None:
    group = Group(1)
    group.store.save_group_settings(GROUP, {"locale": "en"}, expected_version=0)
    group.say(group.people[0], "/role bankisha")
    assert last(group) == guide.describe(guide.find("bankisha")[0], "en")
    group.say(group.people[0], "/help")
    assert last(group) == i18n.text("help.general", "en", "common")


@pytest.mark.parametrize(
    ("typed", "locale", "lowest"),
    [("交換", "ja", "番号が一番小さいカード"), ("捜査(右)", "ja", "番号が一番小さいカード"),
     ("死神", "ja", "番号が一番小さいカード"), ("exchange", "en", "card with the lowest number"),
     ("shinigami", "en", "card with the lowest number")],
)  # fmt: skip
def test_role_of_a_card_that_moves_cards_says_the_lowest_one_is_handed_over(
    typed: str, locale: str, lowest: str
) -> None:
    """The game (and ``/rules``) hands over the lowest card, an L's Arrest and Kira's Death Note as either
    end; ``/role`` must not say "any card"."""
    group = Group(4)
    if locale == "en":
        group.store.save_group_settings(GROUP, {"locale": "en"}, expected_version=0)
    group.open("deathnote")
    group.say(group.people[1], f"/role {typed}")
    answer = last(group)
    assert lowest in answer, answer
    assert lowest in i18n.text("rules.summary", locale, "deathnote") or lowest in guide.rules_answer(
        "deathnote", locale
    )
