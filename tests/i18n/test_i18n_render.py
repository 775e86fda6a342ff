"""Rendering: what a player reads for each kind of param, each button, each language."""

from __future__ import annotations

import re

import pytest

import core.i18n.catalog as catalog_module
from core.engine.notice import PUBLIC, Action, FactionRef, KeyRef, Notice, PlayerRef, RoleRef, Scalar
from core.i18n import has_key, render, render_action, render_key, render_param, resolve_locale, text

GAME = "adazakura"
NAMES = {3: "Alice", 5: "Bob"}


@pytest.mark.parametrize(("locale", "expected"), [("ja", "3番 Alice"), ("en", "seat 3 (Alice)")])
def test_a_player_renders_with_seat_and_name(locale: str, expected: str) -> None:
    assert render_param(PlayerRef(seat=3, name="Alice"), locale, GAME) == expected


@pytest.mark.parametrize(("locale", "expected"), [("ja", "カナヱ"), ("en", "Kanae")])
def test_a_role_renders_as_the_megami_name(locale: str, expected: str) -> None:
    assert render_param(RoleRef(id="kanae"), locale, GAME) == expected


@pytest.mark.parametrize(("locale", "expected"), [("ja", "徒桜側"), ("en", "Adazakura side")])
def test_a_faction_renders_by_its_catalog_name(locale: str, expected: str) -> None:
    assert render_param(FactionRef(id="adazakura"), locale, GAME) == expected


@pytest.mark.parametrize(("locale", "expected"), [("ja", "ユリナに投票"), ("en", "Vote for Yurina")])
def test_a_key_ref_renders_recursively_with_its_own_params(locale: str, expected: str) -> None:
    ref = KeyRef(key="action.vote", params={"a0": RoleRef(id="yurina")})
    assert render_param(ref, locale, GAME) == expected


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("ja", "3番 Alice、5番 Bob"), ("en", "seat 3 (Alice), seat 5 (Bob)")],
)
def test_a_list_is_joined_in_the_language_s_way(locale: str, expected: str) -> None:
    players: list[Scalar] = [PlayerRef(seat=3, name="Alice"), PlayerRef(seat=5, name="Bob")]
    assert render_param(players, locale, GAME) == expected


@pytest.mark.parametrize(("value", "expected"), [(7, "7"), ("Alice", "Alice"), (True, "True")])
def test_plain_values_render_as_they_are(value: int | str, expected: str) -> None:
    assert render_param(value, "ja", GAME) == expected


def test_a_display_name_with_braces_is_not_treated_as_a_field() -> None:
    assert render_param(PlayerRef(seat=1, name="{seat}"), "en", GAME) == "seat 1 ({seat})"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("ja", "次の方に個別メッセージを送れません: Alice、Bob。"),
        ("en", "I cannot send private messages to Alice, Bob yet."),
    ],
)
def test_a_notice_renders_its_key_with_its_params(locale: str, expected: str) -> None:
    notice = Notice(key="reason.lobby.unreachable", to=PUBLIC, params={"names": ["Alice", "Bob"]})
    assert render(notice, locale, GAME).startswith(expected)


def test_a_refusal_reason_renders_through_text() -> None:
    assert text("reason.lobby.full", "en", GAME, max=16) == "The table is full (at most 16 players)."
    assert text("reason.lobby.full", "ja", GAME, max=16) == "満席です (最大16人)。"


def test_text_accepts_params_named_like_its_own_arguments() -> None:
    assert text("ref.player", "en", GAME, seat=2, name="key") == "seat 2 (key)"


@pytest.mark.parametrize(
    ("action", "locale", "expected"),
    [
        (Action(kind="vote", args=(3,)), "ja", "3番 Aliceに投票"),
        (Action(kind="vote", args=(3,)), "en", "Vote for seat 3 (Alice)"),
        (Action(kind="vote.none"), "ja", "棄権する"),
        (Action(kind="done"), "en", "Done"),
        (Action(kind="kill", args=(5,)), "ja", "5番 Bobを消滅させる"),
        (Action(kind="co", args=("hatsumi",)), "ja", "ハツミとしてCOする"),
        (Action(kind="co", args=("hatsumi",)), "en", "Come out as Hatsumi"),
        (Action(kind="blackbox", args=("off",)), "ja", "Black Box: 見ない"),
        (Action(kind="blackbox", args=("on",)), "en", "Black Box: look every night"),
    ],
)
def test_buttons_render_seats_options_and_megami(action: Action, locale: str, expected: str) -> None:
    assert render_action(action, locale, GAME, NAMES) == expected


