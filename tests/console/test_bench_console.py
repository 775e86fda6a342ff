"""The console figures of ``make bench`` (bench/console.py) on one small game: a DEATH NOTE 人狼 table of four
on Telegram, played by the bots in the chat-only flow and with the console as the primary private channel.
What an operator reads from them: with the console primary, the players' 1:1 chats stay quiet while the
game runs, and the group still gets every announcement."""

from __future__ import annotations

from typing import Any

import pytest

from bench.console import bench_console_game, report_console

pytestmark = [pytest.mark.aws, pytest.mark.slow]

GAME, PLATFORM, PLAYERS = "deathnote", "telegram", 4
SIDE_KEYS = {"messages", "in_game", "sent", "edited"}


@pytest.fixture(scope="module")
def figures() -> dict[str, dict[str, Any]]:
    return {flow: bench_console_game(GAME, PLATFORM, flow, PLAYERS) for flow in ("chat", "console")}


def test_both_flows_play_a_whole_game_and_report_the_same_shape(figures: dict[str, dict[str, Any]]) -> None:
    for flow, played in figures.items():
        assert "error" not in played, (flow, played)
        assert played["players"] == PLAYERS
        assert set(played["private"]) == SIDE_KEYS
        assert set(played["group"]) == SIDE_KEYS
        assert played["private"]["messages"] == played["private"]["sent"] + played["private"]["edited"]
        assert played["waiting"] == 0


def test_console_primary_keeps_the_private_chats_quiet_while_the_game_runs(
    figures: dict[str, dict[str, Any]],
) -> None:
    chat, console = figures["chat"], figures["console"]
    assert chat["private"]["in_game"] > 0
    assert console["private"]["in_game"] < chat["private"]["in_game"]
    # At most what the game-ending commit tells each player, once the game is over.
    assert console["private"]["in_game"] <= PLAYERS
    assert console["toasts"] == 0
    assert chat["api"] == 0
    assert console["api"] > 0


def test_the_group_still_gets_the_game_with_the_console_primary(figures: dict[str, dict[str, Any]]) -> None:
    assert figures["console"]["group"]["in_game"] > 0
    # The lobby and the start are the same in both flows: the same join confirmations in the 1:1 chats.
    lobby = {flow: f["private"]["messages"] - f["private"]["in_game"] for flow, f in figures.items()}
    assert lobby["chat"] == lobby["console"] == PLAYERS


def test_the_report_prints_one_row_per_flow(
    figures: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    report_console({"games": {GAME: {PLATFORM: figures}}, "seconds": 0.0})
    rows = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith(f"{GAME} ×")]
    assert [row.split()[3] for row in rows] == ["chat", "console"]
    assert f"{figures['console']['private']['messages']}" in rows[1].split()
