"""``/option <name> [values…]``: the host sets a game option in the lobby, for any game; a game refuses an
option it does not have (``option.unknown``). Played through the playground's service and chats."""

from __future__ import annotations

import asyncio

import pytest

from core.engine.commands import Configure
from core.games import registry
from core.i18n.catalog import lookup
from devtools.local.game import LocalGame
from devtools.local.parse import Send, parse
from devtools.local.sender import GROUP_CHAT
from devtools.local.texts import ui
from handlers.messages import TextCommand
from handlers.service import DEFAULT_GAME
from handlers.textcommands import to_command


def _lobby_then(*lines: str, lang: str = "en", game_id: str = DEFAULT_GAME) -> tuple[LocalGame, list[str]]:
    """Open a lobby with the person as host (joined), then the person types ``lines`` (sent where the
    playground sends them); returns the game and every group message sent after the lobby opened."""
    game = LocalGame(game=game_id, players=5, lang=lang, seed=1)

    async def run() -> int:
        await game.deliver(game.person, TextCommand("newgame", (game.game,)), private=False)
        game.game_id = game.store.get_pointer("chat", GROUP_CHAT) or ""
        await game.deliver(game.person, TextCommand("start", (game.game_id,)), private=True)
        opened = len(game.sender.log)
        for line in lines:
            typed = parse(line)
            assert isinstance(typed, Send)
            await game.deliver(game.person, typed.command, private=typed.private)
        return opened

    opened = asyncio.run(run())
    return game, [e.text for e in game.sender.log[opened:] if e.chat_id == GROUP_CHAT]


def test_option_is_typed_in_the_group() -> None:
    typed = TextCommand("option", ("pool", "saine"))
    assert parse("/option pool saine") == Send(private=False, command=typed)


def test_option_becomes_a_configure_of_that_name_with_the_values_as_typed() -> None:
    command = to_command(TextCommand("option", ("nightSeconds", "120")), "tg:1", private=False, game="x")
    assert command == Configure(user_id="tg:1", option="nightSeconds", values=("120",))


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_an_option_the_game_does_not_have_is_refused_in_the_group(game_id: str) -> None:
    game, said = _lobby_then("/option nosuch 3", game_id=game_id)
    refusal = lookup("reason.option.unknown", "en", game_id)
    assert len(said) == 1
    assert said[0].startswith(refusal.split("{", 1)[0])
    assert game.state().phase == "lobby"
    assert game.state().settings == {"locale": "en"}, "nothing was set"


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_option_without_a_name_shows_the_settings(game_id: str) -> None:
    game, said = _lobby_then("/option", lang="ja", game_id=game_id)
    assert len(said) == 1
    assert game.state().phase == "lobby"
    refusals = [lookup(k, "ja", game_id) for k in ("reason.option.unknown", "reason.command.unknown")]
    assert not any(said[0].startswith(r.split("{", 1)[0]) for r in refusals)


def test_an_option_the_game_has_is_set_like_its_own_command() -> None:
    game, said = _lobby_then("/option pool saine himika megumi")
    same, said_same = _lobby_then("/pool saine himika megumi")
    assert {"saine", "himika", "megumi"} <= set(game.state().settings["pool"])
    assert game.state().settings == same.state().settings
    assert said == said_same


@pytest.mark.skipif("politician" not in registry(), reason="the politician core is not there")
def test_a_politician_option_is_set_with_its_name_as_typed() -> None:
    game, said = _lobby_then("/option nightSeconds 120", game_id="politician")
    assert game.state().settings["options"] == {"nightSeconds": 120}
    assert len(said) == 1


def test_play_options_are_sent_as_the_host_s_option_commands_before_the_start() -> None:
    """``jinro-gm play --option "endWhenDecided on"``: set in the lobby through the service, then dealt."""
    game = LocalGame(game="politician", players=6, lang="en", seed=1, auto=True,
                     options=["endWhenDecided on", "nightSeconds 120"])  # fmt: skip
    asyncio.run(game.open())
    state = game.state()
    assert state.phase != "lobby"
    assert state.settings["options"] == {"endWhenDecided": True, "nightSeconds": 120}


def test_a_play_option_the_rules_refuse_is_said_in_the_group_and_the_game_still_starts() -> None:
    game = LocalGame(game="politician", players=6, lang="en", seed=1, auto=True, options=["nosuch 1"])
    asyncio.run(game.open())
    refusal = lookup("reason.option.unknown", "en", "politician").split("{", 1)[0]
    assert any(e.text.startswith(refusal) for e in game.sender.log if e.chat_id == GROUP_CHAT)
    assert game.state().phase != "lobby"


def test_the_playground_words_its_notes_for_the_game_played() -> None:
    """政治家人狼 has no deaths: an elected player is not told they are out, and the speaking hint names
    this game's speakers; 徒桜戦争 keeps the shared wording."""
    assert ui("watch", "ja", "politician") != ui("watch", "ja", "adazakura")
    assert "脱落" not in ui("watch", "ja", "politician")
    assert "dead" not in ui("no_speech", "en", "politician")
    assert "living" not in ui("no_speech", "en", "politician")
