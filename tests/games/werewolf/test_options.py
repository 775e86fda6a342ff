"""The host options of classic 人狼 ([WW-11]) through ``/option``: every key by its spec name and by the
names of 人狼GMbot's menu, their values and bounds, the cast and modifiers, and what the lobby shows."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.commands import Configure, Join
from core.engine.result import Accepted, Rejected
from core.engine.table import Member
from core.games.werewolf import settings
from core.i18n import render
from handlers.messages import TextCommand
from handlers.textcommands import to_command
from tests.games.werewolf.table import RULES

#: [WW-11] in the spec's order with its defaults.
SPEC = {
    "scapegoat": False, "firstNightDivination": "random_white", "consecutiveGuard": False,
    "selfGuard": False, "tieBreak": "none", "votePublic": True, "discussionSeconds": "auto",
    "voteSeconds": 60, "nightSeconds": 90,
    "lastWords": True, "lastWordsSeconds": 60, "suddenDeathMisses": 2, "graveyardReveal": False,
    "teamChat": "wolves", "suspicionReport": False, "quietCycleDrawLimit": 3, "strictMute": False,
    # Long games (docs/architecture.md "Timers"): the clock time the day's discussion ends at, off by default.
    "dayEnds": "off",
    # Issue 24: the 霊界 of [WW-8.3] as an option (on: AMB-49; docs/rules/werewolf-decisions.md).
    "afterlife": True,
}  # fmt: skip


def lobby(players: int = 5) -> Any:
    host = Member(user_id="u1", name="P1")
    state = RULES.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=1, now=0)
    for k in range(1, players + 1):
        joined = RULES.decide(state, Join(user_id=f"u{k}", name=f"P{k}"), now=0)
        assert isinstance(joined, Accepted)
        state = joined.state
    return state


def option(state: Any, typed: str, user: str = "u1") -> Accepted[Any] | Rejected:
    name, *values = typed.split()
    command = to_command(TextCommand("option", (name, *values)), user, private=False, game="werewolf")
    assert isinstance(command, Configure)
    return RULES.decide(state, command, now=0)


def test_every_option_of_the_spec_has_its_default() -> None:
    assert dict(settings.DEFAULTS) == SPEC
    assert set(settings.OPTIONS.defaults) == set(SPEC)


@pytest.mark.parametrize(("typed", "name", "value"), [
    ("初日占い 白通知", "firstNightDivination", "random_white"),
    ("初日占い あり", "firstNightDivination", "free"),
    ("初日占い なし", "firstNightDivination", "none"),
    ("firstNightDivination free", "firstNightDivination", "free"),
    ("連続ガード あり", "consecutiveGuard", True),
    ("決選投票の同票時 ランダム処刑", "tieBreak", "random"),
    ("投票先公開 非公開", "votePublic", False),
    ("議論時間 自動", "discussionSeconds", "auto"),
    ("議論時間 300", "discussionSeconds", "300"),
    ("身代わり君 あり", "scapegoat", True),
    ("Scapegoat on", "scapegoat", True),
    ("仲間の会話 人狼・共有者・妖狐", "teamChat", "all"),
    ("teamchat none", "teamChat", "none"),
    ("突然死 0", "suddenDeathMisses", 0),
    ("霊界表示 あり", "graveyardReveal", True),
    ("nightSeconds 120", "nightSeconds", 120),
])  # fmt: skip
def test_an_option_is_set_by_its_spec_name_or_its_menu_name(typed: str, name: str, value: object) -> None:
    """[WW-11], the issue's "named like 人狼GMbot's menu": the key or its catalog name, the value or its
    word; the lobby then shows it."""
    result = option(lobby(), typed)
    assert isinstance(result, Accepted), result
    assert settings.option(result.state, name) == value
    [shown] = result.notices
    assert shown.key == "lobby.options"
    text = render(shown, "ja", "werewolf")
    assert "初日占い" in text


@pytest.mark.parametrize(("typed", "reason"), [
    ("議論時間 100", "option.invalid"),
    ("初日占い 黒通知", "option.invalid"),
    ("voteSeconds 5", "option.invalid"),
    ("nosuch 1", "option.unknown"),
    ("cast 村人=3 ブタ=1", "cast.syntax"),
    ("cast 村人=3 人狼=0", "cast.v2"),
    ("cast 村人=3 人狼=1 占い師=2", "cast.v3"),
    ("cast 村人=3 人狼=1 共有者=1", "cast.v4"),
    ("cast 村人=3 人狼=1 背徳者=1", "cast.v5"),
    ("modifiers 神隠し", "cast.modifier_unknown"),
])  # fmt: skip
def test_a_bad_option_is_refused_with_its_reason_and_changes_nothing(typed: str, reason: str) -> None:
    state = lobby()
    result = option(state, typed)
    assert isinstance(result, Rejected)
    assert result.reason == reason


def test_options_are_the_host_s_in_the_lobby_only() -> None:
    result = option(lobby(), "初日占い あり", user="u2")
    assert isinstance(result, Rejected)
    assert result.reason == "not_host"


def test_the_lobby_shows_the_cast_for_the_players_now_with_modifiers_or_why_it_cannot_be_dealt() -> None:
    """[WW-4.2] in the lobby: the modified standard cast of the table now; a modifier that cannot apply
    is named; a host cast of the wrong size says V1."""
    nine = lobby(9)
    result = option(nine, "modifiers 猫又入り 狂信者入り")
    assert isinstance(result, Accepted)
    params = result.notices[0].params
    cast = {line.params["role"].id: line.params["count"] for line in params["cast"]}  # type: ignore[union-attr]
    assert cast == {"villager": 1, "werewolf": 3, "seer": 1, "medium": 1, "knight": 1, "fanatic": 1,
                    "nekomata": 1}  # fmt: skip
    four = option(lobby(4), "modifiers 背徳者入り")
    assert isinstance(four, Accepted)
    assert four.notices[0].params["problem"].key == "reason.cast.modifier"  # type: ignore[union-attr]
    custom = option(lobby(6), "cast 村人=2 人狼=1 占い師=1 狂人=1")
    assert isinstance(custom, Accepted)
    assert custom.notices[0].params["problem"].key == "reason.cast.v1"  # type: ignore[union-attr]
    back = option(custom.state, "cast default")
    assert isinstance(back, Accepted)
    assert "cast" not in back.state.settings


def test_the_discussion_lasts_its_fixed_length_or_the_auto_formula_capped_at_900() -> None:
    """[WW-6.5] (AMB-33): 120 + 30 × living, at most 900 s; a fixed value as set."""
    state = lobby()
    assert [settings.discussion_seconds(state, n) for n in (3, 5, 9, 20, 30)] == [210, 270, 390, 720, 900]
    fixed = option(state, "議論時間 600")
    assert isinstance(fixed, Accepted)
    assert settings.discussion_seconds(fixed.state, 9) == 600
