"""Answers in a group without a running game (issue 8 trial items 4 and 9): refusals speak the group's
language, ``/newgame`` while a lobby recruits says so, ``/status`` after a closed lobby says there is no
game, and the rematch lobby tells when it closes."""

from __future__ import annotations

import asyncio

import core.i18n as i18n
from core.games import registry
from tests.service.test_group_settings import ADMIN, GROUP, HOST, NOW, PLAYER, Group, refusal
from tests.service.test_rematch_stats import finished
from tests.service.test_settings_answers import _expiry_line


def _english_group() -> Group:
    group = Group()
    group.say(ADMIN, "/settings lang en")
    return group


def test_refusals_without_a_game_use_the_groups_language() -> None:
    group = _english_group()

    for command in ("/kick 3", "/extend", "/status", "/pause"):
        outcome = group.say(PLAYER, command)
        assert outcome.reason == "game.none"
        assert group.texts()[-1] == refusal("game.none", "en")


def test_an_unknown_game_is_refused_in_the_groups_language() -> None:
    group = _english_group()

    group.say(HOST, "/newgame chess")

    assert group.texts()[-1] == refusal("game.unknown", "en", games=", ".join(registry()))


def test_a_group_without_a_language_setting_still_answers_in_japanese() -> None:
    group = Group()

    group.say(PLAYER, "/status")

    assert group.texts()[-1] == refusal("game.none", "ja")


def test_newgame_during_an_open_lobby_says_a_lobby_is_open() -> None:
    group = _english_group()
    group.say(HOST, "/newgame politician")

    outcome = group.say(PLAYER, "/newgame deathnote")

    assert outcome.reason == "newgame.lobby_open"
    name = i18n.text("game.name", "en", "politician")
    assert group.texts()[-1] == i18n.text("reason.newgame.lobby_open", "en", "common", game=name)


def test_newgame_during_a_running_game_still_says_a_game_is_running() -> None:
    group, _ = finished()
    group.send(3, group.rematch_tap())
    group.say(3, "/startgame")

    outcome = group.say(2, "/newgame")

    assert outcome.reason == "game.running"


def test_status_after_a_cancelled_lobby_says_there_is_no_game() -> None:
    group = Group()
    group.say(HOST, "/newgame adazakura")
    group.say(HOST, "/cancel")

    outcome = group.say(PLAYER, "/status")

    assert outcome.reason == "game.none"
    assert group.texts()[-1] == refusal("game.none", "ja")


def test_status_after_an_expired_lobby_says_there_is_no_game() -> None:
    group = _english_group()
    group.say(HOST, "/newgame deathnote")
    game_id = group.store.get_pointer("chat", GROUP)
    assert game_id is not None
    group.say(ADMIN, "/settings lobby 1")  # the open lobby keeps its own lifetime (30 minutes)
    asyncio.run(group.service.fire_timer(game_id, 0, now=NOW + 1800))

    group.say(PLAYER, "/status")

    assert group.texts()[-1] == refusal("game.none", "en")


def test_status_after_a_finished_game_still_shows_the_end() -> None:
    group, _ = finished()

    outcome = group.say(2, "/status")

    assert outcome.reason is None


def test_the_rematch_lobby_tells_when_it_closes() -> None:
    group, _ = finished()

    group.send(3, group.rematch_tap())

    assert _expiry_line("lobby.rematch", "ja", 30) in group.group_texts()[-1]