def test_a_button_arg_that_is_no_known_seat_option_or_megami_renders_raw() -> None:
    assert render_action(Action(kind="vote", args=(9,)), "en", GAME, NAMES) == "Vote for 9"
    assert render_action(Action(kind="co", args=("nobody",)), "en", GAME, NAMES) == "Come out as nobody"


def test_a_button_without_a_label_raises_key_error() -> None:
    with pytest.raises(KeyError, match=re.escape("action.night.nonexistent")):
        render_action(Action(kind="night.nonexistent"), "ja", GAME, NAMES)


@pytest.mark.parametrize(("tag", "locale"), [("ja", "ja"), ("en", "en"), ("en-US", "en"), ("EN_gb", "en")])
def test_platform_language_tags_map_to_catalogs(tag: str, locale: str) -> None:
    assert resolve_locale(tag) == locale


@pytest.mark.parametrize("tag", ["fr", "zh-Hant", "", "xx-YY"])
def test_an_unknown_language_falls_back_to_japanese(tag: str) -> None:
    assert resolve_locale(tag) == "ja"
    assert render_param(RoleRef(id="yurina"), tag, GAME) == "ユリナ"


def test_a_missing_key_raises_key_error_in_every_language() -> None:
    for locale in ("ja", "en"):
        with pytest.raises(KeyError, match=re.escape("night.no_such_key")):
            render_key("night.no_such_key", {}, locale, GAME)
        assert not has_key("night.no_such_key", locale, GAME)


def test_an_unknown_megami_raises_key_error() -> None:
    with pytest.raises(KeyError, match=re.escape("role.nobody.name")):
        render_param(RoleRef(id="nobody"), "ja", GAME)


def test_a_missing_param_raises_key_error() -> None:
    with pytest.raises(KeyError, match="max"):
        render_key("reason.lobby.full", {}, "ja", GAME)


def test_game_keys_are_not_found_from_another_game() -> None:
    assert has_key("role.yurina.name", "ja", GAME)
    assert not has_key("role.yurina.name", "ja", "deathnote")
    assert text("action.done", "ja", "deathnote") == "完了"


def test_a_game_text_takes_precedence_over_the_common_one(monkeypatch: pytest.MonkeyPatch) -> None:
    fakes = {("ja", GAME): {"action.done": "眠る"}, ("ja", "common"): {"action.done": "完了"}}
    monkeypatch.setattr(catalog_module, "catalog", lambda locale, ns: fakes.get((locale, ns), {}))
    assert text("action.done", "ja", GAME) == "眠る"
    assert text("action.done", "ja", "deathnote") == "完了"


@pytest.mark.parametrize("locale", ["ja", "en"])
def test_an_optional_part_left_empty_leaves_no_blank_line(locale: str) -> None:
    """A show-of-hands close of 政治家人狼 has no ballot lines and nobody missing: the text goes straight
    from the heading to the counts, with no empty line in between or at the end."""
    count = KeyRef(key="vote.count", params={"player": PlayerRef(seat=3, name="Alice"), "votes": 2})
    closed = Notice(
        key="vote.closed", to=PUBLIC, params={"ballots": [], "missing": "", "counts": [count], "round": 0}
    )
    lines = render(closed, locale, "politician").splitlines()
    assert "" not in lines
    assert "Alice" in lines[-1]
    missing = KeyRef(key="vote.missing", params={"players": [PlayerRef(seat=5, name="Bob")]})
    shown = render(
        closed.model_copy(update={"params": {**closed.params, "missing": missing}}), locale, "politician"
    )
    assert "Bob" in shown.splitlines()[-1]
