"""The playground's pieces: typed lines, its own texts, and bot teams agreeing on one erasure [ADZ-7.1]."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

from core.engine.notice import Action
from devtools.cli import MAX_PLAYERS
from devtools.local.game import LocalGame
from devtools.local.parse import Advance, Press, Send, Talk, parse
from devtools.local.sender import GROUP_CHAT
from devtools.local.terminal import Screen, play, wants_color
from devtools.local.texts import LANGS, bot_names, ui
from handlers.messages import TextCommand
from tests.local.seeds import idle_death_seed


@pytest.mark.parametrize(
    ("line", "typed"),
    [
        ("", Advance()),
        (" 3 ", Press(3)),
        ("/co ユリナ", Send(private=False, command=TextCommand("co", ("ユリナ",)))),
        ("/co Oboro", Send(private=False, command=TextCommand("co", ("Oboro",)))),
        ("/ready", Send(private=False, command=TextCommand("ready"))),
        ("/vote 2", Send(private=True, command=TextCommand("vote", ("2",)))),
        ("/t attack 3 tonight", Send(private=True, command=TextCommand("t", ("attack", "3", "tonight")))),
        ("/me", Send(private=True, command=TextCommand("me"))),
        ("good morning", Talk("good morning")),
        ("/", Talk("/")),
    ],
)
def test_typed_lines_go_where_a_player_would_send_them(line: str, typed: object) -> None:
    assert parse(line) == typed


def test_every_language_has_enough_distinct_bot_names_for_the_largest_table() -> None:
    # The texts themselves are catalog keys (local.*), checked with every other key by tests/i18n.
    for lang in LANGS:
        assert len(set(bot_names(lang))) >= MAX_PLAYERS - 1, "distinct bots fill the largest table"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_color(_Tty())
    assert not wants_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color(_Tty())


def _finished(game: LocalGame, read: Any) -> LocalGame:
    screen = Screen(game, io.StringIO(), color=False)
    asyncio.run(play(game, screen, read, seed=0, echo=False))
    return game


def _final_choices_per_night(state: Any) -> list[dict[int, object]]:
    """Each team member's erasure choice as it stood when each night (1 and later) closed."""
    nights: list[dict[int, object]] = []
    current: dict[int, object] = {}
    for event in state.log:
        if event.kind == "TeamChoice":
            current[event.data["seat"]] = event.data["target"]
        elif event.kind in ("ErasureAimed", "ErasureNone") and current:
            nights.append(current)
            current = {}
    return nights


def test_bot_teammates_agree_on_one_erasure_target() -> None:
    checked = 0
    for seed in (2, 3):
        game = _finished(LocalGame(players=10, lang="ja", seed=seed, auto=True), lambda: None)
        for night in _final_choices_per_night(game.state()):
            assert len(set(night.values())) == 1, (seed, night)
            checked += len(night) > 1
    assert checked >= 2, "no night with two or more team choices was played"


#: A 10-seat test-mode deal with the person (seat 1, passive Megumi) on a three-member Adazakura team.
TEAM_DEAL = ("megumi/A", "yatsuha/A", "hagane/A", "yurina/S", "saine/S", "himika/S", "oboro/S",
             "shinra/S", "utsuro/S", "honoka/S")  # fmt: skip


def test_bots_follow_the_persons_erasure_choice() -> None:
    game = LocalGame(players=10, lang="en", seed=1, deal=TEAM_DEAL)
    screen = Screen(game, io.StringIO(), color=False)
    picked: list[int] = []

    def read() -> str:
        state = game.state()
        if picked:
            return "/quit" if _final_choices_per_night(state) else ""
        if state.phase == "night" and state.night.n >= 1:
            return _press_kill(state, screen, picked)
        return ""

    asyncio.run(play(game, screen, read, seed=1, echo=False))
    state = game.state()
    assert game.person_seat is not None
    me = state.players[game.person_seat - 1]
    assert me.faction == "adazakura"
    night_one = _final_choices_per_night(state)[0]
    assert len(night_one) >= 2
    assert set(night_one.values()) == {picked[0]}


def _press_kill(state: Any, screen: Screen, picked: list[int]) -> str:
    """The number of a kill button for a non-member the bots did not choose (remembering the target),
    or first of the button that opens the erasure menu (「消滅させる相手を選ぶ」)."""
    team = {p.seat for p in state.players if p.faction == "adazakura"}
    chosen = {c.target for c in state.night.team.values()}
    for number, (button, _) in enumerate(screen.buttons, start=1):
        action: Action = button.tap.action
        target = action.args[0] if action.args else None
        if action.kind == "kill" and button.tap.menu and not action.args:
            return str(number)
        if action.kind == "kill" and isinstance(target, int) and target not in team | chosen:
            picked.append(target)
            return str(number)
    raise AssertionError("no kill button for another target was shown")


def test_a_dead_person_cannot_talk_in_the_group() -> None:
    seed = idle_death_seed(players=6, lang="ja")
    game = LocalGame(players=6, lang="ja", seed=seed)
    out = io.StringIO()
    lines = iter(["still talking"])

    def read() -> str | None:
        return "" if game.person_alive else next(lines, None)

    asyncio.run(play(game, Screen(game, out, color=False), read, seed=seed, echo=True))
    assert not game.person_alive
    group = [e.text for e in game.sender.log if e.chat_id == GROUP_CHAT]
    assert "still talking" not in group
    assert out.getvalue().index(ui("no_speech", "ja")) > out.getvalue().index("> still talking")
