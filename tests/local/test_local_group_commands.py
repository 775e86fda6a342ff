"""The playground sends the group's commands to the group (issue 8 trial item 3): ``/skip`` (the skip
vote), ``/settings``, ``/stats``, the host's ``/kick``, ``/pause``, ``/resume``, ``/extend``, ``/rules``,
``/role``; answers speak the game's language; and the finished game's 「もう一回」 opens the next lobby
instead of ending the program."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator

import pytest

from core.i18n.catalog import lookup
from devtools.local.game import LocalGame
from devtools.local.parse import Send, parse
from devtools.local.sender import GROUP_CHAT
from devtools.local.terminal import Screen, play
from devtools.local.texts import ui
from handlers.messages import TextCommand

#: 徒桜戦争 test mode [ADZ-11.10]: the person is Yatsuha, the only Adazakura-side seat (a short game).
DEAL = ("yatsuha/A", "shinra/S", "megumi/S", "himika/S", "mizuki/S")


@pytest.mark.parametrize(
    "line",
    [
        "/skip",
        "/settings lang en",
        "/stats",
        "/kick 3",
        "/pause",
        "/resume",
        "/extend",
        "/rules",
        "/role ユリナ",
    ],
)
def test_the_groups_commands_go_to_the_group(line: str) -> None:
    name, *args = line[1:].split()
    assert parse(line) == Send(private=False, command=TextCommand(name, tuple(args)))


@pytest.mark.parametrize("line", ["/vote 2", "/done", "/me", "/t hello"])
def test_secret_commands_stay_in_the_private_chat(line: str) -> None:
    typed = parse(line)
    assert isinstance(typed, Send)
    assert typed.private


def _played(game: LocalGame, lines: Iterator[str]) -> str:
    out = io.StringIO()
    asyncio.run(play(game, Screen(game, out, color=False), lambda: next(lines, None), seed=1, echo=True))
    return out.getvalue()


def test_settings_and_stats_are_answered_in_the_group_in_the_games_language() -> None:
    game = LocalGame(players=5, lang="en", seed=1, deal=DEAL)

    _played(game, iter(["/stats", "/settings lobby", "/quit"]))

    group = [e.text for e in game.sender.log if e.chat_id == GROUP_CHAT]
    assert lookup("stats.none", "en", "common") in group
    assert any(text.startswith("Every game's lobby closes") for text in group)
    assert not any("グループ" in text for text in group)


def test_the_rematch_button_opens_the_next_game_instead_of_ending() -> None:
    game = LocalGame(players=5, lang="en", seed=1, deal=DEAL)
    screen = Screen(game, io.StringIO(), color=False)
    first: list[str] = []

    def read() -> str | None:
        if not first:
            first.append(game.game_id)
        if game.game_id == first[0] and not game.is_over:
            return ""  # idle: the bots end the game
        if game.game_id == first[0]:
            return next(
                str(n) for n, (b, _) in enumerate(screen.buttons, 1) if b.tap.action.kind == "rematch"
            )
        return "/startgame" if game.state().phase == "lobby" else "/quit"

    asyncio.run(play(game, screen, read, seed=1, echo=True))

    out = screen.out.getvalue()  # type: ignore[attr-defined]
    assert out.index(ui("rematch", "en")) < out.index("> /startgame")
    assert game.game_id != first[0]
    assert game.state().phase not in ("lobby", "ended", "cancelled")
    assert [m.user_id for m in game.state().members] == list(game.names)


def test_without_a_rematch_the_program_ends_with_the_game() -> None:
    game = LocalGame(players=5, lang="ja", seed=1, deal=DEAL, auto=True)

    out = _played(game, iter([]))

    assert game.is_over
    assert out.rstrip().endswith(ui("over", "ja"))
    assert ui("rematch", "ja") not in out


def test_an_empty_line_after_the_end_leaves() -> None:
    game = LocalGame(players=5, lang="ja", seed=1, deal=DEAL)
    asked: list[bool] = []

    def read() -> str | None:
        asked.append(game.is_over)
        return "" if len(asked) < 500 else None

    out = io.StringIO()
    asyncio.run(play(game, Screen(game, out, color=False), read, seed=1, echo=False))

    assert asked.count(True) == 1, "one Enter after the end leaves"
    assert ui("rematch", "ja") in out.getvalue()
    assert out.getvalue().rstrip().endswith(ui("over", "ja"))
